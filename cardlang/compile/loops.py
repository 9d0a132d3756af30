"""Compile rules for the operators that loop over a set: `ITEMS where COND` (cards, card names, players,
numbers, slots) and `sum(ITEMS, EACH)`, and the `count(ITEMS where COND)` a where hands to `count`. Each
becomes one generated function with its condition or amount inlined (hoist.py decides what the loop keeps
in locals, shortcuts.py what may answer before it). Mixed into the `Compiler`; knows no verb, and nothing
of the other operators (compile/operators.py).
"""
from __future__ import annotations

import ast as py
import copy
from typing import Callable

from cardlang.compile import codegen as G
from cardlang.compile.ir import emit as E
from cardlang.compile import hoist as H
from cardlang.compile.scope import Scope, expr_rule
from cardlang.compile.shortcuts import at_most_one, equal_to_item, unmatched
from cardlang.primitives.types import CARD, CARDNAME, CARDNAMES, CARDS, CE, INT, NUMBERS, PLAYER, PLAYERS, SLOT, SLOTS
from cardlang.compile.operators import bounded_code
from cardlang.primitives.values import bounded_value, over_budget
from cardlang.runtime.state import Ctx
from cardlang.syntax import ast
from cardlang.syntax.walk import nodes

# functions whose work is bounded by what they are given: a loop over them needs no charge of its own
_FLAT_FUNCTIONS = frozenset({"count", "max", "min", "empty_piles"})


