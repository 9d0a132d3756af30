"""AST -> closures. One compile rule per node type; every name, arity and type is checked here, before play.

Expressions compile to `CE(fn, type)` where `fn(ctx)` computes the value; statements compile to `fn(ctx)`.
Runtime `IllegalAction`s are turned into `RuleViolation`s that name the card and point at the clause.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import singledispatchmethod
from typing import Any, Callable

from cardlang.compile.spec import GameSpec
from cardlang.errors import CardCompileError, CardLangError, NestingLimit, RuleViolation, Span, did_you_mean
from cardlang.primitives import registry as R
from cardlang.primitives.registry import Bound, Registry
from cardlang.runtime import counters as C
from cardlang.runtime import zones as Z
from cardlang.runtime.decisions import CHANCE, ask
from cardlang.runtime.state import BreakLoop, Ctx, Decision, GameOver, IllegalAction
from cardlang.syntax import ast

Effect = Callable[[Ctx], None]

# Value types of compiled expressions.
INT, BOOL, TEXT, CARD, CARDS, CARDNAME, CARDNAMES = "int", "bool", "text", "card", "cards", "card name", "card names"
ZONE, PLAYER, PLAYERS, ANY = "zone", "player", "players", "any"
NUMBERS, SLOT, SLOTS = "numbers", "slot", "slots"  # dice and other lists of numbers; slots of a grid zone


class NothingChosen(IllegalAction):
    """A card name was wanted from an empty pick: a rule violation, unless it is a verb's argument."""


class _NothingToActOn(Exception):
    """A verb's card argument came from an empty pick: the call does nothing ("do what you can": a gain
    from a supply with nothing cheap enough left gains nothing, and the card goes on)."""


_ARITH = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}


@dataclass(frozen=True, slots=True)
class CE:
    """A compiled expression: how to compute it, and what type of value it gives."""

    fn: Callable[[Ctx], Any]
    type: str
    secret: str | None = None  # a zone a bot may count but not look into: why not


class Scope:
    """Names visible at a point of the source, with their types."""

    def __init__(self, names: dict[str, str] | None = None, *, in_card: bool = False, in_loop: bool = False,
                 bot: bool = False, scenario: bool = False) -> None:
        self.names = dict(names or {})
        self.in_card = in_card
        self.in_loop = in_loop
        self.bot = bot
        self.scenario = scenario

    def with_(self, **names: str) -> "Scope":
        s = Scope(self.names, in_card=self.in_card, in_loop=self.in_loop, bot=self.bot, scenario=self.scenario)
        s.names.update(names)
        return s

    def loop(self) -> "Scope":
        s = self.with_()
        s.in_loop = True
        return s


def _skip_if_nothing_chosen(fn: Callable[[Ctx], Any]) -> Callable[[Ctx], Any]:
    """A card argument taken from a pick that may be empty: empty, the call it belongs to does nothing."""
    def card_argument(ctx: Ctx):
        try:
            return fn(ctx)
        except NothingChosen:
            raise _NothingToActOn() from None
    return card_argument


