"""Expressions for small runtime functions, for generated code to compute in place instead of calling them:
a grid's card at a slot, a card's column and row, the cards next to one, a zone's size, the cards attached to
one, whether cards are of a type, a card's owner. Each gives the same value as the
function it stands for, over the same arguments evaluated once each, or None when the arguments' shape
needs the call (a card set that is not one card written out). Registered in codegen.EXPANSIONS; knows no
game.
"""
from __future__ import annotations

import ast as py

from cardlang.compile import codegen as G
from cardlang.compile.operators import cards_are_type
from cardlang.primitives import attach, functions, grid, values
from cardlang.runtime import board as B


def _one(cards: py.expr) -> py.expr | None:
    """E, when CARDS is the code `[E]` of one card."""
    if isinstance(cards, py.List) and len(cards.elts) == 1 and not isinstance(cards.elts[0], py.Starred):
        return cards.elts[0]
    return None


def _got(gen: G.Gen, table: py.expr, key: py.expr, hint: str) -> tuple[py.expr, str]:
    """`(_x := TABLE.get(KEY)) is not None`, and _x."""
    x = gen.fresh(hint)
    got = py.NamedExpr(G.store(x), G.call(G.attr(table, "get"), key))
    return py.Compare(got, [py.IsNot()], [G.const(None)]), x


def card_at(gen: G.Gen, args: list[py.expr]) -> py.expr:
    """grid.cards_at(state, ZONE, COLUMN, ROW): `[_x] if (_x := (ZONE.cells or {}).get((COLUMN, ROW))) is not
    None else []` (a zone with no grid has no cells)."""
    zone, column, row = args
    cells = py.BoolOp(py.Or(), [G.attr(zone, "cells"), py.Dict([], [])])
    test, x = _got(gen, cells, py.Tuple([column, row], py.Load()), "at")
    return py.IfExp(test, py.List([G.name(x)], py.Load()), py.List([], py.Load()))


def _coordinate(i: int):
    def expand(gen: G.Gen, args: list[py.expr]) -> py.expr | None:
        """grid.column_of / row_of(state, [E]): `_x[I] if (_x := ctx.state.cell.get(E)) is not None else 0`;
        of cards in a local N, the same of N[0] if N else 0 (`let c = ...; row(c)`)."""
        card = _one(args[0])
        if card is None and not isinstance(args[0], py.Name):
            return None
        test, x = _got(gen, G.state_attr("cell"), card if card is not None else
                       G.subscript(G.name(args[0].id), G.const(0)), "cell")
        got = py.IfExp(test, G.subscript(G.name(x), G.const(i)), G.const(0))
        return got if card is not None else py.IfExp(G.name(args[0].id), got, G.const(0))
    return expand


def adjacent(gen: G.Gen, args: list[py.expr]) -> py.expr | None:
    """grid.adjacent_cards(state, [E]): board.adjacent(ctx.state, E), one call instead of two."""
    card = _one(args[0])
    return None if card is None else G.call(gen.const(B.adjacent), G.ctx_attr("state"), card)


def count_zone(gen: G.Gen, args: list[py.expr]) -> py.expr:
    """functions.count_zone(state, ZONE): `len(_z.cards) if not (_z := ZONE).spec.piles or _z.pile is not None
    else count_zone(ctx.state, _z)` (a zone of piles counts all of them)."""
    z = gen.fresh("z")
    plain = py.BoolOp(py.Or(), [
        py.UnaryOp(py.Not(), G.attr(G.attr(py.NamedExpr(G.store(z), args[0]), "spec"), "piles")),
        py.Compare(G.attr(G.name(z), "pile"), [py.IsNot()], [G.const(None)])])
    return py.IfExp(plain, G.call(gen.const(len), G.attr(G.name(z), "cards")),
                    G.call(gen.const(functions.count_zone), G.ctx_attr("state"), G.name(z)))


