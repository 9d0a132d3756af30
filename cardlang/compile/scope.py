"""The names visible at a point of the source (`Scope`), and the tables of compile rules by AST node type that
the compiler's parts fill with `@expr_rule` / `@stmt_rule` (syntax/rules.py: a node of a class with no rule
raises NoRule). Knows no node type itself.
"""
from __future__ import annotations

from cardlang.syntax.rules import Rules

EXPR_RULES = Rules("checking and compiling (expressions)")
STMT_RULES = Rules("checking and compiling (statements)")

expr_rule = EXPR_RULES.hinted  # `@expr_rule def _(self, node: ast.X, scope) -> CE`
stmt_rule = STMT_RULES.hinted  # `@stmt_rule def _(self, node: ast.X, scope) -> Effect`


class Scope:
    """Names visible at a point of the source, with their types."""

    def __init__(self, names: dict[str, str] | None = None, *, in_card: bool = False, in_loop: bool = False,
                 scenario: bool = False) -> None:
        self.names = dict(names or {})
        self.in_card = in_card
        self.in_loop = in_loop
        self.scenario = scenario
        # locals that may hold cards of a zone some seat cannot see, and how (compile/visibility.py
        # `held_state`): shared by every scope of one body, so an assignment in a loop is seen after it
        self.held: dict[str, int] = {}
        # names known to hold numbers no larger than this (a loop over numbers written in the source, which
        # nothing else writes): the `bounds` pass (compile/passes.py)
        self.bounds: dict[str, int] = {}
        # the names this scope's own block writes once only (a `let` of its own, nothing else writing it in the
        # block or any block inside it): such a `let` of a value of known size makes its name's bound
        self.written_once: frozenset[str] = frozenset()

    def with_(self, **names: str) -> "Scope":
        s = Scope(self.names, in_card=self.in_card, in_loop=self.in_loop, scenario=self.scenario)
        s.names.update(names)
        s.held = self.held
        s.bounds = {k: v for k, v in self.bounds.items() if k not in names}  # a name bound anew: not known
        return s

    def bounded(self, name: str, bound: int) -> "Scope":
        """This scope, with NAME known to hold numbers of at most BOUND in size."""
        s = self.with_()
        s.bounds[name] = bound
        return s

    def loop(self) -> "Scope":
        s = self.with_()
        s.in_loop = True
        return s