class Compiler:
    """Compiles the AST of one game's cards, rules, bots and scenarios against its declarations."""

    def __init__(self, spec: GameSpec, registry: Registry, defs_by_name: dict | None = None) -> None:
        self.spec = spec
        self.registry = registry
        self.defs_by_name = defs_by_name if defs_by_name is not None else {}
        self.verb_fns: dict[str, Callable] = {}
        self.errors: list[CardLangError] = []
        self.prop_defaults: dict[str, Any] = {}
        self.event_args: dict[str, dict[str, str]] = {}  # event -> values its triggers pass, with their types
        self.modified: set[str] = set()  # properties some `on modify in ZONE` ability changes
        # event -> trigger calls that name a card (not a card in play), and calls that pass cards in play:
        # an ability only ever run by name has no `this` (compile/checks.py)
        self.trigger_sites: dict[str, dict[str, list[Span]]] = {}

    # ---- helpers -----------------------------------------------------------------------------------
    def error(self, message: str, span: Span, hint: str | None = None) -> CardCompileError:
        return CardCompileError(message, span, hint=hint)

    def known_names(self, scope: Scope) -> list[str]:
        return (list(scope.names) + list(self.spec.zones) + list(self.spec.counters) + list(self.spec.pools)
                + self.spec.card_names + ["you", "others", "players", "current", "left", "right", "owned",
                                          "turns", "cards", "this", "nothing"])

    def coerce(self, ce: CE, want: str, span: Span) -> Callable[[Ctx], Any]:
        """Return a function giving ce's value as WANT, or raise a compile error naming both types."""
        have, fn = ce.type, ce.fn
        if ce.secret is not None and want != ZONE:
            raise self.error(ce.secret, span, hint="a bot may count it: count(...)")
        if want == have or want == ANY or have == ANY:
            if want == CARDS and have == ANY:
                return lambda ctx: _as_cards(fn(ctx))
            return fn
        if want == BOOL:
            return fn
        if want == INT and have == BOOL:
            return lambda ctx: int(fn(ctx))
        if want == CARDS:
            if have == CARD:
                return lambda ctx: [fn(ctx)]
            if have == ZONE:
                return _zone_cards(fn)
        if want == CARDNAME:
            if have in (CARDS, CARD, ZONE):
                cards = self.coerce(ce, CARDS, span)

                def first_def(ctx: Ctx):
                    cs = cards(ctx)
                    if not cs:
                        raise NothingChosen("no card was chosen")
                    return ctx.state.card_def[cs[0]]
                return first_def
        if want == CARDNAMES and have == CARDNAME:
            return lambda ctx: [fn(ctx)]
        if want == CARDNAME and have == CARDNAMES:  # a choice of one card name, passed on as that name
            def first_name(ctx: Ctx):
                names = fn(ctx)
                if not names:
                    raise NothingChosen("no card was chosen")
                return names[0]
            return first_name
        if want == PLAYERS and have == PLAYER:
            return lambda ctx: [fn(ctx)]
        if want == NUMBERS and have == INT:
            return lambda ctx: (fn(ctx),)
        if want == SLOTS and have == SLOT:
            return lambda ctx: [fn(ctx)]
        if want == TEXT:
            return lambda ctx: _text(ctx, fn(ctx), have)
        raise self.error(f"expected {_article(want)}, found {_article(have)}", span)

    # ---- expressions -------------------------------------------------------------------------------
    @singledispatchmethod
    def expr(self, node, scope: Scope) -> CE:  # pragma: no cover - every node type has a rule
        raise self.error(f"cannot use {type(node).__name__} here", getattr(node, "span"))

    @expr.register
    def _(self, node: ast.IntLit, scope: Scope) -> CE:
        v = node.value
        return CE(lambda ctx: v, INT)

    @expr.register
    def _(self, node: ast.StrLit, scope: Scope) -> CE:
        v = node.value
        if v in self.defs_by_name:
            d = self.defs_by_name[v]
            return CE(lambda ctx: d, CARDNAME)
        if "{" in v:
            return CE(self._interpolate(v, scope, node.span), TEXT)
        return CE(lambda ctx: v, TEXT)

    @expr.register
    def _(self, node: ast.BoolLit, scope: Scope) -> CE:
        v = node.value
        return CE(lambda ctx: v, BOOL)

    @expr.register
    def _(self, node: ast.NameRef, scope: Scope) -> CE:
        return self.name(node.name, scope, node.span)

    def name(self, n: str, scope: Scope, span: Span) -> CE:
        if n in scope.names:
            t = scope.names[n]
            return CE(lambda ctx: ctx.vars[n], t)
        if n == "you":
            return CE(lambda ctx: ctx.you, PLAYER)
        if n == "others":
            return CE(lambda ctx: _others(ctx.state, ctx.you), PLAYERS)
        if n == "players":
            return CE(lambda ctx: _others(ctx.state, ctx.you, include_self=True), PLAYERS)
        if n == "current":
            return CE(lambda ctx: ctx.state.current, PLAYER)
        if n in ("left", "right"):
            step = 1 if n == "left" else -1
            return CE(lambda ctx: _neighbour(ctx.state, ctx.you, step), PLAYER)
        if n == "this":
            if not scope.in_card:
                raise self.error("'this' names the card whose ability runs; there is none here", span)
            return CE(lambda ctx: ctx.card, CARD)
        if n == "nothing":
            return CE(lambda ctx: [], CARDS)
        if n in self.spec.zones:
            zs = self.spec.zones[n]
            slot = zs.slot
            secret = None
            if scope.bot and zs.visibility not in ("public", "owner" if zs.per_player else "public"):
                secret = f"a bot may not look into '{n}': its player cannot see it"
            if zs.per_player:
                return CE(lambda ctx: ctx.state.zones[slot][ctx.you], ZONE, secret)
            return CE(lambda ctx: ctx.state.zones[slot][0], ZONE, secret)  # a face-down pile is secret too
        if n in self.spec.counters:
            cs = self.spec.counters[n]
            slot = cs.slot
            if cs.per_card:
                raise self.error(f"'{n}' is a counter of each card", span, hint=f"write CARD.{n}, e.g. this.{n}")
            kind = NUMBERS if cs.numbers else INT
            if cs.per_player:
                return CE(lambda ctx: ctx.state.counters[slot][ctx.you], kind)
            return CE(lambda ctx: ctx.state.counters[slot][0], kind)
        if n in self.spec.variants:
            return CE(lambda ctx: n in ctx.state.variants, BOOL)
        if n == "turns":
            return CE(lambda ctx: ctx.state.turns[ctx.you], INT)
        if n == "owned":
            owned = self._owned_fn()
            return CE(lambda ctx: owned(ctx.state, ctx.you), CARDS)
        if n in self.spec.pools:
            return CE(lambda ctx: ctx.state.vars[n], CARDNAMES)
        if n == "cards":
            defs = list(self.defs_by_name.values())
            return CE(lambda ctx: defs, CARDNAMES)
        if n in self.defs_by_name:
            d = self.defs_by_name[n]
            return CE(lambda ctx: d, CARDNAME)
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

    @expr.register
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
                secret = None
                own = isinstance(node.obj, ast.NameRef) and node.obj.name == "you"
                if scope.bot and not (zs.visibility == "public" or (zs.visibility == "owner" and own)):
                    secret = f"a bot may not look into '{_src_name(node)}': its player cannot see it"
                return CE(lambda ctx: ctx.state.zones[slot][pf(ctx)], ZONE, secret)
            if n in self.spec.counters:
                cs = self.spec.counters[n]
                slot = cs.slot
                if not cs.per_player:
                    raise self.error(f"'{n}' is shared, not a counter of each player", node.span)
                return CE(lambda ctx: ctx.state.counters[slot][pf(ctx)], NUMBERS if cs.numbers else INT)
            if n == "turns":
                return CE(lambda ctx: ctx.state.turns[pf(ctx)], INT)
            if n == "owned":
                owned = self._owned_fn()
                return CE(lambda ctx: owned(ctx.state, pf(ctx)), CARDS)
            if n in ("left", "right"):
                step = 1 if n == "left" else -1
                return CE(lambda ctx: _neighbour(ctx.state, pf(ctx), step), PLAYER)
            raise self.error(f"a player has no '{n}'", node.span,
                             hint=did_you_mean(n, list(self.spec.zones) + list(self.spec.counters)))
        if base.type in (CARD, CARDS, CARDNAME, ZONE, ANY):
            if n == "name":
                d = self._def_of(base, node.span)
                return CE(lambda ctx: d(ctx).name, TEXT)
            if n == "owner":
                cards = self.coerce(base, CARDS, node.span)
                return CE(lambda ctx: _owner(ctx, cards(ctx)), PLAYER)
            if n in self.spec.properties:
                return self._property(base, n, node.span)
            if n in self.spec.counters and self.spec.counters[n].per_card:
                return self._card_counter(base, n, node.span)
            raise self.error(f"cards have no property '{n}'", node.span,
                             hint=did_you_mean(n, list(self.spec.properties) + ["name", "owner"]))
        if base.type in (SLOT, SLOTS) and n in ("column", "row"):
            i = 0 if n == "column" else 1
            f = base.fn
            if base.type == SLOT:
                return CE(lambda ctx: f(ctx)[i], INT)
            return CE(lambda ctx: _first_slot(f(ctx))[i], INT)
        raise self.error(f"{_article(base.type)} has no '{n}'", node.span)

    def _card_counter(self, base: CE, n: str, span: Span) -> CE:
        """`c.damage`: a per-card counter of the (first) card."""
        spec = self.spec.counters[n]
        key, start = spec.name, spec.start
        if base.type == CARD:
            f = base.fn
            return CE(lambda ctx: ctx.state.card_counters.get((f(ctx), key), start), INT)
        cards = self.coerce(base, CARDS, span)

        def counter_of_first(ctx: Ctx) -> int:
            cs = cards(ctx)
            if not cs:
                raise IllegalAction(f"no card to read '{n}' from")
            return ctx.state.card_counters.get((cs[0], key), start)
        return CE(counter_of_first, INT)

    def _def_of(self, base: CE, span: Span) -> Callable:
        if base.type == CARDNAME:
            return base.fn
        return self.coerce(base, CARDNAME, span)

    def _property(self, base: CE, n: str, span: Span) -> CE:
        default = self.prop_default(n)
        dynamic = any(n in d.dynamic for d in self.defs_by_name.values())
        if n in self.modified and base.type != CARDNAME:  # `on modify in ZONE` abilities change it
            from cardlang.primitives.modify import modified_property
            return CE(modified_property(self, self.coerce(base, CARDS, span), n, default), INT)
        if base.type == CARDNAME:
            f = base.fn
            if dynamic:
                return CE(lambda ctx: _prop_of_def(ctx, f(ctx), n, default, None), INT)
            return CE(lambda ctx: f(ctx).props.get(n, default), INT)
        if base.type == CARD:
            f = base.fn
            if dynamic:
                return CE(lambda ctx: _prop_of_card(ctx, f(ctx), n, default), INT)
            return CE(lambda ctx: ctx.state.card_def[f(ctx)].props.get(n, default), INT)
        cards = self.coerce(base, CARDS, span)

        def prop_of_first(ctx: Ctx):
            cs = cards(ctx)
            if not cs:
                raise IllegalAction(f"no card to read '{n}' from")
            return _prop_of_card(ctx, cs[0], n, default)
        return CE(prop_of_first, INT)

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

    @expr.register
    def _(self, node: ast.Func, scope: Scope) -> CE:
        n, args = node.name, node.args
        prim = self.registry.get(n)
        if prim is None or prim.kind != "function":
            hint = did_you_mean(n, [p.verb for p in self.registry.all() if p.kind == "function"])
            raise self.error(f"unknown function '{n}'", node.span, hint=hint)
        if n == "sum":
            if len(args) != 2:
                raise self.error("sum takes a set of cards and an amount per card: sum(owned, card.vp)", node.span)
            src = self.expr(args[0], scope)
            inner_scope = scope.with_(card=CARD if src.type != CARDNAMES else CARDNAME)
            each = self.coerce(self.expr(args[1], inner_scope), INT, args[1].span)
            items = src.fn if src.type == CARDNAMES else self.coerce(src, CARDS, args[0].span)

            def run_sum(ctx: Ctx) -> int:
                total = 0
                saved = ctx.vars.get("card")
                for c in items(ctx):
                    ctx.vars["card"] = c
                    total += each(ctx)
                ctx.vars["card"] = saved
                return total
            return CE(run_sum, INT)
        least = sum(1 for p in prim.params if p.required)
        if not least <= len(args) <= len(prim.params):
            want = str(len(prim.params)) if least == len(prim.params) else f"{least} to {len(prim.params)}"
            raise self.error(f"{n}() takes {want} argument(s), got {len(args)}", node.span,
                             hint=f"use {prim.example}" if prim.example else None)
        ces = [self._func_arg(p, a, scope) for p, a in zip(prim.params, args)]
        return prim.build(self, ces, [a.span for a in args])

    def _func_arg(self, param: R.Param, a: ast.Expr, scope: Scope) -> CE:
        """A function argument: compiled, or for a `name` parameter the plain word itself (`bank(coins)`)."""
        if param.type != R.NAME:
            return self.expr(a, scope)
        if not isinstance(a, ast.NameRef):
            raise self.error(f"'{param.name}' must be a plain word", a.span)
        word = a.name
        return CE(lambda ctx: word, R.NAME)

    @expr.register
    def _(self, node: ast.ListLit, scope: Scope) -> CE:
        ces = [self.expr(i, scope) for i in node.items]
        if all(c.type == CARDNAME for c in ces):
            fns = [c.fn for c in ces]
            return CE(lambda ctx: [f(ctx) for f in fns], CARDNAMES)
        if all(c.type in (PLAYER,) for c in ces):
            fns = [c.fn for c in ces]
            return CE(lambda ctx: [f(ctx) for f in fns], PLAYERS)
        if ces and all(c.type in (INT, NUMBERS) for c in ces):  # `[1, 2, 3]`: numbers
            fns = [self.coerce(c, NUMBERS, i.span) for c, i in zip(ces, node.items)]
            return CE(lambda ctx: tuple(x for f in fns for x in f(ctx)), NUMBERS)
        fns = [self.coerce(c, CARDS, i.span) for c, i in zip(ces, node.items)]
        return CE(lambda ctx: [x for f in fns for x in f(ctx)], CARDS)

    @expr.register
    def _(self, node: ast.TopOf, scope: Scope) -> CE:
        count = self.coerce(self.expr(node.count, scope), INT, node.count.span)
        zce = self.expr(node.zone, scope)
        if zce.secret is not None:
            raise self.error(zce.secret, node.zone.span, hint="a bot may count it: count(...)")
        if zce.type != ZONE:
            cards = self.coerce(zce, CARDS, node.zone.span)  # a set of cards: its last ones are on top
            if node.end == "top":
                return CE(lambda ctx: cards(ctx)[: -count(ctx) - 1: -1] if count(ctx) > 0 else [], CARDS)
            return CE(lambda ctx: cards(ctx)[: count(ctx)], CARDS)
        zone = zce.fn
        if node.end == "top":
            return CE(lambda ctx: Z.top(ctx.state, zone(ctx), count(ctx)), CARDS)
        return CE(lambda ctx: Z.bottom(ctx.state, zone(ctx), count(ctx)), CARDS)

    @expr.register
    def _(self, node: ast.Where, scope: Scope) -> CE:
        src = self.expr(node.source, scope)
        var = "card"
        if src.type == CARDNAMES:
            cond = self.expr(node.cond, scope.with_(card=CARDNAME)).fn
            items = src.fn
            kind = CARDNAMES
        elif src.type in (PLAYERS, PLAYER):  # `others where player.morale > 1`: each one is `player`
            items = self.coerce(src, PLAYERS, node.source.span)
            cond = self.expr(node.cond, scope.with_(player=PLAYER)).fn
            kind, var = PLAYERS, "player"
        elif src.type in (NUMBERS, SLOTS):  # `dice where number == 6`, `open_slots(board) where slot.row == 1`
            var = "number" if src.type == NUMBERS else "slot"
            items = src.fn
            cond = self.expr(node.cond, scope.with_(**{var: INT if src.type == NUMBERS else SLOT})).fn
            kind = src.type
        else:
            items = self.coerce(src, CARDS, node.source.span)
            cond = self.expr(node.cond, scope.with_(card=CARD)).fn
            kind = CARDS

        def run_where(ctx: Ctx) -> list:
            vars_ = ctx.vars
            saved = vars_.get(var)
            out = []
            for c in items(ctx):
                vars_[var] = c
                if cond(ctx):
                    out.append(c)
            vars_[var] = saved
            return out
        return CE(run_where, kind)

    @expr.register
    def _(self, node: ast.BinOp, scope: Scope) -> CE:
        a = self.coerce(self.expr(node.left, scope), INT, node.left.span)
        b = self.coerce(self.expr(node.right, scope), INT, node.right.span)
        op = node.op
        if op in _ARITH:
            f = _ARITH[op]
            return CE(lambda ctx: f(a(ctx), b(ctx)), INT)
        if op == "/":
            return CE(lambda ctx: _div(a(ctx), b(ctx)), INT)
        return CE(lambda ctx: _mod(a(ctx), b(ctx)), INT)

    @expr.register
    def _(self, node: ast.Compare, scope: Scope) -> CE:
        left, right = self.expr(node.left, scope), self.expr(node.right, scope)
        op = node.op
        cardish = {CARD, CARDS, CARDNAME, CARDNAMES, ZONE}
        if left.type in cardish and right.type in cardish and op in ("==", "!="):
            lf = _names_fn(self, left, node.left.span)
            rf = _names_fn(self, right, node.right.span)
            eq = op == "=="
            return CE(lambda ctx: (sorted(lf(ctx)) == sorted(rf(ctx))) == eq, BOOL)
        if left.type in (PLAYER, TEXT) or right.type in (PLAYER, TEXT):
            if op not in ("==", "!="):
                raise self.error(f"cannot order {_article(left.type)}", node.span)
            lf, rf = left.fn, right.fn
            eq = op == "=="
            return CE(lambda ctx: (lf(ctx) == rf(ctx)) == eq, BOOL)
        lf = self.coerce(left, INT, node.left.span)
        rf = self.coerce(right, INT, node.right.span)
        fn = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
              "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}[op]
        if op == "<=":
            return CE(lambda ctx: lf(ctx) <= rf(ctx), BOOL)
        if op == ">=":
            return CE(lambda ctx: lf(ctx) >= rf(ctx), BOOL)
        return CE(lambda ctx: fn(lf(ctx), rf(ctx)), BOOL)

    @expr.register
    def _(self, node: ast.Is, scope: Scope) -> CE:
        base = self.expr(node.value, scope)
        t = node.type_name
        neg = node.negated
        if t in self.spec.types or t in self.spec.tags:
            def test(d) -> bool:
                return t in d.types
        elif t in self.defs_by_name:
            def test(d) -> bool:
                return d.name == t
        else:
            hint = did_you_mean(t, self.spec.types + self.spec.tags + self.spec.card_names)
            raise self.error(f"'{t}' is not a card type or card of this game", node.span, hint=hint)
        if base.type == CARD:
            f = base.fn
            return CE(lambda ctx: test(ctx.state.card_def[f(ctx)]) != neg, BOOL)
        if base.type == CARDNAME:
            f = base.fn
            return CE(lambda ctx: test(f(ctx)) != neg, BOOL)
        cards = self.coerce(base, CARDS, node.value.span)

        def run_is(ctx: Ctx) -> bool:
            cs = cards(ctx)
            defs = ctx.state.card_def
            return (bool(cs) and all(test(defs[c]) for c in cs)) != neg
        return CE(run_is, BOOL)

    @expr.register
    def _(self, node: ast.In, scope: Scope) -> CE:
        item = self.expr(node.item, scope)
        if item.type in (CARD, CARDS):
            # `this in inplay`: those of the cards that are (still) in the zone
            cards = self.coerce(item, CARDS, node.item.span)
            zce = self.expr(node.container, scope)
            if zce.type != ZONE:
                raise self.error("'CARD in ZONE' needs a zone on the right", node.container.span)
            zf = zce.fn
            return CE(lambda ctx: [c for c in cards(ctx) if ctx.state.loc[c] is zf(ctx)], CARDS)
        if item.type != CARDNAME:
            raise self.error(f"'X in ZONE' needs a card name on the left, found {_article(item.type)}",
                             node.item.span)
        cont = self.expr(node.container, scope)
        if cont.secret is not None:
            raise self.error(cont.secret, node.container.span, hint="a bot may count it: count(...)")
        name_fn = item.fn
        if cont.type == ZONE:
            zf = cont.fn

            def run_in_zone(ctx: Ctx) -> list[int]:
                zone = zf(ctx)
                d = name_fn(ctx)
                if zone.spec.piles:
                    key = (zone.spec.slot, d.name)
                    pile = ctx.state.piles.get(key)
                    return list(pile.cards) if pile is not None else []
                defs = ctx.state.card_def
                return [c for c in zone.cards if defs[c] is d]
            return CE(run_in_zone, CARDS)
        cards = self.coerce(cont, CARDS, node.container.span)
        return CE(lambda ctx: [c for c in cards(ctx) if ctx.state.card_def[c] is name_fn(ctx)], CARDS)

    @expr.register
    def _(self, node: ast.And, scope: Scope) -> CE:
        a, b = self.expr(node.left, scope).fn, self.expr(node.right, scope).fn
        return CE(lambda ctx: bool(a(ctx)) and bool(b(ctx)), BOOL)

    @expr.register
    def _(self, node: ast.Or, scope: Scope) -> CE:
        a, b = self.expr(node.left, scope).fn, self.expr(node.right, scope).fn
        return CE(lambda ctx: bool(a(ctx)) or bool(b(ctx)), BOOL)

    @expr.register
    def _(self, node: ast.Not, scope: Scope) -> CE:
        a = self.expr(node.value, scope).fn
        return CE(lambda ctx: not a(ctx), BOOL)

    @expr.register
    def _(self, node: ast.Neg, scope: Scope) -> CE:
        a = self.coerce(self.expr(node.value, scope), INT, node.value.span)
        return CE(lambda ctx: -a(ctx), INT)

    @expr.register
    def _(self, node: ast.Choose, scope: Scope) -> CE:
        src = self.expr(node.source, scope)
        by, tag, prompt = self._opts(node.opts, scope, node.span, default_tag="choose")
        private = node.opts.private
        q = node.quantity
        count = self.coerce(self.expr(q.count, scope), INT, q.count.span) if q.count is not None else None
        kind = q.kind
        if src.type in (PLAYERS, PLAYER):
            players = self.coerce(src, PLAYERS, node.source.span)

            def run_choose_player(ctx: Ctx) -> int:
                options = players(ctx)
                if not options:
                    raise IllegalAction("there is no player to choose")
                d = Decision(by(ctx), tag, prompt(ctx), "players", options, 1, 1, [f"p{p + 1}" for p in options],
                                private=private)
                return options[ask(ctx.state, d)[0]]
            return CE(run_choose_player, PLAYER)
        if src.type == CARDNAMES:
            names_fn = src.fn

            def run_choose_name(ctx: Ctx) -> list:
                options = names_fn(ctx)
                lo, hi = _bounds(kind, count(ctx) if count else None, len(options))
                d = Decision(by(ctx), tag, prompt(ctx), "cards", options, lo, hi, [o.name for o in options],
                                private=private)
                return [options[i] for i in ask(ctx.state, d)]
            return CE(run_choose_name, CARDNAMES)
        if src.type in (NUMBERS, SLOTS):  # a die to reroll; a slot of a grid to put a card in
            values_fn, vkind = src.fn, src.type

            def run_choose_value(ctx: Ctx) -> list:
                options = list(values_fn(ctx))
                lo, hi = _bounds(kind, count(ctx) if count else None, len(options))
                labels = [str(o) if vkind == NUMBERS else _slot_label(o) for o in options]
                d = Decision(by(ctx), tag, prompt(ctx), vkind, options, lo, hi, labels, private=private)
                picked = [options[i] for i in ask(ctx.state, d)]
                return tuple(picked) if vkind == NUMBERS else picked
            return CE(run_choose_value, src.type)
        cards = self.coerce(src, CARDS, node.source.span)

        def run_choose(ctx: Ctx) -> list[int]:
            options = cards(ctx)
            lo, hi = _bounds(kind, count(ctx) if count else None, len(options))
            defs = ctx.state.card_def
            d = Decision(by(ctx), tag, prompt(ctx), "cards", options, lo, hi, [defs[c].name for c in options],
                            private=private)
            return [options[i] for i in ask(ctx.state, d)]
        return CE(run_choose, CARDS)

    def _opts(self, opts: ast.ChooseOpts, scope: Scope, span: Span, default_tag: str):
        if _is_chance(opts.by, scope, self.spec):
            by = _by_chance  # `by chance`: the game's RNG picks (a scenario scripts it like any answer)
        else:
            by = (self.coerce(self.expr(opts.by, scope), PLAYER, opts.by.span) if opts.by is not None
                  else (lambda ctx: ctx.you))
        tag = opts.tag or default_tag
        if opts.prompt is None:
            text = tag.replace("_", " ")
            prompt = lambda ctx: text  # noqa: E731
        elif "{" in opts.prompt:
            prompt = self._interpolate(opts.prompt, scope, span)
        else:
            p = opts.prompt
            prompt = lambda ctx: p  # noqa: E731
        return by, tag, prompt

    def _interpolate(self, text: str, scope: Scope, span: Span) -> Callable[[Ctx], str]:
        """`"Set aside {c}?"`: names in braces are looked up when the text is shown."""
        import re
        parts: list[Any] = []
        pos = 0
        for m in re.finditer(r"\{([A-Za-z_][A-Za-z0-9_]*)\}", text):
            parts.append(text[pos:m.start()])
            ce = self.name(m.group(1), scope, span)
            parts.append((ce.fn, ce.type))
            pos = m.end()
        parts.append(text[pos:])

        def run_text(ctx: Ctx) -> str:
            return "".join(p if isinstance(p, str) else _text(ctx, p[0](ctx), p[1]) for p in parts)
        return run_text

    # ---- statements --------------------------------------------------------------------------------
    def block(self, node: ast.Block, scope: Scope) -> Effect:
        """Compile a block; compile errors are collected so that one run reports all of them.

        A runtime `IllegalAction` from any statement becomes a `RuleViolation` at that statement (calls
        wrap their own, more precisely); the index costs one addition per statement, not a frame.
        """
        fns: list[Effect] = []
        spans: list[Span] = []
        scope = scope.with_()
        for st in node.stmts:
            try:
                fns.append(self.stmt(st, scope))
                spans.append(st.span)
            except CardCompileError as e:
                self.errors.append(e)
                if isinstance(st, ast.Let):
                    scope.names.setdefault(st.name, ANY)  # one error, not one per later use
        if not fns:
            return _noop
        tup = tuple(fns)
        sp = tuple(spans)
        if len(fns) == 1:
            f1 = fns[0]

            def run_one(ctx: Ctx) -> None:
                try:
                    f1(ctx)
                except IllegalAction as e:
                    raise RuleViolation(f"{ctx.source or 'rules'}: {e}", sp[0]) from None
            return run_one

        def run_block(ctx: Ctx) -> None:
            i = 0
            try:
                for f in tup:
                    f(ctx)
                    i += 1
            except IllegalAction as e:
                raise RuleViolation(f"{ctx.source or 'rules'}: {e}", sp[i]) from None
        return run_block

    @singledispatchmethod
    def stmt(self, node, scope: Scope) -> Effect:  # pragma: no cover
        raise self.error(f"cannot use {type(node).__name__} here", getattr(node, "span"))

    @stmt.register
    def _(self, node: ast.Let, scope: Scope) -> Effect:
        ce = self.expr(node.value, scope)
        scope.names[node.name] = ce.type
        f, n = ce.fn, node.name

        def run_let(ctx: Ctx) -> None:
            ctx.vars[n] = f(ctx)
        return run_let

    @stmt.register
    def _(self, node: ast.Assign, scope: Scope) -> Effect:
        target, op = node.target, node.op
        special = self.spec.counters.get(target[-1])
        if special is not None and (special.per_card or special.numbers) and not (
                len(target) == 1 and target[0] in scope.names):
            from cardlang.primitives.counting import compile_assign  # `c.damage += 2;`, `dice -= picked;`
            return compile_assign(self, node, scope, special)
        value = self.coerce(self.expr(node.value, scope), INT, node.value.span) if op != "=" or \
            target[-1] in self.spec.counters else self.expr(node.value, scope).fn
        if len(target) == 1 and target[0] in scope.names:
            n = target[0]
            if op == "=":
                return _set_var(n, value)
            sign = 1 if op == "+=" else -1

            def run_add_var(ctx: Ctx) -> None:
                ctx.vars[n] = ctx.vars[n] + sign * value(ctx)
            return run_add_var
        cname = target[-1]
        cs = self.spec.counters.get(cname)
        if cs is None:
            hint = did_you_mean(cname, list(self.spec.counters) + list(scope.names))
            raise self.error(f"'{cname}' is not a counter or a variable", node.span,
                             hint=hint or "declare variables with `let NAME = ...;`")
        slot = cs.slot
        if len(target) == 2:
            pf = self.name(target[0], scope, node.span)
            if pf.type != PLAYER:
                raise self.error(f"'{target[0]}' is not a player", node.span)
            who = pf.fn
        else:
            who = (lambda ctx: ctx.you) if cs.per_player else (lambda ctx: None)
        span = node.span
        if op == "=":
            def run_set(ctx: Ctx) -> None:
                _guard(ctx, span, C.set_counter, ctx.state, slot, who(ctx), value(ctx), clamp=True)
            return run_set
        if op == "+=":
            def run_add(ctx: Ctx) -> None:
                p = who(ctx)
                state = ctx.state
                _guard(ctx, span, C.set_counter, state, slot, p, state.counter_value(slot, p) + value(ctx),
                       clamp=True)
            return run_add

        def run_sub(ctx: Ctx) -> None:
            p = who(ctx)
            state = ctx.state
            _guard(ctx, span, C.set_counter, state, slot, p, state.counter_value(slot, p) - value(ctx))
        return run_sub

    @stmt.register
    def _(self, node: ast.If, scope: Scope) -> Effect:
        cond = self.expr(node.cond, scope).fn
        then = self.block(node.then, scope)
        if node.else_ is None:
            def run_if(ctx: Ctx) -> None:
                if cond(ctx):
                    then(ctx)
            return run_if
        other = self.block(node.else_, scope) if isinstance(node.else_, ast.Block) else self.stmt(node.else_, scope)

        def run_if_else(ctx: Ctx) -> None:
            if cond(ctx):
                then(ctx)
            else:
                other(ctx)
        return run_if_else

    @stmt.register
    def _(self, node: ast.Repeat, scope: Scope) -> Effect:
        count = self.coerce(self.expr(node.count, scope), INT, node.count.span)
        body = self.block(node.body, scope.loop())
        span = node.span

        def run_repeat(ctx: Ctx) -> None:
            try:
                for _ in range(count(ctx)):
                    _step(ctx, span)
                    body(ctx)
            except BreakLoop:
                pass
        return run_repeat

    @stmt.register
    def _(self, node: ast.While, scope: Scope) -> Effect:
        cond = self.expr(node.cond, scope).fn
        body = self.block(node.body, scope.loop())
        span = node.span

        def run_while(ctx: Ctx) -> None:
            try:
                while cond(ctx):
                    _step(ctx, span)
                    body(ctx)
            except BreakLoop:
                pass
        return run_while

    def _iterable(self, node: ast.Expr, scope: Scope) -> tuple[Callable, str]:
        ce = self.expr(node, scope)
        if ce.type in (PLAYERS, CARDNAMES):
            return ce.fn, (PLAYER if ce.type == PLAYERS else CARDNAME)
        if ce.type == PLAYER:
            return self.coerce(ce, PLAYERS, node.span), PLAYER
        if ce.type in (NUMBERS, SLOTS):
            f = ce.fn
            return (lambda ctx: list(f(ctx))), (INT if ce.type == NUMBERS else SLOT)
        cards = self.coerce(ce, CARDS, node.span)
        return (lambda ctx: list(cards(ctx))), CARD

    @stmt.register
    def _(self, node: ast.For, scope: Scope) -> Effect:
        items, elem = self._iterable(node.iterable, scope)
        body = self.block(node.body, scope.loop().with_(**{node.var: elem}))
        var, span = node.var, node.span

        def run_for(ctx: Ctx) -> None:
            try:
                for x in items(ctx):
                    _step(ctx, span)
                    ctx.vars[var] = x
                    body(ctx)
            except BreakLoop:
                pass
        return run_for

    @stmt.register
    def _(self, node: ast.Attack, scope: Scope) -> Effect:
        items, elem = self._iterable(node.iterable, scope)
        if elem != PLAYER:
            raise self.error("attack needs players to attack", node.iterable.span, hint="attack p in others { ... }")
        body = self.block(node.body, scope.with_(**{node.var: PLAYER}))
        var, span = node.var, node.span
        fire = self.fire_watchers

        def run_attack(ctx: Ctx) -> None:
            state = ctx.state
            for target in items(ctx):
                _step(ctx, span)
                saved = state.immune
                state.immune = False
                fire(ctx, "attack", target, {"attacker": ctx.you})
                hit = not state.immune
                state.immune = saved
                if hit:
                    ctx.vars[var] = target
                    body(ctx)
        return run_attack

    @stmt.register
    def _(self, node: ast.Phase, scope: Scope) -> Effect:
        body = self.block(node.body, scope)
        name = node.name

        def run_phase(ctx: Ctx) -> None:
            state = ctx.state
            state.phase = name
            if state.log is not None or state.listeners:
                state.emit(("Phase", state.current, name))
            body(ctx)
        self.phases[name] = run_phase
        return run_phase

    @stmt.register
    def _(self, node: ast.ChooseOption, scope: Scope) -> Effect:
        by, tag, prompt = self._opts(node.opts, scope, node.span, default_tag="choose")
        private = node.opts.private
        labels = [o.label for o in node.options]
        conds = [self.expr(o.cond, scope).fn if o.cond is not None else None for o in node.options]
        bodies = [self.block(o.body, scope) for o in node.options]

        def run_choose_option(ctx: Ctx) -> None:
            legal = [i for i, c in enumerate(conds) if c is None or c(ctx)]
            if not legal:
                return
            d = Decision(by(ctx), tag, prompt(ctx), "options", legal, 1, 1, [labels[i] for i in legal],
                            private=private)
            bodies[legal[ask(ctx.state, d)[0]]](ctx)
        return run_choose_option

    @stmt.register
    def _(self, node: ast.May, scope: Scope) -> Effect:
        by, tag, prompt = self._opts(node.opts, scope, node.span, default_tag="may")
        private = node.opts.private
        if node.prompt is not None:
            prompt = self._interpolate(node.prompt, scope, node.span)
        body = self.block(node.body, scope)
        other = self.block(node.else_, scope) if node.else_ is not None else _noop

        def run_may(ctx: Ctx) -> None:
            d = Decision(by(ctx), tag, prompt(ctx), "yesno", ["yes"], 0, 1, ["yes"], private=private)
            if ask(ctx.state, d):
                body(ctx)
            else:
                other(ctx)
        return run_may

    @stmt.register
    def _(self, node: ast.Simultaneous, scope: Scope) -> Effect:
        return self.registry.get("simultaneous").build(self, node, scope)

    @stmt.register
    def _(self, node: ast.Break, scope: Scope) -> Effect:
        if not scope.in_loop:
            raise self.error("'break' outside a loop", node.span)

        def run_break(ctx: Ctx) -> None:
            raise BreakLoop()
        return run_break

    @stmt.register
    def _(self, node: ast.Call, scope: Scope) -> Effect:
        as_player = None
        kwargs = list(node.kwargs)
        for kw in kwargs:
            if kw.key == "for":
                as_player = self.coerce(self.expr(kw.value, scope), PLAYER, kw.value.span)
                kwargs.remove(kw)
                break
        if node.verb in self.spec.verbs:
            if node.cases:
                raise self.error(f"'{node.verb}' is a verb of this game; only core verbs with outcomes take "
                                 "outcome blocks", node.cases[0].span, hint="end the call with ';'")
            run = self._call_user_verb(node, kwargs, scope)
        else:
            prim = self.registry.get(node.verb)
            if prim is None or prim.kind == "function":
                if prim is not None:
                    raise self.error(f"'{node.verb}' is a function; use it inside an expression", node.span)
                names = [p.verb for p in self.registry.all() if p.kind == "verb"] + list(self.spec.verbs)
                raise self.error(f"unknown verb '{node.verb}'", node.span, hint=did_you_mean(node.verb, names))
            if prim.verb in SCENARIO_ONLY and not scope.scenario:
                raise self.error(f"'{prim.verb}' is for scenario files only", node.span)
            if node.verb == "trigger" and (len(kwargs) > 0 or len(node.args) == 2) and \
                    self._trigger_special(node, kwargs, scope):
                run = self._trigger(node, kwargs, scope)
            else:
                if node.verb == "trigger" and node.args and isinstance(node.args[0], ast.NameRef):
                    self.trigger_sites.setdefault(node.args[0].name, {}).setdefault("cards", []).append(node.span)
                bound = self.bind(prim.params, node, kwargs, scope)
                bound.cases = self._cases(prim, node, scope)
                run = prim.build(bound, self)
        span = node.span
        inner = run

        def run_call(ctx: Ctx) -> None:
            try:
                inner(ctx)
            except _NothingToActOn:
                return
            except IllegalAction as e:
                raise RuleViolation(f"{ctx.source or 'rules'}: {e}", span) from None
        if as_player is None:
            return run_call

        def run_call_as(ctx: Ctx) -> None:
            sub = Ctx(ctx.state, as_player(ctx), ctx.card, ctx.vars, ctx.source)
            run_call(sub)
        return run_call_as

    def _trigger_special(self, node: ast.Call, kwargs: list[ast.Kwarg], scope: Scope) -> bool:
        """Does this `trigger` pass named values, or name a card definition rather than cards in play?"""
        if any(kw.key not in ("event", "what") for kw in kwargs):
            return True
        return len(node.args) == 2 and self.expr(node.args[1], scope).type == CARDNAME

    def _trigger(self, node: ast.Call, kwargs: list[ast.Kwarg], scope: Scope) -> Effect:
        """`trigger EVENT WHAT NAME=VALUE...`: run each card's `on EVENT` with NAME bound to VALUE in it.
        WHAT may be a card name: that definition's ability runs with no card in play (`this` is nothing)."""
        if len(node.args) != 2 or not isinstance(node.args[0], ast.NameRef):
            raise self.error("trigger takes an event and the cards: trigger use c target=t;", node.span)
        event = node.args[0].name
        what = self.expr(node.args[1], scope)
        known = self.event_args.setdefault(event, {})
        values: list[tuple[str, Callable]] = []
        for kw in kwargs:
            if kw.key in ("event", "what"):
                raise self.error(f"'{kw.key}' is given twice", kw.span)
            ce = self.expr(kw.value, scope)
            t = CARDS if ce.type == CARD else ce.type
            if known.get(kw.key, t) != t:
                raise self.error(f"'{kw.key}' is passed to '{event}' as {_article(t)} here and as "
                                 f"{_article(known[kw.key])} elsewhere", kw.span)
            known[kw.key] = t
            values.append((kw.key, ce.fn if ce.type != CARD else (lambda f: lambda ctx: [f(ctx)])(ce.fn)))
        pairs = tuple(values)
        run_ability = self.run_ability
        self.trigger_sites.setdefault(event, {}).setdefault("name" if what.type == CARDNAME else "cards",
                                                            []).append(node.span)
        if what.type == CARDNAME:
            dfn = what.fn

            def run_trigger_definition(ctx: Ctx) -> None:
                run_ability(ctx, None, event, {k: f(ctx) for k, f in pairs}, dfn(ctx))
            return run_trigger_definition
        cards = self.coerce(what, CARDS, node.args[1].span)

        def run_trigger_with(ctx: Ctx) -> None:
            vals = {k: f(ctx) for k, f in pairs}
            for cid in list(cards(ctx)):
                run_ability(ctx, cid, event, vals)
        return run_trigger_with

    def _cases(self, prim: R.Primitive, node: ast.Call, scope: Scope) -> dict[str, Effect]:
        """Compile a call's outcome blocks (`honest { ... }`), with the names the verb binds for them."""
        if not node.cases:
            return {}
        if not prim.cases:
            raise self.error(f"'{node.verb}' has no outcomes to write blocks for", node.cases[0].span,
                             hint="end the call with ';'")
        inner = scope.with_(**{n: _param_type(t) for n, t in prim.binds})
        out: dict[str, Effect] = {}
        for case in node.cases:
            if case.name not in prim.cases:
                raise self.error(f"'{node.verb}' has no outcome '{case.name}'", case.span,
                                 hint=did_you_mean(case.name, prim.cases) or f"outcomes: {', '.join(prim.cases)}")
            out[case.name] = self.block(case.body, inner)
        return out

    def bind(self, params: tuple[R.Param, ...], node: ast.Call, kwargs: list[ast.Kwarg], scope: Scope) -> Bound:
        """Bind a call's arguments to parameters: positional in order, then by name or preposition."""
        b = Bound()
        given: dict[str, ast.Expr] = {}
        positional = [p for p in params]
        if len(node.args) > len(params):
            raise self.error(f"'{node.verb}' takes at most {len(params)} argument(s), got {len(node.args)}",
                             node.args[len(params)].span, hint=self._usage(node.verb))
        for p, a in zip(positional, node.args):
            given[p.name] = a
        for kw in kwargs:
            match = [p for p in params if p.accepts(kw.key)]
            if not match:
                raise self.error(f"'{node.verb}' has no '{kw.key}' argument", kw.span, hint=self._usage(node.verb))
            p = match[0]
            if p.name in given:
                raise self.error(f"'{p.name}' is given twice", kw.span)
            given[p.name] = kw.value
        for p in params:
            if p.name not in given:
                if p.required:
                    raise self.error(f"'{node.verb}' needs its '{p.name}' argument ({p.type})", node.span,
                                     hint=self._usage(node.verb))
                b.consts[p.name] = p.default
                b.values[p.name] = None
                continue
            a = given[p.name]
            if p.type == R.NAME:
                if not isinstance(a, ast.NameRef):
                    raise self.error(f"'{p.name}' must be a plain word", a.span)
                b.consts[p.name] = a.name
                b.values[p.name] = a.name
                continue
            ce = self.expr(a, scope)
            b.values[p.name] = self.coerce(ce, _param_type(p.type), a.span)
            if _param_type(p.type) == CARDNAME and ce.type in (CARDS, ZONE, CARDNAMES):
                b.values[p.name] = _skip_if_nothing_chosen(b.values[p.name])
            if isinstance(a, ast.IntLit):
                b.consts[p.name] = a.value
        return b

    def _usage(self, verb: str) -> str | None:
        prim = self.registry.get(verb)
        if prim is not None and prim.example:
            return f"for example: {prim.example}"
        if verb in self.spec.verbs:
            v = self.spec.verbs[verb]
            return "usage: " + verb + " " + " ".join(p.name if p.default is None else f"[{p.name}=...]"
                                                     for p in v.params)
        return None

    def _call_user_verb(self, node: ast.Call, kwargs: list[ast.Kwarg], scope: Scope) -> Effect:
        decl = self.spec.verbs[node.verb]
        # A zone parameter may also be given with `to`/`into`, as with the core verbs: `gain X to hand`.
        params = tuple(R.Param(p.name, _user_type(p.type), p.default, p.default is None,
                               aliases=(p.name,) + (("to", "into") if p.type == "zone" else ()))
                       for p in decl.params)
        b = self.bind(params, node, kwargs, scope)
        defaults: dict[str, Callable] = {}
        for p in decl.params:
            if b.values[p.name] is None and p.default is not None:
                ce = self.expr(p.default, Scope())
                defaults[p.name] = self.coerce(ce, _user_type(p.type), p.default.span)
        values = {k: (v if v is not None else defaults[k]) for k, v in b.values.items()}
        items = tuple(values.items())
        verb_fns = self.verb_fns
        name = node.verb
        verb_span, call_span = decl.span, node.span

        def run_user_verb(ctx: Ctx) -> None:
            state = ctx.state
            # Verbs calling each other share the abilities' nesting limit, so a cycle stops with the
            # verbs' names and lines instead of exhausting Python's stack.
            if state.depth > _MAX_DEPTH:
                raise NestingLimit(_MAX_DEPTH, name, verb_span, call_span)
            sub = Ctx(state, ctx.you, ctx.card, {k: f(ctx) for k, f in items}, ctx.source)
            state.depth += 1
            try:
                verb_fns[name](sub)
            except NestingLimit as e:
                e.called_from(name, verb_span, call_span)
                raise
            finally:
                state.depth -= 1
        return run_user_verb

    def compile_verbs(self) -> None:
        """Compile the bodies of the game's own verbs (after all signatures are known: verbs may recurse)."""
        for name, decl in self.spec.verbs.items():
            names = {p.name: _user_type(p.type) for p in decl.params}
            self.verb_fns[name] = self.block(decl.body, Scope(names, in_card=True))

    # ---- abilities and events ----------------------------------------------------------------------
    phases: dict[str, Effect]

    def run_ability(self, ctx: Ctx, cid: int | None, event: str, values: dict | None = None,
                    definition=None) -> None:
        """Run the `on EVENT` ability of card CID (or of a card DEFINITION, with no card in play), with
        VALUES bound as names in it."""
        state = ctx.state
        d = definition if definition is not None else state.card_def[cid]
        eff = d.triggers.get(event)
        if eff is None:
            return
        state.steps += 1
        if state.steps > state.step_budget or state.depth > _MAX_DEPTH:
            raise RuleViolation(f"'{d.name}' ran past the step budget ({state.step_budget} steps, "
                                f"{_MAX_DEPTH} abilities inside each other); does it loop forever?",
                                d.meta.get("span"))
        if state.log is not None or state.listeners:  # abilities resolved, for logs and per-card statistics
            state.emit(("Triggered", ctx.you, cid, d.name, event))
        state.depth += 1
        try:
            eff(Ctx(state, ctx.you, cid, dict(values) if values else {}, d.name))
        finally:
            state.depth -= 1

    def fire_watchers(self, ctx: Ctx, event: str, player: int, extra: dict) -> None:
        """Run `on EVENT in ZONE` abilities of the cards sitting in that zone of PLAYER."""
        state = ctx.state
        for zone_name, defs in self.watch_index.get(event, ()):
            zone = state.zones[state.zone_slot[zone_name]][player]
            for cid in list(zone.cards):
                d = state.card_def[cid]
                if d.index in defs and state.loc[cid] is zone:
                    if state.log is not None or state.listeners:
                        state.emit(("Triggered", player, cid, d.name, event))
                    d.watchers[event][1](Ctx(state, player, cid, dict(extra), d.name))

    watch_index: dict[str, list[tuple[str, set[int]]]]


