"""The code generated in place of a call of `move`, `trigger` and `note` (their `lower`, primitives/core.py):
the same state and events as the verb's `run`, with fewer calls when nobody watches. Knows the runtime's zones
and state fields; builds Python AST with primitives/lowering.py, never with the compiler.
"""
from __future__ import annotations

import ast as py
from typing import Callable

from cardlang.primitives.lowering import (CTX, attr, call, calls, const, ctx_attr, fresh_list, is_none, name,
                                          one_card, state_attr, store, subscript)
from cardlang.runtime import zones as Z


def lower_move(gen, to: py.expr, what: py.expr, site, move_into: Callable, move_top: Callable,
               move_zone: Callable) -> list[py.stmt]:
    """`move WHAT to TO`: the move of one card (`move x to inplay`) in the code itself when nobody watches
    (move_one); cards in a local, most often one card, the same when there is one; `top N of ZONE` (zones.top's
    code) as MOVE_TOP(ctx, TO, ZONE, N) and a whole zone (`list(ZONE.cards)`) as MOVE_ZONE(ctx, TO, ZONE): one
    call each; else MOVE_INTO(ctx, TO, WHAT)."""
    card = one_card(what)
    if card is not None:
        return move_one(gen, move_into, to, card, site.zone_of(to))
    if isinstance(what, py.Name):
        # cards in a local (`let got = top 1 of ...; move got to dest`), most often one card:
        # if len(CARDS) == 1: <the move of one card, CARDS[0]> else: move_into(ctx, DEST, CARDS)
        d = to.id if isinstance(to, py.Name) else gen.fresh("d")
        first = [] if isinstance(to, py.Name) else [py.Assign([store(d)], to)]
        return first + [py.If(
            py.Compare(call(gen.const(len), what), [py.Eq()], [const(1)]),
            move_one(gen, move_into, name(d), subscript(what, const(0)), site.zone_of(to)),
            [py.Expr(call(gen.const(move_into), name(CTX), name(d), what))])]
    if calls(gen, what, Z.top) and len(what.args) == 3:
        # zones.top(ctx.state, ZONE, N): the same arguments, evaluated in the same order, in one call
        return [py.Expr(call(gen.const(move_top), name(CTX), to, *what.args[1:]))]
    if _copy_of(what) and isinstance(what.args[0], py.Attribute) and what.args[0].attr == "cards":
        return [py.Expr(call(gen.const(move_zone), name(CTX), to, what.args[0].value))]
    return [py.Expr(call(gen.const(move_into), name(CTX), to, what))]


def _copy_of(code: py.expr) -> bool:
    """Is CODE `list(X)`, a copy of one value?"""
    return (isinstance(code, py.Call) and isinstance(code.func, py.Name) and code.func.id == "list"
            and len(code.args) == 1 and not code.keywords)


