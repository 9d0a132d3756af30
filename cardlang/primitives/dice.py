"""Dice: `roll(N, SIDES)` rolls N dice with the game's one RNG and logs them. Knows no game.

The result is numbers (a list of whole numbers): loop over it, count it, choose from it, keep it in a
`numbers` counter (see counting.py). Scenario files fix the outcomes with `dice [3, 3, 6];`.
"""
from __future__ import annotations

import ast as py

from cardlang.primitives.lowering import call, state
from cardlang.primitives.registry import INT, PLAYER, Function, Param, primitive
from cardlang.runtime import dice as D


@primitive
class Roll(Function):
    """Roll COUNT dice with SIDES faces each (for WHO, default you); every roll is logged.
    Example: dice = roll(5, 6);"""

    verb = "roll"
    params = (Param("count", INT), Param("sides", INT), Param("who", PLAYER, required=False))
    returns = "numbers"
    draws = True
    run = staticmethod(D.roll)  # roll(state, WHO, COUNT, SIDES)

    def describe(self, a: dict) -> str:
        n = a.get("count", "")
        return f"roll {n} dice" if n != "1" else "roll a die"

    def compile(self, comp, ces, spans):
        from cardlang.primitives.types import INT as T_INT, NUMBERS, PLAYER as T_PLAYER, applied
        count = comp.coerce_ce(ces[0], T_INT, spans[0])
        sides = comp.coerce_ce(ces[1], T_INT, spans[1])
        # one call with the arguments' code inlined, read in the order the roll has always read them: who first
        if len(ces) > 2:
            return applied(D.roll, [comp.coerce_ce(ces[2], T_PLAYER, spans[2]), count, sides], NUMBERS)
        return applied(roll_for_you, [count, sides], NUMBERS, state="ctx", lower=_roll_written)


def _roll_written(gen, args: list):
    """`roll(state, ctx.you, N, S)` of written numbers (the player read first changes nothing then): the call
    roll_for_you makes, made in the code."""
    if not all(isinstance(a, py.Constant) for a in args):
        return None
    return call(gen.const(D.roll), state(gen), gen.emit_expr(gen.ir.You()), *args)


def roll_for_you(ctx, count: int, sides: int) -> tuple[int, ...]:
    """`roll(COUNT, SIDES)`: for the player whose effect it is."""
    return D.roll(ctx.state, ctx.you, count, sides)