_MAX_DEPTH = 150  # abilities resolving inside each other; well below Python's own recursion limit

SCENARIO_ONLY = {"given", "expect", "answer", "run", "expect_log", "as_player"}


def _src_name(node: ast.Attr) -> str:
    base = node.obj.name if isinstance(node.obj, ast.NameRef) else "..."
    return f"{base}.{node.name}"


def _param_type(t: str) -> str:
    return {R.INT: INT, R.BOOL: BOOL, R.STR: TEXT, R.CARDS: CARDS, R.CARDNAME: CARDNAME, R.ZONE: ZONE,
            R.PLAYER: PLAYER, R.PLAYERS: PLAYERS, R.ANY: ANY, R.CARDNAMES: CARDNAMES}.get(t, ANY)


def _user_type(t: str | None) -> str:
    return {"int": INT, "cards": CARDS, "card": CARDNAME, "zone": ZONE, "player": PLAYER, "players": PLAYERS,
            "text": TEXT, None: ANY}.get(t, ANY)


def _article(t: str) -> str:
    return {INT: "a number", BOOL: "a condition", TEXT: "text", CARD: "a card", CARDS: "cards",
            CARDNAME: "a card name", CARDNAMES: "card names", ZONE: "a zone", PLAYER: "a player",
            PLAYERS: "players", ANY: "a value"}.get(t, t)


