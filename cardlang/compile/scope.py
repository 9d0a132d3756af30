"""The names visible at a point of the source (`Scope`), and the tables of compile rules by AST node type that
the compiler's parts fill with `@expr_rule` / `@stmt_rule`. Knows no node type itself.
"""
from __future__ import annotations

import typing
from typing import Callable

EXPR_RULES: dict[type, Callable] = {}
STMT_RULES: dict[type, Callable] = {}


def _rule(table: dict[type, Callable]) -> Callable:
    def register(fn: Callable) -> Callable:
        node_type = typing.get_type_hints(fn)["node"]
        assert node_type not in table, f"two compile rules for {node_type.__name__}"
        table[node_type] = fn
        return fn
    return register


expr_rule = _rule(EXPR_RULES)  # `@expr_rule def _(self, node: ast.X, scope) -> CE`
stmt_rule = _rule(STMT_RULES)  # `@stmt_rule def _(self, node: ast.X, scope) -> Effect`


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

