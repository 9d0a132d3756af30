"""Tables of rules by node class: how every phase that walks the syntax tree (checking and compiling, the
rules text, the sheet's glossary, a modifier's check) finds what to do with a node. One style for all of
them: a rule is a function registered for node classes in the phase's table, and a node of a class the
phase has no rule for raises NoRule naming the class and the phase, never a silent default ("" on a card
that nobody notices). tests/test_completeness.py checks that every statement and expression class has a
rule in every phase that must handle it.

Knows no node class and no phase: each phase makes its own table and fills it.
"""
from __future__ import annotations

from typing import Callable


class NoRule(LookupError):
    """A phase met a node of a class it has no rule for: a bug in cardlang (a node class added without its
    rules), never a mistake in a source, so it is not a CardLangError and no source position is given."""

    def __init__(self, phase: str, node_class: type) -> None:
        super().__init__(f"internal error: {phase} has no rule for {node_class.__name__} nodes (every node "
                         "class needs a rule in every phase that meets it: see tests/test_completeness.py)")
        self.phase = phase
        self.node_class = node_class


def _annotated_class(fn: Callable) -> type:
    """The class FN's `node` parameter is annotated with: a name or a dotted name (`ast.If`) of FN's module, read
    there (under `from __future__ import annotations` the annotation is that text). Only this one annotation is
    read: typing.get_type_hints compiles every annotation of the function, some 90 at each import of the loader."""
    ann = fn.__annotations__["node"]
    if not isinstance(ann, str):
        return ann
    head, *rest = ann.split(".")
    found = fn.__globals__[head]
    for part in rest:
        found = getattr(found, part)
    if not isinstance(found, type):
        raise TypeError(f"{fn.__qualname__}: `node` is annotated with {ann!r}, not a class")
    return found


class Rules(dict):
    """One phase's rules, by node class. `@TABLE.rule(ast.If, ...)` registers a function for those classes
    (`@TABLE.hinted` for the class its `node` parameter is annotated with); `TABLE(node, ...)` calls the rule
    for NODE's class with NODE and the rest; `TABLE.find(cls)` is the rule itself."""

    def __init__(self, phase: str) -> None:
        super().__init__()
        self.phase = phase

    def rule(self, *classes: type) -> Callable[[Callable], Callable]:
        def register(fn: Callable) -> Callable:
            for cls in classes:
                assert cls not in self, f"two rules for {cls.__name__} in {self.phase}"
                self[cls] = fn
            return fn
        return register

    def hinted(self, fn: Callable) -> Callable:
        """Register FN for the node class its `node` parameter is annotated with (`def _(self, node: ast.X, ...)`)."""
        return self.rule(_annotated_class(fn))(fn)

    def find(self, cls: type) -> Callable:
        """The rule for node class CLS (or the nearest of its bases that has one); NoRule when there is none."""
        rule = self.get(cls)
        if rule is not None:
            return rule
        for base in cls.__mro__[1:]:
            rule = self.get(base)
            if rule is not None:
                return rule
        raise NoRule(self.phase, cls)

    def __call__(self, node, *args, **kwargs):
        return self.find(type(node))(node, *args, **kwargs)