def move_one(gen, move_into: Callable, dest: py.expr, card: py.expr, spec=None) -> list[py.stmt]:
    """`move CARD to DEST` as code: move_into's quiet case for one card (nobody watches, no grid, no pile, no
    attachment, no private look), else the call.

        _c = CARD; _d = DEST; _st = ctx.state; _src = _st.loc[_c]
        if <quiet> and _src.cells is None and _d.cells is None and not _d.spec.piles:
            if _src is not _d:
                _h = _src.cards
                if _h[-1] == _c: _h.pop()
                else: _h.remove(_c)
                _d.cards.append(_c); _st.loc[_c] = _d
                if _st.check is not None: _st.check.moved(_st, _c, _src, _d)   (an invariant checker is told)
        else: move_into(ctx, _d, [_c])

    CARD a local is used as it is; DEST a declared zone (SPEC) is known to have no grid and no piles, or is
    known to have them (the call alone)."""
    c = card.id if isinstance(card, py.Name) else gen.fresh("c")
    d, st, src, h = (gen.fresh(x) for x in ("d", "st", "src", "h"))
    n = name
    if spec is not None and (spec.grid or spec.piles):
        return [py.Expr(call(gen.const(move_into), n(CTX), dest, py.List([card], py.Load())))]
    dest_plain = [] if spec is not None else [
        is_none(attr(n(d), "cells")), py.UnaryOp(py.Not(), attr(attr(n(d), "spec"), "piles"))]
    quiet = gen.quiet(n(st), [py.UnaryOp(py.Not(), attr(n(st), "host")), py.UnaryOp(py.Not(), attr(n(st), "peeked")),
                              is_none(attr(n(src), "cells")), *dest_plain])
    take = py.If(py.Compare(subscript(n(h), py.UnaryOp(py.USub(), const(1))), [py.Eq()], [n(c)]),
                 [py.Expr(call(attr(n(h), "pop")))], [py.Expr(call(attr(n(h), "remove"), n(c)))])
    moved = py.If(py.Compare(n(src), [py.IsNot()], [n(d)]), [
        py.Assign([store(h)], attr(n(src), "cards")), take,
        py.Expr(call(attr(attr(n(d), "cards"), "append"), n(c))),
        py.Assign([py.Subscript(attr(n(st), "loc"), n(c), py.Store())], n(d)),
        py.If(py.Compare(attr(n(st), "check"), [py.IsNot()], [const(None)]),
              [py.Expr(call(attr(attr(n(st), "check"), "moved"), n(st), n(c), n(src), n(d)))], [])], [])
    slow = py.Expr(call(gen.const(move_into), n(CTX), n(d), py.List([n(c)], py.Load())))
    first = [] if isinstance(card, py.Name) else [py.Assign([store(c)], card)]
    return [*first, py.Assign([store(d)], dest),
            py.Assign([store(st)], ctx_attr("state")),
            py.Assign([store(src)], subscript(attr(n(st), "loc"), n(c))),
            py.If(quiet, [moved], [slow])]


def _has(event: str, c: str) -> py.expr:
    """`EVENT in ctx.state.card_def[C].triggers`: has card C an `on EVENT` ability?"""
    return py.Compare(const(event), [py.In()], [attr(subscript(state_attr("card_def"), name(c)), "triggers")])


def lower_reacting(gen, fn: Callable, args: list[py.expr], event: str, site) -> list[py.stmt] | None:
    """FN(ctx, ..., CARDS) that does something only for cards with an `on EVENT` ability (CARDS its last
    argument): the code looks for one first, and calls only then (no call per card played):

        _c = CARD; if EVENT in ctx.state.card_def[_c].triggers: FN(ctx, ..., [_c])      (one card; a local: itself)
        _t = list(CARDS)
        for _c in _t:
            if EVENT in ctx.state.card_def[_c].triggers: FN(ctx, ..., _t); break

    For a call made `for P` (site.switched), the switch goes around the call alone, when the cards read no
    `you` and the other arguments are free reads; else None (the compiler switches around the whole)."""
    args = list(args)
    cards = args[-1]
    switched = site.switched
    if switched is not None and (not site.reads_no_you(cards) or not all(site.free_read(a) for a in args[:-1])):
        return None
    wrap = switched if switched is not None else (lambda body: body)
    card = one_card(cards)
    if card is not None:
        c = card.id if isinstance(card, py.Name) else gen.fresh("c")
        args[-1] = py.List([name(c)], py.Load())
        first = [] if isinstance(card, py.Name) else [py.Assign([store(c)], card)]
        return first + [py.If(_has(event, c), wrap([py.Expr(call(gen.const(fn), name(CTX), *args))]), [])]
    t, c = gen.fresh("t"), gen.fresh("c")
    # looked through twice: a list of its own unless it is one already (`[x]`, `list(X)`)
    first = py.Assign([store(t)], cards if fresh_list(cards) else call(name("list"), cards))
    args[-1] = name(t)
    run = py.Expr(call(gen.const(fn), name(CTX), *args))
    return [first, py.For(store(c), name(t), [py.If(_has(event, c), wrap([run]) + [py.Break()], [])], [])]


def when_watched(gen, fn: Callable, args: list[py.expr]) -> list[py.stmt]:
    """`if ctx.state.log is not None or ctx.state.listeners: FN(ctx, ARGS...)`: a call that does something only
    for someone watching (`note`), and no call at all when nobody is."""
    return [py.If(gen.watched(), [py.Expr(call(gen.const(fn), name(CTX), *args))], [])]
