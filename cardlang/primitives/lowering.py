"""What a primitive's `lower` may build: small Python AST helpers over the generated function's context
(`ctx`), and the `Site` of a call the compiler hands a lowering. Knows Python's `ast` and the runtime's state
fields a lowering reads; never the compiler (compile/codegen.py builds on these, not the other way round).

A lowering gets a `gen` (the module being generated) and uses only these of its methods: `gen.const(obj)` (a
compiled value as a constant of the module), `gen.fresh(hint)` (a new local name), `gen.ns` (the module's
constants by name, to recognise a call of a known function), `gen.quiet(...)` / `gen.watched(...)`, the
emitter's tests that nobody / someone is told of a change (marked, so the rewrites of the code know them),
and the compiler's IR: `gen.ir` (its node classes, compile/ir/nodes.py), `gen.emit_ir(stmts)` and
`gen.emit_expr(node)` (their Python, from the one emitter). A lowering reaches the IR through `gen` rather
than by import because primitives/ sits below compile/ (imports point compile -> primitives -> runtime).
"""
from __future__ import annotations

import ast as py
from dataclasses import dataclass
from typing import Any, Callable

CTX = "ctx"


def name(n: str) -> py.Name:
    return py.Name(n, py.Load())


def store(n: str) -> py.Name:
    return py.Name(n, py.Store())


def const(v: Any) -> py.Constant:
    assert v is None or isinstance(v, (str, int, bool, float)), v
    return py.Constant(v)


def attr(base: py.expr, a: str) -> py.Attribute:
    return py.Attribute(base, a, py.Load())


def call(fn: py.expr, *args: py.expr, **kw: py.expr) -> py.Call:
    return py.Call(fn, list(args), [py.keyword(k, v) for k, v in kw.items()])


def subscript(base: py.expr, key: py.expr) -> py.Subscript:
    return py.Subscript(base, key, py.Load())


def ctx_attr(a: str) -> py.Attribute:
    return attr(name(CTX), a)


def state(gen) -> py.expr:
    """The context's state, `ctx.state`, as the emitter reads it (IR State: marked, so the rewrites of the
    code keep it in a local)."""
    return gen.emit_expr(gen.ir.State())


def state_attr(gen, a: str) -> py.Attribute:
    return attr(state(gen), a)


def is_none(e: py.expr) -> py.expr:
    return py.Compare(e, [py.Is()], [const(None)])


def one_card(cards: py.expr) -> py.expr | None:
    """E, when CARDS is the code `[E]` of one card."""
    if isinstance(cards, py.List) and len(cards.elts) == 1 and not isinstance(cards.elts[0], py.Starred):
        return cards.elts[0]
    return None


def fresh_list(code: py.expr) -> bool:
    """Is CODE `list(X)` or a list display: a new list, which nothing else holds?"""
    return isinstance(code, py.List) or (isinstance(code, py.Call) and isinstance(code.func, py.Name)
                                         and code.func.id == "list" and len(code.args) == 1 and not code.keywords)


def calls(gen, code: py.expr, fn: Callable) -> bool:
    """Is CODE a call of FN, a constant of the module GEN builds?"""
    return (isinstance(code, py.Call) and isinstance(code.func, py.Name) and not code.keywords
            and gen.ns.get(code.func.id) is fn)


def got(gen, table: py.expr, key: py.expr, hint: str) -> tuple[py.expr, str]:
    """`(_x := TABLE.get(KEY)) is not None`, and _x."""
    x = gen.fresh(hint)
    found = py.NamedExpr(store(x), call(attr(table, "get"), key))
    return py.Compare(found, [py.IsNot()], [const(None)]), x


def named(gen, code: py.expr) -> bool:
    """Is CODE `ctx.vars['NAME']`, a name read from the context (the emitter's read of the names, IR Names)?"""
    return (isinstance(code, py.Subscript) and isinstance(code.slice, py.Constant)
            and isinstance(code.slice.value, str) and type(gen.ir_mark(code.value)) is gen.ir.Names)


