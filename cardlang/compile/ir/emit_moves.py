"""The emitter's rule for a loop of moves done as one (`MoveAll`, the pass `whole-moves`: ir/whole_moves.py):
IR -> Python `ast`, through ir/emit.py's helpers and runtime/layout.py's names; and the code of one card's move
off a grid (`off_grid`, the pass `grid-moves`), for ir/emit_stmts.py's MoveOne.

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
    """_st = ctx.state; _z = SRC; _h = _z.cards; _t = []; _k = []; [_s = 0]; _defs = _st.card_def
        for _c in _h:                                       (WHERE, with the total and the cards that stay)
            _df = _defs[_c]
            if T in _df.types: _t.append(_c) [; _s += PRINTED of _df]
            else: _k.append(_c)
        PARAM = _t
        if _t:
            _d = DEST; _n = len(_t)
            [_row = _st.counters[SLOT]; _v = _row[WHOSE] + _s]
            if <quiet, checked> and not _st.host and not _st.peeked [and _z is not _d]
                    and _st.steps + _n <= _st.step_budget [and _v <= MAX] [and _v < NUMBER_LIMIT]:
                _st.steps += _n
                _loc = _st.loc; _h[:] = _k
                for _x in _t: _loc[_x] = _d
                _d.cards.extend(_t)
                [_row[WHOSE] = _v]
            else: LOOP
    The cards leave SRC (what stays in its order, as each move's `remove` left it) and land on DEST in the
    list's order; the budget is charged what the loop charges (one step a card) before any move, as the loop's
    own charge does (charge-list), or the loop runs and stops where it would; a counter that would pass a bound
    on the way passes it with the total too (values never below 0), and then the loop runs. PRINTED is read
    before the tests: a read of a definition, which cannot fail. SRC and DEST are the same zone only when
    declared at the same slot (each slot's zones are Zones of their own), so only then is that tested; SRC is
    no pile (ir/whole_moves.py), so emptying it tells empty_piles nothing (a move's `not _h and _src.pile`)."""
    gen = e.gen
    t, x, st, z, d, cnt, h, loc = (gen.fresh(k) for k in ("t", "x", "st", "z", "d", "n", "h", "loc"))
    c, df, k, defs = gen.fresh("c"), gen.fresh("df"), gen.fresh("k"), gen.fresh("defs")
    add = n.add
    s, row, v = gen.fresh("s"), gen.fresh("row"), gen.fresh("v")
    param = gen.locals[n.param]  # (the verb's parameter, a local of the verb run in place: names.in_place)
    keep = [py.Expr(_call(attr(name(t), "append"), name(c)))]
    if add is not None:
        p = add.value
        worth = N.DefPrinted(N.Py(name(df)), p.name, p.default, p.in_table, p.table)
        keep.append(py.AugAssign(store(s), py.Add(), e.expr(worth)))
    test = e.expr(N.DefIsType(N.Py(name(df)), n.where.cond.type))
    head = [py.Assign([store(st)], ctx_state()), py.Assign([store(z)], e.expr(n.src)),
            py.Assign([store(h)], attr(name(z), L.CARDS)),
            py.Assign([store(t)], py.List([], py.Load())), py.Assign([store(k)], py.List([], py.Load())),
            *([py.Assign([store(s)], const(0))] if add is not None else []),
            py.Assign([store(defs)], attr(name(st), L.CARD_DEF)),
            py.For(store(c), name(h), [py.Assign([store(df)], _sub(name(defs), name(c))),
                                       py.If(test, keep, [py.Expr(_call(attr(name(k), "append"), name(c)))])], []),
            py.Assign([store(param)], name(t))]
    fits: list[py.expr] = []
    put: list[py.stmt] = []
    if add is not None:
        at = e.expr(add.whose) if add.per_player else const(0)
        put = [py.Assign([store(row)], counter_row(name(st), add.slot)),
               py.Assign([store(v)], py.BinOp(_sub(name(row), at), py.Add(), name(s)))]
        if add.maximum is not None:
            fits.append(py.Compare(name(v), [py.LtE()], [const(add.maximum)]))
        fits.append(py.Compare(name(v), [py.Lt()], [const(NUMBER_LIMIT)]))
    room = py.Compare(py.BinOp(attr(name(st), L.STEPS), py.Add(), name(cnt)), [py.LtE()],
                      [attr(name(st), L.STEP_BUDGET)])
    same = [py.Compare(name(z), [py.IsNot()], [name(d)])] if n.src.slot == n.dest.slot else []
    quiet = quiet_test(name(st), [_not(attr(name(st), L.HOST)), _not(attr(name(st), L.PEEKED)), *same, room, *fits],
                       checked=True)
    fast = [py.AugAssign(py.Attribute(name(st), L.STEPS, py.Store()), py.Add(), name(cnt)),
            py.Assign([store(loc)], attr(name(st), L.LOC)),
            py.Assign([py.Subscript(name(h), py.Slice(None, None, None), py.Store())], name(k)),
            py.For(store(x), name(t), [py.Assign([py.Subscript(name(loc), name(x), py.Store())], name(d))], []),
            py.Expr(_call(attr(attr(name(d), L.CARDS), "extend"), name(t)))]
    if add is not None:
        at = e.expr(add.whose) if add.per_player else const(0)
        fast.append(py.Assign([py.Subscript(name(row), at, py.Store())], name(v)))
    setup = [py.Assign([store(d)], e.expr(n.dest)), py.Assign([store(cnt)], _call(gen.const(len), name(t)))]
    return head + [py.If(name(t), setup + put + [py.If(quiet, fast, stmts(e, (n.loop,)))], [])]


def off_grid(st: py.expr, c: py.expr, src: py.expr, d: py.expr, h: str, cl: str) -> list[py.stmt]:
    """Card C moved from SRC, a grid, to the top of D, neither a grid nor a zone of piles, when nobody is told,
    no checker runs, no card is attached (so none follows C, and C is attached to none) and none is privately
    shown: runtime/board.py move_linked's plain case (its _take_out), in the code.
        _h = SRC.cards
        if _h[-1] == C: _h.pop()
        else: _h.remove(C)
        ST.empty_known = None
        _cl = ST.cell.pop(C, None)
        if _cl is not None and SRC.cells.get(_cl) == C: del SRC.cells[_cl]
        D.cards.append(C); ST.loc[C] = D"""
    cells = attr(src, L.CELLS)
    return [
        py.Assign([store(h)], attr(src, L.CARDS)),
        py.If(py.Compare(_sub(name(h), py.UnaryOp(py.USub(), const(1))), [py.Eq()], [c]),
              [py.Expr(_call(attr(name(h), "pop")))], [py.Expr(_call(attr(name(h), "remove"), c))]),
        py.Assign([py.Attribute(st, L.EMPTY_KNOWN, py.Store())], const(None)),
        py.Assign([store(cl)], _call(attr(attr(st, L.CELL), "pop"), c, const(None))),
        py.If(py.BoolOp(py.And(), [py.Compare(name(cl), [py.IsNot()], [const(None)]),
                                   py.Compare(_call(attr(cells, "get"), name(cl)), [py.Eq()], [c])]),
              [py.Delete([py.Subscript(attr(src, L.CELLS), name(cl), py.Del())])], []),
        py.Expr(_call(attr(attr(d, L.CARDS), "append"), c)),
        py.Assign([py.Subscript(attr(st, L.LOC), c, py.Store())], d)]
