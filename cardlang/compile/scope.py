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

    def with_(self, **names: str) -> "Scope":
        s = Scope(self.names, in_card=self.in_card, in_loop=self.in_loop, scenario=self.scenario)
        s.names.update(names)
        s.held = self.held
        return s

    def loop(self) -> "Scope":
        s = self.with_()
        s.in_loop = True
        return s