def first_or_call(gen, cards: py.expr, one: Callable[[py.expr], py.expr], call_: py.Call) -> py.expr | None:
    """ONE(E) for the code `[E]` of one card; for cards in a local N, `ONE(N[0]) if len(N) == 1 else CALL`
    (most card sets are one card); for a name read in ctx.vars, the same over `(_n := ctx.vars['u'])`, read
    once (CALL then takes _n); None for other shapes (the call)."""
    card = one_card(cards)
    if card is not None:
        return one(card)
    if named(gen, cards):
        n = gen.fresh("n")
        for i, a in enumerate(call_.args):
            if a is cards:
                call_.args[i] = name(n)
        return py.IfExp(py.Compare(call(gen.const(len), py.NamedExpr(store(n), cards)), [py.Eq()], [const(1)]),
                        one(subscript(name(n), const(0))), call_)
    if not isinstance(cards, py.Name):
        return None
    return py.IfExp(py.Compare(call(gen.const(len), cards), [py.Eq()], [const(1)]),
                    one(subscript(name(cards.id), const(0))), call_)


UNKNOWN = object()  # (Site.known: a value read only when the call runs)


@dataclass(frozen=True, slots=True)
class Site:
    """What the compiler knows of one call that a verb's lowering may use.

    known: the value of each of run's arguments where it is known when compiling (a plain word, a value the
        verb takes from the compiler, an argument left out), else UNKNOWN;
    zone_of: the declared zone (ZoneSpec) a code reads, as the compiler knows it (its emitter marks the reads
        of zones: compile/ir/emit.py), else None;
    switched: for a call made `for P`, a function wrapping statements so that they run as P (None: no switch).
        A lowering that can put the switch around only the part that acts does so; else it returns None and
        the compiler switches around the whole call;
    reads_no_you: does this code read nothing of its context but `ctx.state` and `ctx.vars` (the same whoever's
        turn it is)?
    free_read: is this code a read without effect, which cannot fail and reads no `you` (so it may be read
        before the switch)?;
    gridless: does the game declare no grid zone (so no zone of its ever has cells: runtime/state.py Zone)?;
    quiet: does the call run only when nobody watches (no log, no listener: in a verb's statements run in place
        of its call, ir/verb_in_place.py), with the pass quiet-moves on?;
    reacts: the events some card of the game has an `on EVENT` ability for, with the pass dead-triggers on,
        else None (not known): a `Reactions`, which also says whether a card of some types may react;
    types_of: the types every card a code holds has, as far as the emitter knows (a loop's card over a `where`
        that kept one type: ir/known_types.py), with the pass typed-triggers on; else none."""

    known: tuple = ()
    zone_of: Callable[[py.expr], Any] = lambda code: None
    switched: Callable[[list[py.stmt]], list[py.stmt]] | None = None
    reads_no_you: Callable[[py.expr], bool] = lambda code: False
    free_read: Callable[[py.expr], bool] = lambda code: False
    gridless: bool = False
    quiet: bool = False
    reacts: frozenset | None = None
    types_of: Callable[[py.expr], frozenset] = lambda code: frozenset()


class Reactions(frozenset):
    """The events some card of the game has an `on EVENT` ability for (a frozenset of them, as a `Site.reacts`),
    with each card definition's types beside its events, so that a lowering can ask whether a card known to
    have some types may react at all (`may`): when no Treasure has an `on play` ability, `trigger play x` of
    a Treasure looks at nothing (the pass typed-triggers). A card's types never change in a game
    (runtime/state.py CardDef)."""

    __slots__ = ("cards",)

    def __new__(cls, cards: tuple[tuple[frozenset[str], frozenset[str]], ...]) -> "Reactions":
        self = super().__new__(cls, (e for _, events in cards for e in events))
        self.cards = cards  # (types, events) of each card definition
        return self

    def may(self, types: frozenset[str], event: str) -> bool:
        """May a card that has every type of TYPES have an `on EVENT` ability?"""
        return event in self and any(event in events and types <= kinds for kinds, events in self.cards)
