"""A core verb's call as generated code, where its primitive says how (its `inline` mark): the run function
called by name with its arguments' code inlined, and the shapes of call done in the code itself when nobody
watches: the move of one card, `top N of ZONE` or a whole zone moved in one call, a card counter cleared, a
reacting call that looks for a card with the ability first. Knows the runtime's zones and the primitives'
marks, no game and no source construct (compile/calls.py binds the call and hands its arguments here).
"""
from __future__ import annotations

import ast as py
from typing import Callable

from cardlang.compile import codegen as G
from cardlang.primitives.registry import Bound
from cardlang.runtime import zones as Z


def inline_call(inline: tuple, bound: Bound, zone_specs=()) -> Callable:
    """A primitive's run as `fn(ctx, *consts, *args)`, with its arguments' code inlined (`move_into(ctx,
    ctx.state.zones[4][ctx.you], [ctx.vars['x']])`)."""
    fn, consts, names = inline[:3]
    # ("reacts", EVENT): the call does something only for cards with an `on EVENT` ability, the last argument;
    # most cards have none, so the code looks first and calls only then (no call per card played).
    # ("moves", MOVE_TOP, MOVE_ZONE): a move of one card (`move x to inplay`) is done in the code itself when
    # nobody watches, a move of `top N of ZONE` (zones.top's code) is MOVE_TOP(ctx, DEST, ZONE, N) and a move
    # of a whole zone (`list(ZONE.cards)`) MOVE_ZONE(ctx, DEST, ZONE): one call each.
    mark = inline[3] if len(inline) > 3 else ()
    reacts = mark[1] if mark[:1] == ("reacts",) else None
    moves = mark[:1] == ("moves",)

    def emit(gen: G.Gen) -> list[py.stmt]:
        args = [G.const(c) if c is None or isinstance(c, (str, int, bool)) else gen.const(c) for c in consts]
        args += [gen.expr(bound.exprs[n]) for n in names]
        cards = args[-1]
        one = isinstance(cards, py.List) and len(cards.elts) == 1 and not isinstance(cards.elts[0], py.Starred)
        if moves and one:
            return _move_one(gen, fn, args[0], cards.elts[0], _zone_spec(args[0], zone_specs))
        if moves and len(args) == 2 and isinstance(cards, py.Name):
            # cards in a local (`let got = top 1 of ...; move got to dest`), most often one card:
            # if len(CARDS) == 1: <the move of one card, CARDS[0]> else: fn(ctx, DEST, CARDS)
            d = args[0].id if isinstance(args[0], py.Name) else gen.fresh("d")
            first = [] if isinstance(args[0], py.Name) else [py.Assign([G.store(d)], args[0])]
            return first + [py.If(
                py.Compare(G.call(gen.const(len), cards), [py.Eq()], [G.const(1)]),
                _move_one(gen, fn, G.name(d), G.subscript(cards, G.const(0)), _zone_spec(args[0], zone_specs)),
                [py.Expr(G.call(gen.const(fn), G.name(G.CTX), G.name(d), cards))])]
        if moves and len(args) == 2 and _calls(gen, cards, Z.top) and len(cards.args) == 3:
            # zones.top(ctx.state, ZONE, N): the same arguments, evaluated in the same order, in one call
            return [py.Expr(G.call(gen.const(mark[1]), G.name(G.CTX), args[0], *cards.args[1:]))]
        if moves and len(args) == 2 and _calls_list(cards) and isinstance(cards.args[0], py.Attribute) \
                and cards.args[0].attr == "cards":
            return [py.Expr(G.call(gen.const(mark[2]), G.name(G.CTX), args[0], cards.args[0].value))]
        if mark[:1] == ("clears",):
            # if <nobody watches: no log, listener or checker>: ctx.state.card_counters[NAME].clear()
            # else: fn(ctx, ...)
            quiet = py.BoolOp(py.And(), [py.Compare(G.state_attr("log"), [py.Is()], [G.const(None)]),
                                         py.UnaryOp(py.Not(), G.state_attr("listeners")),
                                         py.Compare(G.state_attr("check"), [py.Is()], [G.const(None)])])
            clear = G.call(G.attr(G.subscript(G.state_attr("card_counters"), G.const(mark[1])), "clear"))
            return [py.If(quiet, [py.Expr(clear)], [py.Expr(G.call(gen.const(fn), G.name(G.CTX), *args))])]
        if reacts is None:
            return [py.Expr(G.call(gen.const(fn), G.name(G.CTX), *args))]
        if one:
            # _c = CARD; if EVENT in ctx.state.card_def[_c].triggers: fn(ctx, ..., [_c])   (CARD a local: itself)
            card = cards.elts[0]
            c = card.id if isinstance(card, py.Name) else gen.fresh("c")
            args[-1] = py.List([G.name(c)], py.Load())
            has = py.Compare(G.const(reacts), [py.In()],
                             [G.attr(G.subscript(G.state_attr("card_def"), G.name(c)), "triggers")])
            first = [] if isinstance(card, py.Name) else [py.Assign([G.store(c)], card)]
            return first + [py.If(has, [py.Expr(G.call(gen.const(fn), G.name(G.CTX), *args))], [])]
        # _t = list(CARDS)
        # for _c in _t:
        #     if EVENT in ctx.state.card_def[_c].triggers: fn(ctx, ..., _t); break
        t, c = gen.fresh("t"), gen.fresh("c")
        # looked through twice: a list of its own unless it is one already (`[x]`, `list(X)`)
        first = py.Assign([G.store(t)], cards if G.fresh_list(cards) else G.call(G.name("list"), cards))
        args[-1] = G.name(t)
        has = py.Compare(G.const(reacts), [py.In()],
                         [G.attr(G.subscript(G.state_attr("card_def"), G.name(c)), "triggers")])
        run = py.Expr(G.call(gen.const(fn), G.name(G.CTX), *args))
        return [first, py.For(G.store(c), G.name(t), [py.If(has, [run, py.Break()], [])], [])]
    return emit


