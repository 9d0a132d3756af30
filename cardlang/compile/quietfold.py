"""A rewrite of a generated function that answers "does nobody watch?" where the function already asked it:
inside the branch of a quiet test (its `_quiet` local, compile/fnlocals.py), a nested test of the same local
is known, so `if _quiet:` runs its body at once, `if not _quiet:` runs its `else`, and `_quiet and X` is X.
The compile rules test it at each statement they lower (a phase's inlined body, then each move and counter
change inside it, each verb run in place); the answer cannot change while the function runs (fnlocals.py
says why), so only the first test of a path is needed.

What a node is it asks the marks (the `_quiet` local fnlocals made from the emitter's quiet tests is marked
Quiet: compile/ir/emit.py), never the shape of the code. Knows Python's `ast`; no game, no source construct,
no runtime field.
"""
from __future__ import annotations

import ast as py

from cardlang.compile import pytree
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit import mark


def fold_quiet(tree: py.Module) -> py.Module:
    """TREE with each function's nested quiet tests answered (a copy of each function it changes: the compile
    rules may share nodes between functions, and the tree kept is what they built)."""
    out = py.Module(list(tree.body), tree.type_ignores)
    for i, fn in enumerate(out.body):
        if isinstance(fn, py.FunctionDef) and _asks(fn):
            out.body[i] = py.FunctionDef(fn.name, fn.args, _block(fn.body, None), fn.decorator_list, fn.returns,
                                         fn.type_comment)
            py.copy_location(out.body[i], fn)
    return out


def _is_quiet(e: py.AST) -> bool:
    """Is E a read of the function's quiet local (marked Quiet)?"""
    return type(e) is py.Name and type(mark(e)) is N.Quiet


def _is_loud(e: py.AST) -> bool:
    """Is E `not <the quiet local>`?"""
    return type(e) is py.UnaryOp and type(e.op) is py.Not and _is_quiet(e.operand)


def _asks(fn: py.FunctionDef) -> bool:
    for n in pytree.walk(fn):
        if type(n) is py.Name and type(mark(n)) is N.Quiet:
            return True
    return False


def _test(test: py.expr, known: bool | None) -> tuple[py.expr | None, bool | None]:
    """TEST under KNOWN (the quiet local's value, None: not known here): (the test left, or None when its
    value is settled, which is then the second item)."""
    if known is None:
        return test, None
    if _is_quiet(test):
        return None, known
    if _is_loud(test):
        return None, not known
    if type(test) is py.BoolOp and test.values:
        first = test.values[0]
        # `_quiet and X` (the emitter puts the quiet test first); `not _quiet or X` (the watched one's)
        settled = known if _is_quiet(first) else (not known) if _is_loud(first) else None
        if settled is None:
            return test, None
        rest = test.values[1:]
        if isinstance(test.op, py.And):
            if not settled:
                return None, False
        elif settled:
            return None, True
        if len(rest) == 1:
            return rest[0], None
        return py.copy_location(py.BoolOp(test.op, rest), test), None
    return test, None


def _block(stmts: list[py.stmt], known: bool | None) -> list[py.stmt]:
    out: list[py.stmt] = []
    for st in stmts:
        out += _stmt(st, known)
    return out


def _stmt(st: py.stmt, known: bool | None) -> list[py.stmt]:
    t = type(st)
    if t is py.If:
        test, value = _test(st.test, known)
        if test is None:  # settled: the branch that runs, in place of the if
            return _block(st.body if value else st.orelse, known)
        body_known, else_known = known, known
        if _is_quiet(test):
            body_known, else_known = True, False
        elif _is_loud(test):
            body_known, else_known = False, True
        body = _block(st.body, body_known) or [py.copy_location(py.Pass(), st)]
        return [py.copy_location(py.If(test, body, _block(st.orelse, else_known)), st)]
    if t in (py.For, py.While):
        new = py.copy_location(t(**{f: getattr(st, f) for f in st._fields}), st)
        new.body = _block(st.body, known) or [py.copy_location(py.Pass(), st)]
        new.orelse = _block(st.orelse, known)
        return [new]
    if t is py.Try:
        handlers = []
        for h in st.handlers:
            nh = py.copy_location(py.ExceptHandler(h.type, h.name, _block(h.body, known) or
                                                   [py.copy_location(py.Pass(), h)]), h)
            handlers.append(nh)
        body = _block(st.body, known) or [py.copy_location(py.Pass(), st)]
        return [py.copy_location(py.Try(body, handlers, _block(st.orelse, known), _block(st.finalbody, known)),
                                 st)]
    return [st]
