"""Walking, copying and rewriting the compiler's own Python AST, fast: the code rewrites (fnlocals.py, names.py,
hoist.py) look at every node of every generated function, and with the `ast` module's generic helpers (a
generator per node for its children, `copy.deepcopy`'s memo and reduce protocol, NodeTransformer's visitor
lookup) that walking was most of what compiling a game afresh cost. These do the same with plain loops over
each node's fields. Knows nothing of what the code means.
"""
from __future__ import annotations

import ast as py
import copy
import itertools
from typing import Callable, Iterator

AST = py.AST


def _node_types(cls: type) -> set[type]:
    out = {cls}
    for sub in cls.__subclasses__():
        out |= _node_types(sub)
    return out


# Every class of node. A field's value is a node when its type is one of these: `type(v) in NODES` is a set
# lookup where `isinstance` is a call, and the walks below look at each field of each node (a game's fresh
# compile makes millions of such tests). Fields are read from the node's __dict__ in `_fields`' order, a
# field never set (an optional one left out) being skipped, as `getattr(n, f, None)` gave None for it.
NODES: frozenset[type] = frozenset(_node_types(AST))


def walk(node: AST) -> list[AST]:
    """NODE and every node below it, in the order `ast.walk` yields them (breadth first, fields in order)."""
    out = [node]
    for n in out:  # (the list grows while it is read: breadth first)
        d = n.__dict__
        for f in n._fields:
            if f in d:
                v = d[f]
                if type(v) is list:
                    for x in v:
                        if type(x) in NODES:
                            out += (x,)
                elif type(v) in NODES:
                    out += (v,)
    return out


def walk_all(nodes: list[AST]) -> list[AST]:
    """Every node of NODES and below them, each tree walked in turn (`walk`)."""
    out: list[AST] = []
    for n in nodes:
        out += walk(n)
    return out


def count(nodes: list[AST], found: Callable[[AST], bool], enough: int, only: type | None = None) -> int:
    """How many nodes of the trees NODES FOUND picks, counting no further than ENOUGH (the walk stops there).
    ONLY: FOUND is asked only of nodes of this type (it picks no other)."""
    todo = list(nodes)
    seen = 0
    while todo:
        n = todo.pop()
        if (only is None or type(n) is only) and found(n):
            seen += 1
            if seen >= enough:
                break
        d = n.__dict__
        for f in n._fields:
            if f in d:
                v = d[f]
                if type(v) is list:
                    for x in v:
                        if type(x) in NODES:
                            todo += (x,)
                elif type(v) in NODES:
                    todo += (v,)
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
        if cls in swaps:
            new = swaps[cls](n)
            if new is not None:
                nodes.append(new)
                return new
        new = cls.__new__(cls)
        nodes.append(new)
        d = new.__dict__
        src = n.__dict__
        for k in src:
            v = src[k]
            if type(v) is list:
                new_list = []
                for x in v:
                    new_list += (copied(x) if type(x) in NODES else x,)
                d[k] = new_list
            elif type(v) in NODES:
                d[k] = copied(v)
            else:
                d[k] = v
        return new
    return copied(node), nodes


def replace_children(parents: list[AST], new_for: Callable[[AST], AST | None], only: tuple[type, ...] = ()
                     ) -> None:
    """For each of PARENTS, each child for which NEW_FOR gives a node replaced by it, in place. Where PARENTS
    are all the nodes of a tree (copy_listed), this rewrites the whole tree with no walk, looking into the
    replaced nodes too: for rewrites whose replaced nodes hold nothing else to replace. ONLY: NEW_FOR is
    asked only of nodes of these types (it replaces no other), when given."""
    for n in parents:  # (a loop of replace's, inlined: this runs over every node of a function, twice)
        d = n.__dict__
        for f in n._fields:
            if f not in d:
                continue
            v = d[f]
            if type(v) is list:
                i = 0
                for x in v:
                    if type(x) in NODES and (not only or type(x) in only):
                        r = new_for(x)
                        if r is not None:
                            v[i] = r
                    i += 1
            elif type(v) in NODES and (not only or type(v) in only):
                r = new_for(v)
                if r is not None:
                    d[f] = r


def replace(node: AST, new_for: Callable[[AST], AST | None], only: tuple[type, ...] = (),
            opaque: tuple[type, ...] = ()) -> None:
    """Rewrite the tree below NODE in place: each node for which NEW_FOR gives a node is replaced by it (and
    not looked into); the others are looked into, but for those of a type in OPAQUE (a comprehension, a
    lambda: a function of its own, for samereads.py). NODE itself is never replaced. ONLY: as
    replace_children."""
    todo = [node]
    while todo:
        n = todo.pop()
        d = n.__dict__
        for f in n._fields:
            if f not in d:
                continue
            v = d[f]
            if type(v) is list:
                i = 0
                for x in v:
                    if type(x) in NODES:
                        r = new_for(x) if not only or type(x) in only else None
                        if r is not None:
                            v[i] = r
                        elif type(x) not in opaque:
                            todo += (x,)
                    i += 1
            elif type(v) in NODES:
                r = new_for(v) if not only or type(v) in only else None
                if r is not None:
                    d[f] = r
                elif type(v) not in opaque:
                    todo += (v,)


_BLOCKS = (py.If, py.For, py.While, py.With, py.Try)


def with_bodies(st: py.stmt, rewrite: Callable[[list[py.stmt]], list[py.stmt] | None]) -> py.stmt | None:
    """ST, when it is an if, for, while, with or try, copied with each of its statement lists (body, else,
    finally, each handler's body, in that order) for which REWRITE gives a new list set to it; None when ST
    holds no statements or REWRITE gives None for all of them. ST is never changed in place (the compile rules
    may share nodes): the rewrites of statement lists (compile/comploops.py, compile/existsloops.py) use it to
    look into the statements a function's body holds."""
    if not isinstance(st, _BLOCKS):
        return None
    copied = None
    for field in ("body", "orelse", "finalbody"):
        inner = getattr(st, field, None)
        got = rewrite(inner) if inner else None
        if got is not None:
            copied = copied or copy.copy(st)
            setattr(copied, field, got)
    if isinstance(st, py.Try):
        for k, h in enumerate(st.handlers):
            got = rewrite(h.body)
            if got is not None:
                copied = copied or copy.copy(st)
                if copied.handlers is st.handlers:
                    copied.handlers = list(st.handlers)
                copied.handlers[k] = copy.copy(h)
                copied.handlers[k].body = got
    return copied


def with_functions(tree: py.Module, rewrite: Callable[[py.FunctionDef], list[py.stmt] | None]) -> py.Module:
    """A new module of TREE's statements, each function for which REWRITE gives a new body a copy of it with
    that body (TREE and its functions are never changed: the compile rules may share nodes). The rewrites
    of a module's functions one by one (compile/comploops.py, compile/existsloops.py) go through it."""
    out = py.Module(list(tree.body), tree.type_ignores)
    for i, fn in enumerate(out.body):
        if not isinstance(fn, py.FunctionDef):
            continue
        body = rewrite(fn)
        if body is not None:
            copied = copy.copy(fn)
            copied.body = body
            out.body[i] = copied
    return out


def fresh_names(tree: AST, prefix: str) -> Iterator[str]:
    """PREFIX0, PREFIX1, ...: the names of that prefix that no name in TREE is, for the locals a rewrite adds."""
    taken = {n.id for n in walk(tree) if type(n) is py.Name and n.id.startswith(prefix)}
    return (f"{prefix}{i}" for i in itertools.count() if f"{prefix}{i}" not in taken)