def _noop(ctx: Ctx) -> None:
    return None


def _is_chance(by: ast.Expr | None, scope: Scope, spec: GameSpec) -> bool:
    return (isinstance(by, ast.NameRef) and by.name == "chance" and "chance" not in scope.names
            and "chance" not in spec.zones and "chance" not in spec.counters)


def _by_chance(ctx: Ctx) -> int:
    return CHANCE


def _set_var(n: str, value: Callable) -> Effect:
    def run_set_var(ctx: Ctx) -> None:
        ctx.vars[n] = value(ctx)
    return run_set_var


def _step(ctx: Ctx, span: Span) -> None:
    state = ctx.state
    state.steps += 1
    if state.steps > state.step_budget:
        raise RuleViolation(f"'{ctx.source or 'rules'}' ran past the step budget of {state.step_budget} steps; "
                            "does it loop forever?", span)


def _guard(ctx: Ctx, span: Span, fn: Callable, *args, **kw) -> None:
    fn(*args, **kw)


def _zone_cards(zf: Callable) -> Callable:
    def zone_cards(ctx: Ctx) -> list[int]:
        zone = zf(ctx)
        if zone.spec.piles and zone.pile is None:
            return [z.cards[-1] for z in ctx.state.pile_order.get(zone.spec.slot, ()) if z.cards]
        return list(zone.cards)
    return zone_cards