class Loops:
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
        nests = self._nests(node.cond)

        if cond_ce.code is not None:  # one generated function: the loop with the condition inlined
            counter: list[CE] = []
            inline = self.options.on("where-inline") and not nests  # (compile/passes.py)
            shortcuts = self.options.on("shortcuts")  # (compile/passes.py)
            guard = unmatched(self, node.cond, scope) if kind == CARDS and shortcuts else None

            def counted() -> CE:  # generated when a `count` asks for it, once
                if not counter:
                    same = equal_to_item(node.cond, var) if kind == NUMBERS and shortcuts else None
                    if same is None:
                        f = self._count_fn(items_ce, cond_ce, var, node.span, guard, nests)
                        if inline and guard is None:  # `len([...])` in the caller (where_in_caller)
                            counter.append(CE(f, INT, code=lambda g: _length(g, where_in_caller(
                                g, f, items_ce, cond_ce, var))))
                        else:
                            counter.append(CE(f, INT, code=lambda g: g.call_fn(f)))
                    else:
                        counter.append(self._count_equal_fn(items_ce, self.coerce_ce(
                            self.expr(same, scope.with_(number=INT)), INT, same.span), node.span))
                return counter[0]
            fn = self._where_fn(items_ce, cond_ce, var, node.span, guard, nests)
            fn.fresh = True  # each call makes a list of its own (statements._made)

            def called(g: G.Gen) -> py.expr:  # FN(ctx), or the loop in the caller (where_in_caller)
                return where_in_caller(g, fn, items_ce, cond_ce, var) if inline else g.call_fn(fn)
            if guard is None:
                return CE(fn, kind, counted=counted, code=lambda g: at_most_one(g, fn, items_ce, cond_ce, var, called)
                          if shortcuts else called(g))
            empty = guard.empty  # in its caller: `[] if <no card holds X> else FN(ctx)`, no call when none does
            return CE(fn, kind, counted=counted,
                      code=lambda g: (lambda t: g.call_fn(fn) if t is None else
                                      py.IfExp(t, py.List([], py.Load()), called(g)))(empty(g)))

        span = node.span

        def run_where(ctx: Ctx) -> list:
            vars_ = ctx.vars
            saved = vars_.get(var)
            out = []
            for c in _charged(ctx, items(ctx), span) if nests else items(ctx):
                vars_[var] = c
                if cond(ctx):
                    out.append(c)
            vars_[var] = saved
            return out
        return CE(run_where, kind)

    def _sum(self, node: ast.Func, scope: Scope) -> CE:
        """`sum(ITEMS, EACH)`: EACH for each card of ITEMS (read as `card`), added up."""
        args = node.args
        if len(args) != 2:
            raise self.error("sum takes a set of cards and an amount per card: sum(owned, card.vp)", node.span)
        src = self.expr(args[0], scope)
        inner_scope = scope.with_(card=CARD if src.type != CARDNAMES else CARDNAME)
        each_ce = self.coerce_ce(self.expr(args[1], inner_scope), INT, args[1].span)
        each = each_ce.fn
        items_ce = src if src.type == CARDNAMES else self.coerce_ce(src, CARDS, args[0].span)
        items = items_ce.fn
        nests = self._nests(args[1])
        if each_ce.code is not None:  # one generated function: the loop with the amount inlined
            fn = self._sum_fn(items_ce, each_ce, node.span, nests)
            if nests or not self.options.on("sum-inline"):  # (compile/passes.py)
                return CE(fn, INT)
            span = node.span
            return CE(fn, INT, code=lambda g: sum_in_caller(g, fn, items_ce, each_ce, span))

        span = node.span

        def run_sum(ctx: Ctx) -> int:
            total = 0
            saved = ctx.vars.get("card")
            for c in _charged(ctx, items(ctx), span) if nests else items(ctx):
                ctx.vars["card"] = c
                total += each(ctx)
            ctx.vars["card"] = saved
            return bounded_value(total, ctx, span)
        return CE(run_sum, INT)

    def _nests(self, node: ast.Expr) -> bool:
        """May NODE, a loop's condition or amount, run loops of its own (a `where`, a `sum`, a game's function,
        a property computed from the state)? Only such loops are charged to the step budget: a loop over what
        a flat condition reads costs at most the cards of the game, and most loops (`count(hand where card is
        Action)`) are flat, on the simulation's hot path."""
        dynamic = self.modified | {n for d in self.defs_by_name.values() for n in d.dynamic}
        return any(isinstance(n, ast.Where) or (isinstance(n, ast.Func) and n.name not in _FLAT_FUNCTIONS)
                   or (isinstance(n, ast.Attr) and n.name in dynamic) for n in nodes(node))

    def _where_fn(self, items_ce: CE, cond_ce: CE, var: str, span, guard=None, nests: bool = True) -> Callable:
        """`ITEMS where COND` as one generated function: the loop with the condition inlined."""
        def step(g: G.Gen, out: str, c: str) -> py.stmt:  # if COND: out.append(c)
            return py.If(g.expr(cond_ce), [py.Expr(G.call(G.attr(G.name(out), "append"), G.name(c)))], [])
        return self._over_items(items_ce, var, span, "where", py.List([], py.Load()), step, guard, charged=nests)

    def _count_fn(self, items_ce: CE, cond_ce: CE, var: str, span, guard=None, nests: bool = True) -> Callable:
        """`count(ITEMS where COND)` as one generated function: the loop counts, building no list."""
        def step(g: G.Gen, out: str, c: str) -> py.stmt:  # if COND: out += 1
            return py.If(g.expr(cond_ce), [py.AugAssign(G.store(out), py.Add(), G.const(1))], [])
        return self._over_items(items_ce, var, span, "count", G.const(0), step, guard, charged=nests)

    def _count_equal_fn(self, items_ce: CE, x_ce: CE, span) -> CE:
        """`count(NUMBERS where number == X)` as `return NUMBERS.count(X)`: the list's own count, the same ==
        (X a number or a name: a read without effect that cannot fail, made once instead of once per die)."""
        def body(gen: G.Gen) -> list[py.stmt]:
            return [py.Return(G.call(G.attr(gen.expr(items_ce), "count"), gen.expr(x_ce)))]
        g = G.build_function(f"{self.gen_label}: count", span, body, "run_count", log=self.code_log,
                             options=self.options)
        self.add_generated(g)
        fn = g.fn

        def expand(gen: G.Gen) -> py.expr:  # the count's code in its caller, when it only reads (no call)
            code = G.call(G.attr(gen.expr(items_ce), "count"), gen.expr(x_ce))
            return code if H.safe_read(code.func.value) and H.safe_read(code.args[0]) else gen.call_fn(fn)
        return CE(fn, INT, code=expand)

    def _sum_fn(self, items_ce: CE, each_ce: CE, span, nests: bool = True) -> Callable:
        """`sum(ITEMS, EACH)` as one generated function: the loop with the amount inlined."""
        def step(g: G.Gen, out: str, c: str) -> py.stmt:  # out += EACH
            return py.AugAssign(G.store(out), py.Add(), g.expr(each_ce))
        return self._over_items(items_ce, "card", span, "sum", G.const(0), step, bounded=True, charged=nests)

    def _over_items(self, items_ce: CE, var: str, span, what: str, start: py.expr,
                    step: Callable[[G.Gen, str, str], py.stmt], guard=None, bounded: bool = False,
                    charged: bool = True) -> Callable:
        """One generated function looping over ITEMS, STEP for each (GUARD: what may answer first; BOUNDED: the
        result is a number checked against NUMBER_LIMIT). CHARGED (a loop whose step may loop itself: _nests):
        each item is charged to the step budget, all at once before the loop (one addition, not one per item),
        so that loops nested in conditions and amounts, which no statement counts, end too: six
        `sum(owned, ...)` inside each other over 41 cards are 41^6 items."""
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
            # (made before the replay's return: a replay must make the constants in the same order)
            result = py.Return(bounded_code(gen, G.name(out), span) if bounded else G.name(out))
            items = gen.fresh("items")
            charge = _charge(gen, items, span) if charged else []
            if gen.replay:  # generated only for its namespace (codegen.Gen.replay): what follows shapes code
                return [each]
            if not H.escapes(each, gen):
                # a body that only reads goes over a zone's own list (`ctx.state.zones[3][0].cards`, no copy:
                # nothing it does can move a card), and reads the same for every item are computed once,
                # when there is an item:   items = ITEMS; if items: h = READ; for c in items: STEP
                hoisted, body = [], [each]
                if gen.options.on("hoist"):  # (compile/passes.py)
                    reads = H.loop_reads(each, c, {out}, gen.options.on("leaves-names"))
                    if G.fresh_list(source) and isinstance(source, py.Call) and reads.quiet:
                        source = source.args[0]
                    hoisted = H.hoist_invariants(gen, each, {c, out}, reads)  # first: it takes from the reads
                    body = H.share_item_reads(gen, each, c, {out}, reads) + [each]  # made twice per item: once
                loop: list[py.stmt] = [py.For(G.store(c), G.name(items), body, [])]
                if hoisted:
                    loop = [py.If(G.name(items), hoisted + loop, [])]
                return [py.Assign([G.store(items)], source), *charge, py.Assign([G.store(out)], start), *loop,
                        result]
            slot = py.Subscript(G.name(vs), G.const(var), py.Store())
            return [py.Assign([G.store(items)], source), *charge,
                    py.Assign([G.store(vs)], G.ctx_names()),
                    py.Assign([G.store(saved)], G.call(G.attr(G.name(vs), "get"), G.const(var))),
                    py.Assign([G.store(out)], start),
                    py.For(G.store(c), G.name(items), [py.Assign([slot], G.name(c)), each], []),
                    py.Assign([py.Subscript(G.name(vs), G.const(var), py.Store())], G.name(saved)),
                    result]
        g = G.build_function(f"{self.gen_label}: {what}", span, body, f"run_{what}", log=self.code_log,
                             options=self.options)
        self.add_generated(g)
        return g.fn


