"""AST -> generated Python functions (blocks) and compiled expressions. One compile rule per node type; every name, arity and type is checked here, before play.

Expressions compile to `CE(fn, type)` where `fn(ctx)` computes the value; statements compile to `fn(ctx)`.
Runtime `IllegalAction`s are turned into `RuleViolation`s that name the card and point at the clause.

The rules live by concern: expressions.py (literals, names, attributes), operators.py (functions, lists,
arithmetic, comparisons, is/in, and/or/not), loops.py (`where` filters, `sum`, the count of a where),
decisions.py (choose, may), statements.py (blocks, assignments, loops), calls.py (verbs, triggers, abilities
at play time). This module joins them and holds type coercion.
"""
from __future__ import annotations

import ast as py
import threading
from typing import Any, Callable

from cardlang.compile import codegen as G
from cardlang.compile import inline as _inline  # noqa: F401  (fills codegen.EXPANSIONS)
from cardlang.compile.calls import SCENARIO_ONLY, Calls, VerbTable, _MAX_DEPTH
from cardlang.compile.decisions import Decisions
from cardlang.compile.expressions import Expressions
from cardlang.compile.loops import Loops
from cardlang.compile.operators import Operators, _names_fn
from cardlang.compile.scope import EXPR_RULES, STMT_RULES, Scope
from cardlang.compile.spec import GameSpec
from cardlang.compile.statements import Statements
from cardlang.errors import CardCompileError, CardLangError, Span
from cardlang.primitives.registry import Registry
from cardlang.primitives.types import (ANY, BOOL, CARD, CARDNAME, CARDNAMES, CARDS, CE, INT, NUMBERS, PLAYER, PLAYERS,
                                       SLOT, SLOTS, TEXT, ZONE, Effect, article as _article)
from cardlang.primitives.values import NothingChosen, _as_cards, _text, _zone_cards
from cardlang.runtime.state import Ctx, GameOver, IllegalAction


_OPS = (py.Call, py.BinOp, py.Compare, py.BoolOp, py.UnaryOp, py.List, py.Tuple)


class Compiler(Expressions, Operators, Loops, Decisions, Statements, Calls):
    """Compiles the AST of one game's cards, rules, bots and scenarios against its declarations."""

    def __init__(self, spec: GameSpec, registry: Registry, defs_by_name: dict | None = None) -> None:
        self.spec = spec
        self.registry = registry
        self.defs_by_name = defs_by_name if defs_by_name is not None else {}
        self.verb_fns: dict[str, Callable] = VerbTable()
        self.flat_verbs: set[str] = set()  # verbs that never run inside themselves (checks.flat_verbs)
        self.verb_inline: dict[str, tuple] = {}  # flat verbs whose body a call may run in place (calls.py)
        self.errors: list[CardLangError] = []
        self.prop_defaults: dict[str, Any] = {}
        self.event_args: dict[str, dict[str, str]] = {}  # event -> values its triggers pass, with their types
        self.modified: set[str] = set()  # properties some `on modify in ZONE` ability changes
        self.modifiers: dict = {}  # property -> the modifiers that may change it (primitives/modify.py)
        # event -> trigger calls that name a card (not a card in play), and calls that pass cards in play:
        # an ability only ever run by name has no `this` (compile/checks.py)
        self.trigger_sites: dict[str, dict[str, list[Span]]] = {}
        self.generated: list = []  # every generated module (codegen.Generated), for `cardlang compile`
        self.code_log = None  # the load's artifact (compile/codecache.py) while it loads, else None
        self.code_lock = threading.RLock()  # once the game is shared (threads), one compile at a time (bots)
        self.gen_label = "rules"  # what the blocks compiled now belong to (a card, a rule, a verb)
        self.gen_card: str | None = None  # the card being compiled, if any
        # the game's `on attack` rules, run for each target of every `attack` before the cards' watchers;
        # filled after the cards are compiled, read when an attack runs
        self.attack_rules: list[Callable[[Ctx], None]] = []

    def as_fn(self, ce: CE, least: int = 2) -> Callable[[Ctx], Any]:
        """CE as one function of ctx: for an expression with code of LEAST operations or more, a generated
        function (one call instead of a tree of them); else its own function."""
        if ce.code is None:
            return ce.fn
        probe = G.Gen("probe")
        ops = 0
        for n in py.walk(ce.code(probe)):  # a few operations are enough to know (a load walks hundreds)
            if isinstance(n, _OPS):
                ops += 1
                if ops == least:
                    break
        if ops < least:
            return ce.fn
        g = G.build_function(f"{self.gen_label}: an expression", None, lambda gen: [py.Return(ce.code(gen))],
                             log=self.code_log)
        self.add_generated(g)
        return g.fn

    def add_generated(self, g) -> None:
        g.card = self.gen_card
        self.generated.append(g)

    stmt_rules = STMT_RULES

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
        if want == have or want == ANY or have == ANY:
            if want == CARDS and have == ANY:
                return lambda ctx: _as_cards(fn(ctx))
            return self.as_fn(ce)
        if want == BOOL:
            return self.as_fn(ce)
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


    def expr(self, node, scope: Scope) -> CE:
        """Compile an expression by the rule for its node type."""
        for t in type(node).__mro__:
            rule = EXPR_RULES.get(t)
            if rule is not None:
                return rule(self, node, scope)
        raise self.error(f"cannot use {type(node).__name__} here", getattr(node, "span"))


# The compiler's names used across cardlang (bots, scenarios, games), kept importable from here.
__all__ = ["Compiler", "Scope", "CE", "GameOver", "NothingChosen", "SCENARIO_ONLY", "_MAX_DEPTH", "_names_fn", "_text",
           "ANY", "BOOL", "CARD", "CARDNAME", "CARDNAMES", "CARDS", "INT", "NUMBERS", "PLAYER", "PLAYERS", "SLOT",
           "SLOTS", "TEXT", "ZONE", "Effect"]
