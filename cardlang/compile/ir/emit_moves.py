"""The emitter's rule for a loop of moves done as one (`MoveAll`, the pass `whole-moves`: ir/whole_moves.py):
IR -> Python `ast`, through ir/emit.py's helpers and runtime/layout.py's names.

Knows Python's `ast` and the runtime's layout; no game, no source construct, no pass.
"""
from __future__ import annotations

import ast as py
from typing import Callable

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir.emit import Emitter, _call, _sub, counter_row, ctx_state, quiet_test
from cardlang.compile.pyast import attr, const, name, store
from cardlang.runtime import layout as L
from cardlang.runtime.state import NUMBER_LIMIT


def rules(stmts: Callable) -> dict:
    """The rule, given ir/emit_stmts.py's `stmts` (for the loop as written)."""
    return {NL.MoveAll: lambda e, n: _move_all(e, n, stmts)}


def _not(x: py.expr) -> py.UnaryOp:
    return py.UnaryOp(py.Not(), x)


def _move_all(e: Emitter, n: NL.MoveAll, stmts: Callable) -> list[py.stmt]:
    """_t = CARDS
        if _t:
            [_s = 0
             for _x in _t: _s += PRINTED(_x)]                    (ADD: the total first, a read that cannot fail)
            _st = ctx.state; _z = SRC; _d = DEST; _n = len(_t)
            [_row = _st.counters[SLOT]; _v = _row[WHOSE] + _s]
            if <quiet, checked> and not _st.host and not _st.peeked and _z is not _d
                    and _st.steps + _n <= _st.step_budget [and _v <= MAX] [and _v < NUMBER_LIMIT]:
                _st.steps += _n
                _h = _z.cards; _loc = _st.loc
                for _x in _t:
                    _h.remove(_x); _loc[_x] = _d
                _d.cards.extend(_t)
                if not _h and _z.pile: _st.empty_known = None      (a pile emptied: runtime/state.py)
                [_row[WHOSE] = _v]
            else: LOOP
    The cards leave SRC one by one (each `remove` keeps the others' order, as each move's did) and land on DEST
    in the list's order; the budget is charged what the loop charges (one step a card) before any moves, as
    the loop's own charge does (charge-list), or the loop runs and stops where it would; a counter that would
    pass a bound on the way passes it with the total too (values never below 0), and then the loop runs."""
    gen = e.gen
    t, x, st, z, d, cnt, h, loc = (gen.fresh(k) for k in ("t", "x", "st", "z", "d", "n", "h", "loc"))
    first: list[py.stmt] = []
    fits: list[py.expr] = []
    put: list[py.stmt] = []
    add = n.add
    if add is not None:
        s, row, v = gen.fresh("s"), gen.fresh("row"), gen.fresh("v")
        each = e.expr(N.Printed(N.Py(name(x)), add.value.name, add.value.default, add.value.table))
        first = [py.Assign([store(s)], const(0)),
                 py.For(store(x), name(t), [py.AugAssign(store(s), py.Add(), each)], [])]
        at = e.expr(add.whose) if add.per_player else const(0)
        put = [py.Assign([store(row)], counter_row(name(st), add.slot)),
               py.Assign([store(v)], py.BinOp(_sub(name(row), at), py.Add(), name(s)))]
        if add.maximum is not None:
            fits.append(py.Compare(name(v), [py.LtE()], [const(add.maximum)]))
        fits.append(py.Compare(name(v), [py.Lt()], [const(NUMBER_LIMIT)]))
    steps = attr(name(st), L.STEPS)
    room = py.Compare(py.BinOp(steps, py.Add(), name(cnt)), [py.LtE()], [attr(name(st), L.STEP_BUDGET)])
    quiet = quiet_test(name(st), [_not(attr(name(st), L.HOST)), _not(attr(name(st), L.PEEKED)),
                                  py.Compare(name(z), [py.IsNot()], [name(d)]), room, *fits], checked=True)
    fast = [py.AugAssign(py.Attribute(name(st), L.STEPS, py.Store()), py.Add(), name(cnt)),
            py.Assign([store(h)], attr(name(z), L.CARDS)), py.Assign([store(loc)], attr(name(st), L.LOC)),
            py.For(store(x), name(t), [py.Expr(_call(attr(name(h), "remove"), name(x))),
                                       py.Assign([py.Subscript(name(loc), name(x), py.Store())], name(d))], []),
            py.Expr(_call(attr(attr(name(d), L.CARDS), "extend"), name(t))),
            py.If(py.BoolOp(py.And(), [_not(name(h)), attr(name(z), L.PILE)]),
                  [py.Assign([py.Attribute(name(st), L.EMPTY_KNOWN, py.Store())], const(None))], [])]
    if add is not None:
        at = e.expr(add.whose) if add.per_player else const(0)
        fast.append(py.Assign([py.Subscript(name(row), at, py.Store())], name(v)))
    setup = [py.Assign([store(st)], ctx_state()), py.Assign([store(z)], e.expr(n.src)),
             py.Assign([store(d)], e.expr(n.dest)), py.Assign([store(cnt)], _call(gen.const(len), name(t)))]
    return [py.Assign([store(t)], e.expr(n.cards)),
            py.If(name(t), first + setup + put + [py.If(quiet, fast, stmts(e, (n.loop,)))], [])]