def where_in_caller(g: G.Gen, fn: Callable, items_ce: CE, cond_ce: CE, var: str) -> py.expr:
    """`ITEMS where COND` in its caller, `[_c for _c in ITEMS if COND]` (the `where-inline` pass): COND reads
    the caller's own locals (a verb's parameters, a loop's names) where it keeps them, so that the caller need
    not put its names in ctx.vars for a function of the filter's own, and no such function is called. Only
    when COND hands ctx to nothing that might read names (hoist.escapes), where the generated function FN
    would not have put the item in ctx.vars either; a COND that only reads goes over a zone's own list, as FN
    does. Else a call of FN.

    FN is a constant of the caller either way, made first: a module generated again only for its namespace
    (codegen.Gen.replay, a load from the cache) makes the same constants in the same order without deciding."""
    g.const(fn)
    items = g.expr(items_ce)
    c = g.fresh("c")
    cond = g.expr_naming(var, c, cond_ce)
    if g.replay:  # (its code is not kept: no analysis)
        return g.call_fn(fn)
    # (Python allows no `:=` in a comprehension's iterable.) A long filter that reads none of the rules' names
    # is left a call: nothing is saved in the caller, and FN computes what is the same for every item once
    if H.escapes(cond, g) or any(isinstance(n, py.NamedExpr) for n in py.walk(items)) \
            or (not _reads_names(g, [items, cond], c) and sum(1 for _ in py.walk(cond)) > _SHORT):
        return g.call_fn(fn)
    if G.fresh_list(items) and isinstance(items, py.Call) and H.only_reads(cond, {c}, g.options.on("leaves-names")):
        items = items.args[0]
    return py.ListComp(G.name(c), [py.comprehension(G.store(c), items, [cond], 0)])


