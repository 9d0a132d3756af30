"""A rewrite of a generated function's statement-level list comprehensions into plain loops that append.

On Python 3.11 a list comprehension is a function of its own, made and called each time it runs (PEP 709's
inlining came in 3.12): that costs about 200-300 ns before the first item, more than a `for` that appends
costs on any list these games filter (timeit, one process: the loop wins on 0-40 items whatever share it keeps
and is about even from some 40-60 items all kept; the lists the four games filter hold 0-9 cards, rarely 36;
`_t.append(x)` is specialised in 3.11, a hoisted bound `append` was slower). So `T = [E for V in ITEMS if C]`,
and such a comprehension as a branch of a conditional expression assigned as a statement (`T = A if B else
[E for ...]`, made an `if`), becomes

    T = []
    for V in ITEMS:
        if C:
            T.append(E)

A comprehension's variable is its own; a loop's stays in the function. So a comprehension is rewritten only
when every other use of its variables in the function is inside a comprehension that binds them itself, none
inside another binding the same name (compile/loopnames.py LooseNames; the compiler reuses `_c0` in several
comprehensions of a function: each such loop sets it before it reads it, and nothing reads it after), and
when the comprehension does not read T (T is set to [] before ITEMS is read). It runs last of the rewrites
(compile/rewrites.py): the others, and compile/hoist.py before them, see the comprehensions as the compile
rules made them.

Knows Python's `ast`; no game, no source construct, no runtime layout.
"""
from __future__ import annotations

import ast as py

from cardlang.compile import pytree
from cardlang.compile.loopnames import LooseNames, bound_by, placed

def _as_loop(target: str, comp: py.ListComp, loose: LooseNames, at: py.stmt) -> list[py.stmt] | None:
    """The statements that set TARGET as COMP does, appending in a loop; None if COMP's variables are used
    elsewhere in the function, or it reads TARGET."""
    if any(g.is_async for g in comp.generators) or loose & bound_by(comp.generators):
        return None
    if any(isinstance(n, py.Name) and n.id == target for n in pytree.walk(comp)):
        return None
    body: list[py.stmt] = [py.Expr(py.Call(py.Attribute(py.Name(target, py.Load()), "append", py.Load()),
                                           [comp.elt], []))]
    for g in reversed(comp.generators):
        if g.ifs:
            test = g.ifs[0] if len(g.ifs) == 1 else py.BoolOp(py.And(), list(g.ifs))
            body = [py.If(test, body, [])]
        body = [py.For(g.target, g.iter, body, [])]
    return [py.Assign([py.Name(target, py.Store())], py.List([], py.Load())), *body]


def _assigned(target: str, value: py.expr, loose: LooseNames, at: py.stmt) -> list[py.stmt] | None:
    """`TARGET = VALUE` with the list comprehensions VALUE may be (itself, or a branch of a conditional
    expression, as deep as they go) as loops; None when there is none to rewrite."""
    if isinstance(value, py.ListComp):
        return _as_loop(target, value, loose, at)
    if isinstance(value, py.IfExp):
        yes, no = _assigned(target, value.body, loose, at), _assigned(target, value.orelse, loose, at)
        if yes is None and no is None:
            return None
        plain = lambda v: [py.Assign([py.Name(target, py.Store())], v)]  # noqa: E731
        return [py.If(value.test, yes or plain(value.body), no or plain(value.orelse))]
    return None


def _in_body(body: list[py.stmt], loose: LooseNames) -> list[py.stmt] | None:
    """BODY with its comprehension statements (and those of the statements it holds) as loops; None if none."""
    out: list[py.stmt] = []
    changed = False
    for st in body:
        new: list[py.stmt] | None = None
        if (type(st) is py.Assign and len(st.targets) == 1 and type(st.targets[0]) is py.Name
                and isinstance(st.value, (py.ListComp, py.IfExp))):
            new = _assigned(st.targets[0].id, st.value, loose, st)
            if new is not None:
                new = placed(new, st)
        else:
            copied = pytree.with_bodies(st, lambda inner: _in_body(inner, loose))
            new = [copied] if copied is not None else None
        if new is None:
            out.append(st)
        else:
            out.extend(new)
            changed = True
    return out if changed else None


def with_comp_loops(tree: py.Module) -> py.Module:
    """TREE with each function's statement-level list comprehensions as loops that append, where the loop's
    variables cannot be seen (a copy of each function it changes: the compile rules may share nodes)."""
    return pytree.with_functions(tree, lambda fn: _in_body(fn.body, LooseNames(fn)))
