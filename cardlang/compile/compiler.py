"""AST -> generated Python functions (blocks) and compiled expressions. One compile rule per node type; every name, arity and type is checked here, before play.

Expressions compile to `CE(type, code)` (their IR: compile/ir/); a caller that needs a function of ctx asks the
compiler for one, made once from that code (`fn_of`); statements compile to `fn(ctx)`.
Runtime `IllegalAction`s are turned into `RuleViolation`s that name the card and point at the clause.

The rules live by concern: expressions.py (literals, names, attributes), operators.py (functions, lists,
arithmetic, comparisons, is/in, and/or/not), loops.py (`where` filters, `sum`, the count of a where),
decisions.py (choose, may), statements.py (blocks, assignments, loops), calls.py (verbs, triggers). This module
joins them and holds type coercion, and `GameFacts`: what a game's compile made and found, which the compiled
game keeps instead of the compiler (play itself runs on runtime/abilities.py; a bot or a scenario compiled
later gets a compiler of its own, `Compiler.for_game`).
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Callable

from cardlang.compile import codegen as G
from cardlang.compile.calls import SCENARIO_ONLY, Calls, VerbTable
from cardlang.compile.decisions import Decisions
from cardlang.compile.expressions import Expressions
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.ce import ir_of, ready_fn
from cardlang.compile.loops import Loops
from cardlang.compile.operators import Operators, names_reader
from cardlang.compile.passes import OPTIMISED, Options
from cardlang.compile.scope import EXPR_RULES, STMT_RULES, Scope
from cardlang.compile.spec import GameSpec
from cardlang.compile.statements import Statements
from cardlang.errors import CardCompileError, CardLangError, RuleViolation, Span
from cardlang.primitives.registry import Registry
from cardlang.primitives.types import (ANY, BOOL, CARD, CARDNAME, CARDNAMES, CARDS, CE, INT, NUMBERS, PLAYER, PLAYERS,
                                       SLOT, SLOTS, TEXT, ZONE, Effect)
from cardlang.primitives.values import NothingChosen, text_of
from cardlang.runtime.abilities import Abilities
from cardlang.runtime.state import Ctx, GameOver


@dataclass(eq=False)
class GameFacts:
    """What compiling one game made and found, kept by the compiled game as plain data and functions (no
    compiler): what its cards' code calls at play time, and what later compiles against the same game (its
    bots, its scenarios) and `cardlang compile` read."""

    abilities: Abilities
    verbs: VerbTable = field(default_factory=VerbTable)  # the game's verb bodies by name
    told_verbs: VerbTable = field(default_factory=VerbTable)  # the same, told as events (runtime/acts.py)
    phases: dict[str, Effect] = field(default_factory=dict)  # the turn's phases by name (scenarios run one)
    generated: list = field(default_factory=list)  # every generated module (codegen.Generated), in order
    flat_verbs: set[str] = field(default_factory=set)  # verbs that never run inside themselves (checks.flat_verbs)
    verb_inline: dict[str, tuple] = field(default_factory=dict)  # flat verbs a call may run in place (calls.py)
    event_args: dict[str, dict[str, str]] = field(default_factory=dict)  # event -> values its triggers pass
    # event -> trigger calls that name a card (not a card in play), and calls that pass cards in play:
    # an ability only ever run by name has no `this` (compile/checks.py)
    trigger_sites: dict[str, dict[str, list[Span]]] = field(default_factory=dict)
    # one compile at a time once the game is shared: two threads playing it may compile a bot at once
    code_lock: Any = field(default_factory=threading.RLock)
    # which passes its compiles run (compile/passes.py): the same for the game's bots and scenarios
    options: Options = OPTIMISED


class Compiler(Expressions, Operators, Loops, Decisions, Statements, Calls):
    """Compiles the AST of one game's cards, rules, bots and scenarios against its declarations."""

    def __init__(self, spec: GameSpec, registry: Registry, defs_by_name: dict | None = None,
                 facts: GameFacts | None = None, options: Options = OPTIMISED) -> None:
        self.spec = spec
        self.registry = registry
        self.defs_by_name = defs_by_name if defs_by_name is not None else {}
        # what this game's compiles make and find, shared with every later compile against the same game
        # (its bots, its scenarios): the compiled game keeps it, never the compiler
        self.facts = facts = facts if facts is not None else GameFacts(Abilities(RuleViolation), options=options)
        self.options = facts.options  # which passes run (compile/passes.py)
        a = self.abilities = facts.abilities  # what the cards' code calls at play time (runtime/abilities.py)
        self.run_ability, self.fire_watchers = a.run_ability, a.fire_watchers  # (one bound method each)
        self.attack_rules, self.watch_index, self.modifiers, self.modified = (a.attack_rules, a.watch_index,
                                                                               a.modifiers, a.modified)
        self.verb_fns, self.flat_verbs, self.verb_inline = facts.verbs, facts.flat_verbs, facts.verb_inline
        self.told_fns = facts.told_verbs
        self.event_args, self.trigger_sites = facts.event_args, facts.trigger_sites
        self.generated, self.phases = facts.generated, facts.phases
        self.errors: list[CardLangError] = []
        self.prop_defaults: dict[str, Any] = {}
        self.code_log = None  # the load's artifact (compile/codecache.py) while it loads, else None
        self.code_lock = facts.code_lock  # once the game is shared (threads), one compile at a time (bots)
        self.gen_label = "rules"  # what the blocks compiled now belong to (a card, a rule, a verb)
        self.gen_card: str | None = None  # the card being compiled, if any
        # how often each name is written in each nested block compiled so far (statements._write_counts)
        self.write_counts: dict[int, tuple[Any, dict[str, int]]] = {}
        # set once every card's properties are known and compiled (compile/game.py): answers read off all the
        # cards may then be kept (Expressions._cards_say, in cards_memo)
        self.cards_settled = False
        self.cards_memo: dict[tuple, Any] = {}

    @classmethod
    def for_game(cls, game) -> "Compiler":
        """A compiler of more code against a compiled GAME (a bot, a scenario), sharing its facts."""
        return cls(game.spec, game.registry, game.defs_by_name, game.facts)

    def fn_of(self, ce: CE, listed: bool = False, later: bool = False) -> Callable[[Ctx], Any]:
        """CE as a function of ctx, for what needs one (a primitive's argument, the end of the game, a closure of
        a statement, a decision's reference, a scenario's check), made once and kept on the CE: the function
        itself where its code is one call of a function of ctx alone or a loop's generated function (ir/ce.py
        ready_fn), else `def run_expr(ctx): return CODE`, generated with this compiler's passes (while a game
        loads, in the load's artifact: a cached load takes it from there, compiling nothing). LISTED: a
        function the game's code calls as it plays, listed, when it is made, with the modules of what is being
        compiled (`cardlang compile` prints it); the others (a decision's reference's parts, which run only
        where the reference does) are not. LATER: made while other code is emitted (a decision's reference,
        made only where code calls it: decisions.py), so outside the load's artifact, which holds its modules in
        the order the compile rules make them (a cached load, which emits nothing, makes it when it links)."""
        made = ce.made
        if not made:
            fn = ready_fn(ce)
            if fn is None:
                ret = N.Return(ir_of(ce))  # `return CE` (ir/emit_stmts.py)
                label = f"{self.gen_label}: an expression" if listed else "an expression"
                g = G.build_function(label, None, lambda gen: gen.emit_ir((ret,)),
                                     log=None if later else self.code_log, options=self.options)
                if listed:
                    self.add_generated(g)
                fn = g.fn
            made.append(fn)
        return made[0]

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
        """A function of ctx giving CE's value as WANT (coerce_ce's code, fn_of), or a compile error naming both
        types."""
        return self.fn_of(self.coerce_ce(ce, want, span), listed=True)


    def expr(self, node, scope: Scope) -> CE:
        """Compile an expression by the rule for its node type."""
        return EXPR_RULES.find(type(node))(self, node, scope)  # NoRule for a class without one: a bug


# The compiler's names used across cardlang (bots, scenarios, games), kept importable from here.
__all__ = ["Compiler", "Scope", "CE", "GameOver", "NothingChosen", "SCENARIO_ONLY", "names_reader", "text_of",
           "ANY", "BOOL", "CARD", "CARDNAME", "CARDNAMES", "CARDS", "INT", "NUMBERS", "PLAYER", "PLAYERS", "SLOT",
           "SLOTS", "TEXT", "ZONE", "Effect"]
