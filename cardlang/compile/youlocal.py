"""A rewrite of a generated function that reads the player whose effect runs (`ctx.you`) from a local set once
on entry, when the function reads it three times or more, twice whatever branches it takes, and never sets
it. Only a call `for P` sets it, and
puts it back before the call returns (a verb or an ability that switches it does the same), so no call the
function makes leaves it changed. compile/fnlocals.py does the same for a loop's reads before the loop; this
is the function's whole body (a turn reads its player a dozen times outside any loop: each counter set, each
zone of the player's).

What a node is it asks the marks (the emitter's reads and sets of the player are marked You:
compile/ir/emit.py), never the shape of the code. Knows Python's `ast`; no game, no source construct.
"""
from __future__ import annotations

import ast as py

from cardlang.compile import pytree
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit import ctx_you, mark
from cardlang.compile.pyast import CTX, _place, name, store

YOU = "_you"  # the local a function keeps its player in
_ENOUGH = 3  # reads of the player that pay for the local's one set (a read of it is one instruction fewer)
_SURE = 2  # of which run on every call, whatever branches it takes (_sure_reads)


def _reads_you(n: py.AST) -> bool:
    return type(n) is py.Attribute and type(mark(n)) is N.You and type(n.ctx) is py.Load


def _sure_reads(body: list[py.stmt]) -> int:
    """The reads of the player in BODY that run whenever BODY runs: not in a branch of an `if` (its test
    counts), of a conditional expression or of an `and`/`or` past its first term, nor in a loop's body. A
    function whose reads all sit in branches (a test of each option) may run none of them."""
    n = 0
    for st in body:
        if isinstance(st, py.If):
            n += _sure_in(st.test)
        elif isinstance(st, (py.For, py.While)):
            n += _sure_in(st.iter if isinstance(st, py.For) else st.test)
        elif isinstance(st, py.Try):
            n += _sure_reads(st.body) + _sure_reads(st.finalbody)
        else:
            n += _sure_in(st)
    return n


def _sure_in(e: py.AST) -> int:
    if _reads_you(e):
        return 1
    if isinstance(e, py.IfExp):
        return _sure_in(e.test)
    if isinstance(e, py.BoolOp):
        return _sure_in(e.values[0])
    if isinstance(e, (py.Lambda, py.ListComp, py.SetComp, py.DictComp, py.GeneratorExp)):
        return 0
    n = 0
    d = e.__dict__
    for f in e._fields:  # (its children, as py.iter_child_nodes gives them, with no generator)
        if f in d:
            v = d[f]
            if type(v) is list:
                for x in v:
                    if type(x) in pytree.NODES:
                        n += _sure_in(x)
            elif type(v) in pytree.NODES:
                n += _sure_in(v)
    return n


def with_you_local(tree: py.Module) -> py.Module:
    """TREE with each function of `ctx` that reads its player often enough, and sets it nowhere, reading it
    from a local (a copy of each function it changes: the compile rules may share nodes between functions)."""
    out = py.Module(list(tree.body), tree.type_ignores)
    for i, fn in enumerate(out.body):
        if not isinstance(fn, py.FunctionDef) or CTX not in [a.arg for a in fn.args.args]:
            continue
        sets, reads = False, 0
        for n in pytree.walk(fn):
            if type(n) is py.Attribute and type(mark(n)) is N.You:
                if type(n.ctx) is py.Store:
                    sets = True
                    break
                reads += 1
        if sets or reads < _ENOUGH or _sure_reads(fn.body) < _SURE:
            continue
        copied, _ = pytree.copy_listed(fn, {py.Attribute: lambda n: py.copy_location(name(YOU), n)
                                            if _reads_you(n) else None})
        first = py.Assign([store(YOU)], ctx_you())
        _place(first, fn.body[0].lineno if getattr(fn.body[0], "lineno", None) is not None else 1)
        copied.body.insert(0, first)
        out.body[i] = copied
    return out
