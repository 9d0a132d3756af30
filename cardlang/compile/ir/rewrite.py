"""The rewrite the IR's passes share (compile/ir/passes.py): a tree rewritten bottom up by a rule that
replaces one node at a time. Knows the IR's node classes only as frozen records (syntax/nodes.py `@node`);
no pass, no runtime, no Python `ast`.
"""
from __future__ import annotations

from typing import Callable

from cardlang.compile.ir.nodes import Node
from cardlang.syntax.nodes import replace


def bottom_up(node: Node, rule: Callable[[Node], Node | None]) -> Node:
    """NODE with its sub-nodes rewritten first, then itself: RULE's node for it, or it as it is (RULE gives
    None). A node none of whose parts changed is kept, not copied (a Var keeps its identity)."""
    changes = {}
    for f in node.__node_fields__:  # (its fields in order: syntax/nodes.py; an attribute read, not a call)
        v = getattr(node, f)
        if isinstance(v, Node):
            new = bottom_up(v, rule)
            if new is not v:
                changes[f] = new
        elif isinstance(v, tuple) and any(isinstance(x, Node) for x in v):
            new_t = tuple(bottom_up(x, rule) if isinstance(x, Node) else x for x in v)
            if any(a is not b for a, b in zip(new_t, v)):
                changes[f] = new_t
    if changes:
        node = replace(node, **changes)
    got = rule(node)
    return node if got is None else got
