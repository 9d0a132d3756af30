"""Compile rules for the leaves of expressions: literals, names (zones, counters, players, pools, cards) and
attributes (a player's zone or counter, a card's property or counter). Mixed into the `Compiler`.
"""
from __future__ import annotations

from typing import Any, Callable

from cardlang.compile import inline
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_ops as NO
from cardlang.compile.ir.ce import ir_ce, ir_of
from cardlang.compile.scope import Scope, expr_rule
from cardlang.errors import Span, did_you_mean
from cardlang.primitives.modify import modified_property
from cardlang.primitives.types import (applied, ANY, BOOL, CARD, CARDNAME, CARDNAMES, CARDS, CE, INT, NUMBERS, PLAYER, PLAYERS,
                                       SLOT, SLOTS, TEXT, ZONE, article as _article, leaves_names)
from cardlang.primitives.values import (first_slot, neighbour_of, others_of, owned_cards, owner_of, prop_of_card,
                                        prop_of_def)
from cardlang.runtime.state import Ctx, IllegalAction
from cardlang.syntax import ast

_MISSING = object()  # (what no CardDef.printed holds: a property it lacks)


class Expressions:
    @expr_rule
    def _(self, node: ast.IntLit, scope: Scope) -> CE:
        v = node.value
        return ir_ce(INT, N.Const(v), bound=abs(v), lowest=v)

    @expr_rule
    def _(self, node: ast.StrLit, scope: Scope) -> CE:
        v = node.value
        if v in self.defs_by_name:
            d = self.defs_by_name[v]
            return ir_ce(CARDNAME, N.Value(d, "card"))
        if "{" in v:
            return self.interpolated(v, scope, node.span)
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
            return ir_ce(t, N.Name(n), bound=scope.bounds.get(n))
        if n == "you":
            return ir_ce(PLAYER, N.You())
        if n in ("others", "players"):  # the state's tables (the pass seats-kept), or worked out by others_of
            every = n == "players"
            return ir_ce(PLAYERS, N.Seats(N.You(), every) if self.options.on("seats-kept") else
                         N.Call(others_of, (N.You(), N.Const(every))))
        if n == "current":
            return ir_ce(PLAYER, N.Current())
        if n in ("left", "right"):
            step = 1 if n == "left" else -1
            return ir_ce(PLAYER,
                         N.Call(neighbour_of, (N.You(), N.Const(step))))
        if n == "this":
            if not scope.in_card:
                raise self.error("'this' names the card whose ability runs; there is none here", span)
            return ir_ce(CARD, N.ThisCard())
        if n == "nothing":
            return ir_ce(CARDS, N.Cards(()))
        if n in self.spec.zones:
            zs = self.spec.zones[n]
            slot = zs.slot
            if zs.per_player:
                return ir_ce(ZONE, N.ZoneRef(slot, N.You()))
            return ir_ce(ZONE, N.ZoneRef(slot, N.Const(0)))
        if n in self.spec.counters:
            cs = self.spec.counters[n]
            slot = cs.slot
            if cs.per_card:
                raise self.error(f"'{n}' is a counter of each card", span, hint=f"write CARD.{n}, e.g. this.{n}")
            kind = NUMBERS if cs.numbers else INT
            return ir_ce(kind, N.CounterRef(slot, N.You() if cs.per_player else N.Const(0)),
                         *self._counter_range(cs))
        if n in self.spec.variants:
            return ir_ce(BOOL, N.Variant(n))
        if n == "turns":
            return ir_ce(INT, N.Turns(N.You()))
        if n == "owned":
            return ir_ce(CARDS, self._owned(N.You()))
        if n in self.spec.pools:
            return ir_ce(CARDNAMES, N.Pool(n))
        if n == "cards":
            defs = list(self.defs_by_name.values())
            return ir_ce(CARDNAMES, N.Value(defs, "defs"))
        if n in self.defs_by_name:
            d = self.defs_by_name[n]
            return ir_ce(CARDNAME, N.Value(d, "card"))
        hint = did_you_mean(n, self.known_names(scope))
        raise self.error(f"unknown name '{n}'", span, hint=hint)

    def _owned(self, player: N.Node) -> N.Node:
        """`P.owned`: a new list of the cards of each owned zone of seat PLAYER, in the order they are declared
        (`[*ZONE1.cards, *ZONE2.cards, ...]`, a seat read once: the emitter's `Joined` of each zone, or for a
        seat worked out by a call, owned_cards(ctx.state, P, SLOT, ...))."""
        slots = tuple(z.slot for z in self.spec.zones.values() if z.per_player and z.owned)
        if type(player) in (N.You, N.Current, N.Const, N.Name):  # (a read without effect, read again)
            return NO.Joined("cards", tuple(N.ZoneCards(N.ZoneRef(s, player)) for s in slots))
        return N.Call(owned_cards, (player,), consts=slots)

    @expr_rule
    def _(self, node: ast.Attr, scope: Scope) -> CE:
        base = self.expr(node.obj, scope)
        n = node.name
        if base.type == PLAYER:
            if n in self.spec.zones:
                zs = self.spec.zones[n]
                if not zs.per_player:
                    raise self.error(f"'{n}' is shared, not a zone of each player", node.span, hint=f"write '{n}'")
                slot = zs.slot
                return ir_ce(ZONE, N.ZoneRef(slot, ir_of(base)))
            if n in self.spec.counters:
                cs = self.spec.counters[n]
                slot = cs.slot
                if not cs.per_player:
                    raise self.error(f"'{n}' is shared, not a counter of each player", node.span)
                return ir_ce(NUMBERS if cs.numbers else INT, N.CounterRef(slot, ir_of(base)),
                             *self._counter_range(cs))
            if n == "turns":
                return ir_ce(INT, N.Turns(ir_of(base)))
            if n == "owned":
                return ir_ce(CARDS, self._owned(ir_of(base)))
            if n in ("left", "right"):
                step = 1 if n == "left" else -1
                return ir_ce(PLAYER,
                             N.Call(neighbour_of, (ir_of(base), N.Const(step))))
            raise self.error(f"a player has no '{n}'", node.span,
                             hint=did_you_mean(n, list(self.spec.zones) + list(self.spec.counters)))
        if base.type in (CARD, CARDS, CARDNAME, ZONE, ANY):
            if n == "name":
                return ir_ce(TEXT, N.NameOf(ir_of(self.coerce_ce(base, CARDNAME, node.span))))
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
            if base.type == SLOT:  # a slot is one of a grid zone's (runtime/board.py check_cell): within its size
                grids = [z.grid[i] for z in self.spec.zones.values() if getattr(z, "grid", None)]
                bound = max(grids) if grids else None
                return ir_ce(INT, N.Item(ir_of(base), i), bound=bound)
            return ir_ce(INT,
                         N.Item(N.Call(first_slot, (ir_of(base),), first=None), i))
        raise self.error(f"{_article(base.type)} has no '{n}'", node.span)

    def _card_counter(self, base: CE, n: str, span: Span) -> CE:
        """`c.damage`: a per-card counter of the (first) card."""
        spec = self.spec.counters[n]
        key, start = spec.name, spec.start
        first = N.Var("f")  # the counter of the first card, else the call saying there is none
        if base.type == CARD:  # a list of one card: the pass `one-card` reads the card itself
            return ir_ce(INT,
                         N.FirstOr(N.Cards((ir_of(base),)), first, N.CardCounter(key, N.Item(first, 0), start),
                                   N.Call(counter_of_first, (first,), consts=(key, start))))
        cards = self.coerce_ce(base, CARDS, span)
        return ir_ce(INT, N.FirstOr(ir_of(cards), first, N.CardCounter(key, N.Item(first, 0), start),
                                             N.Call(counter_of_first, (first,), consts=(key, start))))

    def _property(self, base: CE, n: str, span: Span) -> CE:
        default = self.prop_default(n)
        dynamic = self._cards_say("dynamic", n, default,
                                  lambda: any(n in d.dynamic for d in self.defs_by_name.values()))
        if n in self.modified and base.type != CARDNAME:  # `on modify in ZONE` abilities change it
            return modified_property(self, self.coerce_ce(base, CARDS, span), n, default)
        if base.type == CARDNAME:
            if dynamic:
                return ir_ce(INT,
                             N.Call(prop_of_def, (ir_of(base),), first="ctx", consts=(n, default, None)))
            return ir_ce(INT, N.DefPrinted(ir_of(base), n, default, self._in_table(n, default)), bound=self._printed_bound(n, default),
                         lowest=self._printed_lowest(n, default))
        if base.type == CARD:
            if dynamic and self.options.on("computed-inline"):
                return ir_ce(INT, N.Computed(ir_of(base), n, default, prop_of_card))
            if dynamic:
                return ir_ce(INT,
                             N.Call(prop_of_card, (ir_of(base), N.Const(n), N.Const(default)), first="ctx"))
            first = N.Var("f")  # a list of one card: the pass `one-card` reads the card itself
            return ir_ce(INT,
                         N.FirstOr(N.Cards((ir_of(base),)), first, N.Printed(N.Item(first, 0), n, default, self._in_table(n, default)),
                                   N.Call(prop_of_first, (first,), first="ctx", consts=(n, default))),
                         bound=self._printed_bound(n, default), lowest=self._printed_lowest(n, default))
        cards = self.coerce_ce(base, CARDS, span)
        if dynamic:
            return applied(prop_of_first, [cards], INT, state="ctx", consts=(n, default))
        first = N.Var("f")  # the property of the first card, else the call saying there is none
        return ir_ce(INT, N.FirstOr(ir_of(cards), first, N.Printed(N.Item(first, 0), n, default, self._in_table(n, default)),
                                             N.Call(prop_of_first, (first,), first="ctx", consts=(n, default))),
                     bound=self._printed_bound(n, default), lowest=self._printed_lowest(n, default))

    def _cards_say(self, what: str, n: str, default: Any, compute: Callable[[], Any]) -> Any:
        """COMPUTE(), an answer about property N (at DEFAULT) read off every card of the load, kept once the
        cards are settled (Compiler.cards_settled: their computed properties compiled), as every read of N
        asks it again over all the cards (a twentieth of a cached load of 60 cards)."""
        if not self.cards_settled:
            return compute()
        key = (what, n, default, type(default))
        memo = self.cards_memo
        if key not in memo:
            memo[key] = compute()
        return memo[key]

    def _in_table(self, n: str, default: Any) -> bool:
        """Does every card of the load hold N at DEFAULT in its CardDef.printed (compile/game.py), so that a
        printed read of N at DEFAULT may be `printed[N]` (Printed.in_table: a fact of the load's cards, which the
        pass `printed-table` acts on, compile/ir/printed_table.py)?"""
        return self._cards_say("table", n, default, lambda: self._every_printed(n, default))

    def _every_printed(self, n: str, default: Any) -> bool:
        for d in self.defs_by_name.values():
            got = d.printed.get(n, _MISSING)
            want = d.props.get(n, default)
            if got is _MISSING or got != want or type(got) is not type(want):
                return False
        return True

    def _counter_range(self, cs) -> tuple[int | None, int | None]:
        """(bound, lowest) of a read of the counter CS (CE.bound, CE.lowest), under the pass `counter-bounds`:
        a counter is always within its own bounds (runtime/counters.py set_counter keeps it there;
        runtime/invariants.py checks it), and one drawing on a finite bank holds at most what that bank held
        at the start when the bank is conserved (invariants.py check_bank) and no holder of its tokens can
        go below 0 or started with any (each holder's start counts once per player, a number not known here).
        So `wood + ore + wool` of three `bank 12` counters is known to stay far under the 18-digit limit."""
        if cs.numbers or not self.options.on("counter-bounds"):
            return None, None
        lo, hi = cs.minimum, cs.maximum
        bound = max(abs(lo), abs(hi)) if lo is not None and hi is not None else None
        owner = cs.name if cs.bank is not None else cs.bank_of
        if owner is not None and lo is not None and lo >= 0:
            holders = [c for c in self.spec.counters.values() if c.name == owner or c.bank_of == owner]
            bank = self.spec.counters[owner].bank
            if bank is not None and all(
                    c.minimum is not None and c.minimum >= 0 and c.start == 0 and not c.per_card for c in holders):
                bound = bank if bound is None else min(bound, bank)
        return bound, lo

    def _printed_bound(self, n: str, default: Any) -> int | None:
        """The largest size of property N where every card prints it as a number (or leaves it at DEFAULT) and
        nothing computes or modifies it: the bound of a read of it (CE.bound). Every card of the load is known
        here (static properties are set before any expression compiles: compile/game.py)."""
        values = self._printed_values(n, default)
        return None if values is None else max(abs(v) for v in values)

    def _printed_lowest(self, n: str, default: Any) -> int | None:
        """The smallest value of property N where every card prints it as a number (or leaves it at DEFAULT)
        and nothing computes or modifies it (CE.lowest)."""
        values = self._printed_values(n, default)
        return None if values is None else min(values)

    def _printed_values(self, n: str, default: Any) -> list[int] | None:
        return self._cards_say("values", n, default, lambda: self._printed_numbers(n, default))

    def _printed_numbers(self, n: str, default: Any) -> list[int] | None:
        values = [default, *(d.props[n] for d in self.defs_by_name.values() if n in d.props)]
        if n in self.modified or any(n in d.dynamic for d in self.defs_by_name.values()) \
                or not all(type(v) is int for v in values):
            return None
        return values

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



def counter_of_first(state, cards: list[int], key: str, start: int) -> int:
    """`CARDS.COUNTER`: the per-card counter of the first card."""
    if not cards:
        raise IllegalAction(f"no card to read '{key}' from")
    return state.card_counters[key].get(cards[0], start)


@leaves_names  # (a computed property runs in a context of its own: prop_of_card)
def prop_of_first(ctx: Ctx, cards: list[int], n: str, default):
    """`CARDS.PROPERTY`: the property of the first card."""
    if not cards:
        raise IllegalAction(f"no card to read '{n}' from")
    return prop_of_card(ctx, cards[0], n, default)


def _literal(v, kind: str) -> CE:
    """A number, truth value or text written in the source: a constant (in generated code, ast.Constant)."""
    return ir_ce(kind, N.Const(v))


