"""The emitter's rules for a loop of moves done as one (`MoveAll`, the pass `whole-moves`: ir/whole_moves.py), and
for a draw and a whole zone's move in quiet code (`MoveTop`, `MoveZone`, `MoveList`, the pass `moves-in-code`):
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
from cardlang.compile.pyast import CTX, attr, const, name, store
from cardlang.runtime import layout as L
from cardlang.runtime.state import NUMBER_LIMIT


def rules(stmts: Callable) -> dict:
    """The rule, given ir/emit_stmts.py's `stmts` (for the loop as written)."""
    return {NL.MoveAll: lambda e, n: _move_all(e, n, stmts), N.MoveTop: _move_top, N.MoveZone: _move_zone,
            N.MoveList: _move_list}


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


def _plain(st: str, z: str, d: str, apart: bool) -> list[py.expr]:
    """What the quiet references (move_top_quiet, move_zone_quiet) test before they move in one go: no checker
    told, no card attached or privately shown, and two zones (unless known apart)."""
    return [py.Compare(attr(name(st), L.CHECK), [py.Is()], [const(None)]), _not(attr(name(st), L.HOST)),
            _not(attr(name(st), L.PEEKED)), *([] if apart else [py.Compare(name(z), [py.IsNot()], [name(d)])])]


def _emptied(st: str, z: str, h: str, pileless: bool, test_cards: bool) -> list[py.stmt]:
    """A pile that lost its last card: empty_piles counts again (runtime/state.py's empty_known)."""
    if pileless:
        return []
    test = attr(name(z), L.PILE)
    if test_cards:
        test = py.BoolOp(py.And(), [_not(name(h)), test])
    else:
        test = py.Compare(test, [py.IsNot()], [const(None)])
    return [py.If(test, [py.Assign([py.Attribute(name(st), L.EMPTY_KNOWN, py.Store())], const(None))], [])]


def _set_loc(e: Emitter, st: str, items: str, d: str) -> list[py.stmt]:
    """`_loc = _st.loc; for _x in ITEMS: _loc[_x] = D` (one store a card: `loc` is indexed by card)."""
    loc, x = e.gen.fresh("loc"), e.gen.fresh("x")
    return [py.Assign([store(loc)], attr(name(st), L.LOC)),
            py.For(store(x), name(items), [py.Assign([py.Subscript(name(loc), name(x), py.Store())], name(d))], [])]


def _move_top(e: Emitter, n: N.MoveTop) -> list[py.stmt]:
    """_d = DEST; _z = ZONE; [_n = COUNT]; _st = ctx.state; _h = _z.cards
        if [_n > 0 and] len(_h) >= _n and _st.check is None and not _st.host and not _st.peeked [and _z is not _d]:
            _t = _h[-_n:]; del _h[-_n:]
            [if not _h and _z.pile: _st.empty_known = None]
            _t.reverse(); _d.cards.extend(_t)
            _loc = _st.loc; for _x in _t: _loc[_x] = _d
        else: MOVE(ctx, _d, _z, _n)
    move_top_quiet's own case, taken only when no refill is due (ZONE holds COUNT cards): the cards taken from
    the top one by one and each put on DEST land on it in reverse. A written COUNT is a constant (`-5` its
    slice's start, its sign known)."""
    gen = e.gen
    d, z, st, h, t = (gen.fresh(k) for k in ("d", "z", "st", "h", "t"))
    count = e.expr(n.count)
    written = type(count) is py.Constant and type(count.value) is int
    cnt = count if written or type(count) is py.Name else name(gen.fresh("n"))  # (a local: read as it is)
    first = [] if cnt is count else [py.Assign([store(cnt.id)], count)]
    if written and count.value <= 0:
        return [py.Assign([store(d)], e.expr(n.dest)), py.Assign([store(z)], e.expr(n.zone)),
                py.Expr(_call(gen.const(n.move), name(CTX), name(d), name(z), count))]
    start = const(-count.value) if written else py.UnaryOp(py.USub(), cnt)
    fits = [] if written else [py.Compare(cnt, [py.Gt()], [const(0)])]
    fits.append(py.Compare(_call(gen.const(len), name(h)), [py.GtE()], [cnt]))
    fast = [py.Assign([store(t)], _sub(name(h), py.Slice(start, None, None))),
            py.Delete([py.Subscript(name(h), py.Slice(start, None, None), py.Del())]),
            *_emptied(st, z, h, n.pileless, True),
            py.Expr(_call(attr(name(t), "reverse"))),
            py.Expr(_call(attr(attr(name(d), L.CARDS), "extend"), name(t))),
            *_set_loc(e, st, t, d)]
    slow = [py.Expr(_call(gen.const(n.move), name(CTX), name(d), name(z), cnt))]
    return [py.Assign([store(d)], e.expr(n.dest)), py.Assign([store(z)], e.expr(n.zone)), *first,
            py.Assign([store(st)], ctx_state()), py.Assign([store(h)], attr(name(z), L.CARDS)),
            py.If(py.BoolOp(py.And(), fits + _plain(st, z, d, n.apart)), fast, slow)]


