"""Compile rules for composite expressions: function calls, lists, `top N of`, `where` filters, arithmetic,
comparisons, `is`, `in`, and/or/not. Mixed into the `Compiler`.
"""
from __future__ import annotations

import ast as py
import copy
from typing import Callable

from cardlang.compile import codegen as G
from cardlang.compile import hoist as H
from cardlang.compile.scope import Scope, expr_rule
from cardlang.compile.shortcuts import at_most_one, equal_to_item, unmatched
from cardlang.errors import Span, did_you_mean
from cardlang.primitives import registry as R
from cardlang.primitives.types import (applied, BOOL, CARD, CARDNAME, CARDNAMES, CARDS, CE, INT, NUMBERS, PLAYER, PLAYERS,
                                       SLOT, SLOTS, TEXT, ZONE, article as _article)
from cardlang.primitives.values import _div, _mod
from cardlang.runtime import zones as Z
from cardlang.runtime.state import Ctx
from cardlang.syntax import ast

_CMP = {"==": py.Eq, "!=": py.NotEq, "<": py.Lt, "<=": py.LtE, ">": py.Gt, ">=": py.GtE}
_ARITH = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}


def cards_named_in(state, zone, d) -> list[int]:
    """`NAME in ZONE`: the cards of definition D in ZONE (a zone of piles: D's pile, all of it)."""
    if zone.spec.piles:
        pile = state.piles.get((zone.spec.slot, d.name))
        return list(pile.cards) if pile is not None else []
    defs = state.card_def
    return [c for c in zone.cards if defs[c] is d]


def cards_named(state, cards: list[int], d) -> list[int]:
    """`NAME in CARDS` over a set of cards (`NAME in owned`): those of definition D, in their order."""
    defs = state.card_def
    return [c for c in cards if defs[c] is d]


def cards_are_type(state, cards: list[int], t: str, negated: bool) -> bool:
    """`CARDS is T` (T a type or tag), or with NEGATED `CARDS is not T`: all of them (and some) are T."""
    if not cards:
        return negated
    defs = state.card_def
    for c in cards:
        if t not in defs[c].types:
            return negated
    return not negated


def cards_are_named(state, cards: list[int], name: str, negated: bool) -> bool:
    """`CARDS is NAME` (a card of the game): all of them (and some) are that card."""
    if not cards:
        return negated
    defs = state.card_def
    for c in cards:
        if defs[c].name != name:
            return negated
    return not negated


def top_named_in(state, zone, d, n: int) -> list[int]:
    """`top N of (NAME in ZONE)`: _top_of_cards(cards_named_in(STATE, ZONE, D), N) without copying the pile."""
    if n <= 0:
        return []
    if zone.spec.piles:
        pile = state.piles.get((zone.spec.slot, d.name))
        return pile.cards[: -n - 1: -1] if pile is not None else []
    return cards_named_in(state, zone, d)[: -n - 1: -1]


def _top_of_cards(cards: list[int], n: int) -> list[int]:
    """`top N of CARDS` for a set of cards (not a zone): its last ones are on top."""
    return cards[: -n - 1: -1] if n > 0 else []