def _as_cards(v) -> list[int]:
    if isinstance(v, list):
        return v
    if isinstance(v, int):
        return [v]
    return list(v.cards)


def _names_fn(comp: Compiler, ce: CE, span: Span) -> Callable:
    if ce.type == CARDNAME:
        return lambda ctx: [ce.fn(ctx).name]
    if ce.type == CARDNAMES:
        return lambda ctx: [d.name for d in ce.fn(ctx)]
    cards = comp.coerce(ce, CARDS, span)
    return lambda ctx: [ctx.state.card_def[c].name for c in cards(ctx)]


def _text(ctx: Ctx, v, t: str) -> str:
    if t == CARDS:
        return ", ".join(ctx.state.card_def[c].name for c in v) or "nothing"
    if t == CARD:
        return ctx.state.card_def[v].name
    if t == CARDNAME:
        return v.name
    if t == PLAYER:
        return f"p{v + 1}"
    if t == ZONE:
        return v.label
    if t == NUMBERS:
        return ", ".join(map(str, v)) or "none"
    if t == SLOT:
        return _slot_label(v)
    if t == SLOTS:
        return ", ".join(_slot_label(x) for x in v) or "none"
    return str(v)


def _slot_label(cell) -> str:
    return f"column {cell[0]}, row {cell[1]}"


