"""Counters that are not one number per player: one per card (`per card`), or a list of numbers (`numbers`).

    counter damage: per card, min 0, of hp;   // c.damage += 4;  if c.damage >= c.hp { ... }  reset damage;
    counter dice: per player, numbers;         // dice = roll(5, 6);  dice -= picked;  dice += roll(1, 6);

A per-card counter lives with the card wherever it goes, until a rule sets it again (or `reset` puts it back
to its start on every card). A numbers counter holds dice: `=` sets the list, `+=` adds numbers to it, `-=`
takes one of each given number out (taking a number that is not there is a rule violation). Knows no game.
"""
from __future__ import annotations

import ast as py
from dataclasses import dataclass
from typing import Callable

from cardlang.errors import CardCompileError
from cardlang.primitives.registry import NAME, Bound, Param, Verb, primitive
from cardlang.primitives.lowering import CTX, attr, call, name
from cardlang.primitives.types import CE, leaves_names, remade
from cardlang.runtime import counters as C
from cardlang.runtime.state import Ctx, IllegalAction
from cardlang.syntax import ast


@remade
def card_counter_change(op: str, name: str, start: int, low: int | None, high: int | None, slot: int) -> Callable:
    """`CARDS.COUNTER op V` for one counter (NAME, of slot SLOT, START and bounds LOW, HIGH) and operator, as
    change(state, V, CARDS) over evaluated values (the value first, as it is written to be computed): the
    counter's name, start and bounds are the function's own, not looked up on each change. Made of plain
    values (a marked factory: a cached module calling it links), the declaration itself is read from the state
    only where a change is told or clamped (runtime/counters.py set_card_counter)."""
    clamp = op != "-="
    assign, plus = op == "=", op == "+="
    set_card_counter = C.set_card_counter

    def change_to(state, v: int, cards: list[int]) -> None:  # `=`: the same value for every card
        if state.log is None and not state.listeners and state.check is None and \
                (low is None or v >= low) and (high is None or v <= high):  # nobody watches, within the bounds
            table = state.card_counters[name]
            for cid in cards:
                if v == start:
                    table.pop(cid, None)  # a card at its start value is not kept (as set_card_counter does)
                else:
                    table[cid] = v
            return
        for cid in cards:
            set_card_counter(state, cid, state.counter_specs[slot], v, clamp=clamp)

    def change(state, v: int, cards: list[int]) -> None:
        table = state.card_counters[name]
        # nobody watches: a value within the bounds is stored here (set_card_counter's plain case)
        quiet = state.log is None and not state.listeners and state.check is None
        for cid in cards:
            old = table.get(cid, start)
            new = v if assign else old + v if plus else old - v
            if quiet and (low is None or new >= low) and (high is None or new <= high):
                if new != old:
                    if new == start:
                        del table[cid]  # a card at its start value is not kept (as set_card_counter does)
                    else:
                        table[cid] = new
                continue
            set_card_counter(state, cid, state.counter_specs[slot], new, clamp=clamp)
    return change_to if assign else change


@dataclass(frozen=True, slots=True)
class Assigned:
    """A compiled change of a per-card or numbers counter, for generated code (compile/statements.py): CARD (a
    card's counter: the change function, the value's and the cards' compiled expressions; CALL, the change as
    one call of that function) or NUMBERS (a numbers counter: runtime/counters.py's set_numbers or
    change_numbers, the slot, the player's expression or None, whether per player, the numbers' expression or
    None for `[]`, and the function's last arguments: one call with its arguments inlined)."""

    card: tuple | None = None
    call: CE | None = None
    numbers: tuple | None = None


def compile_assign(comp, node, scope, spec) -> Assigned:
    """Compile `CARD.COUNTER op VALUE` (per-card) or `[P.]COUNTER op NUMBERS` (a numbers counter)."""
    from cardlang.primitives.types import CARD, CARDS, INT, NUMBERS, PLAYER
    target, op = node.target, node.op
    if spec.per_card:
        if len(target) != 2:
            raise CardCompileError(f"'{spec.name}' is a counter of each card", node.span,
                                   hint=f"write CARD.{spec.name}, e.g. this.{spec.name} += 1")
        who = comp.name(target[0], scope, node.span)
        if who.type not in (CARD, CARDS, "any"):
            raise CardCompileError(f"'{target[0]}' is not a card: '{spec.name}' is a counter of each card",
                                   node.span)
        from cardlang.primitives.types import applied
        value = comp.coerce_ce(comp.expr(node.value, scope), INT, node.value.span)
        # generated code calls the change with its arguments' code inlined (compile/statements.py)
        cards = comp.coerce_ce(who, CARDS, node.span)
        fn = card_counter_change(op, spec.name, spec.start, spec.minimum, spec.maximum, spec.slot)
        return Assigned(card=(fn, value, cards), call=applied(fn, [value, cards], INT))
    who_ce = None  # (None: `ctx.you`, or no player for a shared counter)
    if len(target) == 2:
        pf = comp.name(target[0], scope, node.span)
        if pf.type != PLAYER:
            raise CardCompileError(f"'{target[0]}' is not a player", node.span)
        who_ce = pf
    values_ce = None  # (None: no numbers, `dice = [];`)
    if not (isinstance(node.value, ast.ListLit) and not node.value.items):
        values_ce = comp.coerce_ce(comp.expr(node.value, scope), NUMBERS, node.value.span)
    fn, last = (C.set_numbers, ()) if op == "=" else (C.change_numbers, (op == "+=",))
    return Assigned(numbers=(fn, spec.slot, who_ce, spec.per_player, values_ce, last))


@primitive
class Reset(Verb):
    """Put a per-card counter back to its start value on every card (damage that does not last).
    Example: reset damage;"""

    verb = "reset"
    params = (Param("counter", NAME),)
    compiled = ("spec",)  # the counter's declaration (None: no such counter)

    def describe(self, a: dict) -> str:
        return f"Every card's {a['counter']} goes back to 0."

    def prepare(self, b: Bound, info) -> dict:
        return {"spec": info.spec.counters.get(b.consts["counter"])}

    @staticmethod
    @leaves_names
    def run(ctx: Ctx, spec, counter: str) -> None:
        if spec is None or not spec.per_card:
            raise IllegalAction(f"'{counter}' is not a counter of each card")
        C.reset_card_counter(ctx.state, spec)

    def lower(self, gen, args: list, site) -> list | None:
        """A counter of each card whose start is within its bounds: when nobody watches, its table is cleared
        in the code itself (reset_card_counter's plain case), else the call:
        `if <nobody checks>: ctx.state.card_counters[NAME].clear() else: run(ctx, SPEC, NAME)`."""
        spec = site.known[0]
        if spec is None or not spec.per_card or (spec.minimum is not None and spec.start < spec.minimum) or \
                (spec.maximum is not None and spec.start > spec.maximum):
            return None
        clear = call(attr(gen.emit_expr(gen.ir.CardCounterTable(spec.name)), "clear"))
        return [py.If(gen.quiet(checked=True), [py.Expr(clear)],
                      [py.Expr(call(gen.const(self.run), name(CTX), *args))])]
