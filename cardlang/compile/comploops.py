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
inside another binding the same name (the compiler reuses `_c0` in several comprehensions of a function: each
such loop sets it before it reads it, and nothing reads it after), and when the comprehension does not read T
(T is set to [] before ITEMS is read). It runs last of the rewrites (compile/rewrites.py): the others, and
compile/hoist.py before them, see the comprehensions as the compile rules made them.

Knows Python's `ast`; no game, no source construct, no runtime layout.
"""
from __future__ import annotations

import ast as py

from cardlang.compile import pytree

_COMPS = (py.ListComp, py.SetComp, py.DictComp, py.GeneratorExp)
_SCOPES = (py.FunctionDef, py.AsyncFunctionDef, py.Lambda, py.ClassDef)


def _bound_by(gens: list[py.comprehension]) -> set[str]:
    return {n.id for g in gens for n in pytree.walk(g.target) if isinstance(n, py.Name)}


class _Loose:
    """Which of a function's names a loop may set: those used only inside comprehensions that bind them (not
    a parameter, not set or read by the function itself or by a nested function, not `global`). Worked out
    from one walk of the function, made the first time a comprehension asks (most functions have none, and a
    fresh compile rewrites every function: tools/compile_calls.py), each name once."""

    def __init__(self, fn: py.FunctionDef) -> None:
        self.fn = fn
        self.walked: list[py.AST] | None = None
        self.known: dict[str, bool] = {}

    def __and__(self, names: set[str]) -> set[str]:
        """The names of NAMES a loop may not set."""
        return {v for v in names if not self._own(v)}

    def _own(self, v: str) -> bool:
        if v not in self.known:
            self.known[v] = self._only_in_comprehensions(v)
        return self.known[v]

    def _only_in_comprehensions(self, v: str) -> bool:
        if self.walked is None:
            self.walked = pytree.walk(self.fn)
        uses, binding = 0, []
        for n in self.walked:
            t = type(n)
            if t is py.Name:
                uses += n.id == v
            elif t in _COMPS:
                if v in _bound_by(n.generators):
                    binding.append(n)
            elif t is py.arg:
                if n.arg == v:
                    return False
            elif t is py.Global or t is py.Nonlocal:
                if v in n.names:
                    return False
            elif t in _SCOPES and t is not py.Lambda and n.name == v:
                return False
        inside = 0
        for c in binding:
            below = pytree.walk(c)
            if any(type(x) in _COMPS and x is not c and v in _bound_by(x.generators) for x in below):
                return False  # one inside another, both binding it: not counted twice, not rewritten
            inside += _uses(below, v) - _uses(pytree.walk(c.generators[0].iter), v)  # (read outside C)
        return inside == uses


def _uses(nodes: list[py.AST], v: str) -> int:
    return sum(1 for n in nodes if type(n) is py.Name and n.id == v)


def _as_loop(target: str, comp: py.ListComp, loose: _Loose, at: py.stmt) -> list[py.stmt] | None:
    """The statements that set TARGET as COMP does, appending in a loop; None if COMP's variables are used
    elsewhere in the function, or it reads TARGET."""
    if any(g.is_async for g in comp.generators) or loose & _bound_by(comp.generators):
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


def _placed(made: list[py.stmt], at: py.stmt) -> list[py.stmt]:
    """MADE with the nodes it made on AT's line (the nodes it took from AT's comprehension have theirs)."""
    for st in made:
        for n in pytree.walk(st):
            if "lineno" in n._attributes and getattr(n, "lineno", None) is None:
                py.copy_location(n, at)
    return made


def _assigned(target: str, value: py.expr, loose: _Loose, at: py.stmt) -> list[py.stmt] | None:
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


def _in_body(body: list[py.stmt], loose: _Loose) -> list[py.stmt] | None:
    """BODY with its comprehension statements (and those of the statements it holds) as loops; None if none."""
    out: list[py.stmt] = []
    changed = False
    for st in body:
        new: list[py.stmt] | None = None
        if (type(st) is py.Assign and len(st.targets) == 1 and type(st.targets[0]) is py.Name
                and isinstance(st.value, (py.ListComp, py.IfExp))):
            new = _assigned(st.targets[0].id, st.value, loose, st)
            if new is not None:
                new = _placed(new, st)
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
    return pytree.with_functions(tree, lambda fn: _in_body(fn.body, _Loose(fn)))
