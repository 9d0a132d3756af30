"""Compile rules for the operators that loop over a set: `ITEMS where COND` (cards, card names, players,
numbers, slots) and `sum(ITEMS, EACH)`, and the `count(ITEMS where COND)` a where hands to `count`. Each
becomes one generated function with its condition or amount inlined, built as IR (ir/nodes_loops.py
OverItems), and its code in the caller as IR too (Where, CountWhere, CountEqual, SumIn): the emitter
(ir/emit_loops.py) decides on their code whether the loop is written in the caller, and hoist.py what a loop
keeps in locals; shortcuts.py says what may answer before it (every condition and amount has code: there is
no closure of one). Mixed into the `Compiler`; knows no verb, no Python `ast`, and nothing of the other
operators (compile/operators.py).
"""
from __future__ import annotations

from typing import Callable

from cardlang.compile import codegen as G
from cardlang.compile.codecache import node_fact
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir.ce import ir_ce, ir_of
from cardlang.compile.ir.emit import code_of
from cardlang.compile.openrows import open_rows
from cardlang.compile.scope import Scope, expr_rule
from cardlang.compile.shortcuts import equal_to_item, unmatched
from cardlang.primitives.types import CARD, CARDNAME, CARDNAMES, CARDS, CE, INT, NUMBERS, PLAYER, PLAYERS, SLOT, SLOTS
from cardlang.primitives.values import over_budget, too_big
from cardlang.runtime.state import NUMBER_LIMIT
from cardlang.syntax import ast
from cardlang.syntax.nodes import replace
from cardlang.syntax.walk import nodes

# functions whose work is bounded by what they are given: a loop over them needs no charge of its own
_FLAT_FUNCTIONS = frozenset({"count", "max", "min", "empty_piles"})

# More items than any list `sum` is given can hold: 2^40 of them would take 8 TiB for their pointers alone (a
# list of cards repeats a card only where the source writes it twice). A sum of amounts each at most B in size
# is then at most B * 2^40 in size (the pass sum-bounds).
LIST_LIMIT = 2 ** 40


