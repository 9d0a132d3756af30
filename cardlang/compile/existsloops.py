"""A rewrite of the generated Python: `if count(ITEMS where COND) > 0:` as a loop that stops at the first item.

The emitter writes a `count` of a `where` in its caller as `len([_c for _c in ITEMS if COND])` (marked
CountWhere: ir/emit_loops.py). As the whole test of an `if` (`> 0`, `>= 1`, `!= 0`, or their opposites `== 0`,
`< 1`), that is a question of whether any item holds, and

    _any = False
    for _c in ITEMS:
        if COND:
            _any = True
            break
    if _any: ...            (if not _any: for the opposites)

answers it without the comprehension's function (on Python 3.11 one is made and called each time it runs,
and the names it reads from the function become cells: compile/comploops.py) and stops at the first item
that holds. Only where COND is a read without effect that cannot fail (compile/hoist.py safe_read, or a test
of what the cards' definitions print: _cannot_fail; the items after the first that holds are not looked at,
so none of them may raise), and where the comprehension's
variable is seen nowhere else in the function (compile/loopnames.py: a loop's variable stays in the function).
It runs before comp-loops (compile/rewrites.py).

Knows Python's `ast` and the emitter's marks; no runtime layout, no game.
"""
from __future__ import annotations

import ast as py

from cardlang.compile import pytree
from cardlang.compile.hoist import safe_read
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir.emit import mark
from cardlang.compile.loopnames import LooseNames, bound_by, placed

_PREFIX = "_any"


def with_exists_loops(tree: py.Module) -> py.Module:
    """TREE with each `if` that asks whether a counted `where` holds for any item as a loop that stops at the
    first (a copy of each function it changes)."""
    fresh = pytree.fresh_names(tree, _PREFIX)
    return pytree.with_functions(tree, lambda fn: _in_body(fn.body, LooseNames(fn), fresh))


def _asks_any(test: py.expr) -> tuple[py.ListComp, bool] | None:
    """(the comprehension, whether the test is that some item holds) when TEST is `len(<counted where>) > 0`
    or the like; else None."""
    if not (isinstance(test, py.Compare) and len(test.ops) == 1 and isinstance(test.comparators[0], py.Constant)):
        return None
    left, op, k = test.left, type(test.ops[0]), test.comparators[0].value
    if type(mark(left)) is not NL.CountWhere or not isinstance(left, py.Call) or len(left.args) != 1 \
            or not isinstance(left.args[0], py.ListComp) or type(k) is not int:
        return None
    if (op is py.Gt and k == 0) or (op is py.GtE and k == 1) or (op is py.NotEq and k == 0):
        return left.args[0], True
    if (op is py.Eq and k == 0) or (op is py.Lt and k == 1) or (op is py.LtE and k == 0):
        return left.args[0], False
    return None


def _as_loop(st: py.If, loose: LooseNames, fresh) -> list[py.stmt] | None:
    asked = _asks_any(st.test)
    if asked is None:
        return None
    comp, some = asked
    if len(comp.generators) != 1:
        return None
    g = comp.generators[0]
    if g.is_async or not isinstance(g.target, py.Name) or loose & bound_by(comp.generators):
        return None
    if not all(safe_read(c) or _cannot_fail(c) for c in g.ifs):
        return None
    found = next(fresh)
    hit: list[py.stmt] = [py.Assign([py.Name(found, py.Store())], py.Constant(True)), py.Break()]
    body = [py.If(g.ifs[0] if len(g.ifs) == 1 else py.BoolOp(py.And(), list(g.ifs)), hit, [])] if g.ifs else hit
    test = py.Name(found, py.Load()) if some else py.UnaryOp(py.Not(), py.Name(found, py.Load()))
    made = [py.Assign([py.Name(found, py.Store())], py.Constant(False)), py.For(g.target, g.iter, body, [])]
    return placed(made + [py.If(test, st.body, st.orelse)], st)


_TESTS = (py.Eq, py.NotEq, py.In, py.NotIn, py.Is, py.IsNot)


def _cannot_fail(n: py.AST) -> bool:
    """Is N a test of what the cards' definitions print, which cannot fail: `==`/`in` of names, constants, a
    card's definition (marked DefOf, of a card in a local: a card's id always has one), its printed property
    (marked Printed/DefPrinted: a dict's get, or its table's entry, which every card holds), a field of it the emitter reads (its types, its name), joined
    by `and`/`or`/`not`?"""
    t = type(n)
    if t is py.Name or t is py.Constant:
        return True
    m = type(mark(n))
    if m is N.DefOf:
        return isinstance(n, py.Subscript) and type(n.slice) is py.Name
    if m in (N.Printed, N.DefPrinted):
        if t is py.Subscript:  # DEF.printed['P'] (the pass printed-table: every card's table holds P)
            return (type(n.value) is py.Attribute and _cannot_fail(n.value.value)
                    and type(n.slice) is py.Constant)
        f = n.func if t is py.Call else None
        return (isinstance(f, py.Attribute) and isinstance(f.value, py.Attribute) and _cannot_fail(f.value.value)
                and all(type(a) is py.Constant for a in n.args) and not n.keywords)  # (DEF.props.get('P', X))
    if t is py.Attribute:  # a field of a definition the emitter reads (its types, its name)
        return type(mark(n.value)) is N.DefOf and _cannot_fail(n.value)
    if t is py.Compare:
        return all(type(o) in _TESTS for o in n.ops) and _cannot_fail(n.left) and all(map(_cannot_fail, n.comparators))
    if t is py.BoolOp:
        return all(map(_cannot_fail, n.values))
    if t is py.UnaryOp:
        return type(n.op) is py.Not and _cannot_fail(n.operand)
    return False


def _in_body(body: list[py.stmt], loose: LooseNames, fresh) -> list[py.stmt] | None:
    """BODY with its `if`s of a counted `where` (and those of the statements it holds) as loops; None if none."""
    out: list[py.stmt] = []
    changed = False
    for st in body:
        new: list[py.stmt] | None = None
        if type(st) is py.If:
            new = _as_loop(st, loose, fresh)
            if new is not None:
                st = new.pop()  # (the `if` on the answer: its branches are looked into below)
        copied = pytree.with_bodies(st, lambda inner: _in_body(inner, loose, fresh))
        if copied is not None:
            st = copied
            new = new or []
        if new is None:
            out.append(st)
        else:
            out.extend(new)
            out.append(st)
            changed = True
    return out if changed else None
