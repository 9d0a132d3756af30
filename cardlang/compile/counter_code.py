"""The code of changes to counters of each card and of counters holding numbers (`u.strikes = n;`, `t.damage
+= blow;`, `dice = roll(5, 6);`, `dice -= picked;`), for compile/statements.py: a card's counter as the IR
statement ChangeCardCounter (its plain case done in the generated code when nobody watches), a list of numbers
as one IR call with its arguments' code inlined. Knows no game and no AST node type.
"""
from __future__ import annotations

import ast as py
from typing import Callable

from cardlang.compile import codegen as G  # (the Gen, for types)
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.ce import ir_of
from cardlang.compile.ir.emit_stmts import emit_stmts
from cardlang.primitives.types import CE


def numbers_change(fn: Callable, slot: int, who: CE | None, per_player: bool, values: CE | None,
                   last: tuple) -> N.Do:
    """`[P.]C op NUMBERS` (C a counter holding numbers) as one IR call: `FN(ctx.state, SLOT, P, NUMBERS, *LAST)`
    (FN set_numbers for `=`, change_numbers for `+=` / `-=`; P: `ctx.you`, or None for a shared counter; `()`
    for `[]`), the player read before the numbers."""
    p = ir_of(who) if who is not None else N.You() if per_player else N.Const(None)
    v = ir_of(values) if values is not None else N.Py(py.Tuple([], py.Load()))
    return N.Do(N.Call(fn, (N.Const(slot), p, v), consts=last))


def numbers_set(change: N.Do, per_player: bool) -> N.SetNumbers:
    """`[P.]C = NUMBERS`, CHANGE's call of set_numbers (numbers_change), as the IR statement SetNumbers: the
    numbers stored in the code when nobody is told."""
    call = change.value
    slot, whose, values = call.args
    return N.SetNumbers(slot.value, whose, values, per_player, call.fn)


def card_counter(gen: G.Gen, spec, op: str, change: Callable, value: CE, cards: CE) -> list[py.stmt]:
    """`CARDS.C op V` (C a counter of each card): the IR statement ChangeCardCounter (compile/ir/nodes.py),
    its plain case for one card in the code when nobody is told and the value keeps the bounds, else CHANGE's
    call (ir/emit.py writes it out)."""
    return emit_stmts(gen, (N.ChangeCardCounter(spec.name, spec.start, spec.minimum, spec.maximum, op,
                                                ir_of(value), ir_of(cards), change),))