class Operators:
    @expr_rule
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
            each_ce = self.coerce_ce(self.expr(args[1], inner_scope), INT, args[1].span)
            each = each_ce.fn
            items_ce = src if src.type == CARDNAMES else self.coerce_ce(src, CARDS, args[0].span)
            items = items_ce.fn
            if each_ce.code is not None:  # one generated function: the loop with the amount inlined
                return CE(self._sum_fn(items_ce, each_ce, node.span), INT)

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

    @expr_rule
    def _(self, node: ast.ListLit, scope: Scope) -> CE:
        ces = [self.expr(i, scope) for i in node.items]
        if all(c.type == CARDNAME for c in ces):
            fns = [c.fn for c in ces]
            return CE(lambda ctx: [f(ctx) for f in fns], CARDNAMES,
                      code=lambda g: py.List([g.expr(c) for c in ces], py.Load()))
        if all(c.type in (PLAYER,) for c in ces):
            fns = [c.fn for c in ces]
            return CE(lambda ctx: [f(ctx) for f in fns], PLAYERS,
                      code=lambda g: py.List([g.expr(c) for c in ces], py.Load()))
        if ces and all(c.type in (INT, NUMBERS) for c in ces):  # `[1, 2, 3]`: numbers
            parts = [self.coerce_ce(c, NUMBERS, i.span) for c, i in zip(ces, node.items)]
            fns = [p.fn for p in parts]
            if all(c.type == INT for c in ces):  # (1, 2, 3)
                code = lambda g: py.Tuple([g.expr(c) for c in ces], py.Load())  # noqa: E731
            else:
                code = lambda g: py.Tuple([py.Starred(g.expr(p), py.Load()) for p in parts], py.Load())  # noqa: E731
            return CE(lambda ctx: tuple(x for f in fns for x in f(ctx)), NUMBERS, code=code)
        parts = [self.coerce_ce(c, CARDS, i.span) for c, i in zip(ces, node.items)]
        fns = [p.fn for p in parts]
        def starred(g: G.Gen, p: CE) -> py.expr:
            return _uncopied(g.expr(p))
        return CE(lambda ctx: [x for f in fns for x in f(ctx)], CARDS,
                  code=lambda g: py.List([py.Starred(starred(g, p), py.Load()) for p in parts], py.Load()))

    @expr_rule
    def _(self, node: ast.TopOf, scope: Scope) -> CE:
        cce = self.coerce_ce(self.expr(node.count, scope), INT, node.count.span)
        count = cce.fn
        zce = self.expr(node.zone, scope)
        if zce.secret is not None:
            raise self.error(zce.secret, node.zone.span, hint="a bot may count it: count(...)")
        if zce.type != ZONE:
            cards = self.coerce(zce, CARDS, node.zone.span)  # a set of cards: its last ones are on top
            named = self._named_in(node.zone, scope) if node.end == "top" else None
            if named is not None:  # `top N of (NAME in ZONE)`: one call, no copy of them all (`gain`)
                return applied(top_named_in, [*named, cce], CARDS)
            if node.end == "top":
                return applied(_top_of_cards, [self.coerce_ce(zce, CARDS, node.zone.span), cce], CARDS, state=False)
            return CE(lambda ctx: cards(ctx)[: count(ctx)], CARDS)
        zone = zce.fn
        pick = Z.top if node.end == "top" else Z.bottom
        code = None
        if zce.code is not None:  # zones.top(ctx.state, ZONE, N)
            code = lambda g: G.call(g.const(pick), G.ctx_attr("state"), g.expr(zce), g.expr(cce))  # noqa: E731
        if node.end == "top":
            return CE(lambda ctx: Z.top(ctx.state, zone(ctx), count(ctx)), CARDS, code=code)
        return CE(lambda ctx: Z.bottom(ctx.state, zone(ctx), count(ctx)), CARDS, code=code)

    def _named_in(self, node: ast.Expr, scope: Scope) -> tuple[CE, CE] | None:
        """(ZONE, NAME) of `NAME in ZONE` (a card name in a zone, as cards_named_in reads it), else None. NODE
        has compiled already: its errors are reported."""
        if not isinstance(node, ast.In):
            return None
        item, cont = self.expr(node.item, scope), self.expr(node.container, scope)
        return (cont, item) if item.type == CARDNAME and cont.type == ZONE else None

    @expr_rule
    def _(self, node: ast.Where, scope: Scope) -> CE:
        src = self.expr(node.source, scope)
        var = "card"
        if src.type == CARDNAMES:
            items = src.fn
            items_ce = src
            cond_ce = self.expr(node.cond, scope.with_(card=CARDNAME))
            kind = CARDNAMES
        elif src.type in (PLAYERS, PLAYER):  # `others where player.morale > 1`: each one is `player`
            items_ce = self.coerce_ce(src, PLAYERS, node.source.span)
            items = items_ce.fn
            cond_ce = self.expr(node.cond, scope.with_(player=PLAYER))
            kind, var = PLAYERS, "player"
        elif src.type in (NUMBERS, SLOTS):  # `dice where number == 6`, `open_slots(board) where slot.row == 1`
            var = "number" if src.type == NUMBERS else "slot"
            items_ce = src
            items = src.fn
            cond_ce = self.expr(node.cond, scope.with_(**{var: INT if src.type == NUMBERS else SLOT}))
            kind = src.type
        else:
            items_ce = self.coerce_ce(src, CARDS, node.source.span)
            items = items_ce.fn
            cond_ce = self.expr(node.cond, scope.with_(card=CARD))
            kind = CARDS
        cond = cond_ce.fn

        if cond_ce.code is not None:  # one generated function: the loop with the condition inlined
            counter: list[Callable] = []
            guard = unmatched(self, node.cond, scope) if kind == CARDS else None

            def counted() -> Callable:  # generated when a `count` asks for it, once
                if not counter:
                    same = equal_to_item(node.cond, var) if kind == NUMBERS else None
                    counter.append(self._count_fn(items_ce, cond_ce, var, node.span, guard) if same is None else
                                   self._count_equal_fn(items_ce, self.coerce_ce(
                                       self.expr(same, scope.with_(number=INT)), INT, same.span), node.span))
                return counter[0]
            fn = self._where_fn(items_ce, cond_ce, var, node.span, guard)
            fn.fresh = True  # each call makes a list of its own (statements._made)
            if guard is None:
                return CE(fn, kind, counted=counted, code=lambda g: at_most_one(g, fn, items_ce, cond_ce, var))
            empty = guard.empty  # in its caller: `[] if <no card holds X> else FN(ctx)`, no call when none does
            return CE(fn, kind, counted=counted,
                      code=lambda g: (lambda t: g.call_fn(fn) if t is None else
                                      py.IfExp(t, py.List([], py.Load()), g.call_fn(fn)))(empty(g)))

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

    def _where_fn(self, items_ce: CE, cond_ce: CE, var: str, span, guard=None) -> Callable:
        """`ITEMS where COND` as one generated function: the loop with the condition inlined."""
        def step(g: G.Gen, out: str, c: str) -> py.stmt:  # if COND: out.append(c)
            return py.If(g.expr(cond_ce), [py.Expr(G.call(G.attr(G.name(out), "append"), G.name(c)))], [])
        return self._over_items(items_ce, var, span, "where", py.List([], py.Load()), step, guard)

    def _count_fn(self, items_ce: CE, cond_ce: CE, var: str, span, guard=None) -> Callable:
        """`count(ITEMS where COND)` as one generated function: the loop counts, building no list."""
        def step(g: G.Gen, out: str, c: str) -> py.stmt:  # if COND: out += 1
            return py.If(g.expr(cond_ce), [py.AugAssign(G.store(out), py.Add(), G.const(1))], [])
        return self._over_items(items_ce, var, span, "count", G.const(0), step, guard)

    def _count_equal_fn(self, items_ce: CE, x_ce: CE, span) -> Callable:
        """`count(NUMBERS where number == X)` as `return NUMBERS.count(X)`: the list's own count, the same ==
        (X a number or a name: a read without effect that cannot fail, made once instead of once per die)."""
        def body(gen: G.Gen) -> list[py.stmt]:
            return [py.Return(G.call(G.attr(gen.expr(items_ce), "count"), gen.expr(x_ce)))]
        g = G.build_function(f"{self.gen_label}: count", span, body, "run_count")
        self.add_generated(g)
        fn = g.fn

        def expand(gen: G.Gen) -> py.expr:  # the count's code in its caller, when it only reads (no call)
            code = G.call(G.attr(gen.expr(items_ce), "count"), gen.expr(x_ce))
            return code if H.safe_read(code.func.value) and H.safe_read(code.args[0]) else gen.call_fn(fn)
        fn.expand = expand  # read by `count` (primitives/functions.py)
        return fn

    def _sum_fn(self, items_ce: CE, each_ce: CE, span) -> Callable:
        """`sum(ITEMS, EACH)` as one generated function: the loop with the amount inlined."""
        def step(g: G.Gen, out: str, c: str) -> py.stmt:  # out += EACH
            return py.AugAssign(G.store(out), py.Add(), g.expr(each_ce))
        return self._over_items(items_ce, "card", span, "sum", G.const(0), step)

    def _over_items(self, items_ce: CE, var: str, span, what: str, start: py.expr,
                    step: Callable[[G.Gen, str, str], py.stmt], guard=None) -> Callable:
        def body(gen: G.Gen) -> list[py.stmt]:  # GUARD(gen, EMPTY): what may answer first (compile/shortcuts.py)
            return (guard(gen, copy.deepcopy(start)) if guard is not None else []) + loop(gen)

        def loop(gen: G.Gen) -> list[py.stmt]:
            # out = START
            # for c in ITEMS: STEP                             (STEP reads VAR as the local `c`)
            # return out
            # and when STEP hands ctx to a compiled function (which reads VAR in ctx.vars):
            #   vars = ctx.vars; saved = vars.get(VAR); ... for c in ITEMS: vars[VAR] = c; ...; vars[VAR] = saved
            vs, saved, out, c = "_vars", "_saved", "_out", "_c"
            source = gen.expr(items_ce)
            gen.bind_local(var, c)
            each = step(gen, out, c)
            if gen.replay:  # generated only for its namespace (codegen.Gen.replay): what follows shapes code
                return [each]
            if not H.escapes(each):
                # a body that only reads goes over a zone's own list (`ctx.state.zones[3][0].cards`, no copy:
                # nothing it does can move a card), and reads the same for every item are computed once,
                # when there is an item:   items = ITEMS; if items: h = READ; for c in items: STEP
                reads = H.loop_reads(each, c, {out})
                if G.fresh_list(source) and isinstance(source, py.Call) and reads.quiet:
                    source = source.args[0]
                hoisted = H.hoist_invariants(gen, each, {c, out}, reads)  # first: it takes from the reads
                body = H.share_item_reads(gen, each, c, {out}, reads) + [each]  # made twice per item: once
                loop: list[py.stmt] = [py.For(G.store(c), source, body, [])]
                if hoisted:
                    items = gen.fresh("items")
                    loop = [py.Assign([G.store(items)], source),
                            py.If(G.name(items), hoisted + [py.For(G.store(c), G.name(items), body, [])], [])]
                return [py.Assign([G.store(out)], start), *loop, py.Return(G.name(out))]
            slot = py.Subscript(G.name(vs), G.const(var), py.Store())
            return [py.Assign([G.store(vs)], G.ctx_attr("vars")),
                    py.Assign([G.store(saved)], G.call(G.attr(G.name(vs), "get"), G.const(var))),
                    py.Assign([G.store(out)], start),
                    py.For(G.store(c), source, [py.Assign([slot], G.name(c)), each], []),
                    py.Assign([py.Subscript(G.name(vs), G.const(var), py.Store())], G.name(saved)),
                    py.Return(G.name(out))]
        g = G.build_function(f"{self.gen_label}: {what}", span, body, f"run_{what}")
        self.add_generated(g)
        return g.fn

    @expr_rule
    def _(self, node: ast.BinOp, scope: Scope) -> CE:
        ace = self.coerce_ce(self.expr(node.left, scope), INT, node.left.span)
        bce = self.coerce_ce(self.expr(node.right, scope), INT, node.right.span)
        a, b = ace.fn, bce.fn
        op = node.op
        if op in _ARITH:
            f = _ARITH[op]
            pyop = {"+": py.Add, "-": py.Sub, "*": py.Mult}[op]()
            return CE(lambda ctx: f(a(ctx), b(ctx)), INT, code=_code2(ace, bce, lambda x, y: py.BinOp(x, pyop, y)))
        if op == "/":
            return CE(lambda ctx: _div(a(ctx), b(ctx)), INT)
        return CE(lambda ctx: _mod(a(ctx), b(ctx)), INT)

    @expr_rule
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
            pyop = py.Eq() if eq else py.NotEq()
            return CE(lambda ctx: (lf(ctx) == rf(ctx)) == eq, BOOL,
                      code=_code2(left, right, lambda x, y: py.Compare(x, [pyop], [y])))
        lce = self.coerce_ce(left, INT, node.left.span)
        rce = self.coerce_ce(right, INT, node.right.span)
        lf, rf = lce.fn, rce.fn
        cmp = _CMP[op]()
        code = _code2(lce, rce, lambda x, y: py.Compare(x, [cmp], [y]))
        fn = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
              "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}[op]
        if op == "<=":
            return CE(lambda ctx: lf(ctx) <= rf(ctx), BOOL, code=code)
        if op == ">=":
            return CE(lambda ctx: lf(ctx) >= rf(ctx), BOOL, code=code)
        return CE(lambda ctx: fn(lf(ctx), rf(ctx)), BOOL, code=code)

    @expr_rule
    def _(self, node: ast.Is, scope: Scope) -> CE:
        base = self.expr(node.value, scope)
        t = node.type_name
        neg = node.negated
        if t in self.spec.types or t in self.spec.tags:
            def test(d) -> bool:
                return t in d.types

            def test_code(d: py.expr) -> py.expr:
                return py.Compare(G.const(t), [py.In()], [G.attr(d, "types")])
        elif t in self.defs_by_name:
            def test(d) -> bool:
                return d.name == t

            def test_code(d: py.expr) -> py.expr:
                return py.Compare(G.attr(d, "name"), [py.Eq()], [G.const(t)])
        else:
            hint = did_you_mean(t, self.spec.types + self.spec.tags + self.spec.card_names)
            raise self.error(f"'{t}' is not a card type or card of this game", node.span, hint=hint)
        def is_code(d: Callable) -> Callable:
            if base.code is None:
                return None
            return lambda g: py.UnaryOp(py.Not(), test_code(d(g))) if neg else test_code(d(g))
        if base.type == CARD:
            f = base.fn
            return CE(lambda ctx: test(ctx.state.card_def[f(ctx)]) != neg, BOOL,
                      code=is_code(lambda g: G.subscript(G.state_attr("card_def"), g.expr(base))))
        if base.type == CARDNAME:
            f = base.fn
            return CE(lambda ctx: test(f(ctx)) != neg, BOOL, code=is_code(lambda g: g.expr(base)))
        # `CARDS is T`: every one of them is (and there is one); one call, with the cards' code inlined
        return applied(cards_are_type if t in self.spec.types or t in self.spec.tags else cards_are_named,
                       [self.coerce_ce(base, CARDS, node.value.span)], BOOL, consts=(t, neg))

    @expr_rule
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
        if cont.type == ZONE:
            return applied(cards_named_in, [cont, item], CARDS)
        return applied(cards_named, [self.coerce_ce(cont, CARDS, node.container.span), item], CARDS)

    @expr_rule
    def _(self, node: ast.And, scope: Scope) -> CE:
        return self._both(node, scope, True)

    @expr_rule
    def _(self, node: ast.Or, scope: Scope) -> CE:
        return self._both(node, scope, False)

    def _both(self, node, scope: Scope, conj: bool) -> CE:
        """`A and B` / `A or B`, as a truth value (the right side is evaluated only when needed)."""
        ace, bce = self.expr(node.left, scope), self.expr(node.right, scope)
        a, b = ace.fn, bce.fn
        fn = (lambda ctx: bool(a(ctx)) and bool(b(ctx))) if conj else (lambda ctx: bool(a(ctx)) or bool(b(ctx)))
        op = py.And if conj else py.Or
        return CE(fn, BOOL, code=_code2(ace, bce, lambda x, y: py.BoolOp(op(), [_truth(x), _truth(y)])))

    @expr_rule
    def _(self, node: ast.Not, scope: Scope) -> CE:
        ace = self.expr(node.value, scope)
        a = ace.fn
        return CE(lambda ctx: not a(ctx), BOOL,
                  code=(lambda g: py.UnaryOp(py.Not(), _tested(g.expr(ace)))) if ace.code is not None else None)

    @expr_rule
    def _(self, node: ast.Neg, scope: Scope) -> CE:
        ace = self.coerce_ce(self.expr(node.value, scope), INT, node.value.span)
        a = ace.fn
        return CE(lambda ctx: -a(ctx), INT,
                  code=(lambda g: py.UnaryOp(py.USub(), g.expr(ace))) if ace.code is not None else None)



