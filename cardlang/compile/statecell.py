"""The pass `state-uncelled`: in a generated function of 256 locals or more, a comprehension reads the state as
`ctx.state`, so that the function's `_state` stays a plain local.

On Python 3.11 a comprehension is a function of its own; a local of its caller it reads becomes a cell, and the
caller then reads it with LOAD_DEREF at an index counted after all its locals. Past 255 that index takes an
EXTENDED_ARG before every read: a function of 256 locals or more (a verb with several verbs run in place in it)
whose comprehensions read `_state` paid one at each of its reads of the state, hundreds a call, for the few reads
inside its comprehensions. `ctx.state` is what `_state` holds (a
context's state is set when the context is made and never changes: compile/fnlocals.py with_state_local), and
`ctx`, the function's first parameter, keeps its own slot as a cell. A function where a nested scope other than a
comprehension (a `lambda`, a `def`) reads `_state` is left as it is. It runs after state-locals, last of the
rewrites (compile/rewrites.py): the comprehensions are those comp-loops leaves.

Knows Python's `ast` and the generated function's names for the context and the state; no game, no source
construct.
"""
from __future__ import annotations

import ast as py

from cardlang.compile import pytree
from cardlang.compile.fnlocals import STATE
from cardlang.compile.ir.emit import ctx_state
from cardlang.compile.pyast import CTX, _place

_MANY = 256  # locals from which a cell's read takes an EXTENDED_ARG (its index is counted after them)
_COMPS = (py.ListComp, py.SetComp, py.DictComp, py.GeneratorExp)
_SCOPES = (py.Lambda, py.FunctionDef, py.AsyncFunctionDef, py.ClassDef)
_COMP_TYPES, _SCOPE_TYPES = frozenset(_COMPS), frozenset(_SCOPES)


def with_state_uncelled(tree: py.Module) -> py.Module:
    """A copy of TREE whose functions of `ctx` with 256 locals or more read `ctx.state` in their comprehensions
    where they read `_state`; only the functions rewritten are copied."""
    out = py.Module(list(tree.body), tree.type_ignores)
    for i, fn in enumerate(out.body):
        if not isinstance(fn, py.FunctionDef) or not fn.args.args or fn.args.args[0].arg != CTX:
            continue
        # (a walk and list comprehensions, no call a node: this looks at every function of a fresh compile)
        nodes = pytree.walk_all(fn.body)
        comps = [n for n in nodes if type(n) in _COMP_TYPES]
        if not comps or _locals(fn, nodes) < _MANY or not [c for c in comps if _reads_state(_own_scope(c))]:
            continue
        if [n for n in nodes if type(n) in _SCOPE_TYPES and _reads_state([n])]:
            continue  # (another scope reads it: a cell all the same)
        copied, listed = pytree.copy_listed(fn)
        out.body[i] = copied
        for comp in [n for n in listed if type(n) in _COMP_TYPES]:
            for part in _own_scope(comp):
                holder = py.Expr(part)  # (replace looks below a node, never at it)
                pytree.replace(holder, lambda n: _state_read(n) if n.id == STATE and type(n.ctx) is py.Load
                               else None, (py.Name,))
                _put_back(comp, part, holder.value)
    return out


def _state_read(at: py.Name) -> py.expr:
    """`ctx.state` where AT read `_state`, on AT's line."""
    read = ctx_state()
    if getattr(at, "lineno", None) is not None:  # (a tree whose code came from the cache has no lines)
        _place(read, at.lineno)
    return read


def _own_scope(comp: py.AST) -> list[py.AST]:
    """The parts of COMP its own scope runs: all but its first iterable, which its caller works out."""
    first, *rest = comp.generators
    parts = [comp.key, comp.value] if isinstance(comp, py.DictComp) else [comp.elt]
    return parts + list(first.ifs) + [first.target] + list(rest)


def _put_back(comp: py.AST, old: py.AST, new: py.AST) -> None:
    """PART of COMP (one of _own_scope's) replaced by NEW, where the rewrite made a new node of it (a bare
    `_state`)."""
    if new is old:
        return
    for f in ("elt", "key", "value"):
        if getattr(comp, f, None) is old:
            setattr(comp, f, new)
            return
    ifs = comp.generators[0].ifs
    ifs[:] = [new if x is old else x for x in ifs]


def _reads_state(nodes: list[py.AST]) -> bool:
    return bool([n for n in pytree.walk_all(nodes) if type(n) is py.Name and n.id == STATE and type(n.ctx) is py.Load])


def _locals(fn: py.FunctionDef, nodes: list[py.AST]) -> int:
    """How many locals FN has: its parameters and the names it sets (a comprehension's own variables not
    counted; a `:=` inside one sets the function's)."""
    own = {t.id for n in nodes if type(n) in _COMP_TYPES for g in n.generators for t in pytree.walk(g.target)
           if type(t) is py.Name}
    stored = {n.id for n in nodes if type(n) is py.Name and type(n.ctx) is py.Store}
    walrus = {n.target.id for n in nodes if type(n) is py.NamedExpr}
    return len({a.arg for a in fn.args.args} | (stored - own) | walrus)