def sum_in_caller(g: G.Gen, fn: Callable, items_ce: CE, each_ce: CE, span) -> py.expr:
    """`sum(ITEMS, EACH)` in its caller, `sum([EACH for _c in ITEMS])` checked against the number limit as FN
    checks its total (the `sum-inline` pass), on the terms of where_in_caller: EACH reads the caller's locals
    (`sum(attached(u), card.offence)` reads the verb's `u`), so that the caller need not put its names in
    ctx.vars for FN. Only when EACH hands ctx to nothing that might read names; else a call of FN. Every
    constant is made whichever is chosen (a namespace replayed makes the same ones: codegen.Gen.replay)."""
    g.const(fn)
    items = g.expr(items_ce)
    c = g.fresh("c")
    each = g.expr_naming("card", c, each_ce)
    total = G.call(g.const(sum), py.ListComp(each, [py.comprehension(G.store(c), items, [], 0)]))
    code = bounded_code(g, total, span)
    if g.replay:  # (its code is not kept: no analysis)
        return g.call_fn(fn)
    if H.escapes(each, g) or any(isinstance(n, py.NamedExpr) for n in py.walk(items)) \
            or not _reads_names(g, [items, each], c):  # (reading none of the caller's names, FN hoists better)
        return g.call_fn(fn)
    if G.fresh_list(items) and isinstance(items, py.Call) and H.only_reads(each, {c}, g.options.on("leaves-names")):
        total.args[0].generators[0].iter = items.args[0]  # a zone's own list, no copy: EACH moves no card
    return code


def _length(g: G.Gen, code: py.expr) -> py.expr:
    """`len(CODE)` for a list comprehension where_in_caller made; CODE itself (a call of the count's function).
    `len` is a constant either way: a replayed namespace makes the same constants (where_in_caller)."""
    length = g.const(len)
    return G.call(length, code) if isinstance(code, py.ListComp) else code


_SHORT = 16  # nodes of a filter's code too short to gain from FN's hoisting (`card is Treasure`: 15, all Python nodes)


def _reads_names(g: G.Gen, code: list[py.expr], item: str) -> bool:
    """Does CODE read a name of the rules other than the item: one of the caller's locals for them, or
    `ctx.vars[...]`?"""
    kept = set(g.locals.values()) - {item}
    for n in (n for c in code for n in py.walk(c)):
        if isinstance(n, py.Name) and n.id in kept:
            return True
        if E.is_names(n):
            return True
    return False


def _charge(gen: G.Gen, items: str, span) -> list[py.stmt]:
    """`_st = ctx.state; _st.steps += len(ITEMS); if _st.steps > _st.step_budget: over_budget(ctx, SPAN)`."""
    st = gen.fresh("st")
    return E.charge_steps(st, G.call(gen.const(len), G.name(items)),
                          [py.Expr(G.call(gen.const(over_budget), G.name(G.CTX), gen.const(span, "span")))])


def _charged(ctx: Ctx, items, span):
    """ITEMS, charged to the step budget (the closures' form of _charge)."""
    state = ctx.state
    state.steps += len(items)
    if state.steps > state.step_budget:
        over_budget(ctx, span)
    return items
