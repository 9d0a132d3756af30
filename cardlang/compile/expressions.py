"""Compile rules for the leaves of expressions: literals, names (zones, counters, players, pools, cards) and
attributes (a player's zone or counter, a card's property or counter). Mixed into the `Compiler`.
"""
from __future__ import annotations

import ast as py
from typing import Any, Callable

from cardlang.compile import codegen as G
from cardlang.compile import inline
from cardlang.compile.scope import Scope, expr_rule
from cardlang.errors import Span, did_you_mean
from cardlang.primitives.modify import modified_property
from cardlang.primitives.types import (applied, ANY, BOOL, CARD, CARDNAME, CARDNAMES, CARDS, CE, INT, NUMBERS, PLAYER, PLAYERS,
                                       SLOT, SLOTS, TEXT, ZONE, article as _article, leaves_names)
from cardlang.primitives.values import first_slot, neighbour_of, others_of, owner_of, prop_of_card, prop_of_def
from cardlang.runtime.state import Ctx, IllegalAction
from cardlang.syntax import ast


class Expressions:
    @expr_rule
    def _(self, node: ast.IntLit, scope: Scope) -> CE:
        v = node.value
        return CE(lambda ctx: v, INT, code=lambda g: G.const(v), bound=abs(v))

    @expr_rule
    def _(self, node: ast.StrLit, scope: Scope) -> CE:
        v = node.value
        if v in self.defs_by_name:
            d = self.defs_by_name[v]
            return CE(lambda ctx: d, CARDNAME, code=lambda g: g.const(d, "card"))
        if "{" in v:
            return CE(self._interpolate(v, scope, node.span), TEXT)
        return _literal(v, TEXT)

    @expr_rule
    def _(self, node: ast.BoolLit, scope: Scope) -> CE:
        return _literal(node.value, BOOL)

    @expr_rule
    def _(self, node: ast.NameRef, scope: Scope) -> CE:
        return self.name(node.name, scope, node.span)

    def name(self, n: str, scope: Scope, span: Span) -> CE:
        if n in scope.names:
            t = scope.names[n]
            return CE(lambda ctx: ctx.vars[n], t, code=lambda g: g.var(n), bound=scope.bounds.get(n))
        if n == "you":
            return CE(lambda ctx: ctx.you, PLAYER, code=lambda g: G.you())
        if n == "others":
            return CE(lambda ctx: others_of(ctx.state, ctx.you), PLAYERS,
                      code=lambda g: G.call(g.const(others_of), G.ctx_attr("state"), G.you(), G.const(False)))
        if n == "players":
            return CE(lambda ctx: others_of(ctx.state, ctx.you, include_self=True), PLAYERS,
                      code=lambda g: G.call(g.const(others_of), G.ctx_attr("state"), G.you(), G.const(True)))
        if n == "current":
            return CE(lambda ctx: ctx.state.current, PLAYER, code=lambda g: G.state_attr("current"))
        if n in ("left", "right"):
            step = 1 if n == "left" else -1
            return CE(lambda ctx: neighbour_of(ctx.state, ctx.you, step), PLAYER)
        if n == "this":
            if not scope.in_card:
                raise self.error("'this' names the card whose ability runs; there is none here", span)
            return CE(lambda ctx: ctx.card, CARD, code=lambda g: G.ctx_attr("card"))
        if n == "nothing":
            return CE(lambda ctx: [], CARDS, code=lambda g: py.List([], py.Load()))
        if n in self.spec.zones:
            zs = self.spec.zones[n]
            slot = zs.slot
            if zs.per_player:
                return CE(lambda ctx: ctx.state.zones[slot][ctx.you], ZONE,
                          code=lambda g: G.row_of("zones", slot, G.you()))
            return CE(lambda ctx: ctx.state.zones[slot][0], ZONE,
                      code=lambda g: G.row_of("zones", slot, G.const(0)))
        if n in self.spec.counters:
            cs = self.spec.counters[n]
            slot = cs.slot
            if cs.per_card:
                raise self.error(f"'{n}' is a counter of each card", span, hint=f"write CARD.{n}, e.g. this.{n}")
            kind = NUMBERS if cs.numbers else INT
            if cs.per_player:
                return CE(lambda ctx: ctx.state.counters[slot][ctx.you], kind,
                          code=lambda g: G.row_of("counters", slot, G.you()))
            return CE(lambda ctx: ctx.state.counters[slot][0], kind,
                      code=lambda g: G.row_of("counters", slot, G.const(0)))
        if n in self.spec.variants:
            return CE(lambda ctx: n in ctx.state.variants, BOOL)
        if n == "turns":
            return CE(lambda ctx: ctx.state.turns[ctx.you], INT,
                      code=lambda g: G.subscript(G.state_attr("turns"), G.you()))
        if n == "owned":
            owned = self._owned_fn()
            return CE(lambda ctx: owned(ctx.state, ctx.you), CARDS,
                      code=lambda g: G.call(g.const(owned), G.ctx_attr("state"), G.you()))
        if n in self.spec.pools:
            return CE(lambda ctx: ctx.state.vars[n], CARDNAMES,
                      code=lambda g: G.subscript(G.state_attr("vars"), G.const(n)))
        if n == "cards":
            defs = list(self.defs_by_name.values())
            return CE(lambda ctx: defs, CARDNAMES)
        if n in self.defs_by_name:
            d = self.defs_by_name[n]
            return CE(lambda ctx: d, CARDNAME, code=lambda g: g.const(d, "card"))
        hint = did_you_mean(n, self.known_names(scope))
        raise self.error(f"unknown name '{n}'", span, hint=hint)

    def _owned_fn(self) -> Callable:
        slots = [z.slot for z in self.spec.zones.values() if z.per_player and z.owned]

        def owned(state, p: int) -> list[int]:
            out: list[int] = []
            for s in slots:
                out.extend(state.zones[s][p].cards)
            return out
        return owned

    @expr_rule
    def _(self, node: ast.Attr, scope: Scope) -> CE:
        base = self.expr(node.obj, scope)
        n = node.name
        if base.type == PLAYER:
            pf = base.fn
            if n in self.spec.zones:
                zs = self.spec.zones[n]
                if not zs.per_player:
                    raise self.error(f"'{n}' is shared, not a zone of each player", node.span, hint=f"write '{n}'")
                slot = zs.slot
                return CE(lambda ctx: ctx.state.zones[slot][pf(ctx)], ZONE,
                          code=lambda g: G.row_of("zones", slot, g.expr(base)))
            if n in self.spec.counters:
                cs = self.spec.counters[n]
                slot = cs.slot
                if not cs.per_player:
                    raise self.error(f"'{n}' is shared, not a counter of each player", node.span)
                return CE(lambda ctx: ctx.state.counters[slot][pf(ctx)], NUMBERS if cs.numbers else INT,
                          code=lambda g: G.row_of("counters", slot, g.expr(base)))
            if n == "turns":
                return CE(lambda ctx: ctx.state.turns[pf(ctx)], INT,
                          code=lambda g: G.subscript(G.state_attr("turns"), g.expr(base)))
            if n == "owned":
                owned = self._owned_fn()
                return CE(lambda ctx: owned(ctx.state, pf(ctx)), CARDS)
            if n in ("left", "right"):
                step = 1 if n == "left" else -1
                return CE(lambda ctx: neighbour_of(ctx.state, pf(ctx), step), PLAYER)
            raise self.error(f"a player has no '{n}'", node.span,
                             hint=did_you_mean(n, list(self.spec.zones) + list(self.spec.counters)))
        if base.type in (CARD, CARDS, CARDNAME, ZONE, ANY):
            if n == "name":
                d = self._def_of(base, node.span)
                return CE(lambda ctx: d(ctx).name, TEXT)
            if n == "owner":  # one call, with the cards' code inlined (`u.owner.attacking` in a verb)
                return applied(owner_of, [self.coerce_ce(base, CARDS, node.span)], PLAYER, state="ctx", lower=inline.owner)
            if n in self.spec.properties:
                return self._property(base, n, node.span)
            if n in self.spec.counters and self.spec.counters[n].per_card:
                return self._card_counter(base, n, node.span)
            raise self.error(f"cards have no property '{n}'", node.span,
                             hint=did_you_mean(n, list(self.spec.properties) + ["name", "owner"]))
        if base.type in (SLOT, SLOTS) and n in ("column", "row"):
            i = 0 if n == "column" else 1
            f = base.fn
            if base.type == SLOT:  # a slot is one of a grid zone's (runtime/board.py check_cell): within its size
                grids = [z.grid[i] for z in self.spec.zones.values() if getattr(z, "grid", None)]
                return CE(lambda ctx: f(ctx)[i], INT,
                          code=(lambda g: G.subscript(g.expr(base), G.const(i))) if base.code is not None else None,
                          bound=max(grids) if grids else None)
            return CE(lambda ctx: first_slot(f(ctx))[i], INT)
        raise self.error(f"{_article(base.type)} has no '{n}'", node.span)

    def _card_counter(self, base: CE, n: str, span: Span) -> CE:
        """`c.damage`: a per-card counter of the (first) card."""
        spec = self.spec.counters[n]
        key, start = spec.name, spec.start
        if base.type == CARD:
            f = base.fn
            return CE(lambda ctx: ctx.state.card_counters[key].get(f(ctx), start), INT,
                      code=lambda g: G.call(G.attr(_table(key), "get"), g.expr(base), G.const(start)))
        cards = self.coerce_ce(base, CARDS, span)
        read = applied(counter_of_first, [cards], INT, consts=(key, start))

        def code(g: G.Gen) -> py.expr:  # ctx.state.card_counters[KEY].get(FIRST, START), else the call
            return _of_first(g, cards, read, lambda c: G.call(G.attr(_table(key), "get"), c, G.const(start)))
        return CE(read.fn, INT, code=code)

    def _def_of(self, base: CE, span: Span) -> Callable:
        if base.type == CARDNAME:
            return base.fn
        return self.coerce(base, CARDNAME, span)

    def _property(self, base: CE, n: str, span: Span) -> CE:
        default = self.prop_default(n)
        dynamic = any(n in d.dynamic for d in self.defs_by_name.values())
        if n in self.modified and base.type != CARDNAME:  # `on modify in ZONE` abilities change it
            return modified_property(self, self.coerce_ce(base, CARDS, span), n, default)
        if base.type == CARDNAME:
            f = base.fn
            if dynamic:
                return CE(lambda ctx: prop_of_def(ctx, f(ctx), n, default, None), INT)
            return CE(lambda ctx: f(ctx).props.get(n, default), INT,
                      code=lambda g: G.call(G.attr(G.attr(g.expr(base), "props"), "get"), G.const(n),
                                            G.const(default)))
        if base.type == CARD:
            f = base.fn
            if dynamic:
                return CE(lambda ctx: prop_of_card(ctx, f(ctx), n, default), INT,
                          code=lambda g: G.call(g.const(prop_of_card), G.name(G.CTX), g.expr(base), G.const(n),
                                                G.const(default)))
            return CE(lambda ctx: ctx.state.card_def[f(ctx)].props.get(n, default), INT,
                      code=lambda g: G.call(G.attr(G.attr(G.subscript(G.state_attr("card_def"), g.expr(base)),
                                                          "props"), "get"), G.const(n), G.const(default)),
                      bound=self._printed_bound(n, default))
        cards = self.coerce_ce(base, CARDS, span)
        read = applied(prop_of_first, [cards], INT, state="ctx", consts=(n, default))
        if dynamic:
            return read

        def code(g: G.Gen) -> py.expr:  # ctx.state.card_def[FIRST].props.get(N, DEFAULT), else the call
            return _of_first(g, cards, read, lambda c: G.call(
                G.attr(G.attr(G.subscript(G.state_attr("card_def"), c), "props"), "get"), G.const(n),
                G.const(default)))
        return CE(read.fn, INT, code=code, bound=self._printed_bound(n, default))

    def _printed_bound(self, n: str, default: Any) -> int | None:
        """The largest size of property N where every card prints it as a number (or leaves it at DEFAULT) and
        nothing computes or modifies it: the bound of a read of it (CE.bound). Every card of the load is known
        here (static properties are set before any expression compiles: compile/game.py)."""
        values = [default, *(d.props[n] for d in self.defs_by_name.values() if n in d.props)]
        if n in self.modified or any(n in d.dynamic for d in self.defs_by_name.values()) \
                or not all(type(v) is int for v in values):
            return None
        return max(abs(v) for v in values)

    def prop_default(self, n: str) -> Any:
        if n not in self.prop_defaults:
            node = self.spec.properties.get(n)
            value = 0
            if isinstance(node, ast.IntLit):
                value = node.value
            elif isinstance(node, ast.StrLit):
                value = node.value
            self.prop_defaults[n] = value
        return self.prop_defaults[n]