def _names_fn(comp, ce: CE, span: Span) -> Callable:
    if ce.type == CARDNAME:
        return lambda ctx: [ce.fn(ctx).name]
    if ce.type == CARDNAMES:
        return lambda ctx: [d.name for d in ce.fn(ctx)]
    cards = comp.coerce(ce, CARDS, span)
    return lambda ctx: [ctx.state.card_def[c].name for c in cards(ctx)]



def _code2(a: CE, b: CE, combine: Callable) -> Callable | None:
    """The code of an operation on two expressions, when either has code to inline (else its function)."""
    if a.code is None and b.code is None:
        return None
    return lambda g: combine(g.expr(a), g.expr(b))


def _truth(x: py.expr) -> py.expr:
    """`not not X`: X's truth as a bool, as `bool(X)` gives, without a call (X itself when it is a bool
    already; T when X is `[C] if T else []`, one card or none, as card_at's code is)."""
    x = _tested(x)
    if _is_bool(x):
        return x
    return py.UnaryOp(py.Not(), py.UnaryOp(py.Not(), x))


def _tested(x: py.expr) -> py.expr:
    """T for `[C] if T else []` when T is a bool: the same truth, no list built."""
    if isinstance(x, py.IfExp) and isinstance(x.body, py.List) and len(x.body.elts) == 1 \
            and not isinstance(x.body.elts[0], py.Starred) and isinstance(x.orelse, py.List) \
            and not x.orelse.elts and _is_bool(x.test):
        return x.test
    return x


def _is_bool(x: py.expr) -> bool:
    """Is X's value a bool: a comparison (of numbers, names, cards), a `not`, or and/or of such?"""
    if isinstance(x, (py.Compare, py.Constant)):
        return isinstance(x, py.Compare) or isinstance(x.value, bool)
    if isinstance(x, py.UnaryOp):
        return isinstance(x.op, py.Not)
    return isinstance(x, py.BoolOp) and all(_is_bool(v) for v in x.values)


def _uncopied(code: py.expr) -> py.expr:
    """What a list display unpacks CODE as (`[*X]`): `X.cards`, not `list(X.cards)`; `E` not `[*E]`, in
    either arm of an `if` too (`[*(... if len(s) == 1 else ...)]`): the display copies already."""
    if G.fresh_list(code) and isinstance(code, py.Call):
        return code.args[0]
    if isinstance(code, py.List) and len(code.elts) == 1 and isinstance(code.elts[0], py.Starred):
        return code.elts[0].value
    if isinstance(code, py.IfExp):
        return py.IfExp(code.test, _uncopied(code.body), _uncopied(code.orelse))
    return code