def _first_slot(cells):
    if not cells:
        raise IllegalAction("no slot was chosen")
    return cells[0]


def _div(a: int, b: int) -> int:
    if b == 0:
        raise IllegalAction("division by zero")
    return a // b


def _mod(a: int, b: int) -> int:
    if b == 0:
        raise IllegalAction("division by zero")
    return a % b


def _others(state, you: int, include_self: bool = False) -> list[int]:
    n = state.num_players
    start = 0 if include_self else 1
    return [(you + i) % n for i in range(start, n) if not state.out[(you + i) % n]]


def _neighbour(state, p: int, step: int) -> int:
    n = state.num_players
    q = (p + step) % n
    while state.out[q] and q != p:
        q = (q + step) % n
    return q


def _owner(ctx: Ctx, cards: list[int]) -> int:
    if not cards:
        raise IllegalAction("no card to find the owner of")
    owner = ctx.state.loc[cards[0]].owner
    if owner is None:
        raise IllegalAction(f"{ctx.state.card_def[cards[0]].name} belongs to no player where it is")
    return owner


def _prop_of_card(ctx: Ctx, cid: int, n: str, default) -> Any:
    d = ctx.state.card_def[cid]
    dyn = d.dynamic.get(n)
    if dyn is not None:
        owner = ctx.state.loc[cid].owner
        return dyn(Ctx(ctx.state, owner if owner is not None else ctx.you, cid, {}, d.name))
    return d.props.get(n, default)


def _prop_of_def(ctx: Ctx, d, n: str, default, cid) -> Any:
    dyn = d.dynamic.get(n)
    if dyn is not None:
        return dyn(Ctx(ctx.state, ctx.you, cid, {}, d.name))
    return d.props.get(n, default)


def _bounds(kind: str, count: int | None, available: int) -> tuple[int, int]:
    if kind == "exactly":
        n = min(max(count or 0, 0), available)
        return n, n
    if kind == "up_to":
        return 0, min(max(count or 0, 0), available)
    return 0, available


__all__ = ["Compiler", "Scope", "CE", "GameOver"]