def _of_first(g: G.Gen, cards: CE, call: CE, read: Callable[[py.expr], py.expr]) -> py.expr:
    """The code of a read of the first of CARDS: READ(E) for cards written `[E]`; else
    `READ(_f[0]) if (_f := CARDS) else FN(..., _f, ...)`, the call (CALL's function) saying there is no card."""
    x = g.expr(cards)
    if isinstance(x, py.List) and len(x.elts) == 1 and not isinstance(x.elts[0], py.Starred):
        return read(x.elts[0])
    f = g.fresh("f")
    named = g.expr(call)  # FN(ctx.state or ctx, CARDS, consts...): the same call over the local instead
    if not (isinstance(named, py.Call) and len(named.args) >= 2):
        return named
    named.args[1] = G.name(f)
    return py.IfExp(py.NamedExpr(G.store(f), x), read(G.subscript(G.name(f), G.const(0))), named)


def counter_of_first(state, cards: list[int], key: str, start: int) -> int:
    """`CARDS.COUNTER`: the per-card counter of the first card."""
    if not cards:
        raise IllegalAction(f"no card to read '{key}' from")
    return state.card_counters[key].get(cards[0], start)


def _table(key: str) -> py.Subscript:
    """`ctx.state.card_counters[KEY]`: the table of one per-card counter."""
    return G.subscript(G.state_attr("card_counters"), G.const(key))


@leaves_names  # (a computed property runs in a context of its own: prop_of_card)
def prop_of_first(ctx: Ctx, cards: list[int], n: str, default):
    """`CARDS.PROPERTY`: the property of the first card."""
    if not cards:
        raise IllegalAction(f"no card to read '{n}' from")
    return prop_of_card(ctx, cards[0], n, default)


def _literal(v, kind: str) -> CE:
    """A number, truth value or text written in the source: a constant (in generated code, ast.Constant)."""
    return CE(lambda ctx: v, kind, code=lambda g: G.const(v))


