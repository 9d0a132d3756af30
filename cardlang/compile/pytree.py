"""Walking, copying and rewriting the compiler's own Python AST, fast: the code rewrites (fnlocals.py, names.py,
hoist.py) look at every node of every generated function, and with the `ast` module's generic helpers (a
generator per node for its children, `copy.deepcopy`'s memo and reduce protocol, NodeTransformer's visitor
lookup) that walking was most of what compiling a game afresh cost. These do the same with plain loops over
each node's fields. Knows nothing of what the code means.
"""
from __future__ import annotations

import ast as py
from typing import Callable

AST = py.AST


def walk(node: AST) -> list[AST]:
    """NODE and every node below it, in the order `ast.walk` yields them (breadth first, fields in order)."""
    out = [node]
    i = 0
    while i < len(out):
        n = out[i]
        i += 1
        for f in n._fields:
            v = getattr(n, f, None)
            if isinstance(v, list):
                for x in v:
                    if isinstance(x, AST):
                        out.append(x)
            elif isinstance(v, AST):
                out.append(v)
    return out


def walk_all(nodes: list[AST]) -> list[AST]:
    """Every node of NODES and below them, each tree walked in turn (`walk`)."""
    out: list[AST] = []
    for n in nodes:
        out += walk(n)
    return out


def count(nodes: list[AST], found: Callable[[AST], bool], enough: int) -> int:
    """How many nodes of the trees NODES FOUND picks, counting no further than ENOUGH (the walk stops there)."""
    todo = list(nodes)
    seen = 0
    while todo:
        n = todo.pop()
        if found(n):
            seen += 1
            if seen >= enough:
                break
        for f in n._fields:
            v = getattr(n, f, None)
            if isinstance(v, list):
                todo += [x for x in v if isinstance(x, AST)]
            elif isinstance(v, AST):
                todo.append(v)
    return seen


def copy_listed(node: AST, swaps: dict[type, Callable[[AST], AST | None]] | None = None
                ) -> tuple[AST, list[AST]]:
    """A copy of the tree NODE, every node new (constants' values, which are immutable, shared), and all its
    nodes, listed (each parent before its children), so that rewrites of the copy find what they look for
    without walking it again. A sub-tree reached twice is copied twice: the copy shares no node, which only
    makes rewriting it in place safer. SWAPS: for nodes of these types, what to put in the copy instead of
    their copy, when the function gives something (it is listed, not looked into)."""
    nodes: list[AST] = []
    swaps = swaps or {}

    def copied(n: AST) -> AST:
        cls = type(n)
        swap = swaps.get(cls)
        if swap is not None:
            new = swap(n)
            if new is not None:
                nodes.append(new)
                return new
        new = cls.__new__(cls)
        nodes.append(new)
        d = new.__dict__
        for k, v in n.__dict__.items():
            if isinstance(v, list):
                d[k] = [copied(x) if isinstance(x, AST) else x for x in v]
            elif isinstance(v, AST):
                d[k] = copied(v)
            else:
                d[k] = v
        return new
    return copied(node), nodes


def replace_children(parents: list[AST], new_for: Callable[[AST], AST | None]) -> None:
    """For each of PARENTS, each child for which NEW_FOR gives a node replaced by it, in place. Where PARENTS
    are all the nodes of a tree (copy_listed), this rewrites the whole tree with no walk, looking into the
    replaced nodes too: for rewrites whose replaced nodes hold nothing else to replace."""
    for n in parents:
        _replace_in(n, new_for, None)


def replace(node: AST, new_for: Callable[[AST], AST | None]) -> None:
    """Rewrite the tree below NODE in place: each node for which NEW_FOR gives a node is replaced by it (and
    not looked into); the others are looked into. NODE itself is never replaced."""
    todo = [node]
    while todo:
        _replace_in(todo.pop(), new_for, todo)


def _replace_in(n: AST, new_for: Callable[[AST], AST | None], kept: list[AST] | None) -> None:
    """N's children for which NEW_FOR gives a node replaced by it; the others added to KEPT, if given."""
    for f in n._fields:
        v = getattr(n, f, None)
        if isinstance(v, list):
            for i, x in enumerate(v):
                if isinstance(x, AST):
                    r = new_for(x)
                    if r is not None:
                        v[i] = r
                    elif kept is not None:
                        kept.append(x)
        elif isinstance(v, AST):
            r = new_for(v)
            if r is not None:
                setattr(n, f, r)
            elif kept is not None:
                kept.append(v)
