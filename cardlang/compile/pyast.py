"""The smallest pieces of the compiler's own Python AST: names, constants, attributes, the reads of `ctx`, and
placing a statement on its line. Shared by the code generator (codegen.py) and the rewrites of what it
generates (fnlocals.py, names.py), so that neither imports the other's module. Knows nothing of what the code
means beyond the name of the context argument.
"""
from __future__ import annotations

import ast as py
from typing import Any

CTX = "ctx"  # the context argument of every generated function


# One Load and one Store for every name, as Python's own parser shares them (a game's code holds some
# 15,000 names: as many objects fewer to make, and to collect when an editor's check drops the game).
_LOAD, _STORE = py.Load(), py.Store()


def name(n: str) -> py.Name:
    return py.Name(n, _LOAD)


def store(n: str) -> py.Name:
    return py.Name(n, _STORE)


def const(v: Any) -> py.Constant:
    assert v is None or isinstance(v, (str, int, bool, float)), v
    return py.Constant(v)


def attr(base: py.expr, a: str) -> py.Attribute:
    return py.Attribute(base, a, py.Load())


def fresh_list(code: py.expr) -> bool:
    """Is CODE `list(X)`, a list display or a list comprehension: a new list, which nothing else holds?"""
    return isinstance(code, (py.List, py.ListComp)) or (isinstance(code, py.Call) and isinstance(code.func, py.Name)
                                         and code.func.id == "list" and len(code.args) == 1 and not code.keywords)


def ctx_attr(a: str) -> py.Attribute:
    return attr(name(CTX), a)


def fresh_list(code: py.expr) -> bool:
    """Is CODE `list(X)`, a list display or a list comprehension: a new list, which nothing else holds?"""
    return isinstance(code, (py.List, py.ListComp)) or (isinstance(code, py.Call) and isinstance(code.func, py.Name)
                                         and code.func.id == "list" and len(code.args) == 1 and not code.keywords)


def _place(node: py.AST, line: int) -> None:
    """Give NODE and its sub-nodes that have no line yet this line (nested statements keep their own)."""
    todo = [node]
    while todo:
        n = todo.pop()
        if "lineno" in n._attributes:
            if getattr(n, "lineno", None) is not None:
                continue  # placed already, with all below it (each generated statement is placed once, whole)
            n.lineno = n.end_lineno = line
            n.col_offset = n.end_col_offset = 0
        for f in n._fields:  # (a loop, not a call per node: every generated node passes here)
            v = getattr(n, f, None)
            if isinstance(v, list):
                todo += [x for x in v if isinstance(x, py.AST)]
            elif isinstance(v, py.AST):
                todo.append(v)