def _calls(gen: G.Gen, code: py.expr, fn: Callable) -> bool:
    """Is CODE a call of FN, a constant of this module?"""
    return (isinstance(code, py.Call) and isinstance(code.func, py.Name) and not code.keywords
            and gen.ns.get(code.func.id) is fn)


def _calls_list(code: py.expr) -> bool:
    """Is CODE `list(X)`, a copy of one value?"""
    return (isinstance(code, py.Call) and isinstance(code.func, py.Name) and code.func.id == "list"
            and len(code.args) == 1 and not code.keywords)


def _zone_spec(code: py.expr, zone_specs) -> object | None:
    """The declared zone CODE reads (`ctx.state.zones[SLOT][...]`, a name of the rules' zones), else None."""
    if not (isinstance(code, py.Subscript) and isinstance(code.value, py.Subscript)
            and isinstance(code.value.slice, py.Constant) and isinstance(code.value.value, py.Attribute)
            and code.value.value.attr == "zones"):
        return None
    row = code.value.value.value
    if not (isinstance(row, py.Attribute) and row.attr == "state" and isinstance(row.value, py.Name)
            and row.value.id == G.CTX):
        return None
    return next((z for z in zone_specs if z.slot == code.value.slice.value), None)


def _move_one(gen: G.Gen, move_into: Callable, dest: py.expr, card: py.expr, spec=None) -> list[py.stmt]:
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
    n = G.name
    if spec is not None and (spec.grid or spec.piles):
        return [py.Expr(G.call(gen.const(move_into), n(G.CTX), dest, py.List([card], py.Load())))]

    def is_none(e: py.expr) -> py.expr:
        return py.Compare(e, [py.Is()], [G.const(None)])

    dest_plain = [] if spec is not None else [
        is_none(G.attr(n(d), "cells")), py.UnaryOp(py.Not(), G.attr(G.attr(n(d), "spec"), "piles"))]
    quiet = py.BoolOp(py.And(), [
        is_none(G.attr(n(st), "log")), py.UnaryOp(py.Not(), G.attr(n(st), "listeners")),
        py.UnaryOp(py.Not(), G.attr(n(st), "host")),
        py.UnaryOp(py.Not(), G.attr(n(st), "peeked")), is_none(G.attr(n(src), "cells")), *dest_plain])
    take = py.If(py.Compare(G.subscript(n(h), py.UnaryOp(py.USub(), G.const(1))), [py.Eq()], [n(c)]),
                 [py.Expr(G.call(G.attr(n(h), "pop")))], [py.Expr(G.call(G.attr(n(h), "remove"), n(c)))])
    moved = py.If(py.Compare(n(src), [py.IsNot()], [n(d)]), [
        py.Assign([G.store(h)], G.attr(n(src), "cards")), take,
        py.Expr(G.call(G.attr(G.attr(n(d), "cards"), "append"), n(c))),
        py.Assign([py.Subscript(G.attr(n(st), "loc"), n(c), py.Store())], n(d)),
        py.If(py.Compare(G.attr(n(st), "check"), [py.IsNot()], [G.const(None)]),
              [py.Expr(G.call(G.attr(G.attr(n(st), "check"), "moved"), n(st), n(c), n(src), n(d)))], [])], [])
    slow = py.Expr(G.call(gen.const(move_into), n(G.CTX), n(d), py.List([n(c)], py.Load())))
    first = [] if isinstance(card, py.Name) else [py.Assign([G.store(c)], card)]
    return [*first, py.Assign([G.store(d)], dest),
            py.Assign([G.store(st)], G.ctx_attr("state")),
            py.Assign([G.store(src)], G.subscript(G.attr(n(st), "loc"), n(c))),
            py.If(quiet, [moved], [slow])]
