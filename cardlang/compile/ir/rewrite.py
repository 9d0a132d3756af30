"""The rewrite the IR's passes share (compile/ir/passes.py): a tree rewritten bottom up by a rule that
replaces one node at a time. Knows the IR's node classes only as frozen records (syntax/nodes.py `@node`);
no pass, no runtime, no Python `ast`.
"""
from __future__ import annotations

from typing import Any, Callable

from cardlang.compile.ir.nodes import Node
from cardlang.syntax.nodes import fields_reader, replace

# Every tree of every emission is walked once by each pass that is on (compile/ir/passes.py), so the walk is
# made of tests of a value's type against the classes met so far and one read of a node's fields, not calls
# of isinstance and getattr for each field: about 0.2M Python calls of a fresh compile of a game.
_NODES: set[type] = set()    # the IR's node classes met so far
_OTHERS: set[type] = set()   # the other types of a field's value met so far
_FIELDS: dict[type, Callable[[Any], tuple]] = {}  # a node class -> the values of its fields, in order


def bottom_up(node: Node, rule: Callable[[Node], Node | None]) -> Node:
    """NODE with its sub-nodes rewritten first, then itself: RULE's node for it, or it as it is (RULE gives
    None). A node none of whose parts changed is kept, not copied (a Var keeps its identity)."""
    cls = type(node)
    try:
        values = _FIELDS[cls]
    except KeyError:
        values = _FIELDS[cls] = fields_reader(cls.__node_fields__)
    changes = None
    for f, v in zip(cls.__node_fields__, values(node)):
        t = type(v)
        if t is tuple:
            for x in v:
                t = type(x)
                if t in _NODES or (t not in _OTHERS and _sorted(t)):
                    break
            else:
                continue  # (no node in it)
            items, changed = [], False
            for x in v:
                t = type(x)
                if t in _NODES or (t not in _OTHERS and _sorted(t)):
                    new = bottom_up(x, rule)
                    changed = changed or new is not x
                    x = new
                items.append(x)
            if changed:
                changes = changes or {}
                changes[f] = tuple(items)
        elif t in _NODES or (t not in _OTHERS and _sorted(t)):
            new = bottom_up(v, rule)
            if new is not v:
                changes = changes or {}
                changes[f] = new
    if changes:
        node = replace(node, **changes)
    got = rule(node)
    return node if got is None else got


def _sorted(t: type) -> bool:
    """Is T an IR node class (kept in _NODES, else in _OTHERS)?"""
    if issubclass(t, Node):
        _NODES.add(t)
        return True
    _OTHERS.add(t)
    return False
