"""Which names of a generated function a loop may set, for the rewrites that turn a comprehension into a loop
(compile/comploops.py, compile/existsloops.py): a comprehension's variable is its own, a loop's stays in the
function, so a rewrite may use it only where nothing else sees it (LooseNames); and the statements a rewrite
makes put on the line of the one they replace (placed). Knows Python's `ast`; no game, no runtime layout.
"""
from __future__ import annotations

import ast as py

from cardlang.compile import pytree

_COMPS = (py.ListComp, py.SetComp, py.DictComp, py.GeneratorExp)
_SCOPES = (py.FunctionDef, py.AsyncFunctionDef, py.Lambda, py.ClassDef)


def bound_by(gens: list[py.comprehension]) -> set[str]:
    """The names the comprehension GENS's loops bind."""
    return {n.id for g in gens for n in pytree.walk(g.target) if isinstance(n, py.Name)}


class LooseNames:
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
                if v in bound_by(n.generators):
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
            if any(type(x) in _COMPS and x is not c and v in bound_by(x.generators) for x in below):
                return False  # one inside another, both binding it: not counted twice, not rewritten
            inside += _uses(below, v) - _uses(pytree.walk(c.generators[0].iter), v)  # (read outside C)
        return inside == uses


def _uses(nodes: list[py.AST], v: str) -> int:
    return sum(1 for n in nodes if type(n) is py.Name and n.id == v)


def placed(made: list[py.stmt], at: py.stmt) -> list[py.stmt]:
    """MADE with the nodes it made on AT's line (the nodes it took from AT's comprehension have theirs)."""
    for st in made:
        for n in pytree.walk(st):
            if "lineno" in n._attributes and getattr(n, "lineno", None) is None:
                py.copy_location(n, at)
    return made
