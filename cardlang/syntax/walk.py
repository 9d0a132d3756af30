"""Walking a syntax tree: every node under a node, in source order, without recursion (a file may nest deep).

Shape only, like ast.py: knows the node classes by their fields (syntax/nodes.py), nothing of what they mean.
"""
from __future__ import annotations

from typing import Iterator

from cardlang.errors import Span
from cardlang.syntax.nodes import fields_of


# Per node class, the fields that can hold nodes (every field but its span); False for a value that is
# not a node (a name, a number, a span). Filled on first sight of each class.
_CHILD_FIELDS: dict[type, tuple[str, ...] | bool] = {Span: False, str: False, int: False, bool: False,
                                                    type(None): False}


def _fields_of(cls: type) -> tuple[str, ...] | bool:
    fields = fields_of(cls)
    found = tuple(f for f in fields if f != "span") if fields is not None else False
    _CHILD_FIELDS[cls] = found
    return found


def field_names(cls: type) -> tuple[str, ...] | bool:
    """The fields of a node class but its span, in order; False for a class that is no node."""
    found = _CHILD_FIELDS.get(cls)
    return _fields_of(cls) if found is None else found


def nodes(root: object) -> Iterator[object]:
    """ROOT (when it is a node) and every node under it, in source order, without recursion: a node before
    its fields, each field in order, a tuple item by item."""
    stack = [root]
    pop, push = stack.pop, stack.extend
    known = _CHILD_FIELDS
    while stack:
        n = pop()
        cls = type(n)
        if cls is tuple:
            push(reversed(n))
            continue
        fields = known.get(cls)
        if fields is None:
            fields = _fields_of(cls)
        if fields is False:
            continue
        yield n
        push([getattr(n, f) for f in reversed(fields)])