def _first_or_call(gen: G.Gen, cards: py.expr, one, call) -> py.expr | None:
    """ONE(E) for the code `[E]` of one card; for cards in a local N, `ONE(N[0]) if len(N) == 1 else CALL`
    (most card sets are one card); for a name read in ctx.vars, the same over `(_n := ctx.vars['u'])`, read
    once (CALL then takes _n); None for other shapes (the call)."""
    card = _one(cards)
    if card is not None:
        return one(card)
    if _named(cards):
        n = gen.fresh("n")
        for i, a in enumerate(call.args):
            if a is cards:
                call.args[i] = G.name(n)
        return py.IfExp(py.Compare(G.call(gen.const(len), py.NamedExpr(G.store(n), cards)), [py.Eq()], [G.const(1)]),
                        one(G.subscript(G.name(n), G.const(0))), call)
    if not isinstance(cards, py.Name):
        return None
    return py.IfExp(py.Compare(G.call(gen.const(len), cards), [py.Eq()], [G.const(1)]),
                    one(G.subscript(G.name(cards.id), G.const(0))), call)


def _named(code: py.expr) -> bool:
    """Is CODE `ctx.vars['NAME']`, a name read from the context?"""
    return (isinstance(code, py.Subscript) and isinstance(code.slice, py.Constant) and isinstance(code.slice.value, str)
            and isinstance(code.value, py.Attribute) and code.value.attr == "vars"
            and isinstance(code.value.value, py.Name) and code.value.value.id == G.CTX)


def attached(gen: G.Gen, args: list[py.expr]) -> py.expr | None:
    """attach.attached_to(state, CARDS) of one card E: `[*ctx.state.attached.get(E, ())]` (a list of its own,
    as the function gives)."""
    def one(card: py.expr) -> py.expr:
        return py.List([py.Starred(G.call(G.attr(G.state_attr("attached"), "get"), card, py.Tuple([], py.Load())),
                                   py.Load())], py.Load())
    return _first_or_call(gen, args[0], one, G.call(gen.const(attach.attached_to), G.ctx_attr("state"), *args))


def is_type(gen: G.Gen, args: list[py.expr]) -> py.expr | None:
    """operators.cards_are_type(state, CARDS, T, NEGATED) of one card E: `T in ctx.state.card_def[E].types`
    (`not in`, NEGATED)."""
    cards, t, negated = args
    if not (isinstance(t, py.Constant) and isinstance(negated, py.Constant)):
        return None

    def one(card: py.expr) -> py.expr:
        return py.Compare(t, [py.NotIn() if negated.value else py.In()],
                          [G.attr(G.subscript(G.state_attr("card_def"), card), "types")])
    return _first_or_call(gen, cards, one, G.call(gen.const(cards_are_type), G.ctx_attr("state"), *args))


def owner(gen: G.Gen, args: list[py.expr]) -> py.expr:
    """values.owner_of(ctx, CARDS): `_o if (_f := CARDS) and (_o := ctx.state.loc[_f[0]].owner) is not None else
    owner_of(ctx, _f)` (the call for no card, or one that belongs to nobody where it is: its error)."""
    card, o = _one(args[0]), gen.fresh("o")
    if isinstance(card, py.Name):  # `[c]`: c's owner, no list made but for the error
        got = py.NamedExpr(G.store(o), G.attr(G.subscript(G.state_attr("loc"), card), "owner"))
        return py.IfExp(py.Compare(got, [py.IsNot()], [G.const(None)]), G.name(o),
                        G.call(gen.const(values.owner_of), G.name(G.CTX), args[0]))
    f = gen.fresh("f")
    got = py.NamedExpr(G.store(o), G.attr(G.subscript(G.state_attr("loc"), G.subscript(G.name(f), G.const(0))), "owner"))
    test = py.BoolOp(py.And(), [py.NamedExpr(G.store(f), args[0]), py.Compare(got, [py.IsNot()], [G.const(None)])])
    return py.IfExp(test, G.name(o), G.call(gen.const(values.owner_of), G.name(G.CTX), G.name(f)))


G.EXPANSIONS.update({values.owner_of: owner, grid.cards_at: card_at, grid.column_of: _coordinate(0), grid.row_of: _coordinate(1),
                     grid.adjacent_cards: adjacent, functions.count_zone: count_zone, attach.attached_to: attached,
                     cards_are_type: is_type})
