"""Dice: every roll comes from the game's one RNG and is logged. Knows no game.

A test may queue outcomes (`GameState.fixed_dice`, filled by a scenario's `dice [3, 3, 6];`): rolls take
them first, in order, and are logged exactly like random ones, so a scenario's log reads like a game's.
"""
from __future__ import annotations

import random

from cardlang.runtime.events import Rolled
from cardlang.runtime.state import GameState, IllegalAction

_WITH_BITS = random.Random._randbelow_with_getrandbits  # Random's own _randbelow


def roll(state: GameState, player: int | None, count: int, sides: int) -> tuple[int, ...]:
    """Roll COUNT dice of SIDES faces for PLAYER; log `("Rolled", player, sides, values)`."""
    if sides < 1:
        raise IllegalAction(f"a die needs at least one face, not {sides}")
    if count < 0:
        raise IllegalAction(f"cannot roll {count} dice")
    if count > state.step_budget - state.steps:
        state.spend(count, f"rolling {count:,} dice")  # refused, and named (the text only then: zones.create)
    state.steps += count
    out = []
    fixed = state.fixed_dice
    # randint(1, SIDES) is randrange(1, SIDES + 1), which is 1 + _randbelow(SIDES): the same numbers from the
    # same draws of the RNG, without two Python calls per die; and _randbelow, for Random's own, is this
    # loop of getrandbits (random.py's _randbelow_with_getrandbits), here without a call of its own
    rng = state.rng
    k = sides.bit_length()
    if not fixed and type(rng)._randbelow is _WITH_BITS:  # (most rolls: the loop below less its tests a die)
        bits = rng.getrandbits
        for _ in range(count):
            r = bits(k)
            while r >= sides:
                r = bits(k)
            out.append(r + 1)
    else:
        bits = rng.getrandbits if type(rng)._randbelow is _WITH_BITS else None
        for _ in range(count):
            if fixed:
                v = fixed.pop(0)
                if not 1 <= v <= sides:
                    raise IllegalAction(f"a fixed die shows {v}, but the dice have {sides} faces")
            elif bits is not None:
                r = bits(k)
                while r >= sides:
                    r = bits(k)
                v = 1 + r
            else:
                v = 1 + rng._randbelow(sides)
            out.append(v)
    values = tuple(out)
    if state.log is not None or state.listeners:
        state.emit(Rolled(player, sides, values))
    return values