def _move_zone(e: Emitter, n: N.MoveZone) -> list[py.stmt]:
    """_d = DEST; _z = ZONE; _h = _z.cards
        if _h:
            _st = ctx.state
            if _st.check is None and not _st.host and not _st.peeked [and _z is not _d]:
                _d.cards.extend(_h); _loc = _st.loc; for _x in _h: _loc[_x] = _d
                _h.clear(); [if _z.pile is not None: _st.empty_known = None]
            else: MOVE(ctx, _d, _z)
    move_zone_quiet's own case: ZONE's cards land on DEST in their order, and ZONE is emptied."""
    gen = e.gen
    d, z, st, h = (gen.fresh(k) for k in ("d", "z", "st", "h"))
    fast = [py.Expr(_call(attr(attr(name(d), L.CARDS), "extend"), name(h))),
            *_set_loc(e, st, h, d),
            py.Expr(_call(attr(name(h), "clear"))),
            *_emptied(st, z, h, n.pileless, False)]
    slow = [py.Expr(_call(gen.const(n.move), name(CTX), name(d), name(z)))]
    return [py.Assign([store(d)], e.expr(n.dest)), py.Assign([store(z)], e.expr(n.zone)),
            py.Assign([store(h)], attr(name(z), L.CARDS)),
            py.If(name(h), [py.Assign([store(st)], ctx_state()),
                            py.If(py.BoolOp(py.And(), _plain(st, z, d, n.apart)), fast, slow)], [])]


def _move_list(e: Emitter, n: N.MoveList) -> list[py.stmt]:
    """_st = ctx.state; _z = _st.loc[CARDS[0]]; _h = _z.cards
        if _h == CARDS and _z is not DEST and _st.check is None and not _st.host and not _st.peeked:
            DEST.cards.extend(_h); _loc = _st.loc; for _x in _h: _loc[_x] = DEST
            _h.clear(); if _z.pile: _st.empty_known = None
        else: MOVE(ctx, DEST, CARDS)
    (CARDS and DEST: locals.) A zone holds each card once and every card is in one zone, so a list equal to
    the list of its first card's zone is all of that zone's cards, in its order: move_into would take each
    from there and put it on DEST, as move_into's own whole-zone case does in one go."""
    gen = e.gen
    cards, d = e.expr(n.cards).id, e.expr(n.dest).id  # (locals: the lowering's)
    st, z, h = gen.fresh("st"), gen.fresh("z"), gen.fresh("h")
    fast = [py.Expr(_call(attr(attr(name(d), L.CARDS), "extend"), name(h))), *_set_loc(e, st, h, d),
            py.Expr(_call(attr(name(h), "clear"))),
            py.If(attr(name(z), L.PILE), [py.Assign([py.Attribute(name(st), L.EMPTY_KNOWN, py.Store())],
                                                    const(None))], [])]
    slow = [py.Expr(_call(gen.const(n.move), name(CTX), name(d), name(cards)))]
    whole = py.Compare(name(h), [py.Eq()], [name(cards)])
    return [py.Assign([store(st)], ctx_state()),
            py.Assign([store(z)], _sub(attr(name(st), L.LOC), _sub(name(cards), const(0)))),
            py.Assign([store(h)], attr(name(z), L.CARDS)),
            py.If(py.BoolOp(py.And(), [whole, *_plain(st, z, d, False)]), fast, slow)]
