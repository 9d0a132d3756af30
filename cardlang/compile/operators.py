"""Compile rules for the operators that do not loop over a set: function calls, lists, `top N of`, `is`,
`in`, arithmetic, comparisons, and/or/not, with the runtime helpers their code calls (`NAME in ZONE`, `CARDS
is T`). Mixed into the `Compiler`; the operators that loop (`where`, `sum`, the count of a where) are
compile/loops.py's, which this module reaches only through the Compiler (`sum` -> `self._sum`).

Each rule gives a CE, its code as IR (ir/nodes_ops.py: `Arith`, `Compare`,
`Both`, `AllAre`, `Helper`, ...; ir/nodes.py's `Not`, `Call`, the type tests of `is`), emitted by
ir/emit_ops.py: this module builds no Python. The helpers below are what that code calls (`Helper`) and the
references of `CARDS is T` (`AllAre`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir import nodes_ops as O
from cardlang.compile.ir.ce import ir_ce, ir_of
from cardlang.compile.lift import lifted
from cardlang.compile.scope import Scope, expr_rule
from cardlang.errors import Span, did_you_mean
from cardlang.primitives import registry as R
from cardlang.primitives.types import (BOOL, CARD, CARDNAME, CARDNAMES, CARDS, CE, INT, NUMBERS, PLAYER, PLAYERS,
                                       TEXT, ZONE, article as _article)
from cardlang.primitives.values import int_div, int_mod, too_big
from cardlang.runtime.state import NUMBER_LIMIT, IllegalAction
from cardlang.runtime import zones as Z
from cardlang.syntax import ast

_ARITH = frozenset({"+", "-", "*"})


def count_named_in(state, zone, d) -> int:
    """`count(NAME in ZONE)`: how many cards of definition D ZONE holds, without the list of them."""
    if zone.spec.piles:
        pile = state.piles.get((zone.spec.slot, d.name))
        return len(pile.cards) if pile is not None else 0
    defs = state.card_def
    n = 0
    for c in zone.cards:
        if defs[c] is d:
            n += 1
    return n


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
        return _none_of(n)
    if zone.spec.piles:
        pile = state.piles.get((zone.spec.slot, d.name))
        return pile.cards[: -n - 1: -1] if pile is not None else []
    # from the top down, stopping at the Nth: most often the top 1 of a name in a long zone (a set-up's House)
    defs = state.card_def
    out: list[int] = []
    for c in reversed(zone.cards):
        if defs[c] is d:
            out.append(c)
            if len(out) == n:
                break
    return out


def cards_in_zone(state, cards: list[int], zone) -> list[int]:
    """`CARDS in ZONE` (`this in inplay`): those of CARDS that are (still) in ZONE, in their order."""
    loc = state.loc
    return [c for c in cards if loc[c] is zone]


def same_cards(state, a, a_kind: str, b, b_kind: str) -> bool:
    """`A == B` of cards or card names (each of kind "card name", "card names" or "cards"): the same card names,
    as many times each."""
    if a_kind == CARDNAME:
        a = (a,)
    if b_kind == CARDNAME:
        b = (b,)
    if len(a) != len(b):  # (most often one card against a pick of one: no list of names, no sort)
        return False
    defs = state.card_def
    if len(a) == 1:
        x, y = a[0], b[0]
        return (x.name if a_kind != CARDS else defs[x].name) == (y.name if b_kind != CARDS else defs[y].name)
    return sorted(_names_of(state, a, a_kind)) == sorted(_names_of(state, b, b_kind))


def card_names(state, v, kind: str) -> list[str]:
    """The card names of V, of kind "card name", "card names" or "cards"."""
    return [v.name] if kind == CARDNAME else _names_of(state, v, kind)


def _names_of(state, v, kind: str) -> list[str]:
    """The card names of V, a sequence of cards (KIND "cards") or of card definitions."""
    if kind != CARDS:
        return [d.name for d in v]
    defs = state.card_def
    return [defs[c].name for c in v]


def _top_of_cards(cards: list[int], n: int) -> list[int]:
    """`top N of CARDS` for a set of cards (not a zone): its last ones are on top."""
    return cards[: -n - 1: -1] if n > 0 else _none_of(n)


def _none_of(n: int) -> list[int]:
    """`top N of` with N at most 0: no card, or a rule violation for fewer than none."""
    if n < 0:
        raise IllegalAction(f"cannot take {n} cards")
    return []


class Operators:
    @expr_rule
    def _(self, node: ast.Func, scope: Scope) -> CE:
        n, args = node.name, node.args
        prim = self.registry.get(n)
        if prim is None or prim.kind != "function":
            hint = did_you_mean(n, [p.verb for p in self.registry.all() if p.kind == "function"])
            raise self.error(f"unknown function '{n}'", node.span, hint=hint)
        if n == "sum":
            return self._sum(node, scope)
        least = sum(1 for p in prim.params if p.required)
        if not least <= len(args) <= len(prim.params):
            want = str(len(prim.params)) if least == len(prim.params) else f"{least} to {len(prim.params)}"
            raise self.error(f"{n}() takes {want} argument(s), got {len(args)}", node.span,
                             hint=f"use {prim.example}" if prim.example else None)
        ces = [self._func_arg(p, a, scope) for p, a in zip(prim.params, args)]
        ce = prim.compile(self, ces, [a.span for a in args])
        if prim.bound is not None and ce.type == INT and ce.bound is None:  # (its size known: `bounds` pass)
            ce = replace(ce, bound=prim.bound, lowest=0)
        return ce

    def _func_arg(self, param: R.Param, a: ast.Expr, scope: Scope) -> CE:
        """A function argument: compiled, or for a `name` parameter the plain word itself (`bank(coins)`)."""
        if param.type != R.NAME:
            return self.expr(a, scope)
        if not isinstance(a, ast.NameRef) or lifted(a):  # (a choice is no plain word, lifted or not)
            raise self.error(f"'{param.name}' must be a plain word", a.span)
        word = a.name
        return ir_ce(R.NAME, N.Const(word))

    @expr_rule
    def _(self, node: ast.ListLit, scope: Scope) -> CE:
        ces = [self.expr(i, scope) for i in node.items]
        if all(c.type == CARDNAME for c in ces):
            return ir_ce(CARDNAMES, O.ListOf(tuple(map(ir_of, ces))))
        if all(c.type in (PLAYER,) for c in ces):
            return ir_ce(PLAYERS, O.ListOf(tuple(map(ir_of, ces))))
        if ces and all(c.type in (INT, NUMBERS) for c in ces):  # `[1, 2, 3]`: numbers
            parts = [self.coerce_ce(c, NUMBERS, i.span) for c, i in zip(ces, node.items)]
            numbers = O.Numbers(tuple(map(ir_of, ces))) if all(c.type == INT for c in ces) else \
                O.Joined("numbers", tuple(map(ir_of, parts)))  # (1, 2, 3), else (*A, *B)
            return ir_ce(NUMBERS, numbers)
        parts = [self.coerce_ce(c, CARDS, i.span) for c, i in zip(ces, node.items)]
        return ir_ce(CARDS, O.Joined("cards", tuple(map(ir_of, parts))))

    @expr_rule
    def _(self, node: ast.TopOf, scope: Scope) -> CE:
        cce = self.coerce_ce(self.expr(node.count, scope), INT, node.count.span)
        zce = self.expr(node.zone, scope)
        if zce.type != ZONE:
            cards = self.coerce_ce(zce, CARDS, node.zone.span)  # a set of cards: its last ones are on top
            named = self._named_in(node.zone, scope) if node.end == "top" else None
            if named is not None:  # `top N of (NAME in ZONE)`: one call, no copy of them all (`gain`)
                slot = self._pile_slot(named[0])
                n = ir_of(cce)
                if slot is not None and type(n) is N.Const and type(n.value) is int and n.value >= 1:
                    return ir_ce(CARDS, O.PileTop(slot, ir_of(named[1]), n.value))  # (its pile, in the code)
                return _helper(top_named_in, [*named, cce], CARDS)
            if node.end == "top":
                return _helper(_top_of_cards, [cards, cce], CARDS, state=False)
            return ir_ce(CARDS, O.Bottom(ir_of(cards), ir_of(cce)))  # `bottom N of CARDS`: its first N
        pick = Z.top if node.end == "top" else Z.bottom
        return ir_ce(CARDS, N.Call(pick, (ir_of(zce), ir_of(cce))))  # zones.top(ctx.state, ZONE, N)

    def _pile_slot(self, zone: CE) -> int | None:
        """The slot of ZONE when it is a shared zone of piles (its pile of a name then found by its key alone:
        count_named_in, top_named_in) and the pass `piles-in-code` is on, else None."""
        ref = zone.ir
        if type(ref) is not N.ZoneRef or ref.whose != N.Const(0) or not self.options.on("piles-in-code"):
            return None
        spec = next((z for z in self.spec.zones.values() if z.slot == ref.slot), None)
        return ref.slot if spec is not None and spec.piles and not spec.per_player else None

    def _named_in(self, node: ast.Expr, scope: Scope) -> tuple[CE, CE] | None:
        """(ZONE, NAME) of `NAME in ZONE` (a card name in a zone, as cards_named_in reads it), else None. NODE
        has compiled already: its errors are reported."""
        if not isinstance(node, ast.In):
            return None
        item, cont = self.expr(node.item, scope), self.expr(node.container, scope)
        return (cont, item) if item.type == CARDNAME and cont.type == ZONE else None

    @expr_rule
    def _(self, node: ast.BinOp, scope: Scope) -> CE:
        ace = self.coerce_ce(self.expr(node.left, scope), INT, node.left.span)
        bce = self.coerce_ce(self.expr(node.right, scope), INT, node.right.span)
        op = node.op
        if op in _ARITH:  # the only operators whose result can grow past NUMBER_LIMIT: checked (Bounded)
            span = node.span
            bound = None
            if ace.bound is not None and bce.bound is not None:
                bound = ace.bound * bce.bound if op == "*" else ace.bound + bce.bound
                if bound >= NUMBER_LIMIT:
                    bound = None
            if bound is not None and self.options.on("bounds") and ace.code is not None and bce.code is not None:
                # (compile/passes.py) both sizes known, and the result cannot reach the limit: no check
                return ir_ce(INT, O.Arith(op, ir_of(ace), ir_of(bce)), bound=bound)
            return ir_ce(INT, NL.Bounded(O.Arith(op, ir_of(ace), ir_of(bce)), span, too_big), bound)
        div = int_div if op == "/" else int_mod  # (the reference, stopping the game on a division by zero)
        return ir_ce(INT, O.Divide(op, ir_of(ace), ir_of(bce), div))

    @expr_rule
    def _(self, node: ast.Compare, scope: Scope) -> CE:
        left, right = self.expr(node.left, scope), self.expr(node.right, scope)
        op = node.op
        cardish = {CARD, CARDS, CARDNAME, CARDNAMES, ZONE}
        if left.type in cardish and right.type in cardish and op in ("==", "!="):
            # the same card names, as many times each: each side's names (a zone's or a card's: its cards')
            lce, rce = _named(self, left, node.left.span), _named(self, right, node.right.span)
            return ir_ce(BOOL, O.SameCards(ir_of(lce), lce.type, ir_of(rce), rce.type, op == "==", same_cards))
        if left.type in (PLAYER, TEXT) or right.type in (PLAYER, TEXT):
            if op not in ("==", "!="):
                raise self.error(f"cannot order {_article(left.type)}", node.span)
            return ir_ce(BOOL, O.Compare(op, ir_of(left), ir_of(right)))
        lce = self.coerce_ce(left, INT, node.left.span)
        rce = self.coerce_ce(right, INT, node.right.span)
        return ir_ce(BOOL, O.Compare(op, ir_of(lce), ir_of(rce)))

    @expr_rule
    def _(self, node: ast.Is, scope: Scope) -> CE:
        base = self.expr(node.value, scope)
        t = node.type_name
        neg = node.negated
        if t in self.spec.types or t in self.spec.tags:
            def test_ir(d: N.Node) -> N.Node:
                return N.DefIsType(d, t)
        elif t in self.defs_by_name:
            def test_ir(d: N.Node) -> N.Node:
                return N.DefNamed(d, t)
        else:
            hint = did_you_mean(t, self.spec.types + self.spec.tags + self.spec.card_names)
            raise self.error(f"'{t}' is not a card type or card of this game", node.span, hint=hint)
        if base.type in (CARD, CARDNAME):  # one card's definition, or a card name, tested
            d = N.DefOf(ir_of(base)) if base.type == CARD else ir_of(base)
            return ir_ce(BOOL, N.Not(test_ir(d)) if neg else test_ir(d))
        # `CARDS is T`: every one of them is (and there is one); one call, with the cards' code inlined
        typed = t in self.spec.types or t in self.spec.tags
        fn = cards_are_type if typed else cards_are_named
        cards = self.coerce_ce(base, CARDS, node.value.span)
        return ir_ce(BOOL, O.AllAre(ir_of(cards), "type" if typed else "named", t, neg, fn))

    @expr_rule
    def _(self, node: ast.In, scope: Scope) -> CE:
        item = self.expr(node.item, scope)
        if item.type in (CARD, CARDS):
            # `this in inplay`: those of the cards that are (still) in the zone
            cards = self.coerce_ce(item, CARDS, node.item.span)
            zce = self.expr(node.container, scope)
            if zce.type != ZONE:
                raise self.error("'CARD in ZONE' needs a zone on the right", node.container.span)
            return _helper(cards_in_zone, [cards, zce], CARDS)
        if item.type != CARDNAME:
            raise self.error(f"'X in ZONE' needs a card name on the left, found {_article(item.type)}",
                             node.item.span)
        cont = self.expr(node.container, scope)
        if cont.type == ZONE:  # (a `count` of it counts them in place: counted)
            slot = self._pile_slot(cont)
            counting = _helper(count_named_in, [cont, item], INT) if slot is None else \
                ir_ce(INT, O.PileCount(slot, ir_of(item)))  # (its pile, in the code)
            return replace(_helper(cards_named_in, [cont, item], CARDS), counted=lambda: counting)
        return _helper(cards_named, [self.coerce_ce(cont, CARDS, node.container.span), item], CARDS)

    @expr_rule
    def _(self, node: ast.And, scope: Scope) -> CE:
        return self._both(node, scope, True)

    @expr_rule
    def _(self, node: ast.Or, scope: Scope) -> CE:
        return self._both(node, scope, False)

    def _both(self, node, scope: Scope, conj: bool) -> CE:
        """`A and B` / `A or B`, as a truth value (the right side is evaluated only when needed)."""
        ace, bce = self.expr(node.left, scope), self.expr(node.right, scope)
        return ir_ce(BOOL, O.Both(conj, ir_of(ace), ir_of(bce)))

    @expr_rule
    def _(self, node: ast.Not, scope: Scope) -> CE:
        ace = self.expr(node.value, scope)
        return ir_ce(BOOL, N.Not(ir_of(ace)))

    @expr_rule
    def _(self, node: ast.Neg, scope: Scope) -> CE:
        ace = self.coerce_ce(self.expr(node.value, scope), INT, node.value.span)
        return ir_ce(INT, O.Neg(ir_of(ace)), ace.bound)



def names_reader(comp, ce: CE, span: Span) -> Callable:
    """A function of ctx giving the card names of CE (cards, a zone, a card, card names, a card name), as a side
    of `==` compares them (a scenario's check shows them)."""
    named = _named(comp, ce, span)
    return comp.fn_of(ir_ce(TEXT, N.Call(card_names, (ir_of(named),), consts=(named.type,))))


def _named(comp, ce: CE, span: Span) -> CE:
    """CE as same_cards reads a side of `==`: a card name, card names, or else its cards."""
    return ce if ce.type in (CARDNAME, CARDNAMES) else comp.coerce_ce(ce, CARDS, span)



def _helper(fn: Callable, args: list[CE], type_: str, state: bool = True) -> CE:
    """The CE of FN(ctx.state, *ARGS) (STATE false: FN(*ARGS)), a helper above: the IR `Helper`."""
    return ir_ce(type_, O.Helper(fn, tuple(map(ir_of, args)), state))



