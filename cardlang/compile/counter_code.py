"""The code of changes to counters of each card and of counters holding numbers (`u.strikes = n;`, `t.damage
+= blow;`, `dice = roll(5, 6);`), for compile/statements.py: a counter's own plain case done in the generated
code when nobody watches, or one call with its arguments' code inlined. Knows no game and no AST node type.
"""
from __future__ import annotations

import ast as py
import copy
from typing import Callable

from cardlang.compile import codegen as G
from cardlang.compile.ir.emit import card_counter_table, quiet_test
from cardlang.primitives.types import CE
from cardlang.runtime.state import NUMBER_LIMIT


def numbers_set(gen: G.Gen, fn: Callable, slot: int, who: CE | None, per_player: bool, values: CE | None) -> py.stmt:
    """`[P.]C = NUMBERS` (C a counter holding numbers): `FN(ctx.state, SLOT, P, NUMBERS)` (P: `ctx.you`, or None
    for a shared counter; `()` for `[]`), the player read before the numbers, as the closure reads them."""
    p = gen.expr(who) if who is not None else G.ctx_attr("you") if per_player else G.const(None)
    v = gen.expr(values) if values is not None else py.Tuple([], py.Load())
    return py.Expr(G.call(gen.const(fn), G.ctx_attr("state"), G.const(slot), p, v))


def card_counter(gen: G.Gen, spec, op: str, change: Callable, value: CE, cards: CE) -> list[py.stmt]:
    """`CARDS.C op V` (C a counter of each card): the change's own plain case in the code, for one card, when
    nobody watches (no log, listener or checker) and the new value keeps the bounds, else the change's call:
        _v = V; _cs = CARDS; _st = ctx.state
        if _st.log is None and not _st.listeners and _st.check is None and len(_cs) == 1:
            _t = _st.card_counters[C]; _c = _cs[0]
            _n = _v                                   (`=`; `+=`, `-=`: _o = _t.get(_c, START); _n = _o + _v)
            if MIN <= _n <= MAX:
                if _n == START: _t.pop(_c, None)      (a card at its start value has no entry)
                else: _t[_c] = _n
            else: CHANGE(_st, _v, _cs)
        else: CHANGE(_st, _v, _cs)"""
    v, cs, st, t, c, n = (gen.fresh(h) for h in ("v", "cs", "st", "t", "c", "n"))
    slow = [py.Expr(G.call(gen.const(change), G.name(st), G.name(v), G.name(cs)))]
    out = [py.Assign([G.store(v)], gen.expr(value)), py.Assign([G.store(cs)], gen.expr(cards)),
           py.Assign([G.store(st)], G.ctx_attr("state"))]
    quiet = quiet_test(G.name(st), [py.Compare(G.call(gen.const(len), G.name(cs)), [py.Eq()], [G.const(1)])],
                       checked=True)
    table = card_counter_table(G.name(st), spec.name)
    one = [py.Assign([G.store(t)], table), py.Assign([G.store(c)], G.subscript(G.name(cs), G.const(0)))]
    if op == "=":
        one.append(py.Assign([G.store(n)], G.name(v)))
    else:
        o = gen.fresh("o")
        one += [py.Assign([G.store(o)], G.call(G.attr(G.name(t), "get"), G.name(c), G.const(spec.start))),
                py.Assign([G.store(n)], py.BinOp(G.name(o), py.Add() if op == "+=" else py.Sub(), G.name(v)))]
    # its own bounds, else NUMBER_LIMIT's (past which set_card_counter refuses the number)
    bounds = [py.Compare(G.name(n), [py.GtE()], [G.const(spec.minimum)]) if spec.minimum is not None else
              py.Compare(G.name(n), [py.Gt()], [G.const(-NUMBER_LIMIT)]),
              py.Compare(G.name(n), [py.LtE()], [G.const(spec.maximum)]) if spec.maximum is not None else
              py.Compare(G.name(n), [py.Lt()], [G.const(NUMBER_LIMIT)])]
    store = [py.If(py.Compare(G.name(n), [py.Eq()], [G.const(spec.start)]),
                   [py.Expr(G.call(G.attr(G.name(t), "pop"), G.name(c), G.const(None)))],
                   [py.Assign([py.Subscript(G.name(t), G.name(c), py.Store())], G.name(n))])]
    store = [py.If(py.BoolOp(py.And(), bounds), store, copy.deepcopy(slow))]
    return out + [py.If(quiet, one + store, slow)]
