"""The smallest pieces of the compiler's own Python AST: names, constants, attributes, the reads of `ctx`, and
placing a statement on its line. Shared by the code generator (codegen.py) and the rewrites of what it
generates (fnlocals.py, names.py), so that neither imports the other's module. Knows nothing of what the code
means beyond the name of the context argument.
"""
from __future__ import annotations

import ast as py
from typing import Any

from cardlang.compile.pytree import NODES as _NODES

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


def _place(node: py.AST, line: int) -> None:
    """Give NODE and its sub-nodes that have no line yet this line (nested statements keep their own)."""
    todo = [node]
    while todo:
        n = todo.pop()
        d = n.__dict__
        if "lineno" in n._attributes:
            if "lineno" in d and d["lineno"] is not None:
                continue  # placed already, with all below it (each generated statement is placed once, whole)
            d["lineno"] = d["end_lineno"] = line
            d["col_offset"] = d["end_col_offset"] = 0
        for f in n._fields:  # (a loop with no call per node: every generated node passes here)
            if f in d:
                v = d[f]
                if type(v) is list:
                    for x in v:
                        if type(x) in _NODES:
                            todo += (x,)
                elif type(v) in _NODES:
                    todo += (v,)