class Loops:
    @expr_rule
    def _(self, node: ast.Where, scope: Scope) -> CE:
        if self.options.on("open-rows"):  # `open_slots(board) where slot.row <= 2`: one call (compile/passes.py)
            rows = open_rows(self, node, scope)
            if rows is not None:
                return rows
        src = self.expr(node.source, scope)
        var = "card"
        if src.type == CARDNAMES:
            items_ce = src
            cond_ce = self.expr(node.cond, scope.with_(card=CARDNAME))
            kind = CARDNAMES
        elif src.type in (PLAYERS, PLAYER):  # `others where player.morale > 1`: each one is `player`
            items_ce = self.coerce_ce(src, PLAYERS, node.source.span)
            cond_ce = self.expr(node.cond, scope.with_(player=PLAYER))
            kind, var = PLAYERS, "player"
        elif src.type in (NUMBERS, SLOTS):  # `dice where number == 6`, `open_slots(board) where slot.row == 1`
            var = "number" if src.type == NUMBERS else "slot"
            items_ce = src
            cond_ce = self.expr(node.cond, scope.with_(**{var: INT if src.type == NUMBERS else SLOT}))
            kind = src.type
        else:
            items_ce = self.coerce_ce(src, CARDS, node.source.span)
            cond_ce = self.expr(node.cond, scope.with_(card=CARD))
            kind = CARDS
        nests = self._nests(node.cond)
        # one generated function: the loop with the condition inlined
        counter: list[CE] = []
        inline = self.options.on("where-inline") and not nests  # (compile/passes.py)
        shortcuts = self.options.on("shortcuts")  # (compile/passes.py)
        guard = unmatched(self, node.cond, scope, N.Cards(())) if kind == CARDS and shortcuts else None
        items_ir, cond_ir = ir_of(items_ce), ir_of(cond_ce)

        def counted() -> CE:  # generated when a `count` asks for it, once
            if not counter:
                same = equal_to_item(node.cond, var) if kind == NUMBERS and shortcuts else None
                if same is None:
                    f = self._count_fn(items_ce, cond_ce, var, node.span,
                                       None if guard is None else replace(guard, empty=N.Const(0)), nests)
                    # `len([...])` in the caller, without a guard (ir/emit_loops.py)
                    count = NL.CountWhere(items_ir, cond_ir, var, f, inline and guard is None)
                    counter.append(ir_ce(INT, count))
                else:
                    counter.append(self._count_equal_fn(items_ce, self.coerce_ce(
                        self.expr(same, scope.with_(number=INT)), INT, same.span), node.span))
            return counter[0]
        fn = self._where_fn(items_ce, cond_ce, var, node.span, guard, nests)
        # FN(ctx), or the loop in the caller; `[] if <no card holds X> else ...` with a guard
        where = NL.Where(items_ir, cond_ir, var, fn, inline, shortcuts, guard)
        return CE(kind, counted=counted, code=code_of(where), ir=where)

    def _sum(self, node: ast.Func, scope: Scope) -> CE:
        """`sum(ITEMS, EACH)`: EACH for each card of ITEMS (read as `card`), added up."""
        args = node.args
        if len(args) != 2:
            raise self.error("sum takes a set of cards and an amount per card: sum(owned, card.vp)", node.span)
        src = self.expr(args[0], scope)
        inner_scope = scope.with_(card=CARD if src.type != CARDNAMES else CARDNAME)
        each_ce = self.coerce_ce(self.expr(args[1], inner_scope), INT, args[1].span)
        items_ce = src if src.type == CARDNAMES else self.coerce_ce(src, CARDS, args[0].span)
        nests = self._nests(args[1])
        # each amount's size known (a printed property, a number written): the total's too, and not checked
        bound = None
        if each_ce.bound is not None and self.options.on("sum-bounds") \
                and each_ce.bound * LIST_LIMIT < NUMBER_LIMIT:  # (compile/passes.py)
            bound = each_ce.bound * LIST_LIMIT
        lowest = 0 if bound is not None and each_ce.lowest is not None and each_ce.lowest >= 0 else None
        checked = too_big if bound is None else None
        fn = self._sum_fn(items_ce, each_ce, node.span, nests, checked)  # one generated function: the amount inlined
        # a modified property's read runs the modifiers in a context of their own, each loop of theirs charged
        # by itself: with the pass sum-modified, EACH reading one inlines as a plain read does (compile/passes.py)
        if nests and self.options.on("sum-modified") and not self._nests(args[1], modified=False):
            nests = False
        if nests or not self.options.on("sum-inline"):  # (compile/passes.py)
            return ir_ce(INT, N.Call(fn, (), first="ctx"), bound, lowest)
        return ir_ce(INT, NL.SumIn(ir_of(items_ce), ir_of(each_ce), fn, node.span, checked), bound, lowest)

    def _nests(self, node: ast.Expr, modified: bool = True) -> bool:
        """May NODE, a loop's condition or amount, run loops of its own (a `where`, a `sum`, a game's function,
        a property computed from the state)? Only such loops are charged to the step budget: a loop over what
        a flat condition reads costs at most the cards of the game, and most loops (`count(hand where card is
        Action)`) are flat, on the simulation's hot path."""
        def walked() -> bool:
            dynamic = (self.modified if modified else set()) | {n for d in self.defs_by_name.values()
                                                                 for n in d.dynamic}
            return any(isinstance(n, ast.Where) or (isinstance(n, ast.Func) and n.name not in _FLAT_FUNCTIONS)
                       or (isinstance(n, ast.Attr) and n.name in dynamic) for n in nodes(node))
        # (the sources' answer: a fact the load's artifact keeps)
        return node_fact(self.code_log, "nests" if modified else "nests unmodified", node.span, walked) is True

    def _where_fn(self, items_ce: CE, cond_ce: CE, var: str, span, guard=None, nests: bool = True) -> Callable:
        """`ITEMS where COND` as one generated function: the loop with the condition inlined."""
        return self._over_items("where", items_ce, var, cond_ce, span, guard, charged=nests)

    def _count_fn(self, items_ce: CE, cond_ce: CE, var: str, span, guard=None, nests: bool = True) -> Callable:
        """`count(ITEMS where COND)` as one generated function: the loop counts, building no list."""
        return self._over_items("count", items_ce, var, cond_ce, span, guard, charged=nests)

    def _count_equal_fn(self, items_ce: CE, x_ce: CE, span) -> CE:
        """`count(NUMBERS where number == X)` as `return NUMBERS.count(X)`: the list's own count, the same ==
        (X a number or a name: a read without effect that cannot fail, made once instead of once per die)."""
        items, x = ir_of(items_ce), ir_of(x_ce)
        body = (N.Return(NL.ListCount(items, x)),)
        g = G.build_function(f"{self.gen_label}: count", span, lambda gen: gen.emit_ir(body), "run_count",
                             log=self.code_log, options=self.options)
        self.add_generated(g)
        # the count's code in its caller, when it only reads (no call)
        return ir_ce(INT, NL.CountEqual(items, x, g.fn))

    def _sum_fn(self, items_ce: CE, each_ce: CE, span, nests: bool = True, checked=too_big) -> Callable:
        """`sum(ITEMS, EACH)` as one generated function: the loop with the amount inlined, the total checked
        against the number limit by CHECKED (None: it cannot reach it)."""
        return self._over_items("sum", items_ce, "card", each_ce, span, charged=nests, checked=checked)

    def _over_items(self, kind: str, items_ce: CE, var: str, each_ce: CE, span, guard: NL.CounterGuard | None = None,
                    charged: bool = True, checked=too_big) -> Callable:
        """One generated function looping over ITEMS, EACH for each (ir/nodes_loops.py OverItems; GUARD: what
        may answer first). CHARGED (a loop whose step may loop itself: _nests): each item is charged to the step
        budget, all at once before the loop (one addition, not one per item), so that loops nested in
        conditions and amounts, which no statement counts, end too: six `sum(owned, ...)` inside each other over
        41 cards are 41^6 items."""
        loop = NL.OverItems(kind, ir_of(items_ce), var, ir_of(each_ce), span, over_budget, checked, guard, charged)
        g = G.build_function(f"{self.gen_label}: {kind}", span, lambda gen: gen.emit_ir((loop,)), f"run_{kind}",
                             log=self.code_log, options=self.options)
        self.add_generated(g)
        return g.fn

