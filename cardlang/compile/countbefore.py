"""A rewrite of the generated Python: a `count(ITEMS where COND)` inside a statement's expression counted by a
loop before the statement, not by a list comprehension.

The emitter writes a `count` of a `where` in its caller as `len([_c for _c in ITEMS if COND])` (marked
CountWhere: ir/emit_loops.py). On Python 3.11 each comprehension is a function made and called each time it
runs (compile/comploops.py). A `let` of a count is already a loop (`count-loops`), and an `if` asking whether
any item holds one that stops at the first (`exists-loops`); a count elsewhere in an expression, such as
`units_lost += count(dead where card is Unit) + count(converts where card is Unit)` or `if count(hand where card
is Income) >= 2`, becomes

    _cnt = 0
    for _c in ITEMS:
        if COND:
            _cnt += 1
    <the statement, reading _cnt>

Only a count the statement always works out (reached from its value, an `if`'s test or an expression
statement through arithmetic, a single comparison, a call's arguments, a subscript or an attribute: not
through `and`, `or` or a conditional expression), when what the statement works out before it is a read
without effect that cannot fail (compile/hoist.py safe_read) or another such count: then counting first changes
nothing anyone can see. The comprehension's variable must be seen nowhere else in the function
(compile/loopnames.py). It runs after exists-loops and before comp-loops (compile/rewrites.py).

Knows Python's `ast` and the emitter's marks; no runtime layout, no game.
"""
from __future__ import annotations

import ast as py
import copy

from cardlang.compile import pytree
from cardlang.compile.hoist import safe_read
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir.emit import mark
from cardlang.compile.loopnames import LooseNames, bound_by, placed

_PREFIX = "_cnt"
_COMPARES = (py.Eq, py.NotEq, py.Lt, py.LtE, py.Gt, py.GtE, py.Is, py.IsNot)


def with_counts_before(tree: py.Module) -> py.Module:
    """TREE with each count of a `where` that a statement always works out counted by a loop before it (a copy
    of each function it changes)."""
    fresh = _fresh(tree)
    return pytree.with_functions(tree, lambda fn: _in_body(fn.body, LooseNames(fn), fresh))


def _fresh(tree: py.Module):
    """pytree.fresh_names of TREE, looked for only when a first name is wanted (most modules count nothing
    first; TREE itself is not changed: the functions counted first are copies)."""
    yield from pytree.fresh_names(tree, _PREFIX)


def _counted(n: py.AST) -> py.ListComp | None:
    """The comprehension of N when N is a counted `where` (`len([...])`, marked CountWhere), else None."""
    if type(n) is py.Call and type(mark(n)) is NL.CountWhere and len(n.args) == 1 and not n.keywords \
            and type(n.args[0]) is py.ListComp:
        return n.args[0]
    return None


def _any_counted(n: py.AST) -> bool:
    """Is there a counted `where` anywhere in N?"""
    for x in pytree.walk(n):  # (a loop, not any() of a generator: this runs on every statement of a fresh compile)
        if type(x) is py.Call and _counted(x) is not None:
            return True
    return False


def _parts(n: py.AST) -> list[py.AST] | None:
    """N's parts in the order Python works them out, when it works out every one of them; else None."""
    t = type(n)
    if t is py.BinOp:
        return [n.left, n.right]
    if t is py.UnaryOp:
        return [n.operand]
    if t is py.Compare and len(n.ops) == 1:  # (a chain stops at its first false comparison)
        return [n.left, n.comparators[0]]
    if t is py.Call and not any(type(a) is py.Starred for a in n.args):
        return [n.func, *n.args, *(k.value for k in n.keywords)]
    if t is py.Subscript:
        return [n.value, n.slice]
    if t is py.Attribute:
        return [n.value]
    return None


def _counts(n: py.AST, found: list[py.Call]) -> bool:
    """Adds to FOUND, in the order they are worked out, the counts in N that may be counted first (everything
    worked out before each, in N, a safe read, such a count, or arithmetic of them); True when what follows N
    may be counted before it (N is a safe read, or arithmetic of such counts and safe reads)."""
    if _counted(n) is not None:
        found.append(n)  # type: ignore[arg-type]
        return True
    if isinstance(n, py.expr) and safe_read(n):
        return True
    parts = _parts(n)
    if parts is None:
        return False
    for p in parts:
        if not _counts(p, found):
            return False  # (what follows P would be counted before P, which might fail or act)
    # N itself, once its parts are worked out: `+`, `-`, `*` or a comparison of numbers cannot fail or act; a
    # call, a subscript or an attribute might (what follows N is not counted before it)
    t = type(n)
    if t is py.BinOp:
        return type(n.op) in (py.Add, py.Sub, py.Mult)
    if t is py.Compare:
        return type(n.ops[0]) in _COMPARES
    return t is py.UnaryOp and type(n.op) in (py.Not, py.USub)


def _loop(comp: py.ListComp, loose: LooseNames, cnt: str) -> list[py.stmt] | None:
    if len(comp.generators) != 1:
        return None
    g = comp.generators[0]
    if g.is_async or type(g.target) is not py.Name or loose & bound_by(comp.generators):
        return None
    add: list[py.stmt] = [py.AugAssign(py.Name(cnt, py.Store()), py.Add(), py.Constant(1))]
    if g.ifs:
        add = [py.If(g.ifs[0] if len(g.ifs) == 1 else py.BoolOp(py.And(), list(g.ifs)), add, [])]
    return [py.Assign([py.Name(cnt, py.Store())], py.Constant(0)), py.For(g.target, g.iter, add, [])]


def _value_field(st: py.stmt) -> str | None:
    """The field of ST holding what it always works out first (an assignment's value, an expression statement,
    an `if`'s test), when ST is such a statement."""
    t = type(st)
    if t is py.Assign or t is py.AugAssign or t is py.Expr:
        return "value"  # (an assignment's targets are stored after its value)
    return "test" if t is py.If else None


def _before(st: py.stmt, loose: LooseNames, fresh) -> list[py.stmt] | None:
    """The loops counting what ST counts first, then a copy of ST reading their totals; None if there is none.
    (ST's value is copied, not changed: the compile rules may share nodes.)"""
    field = _value_field(st)
    if field is None or not _any_counted(getattr(st, field)):
        return None  # (most statements count nothing: one walk, not a test of each part whether it is safe)
    found: list[py.Call] = []
    _counts(getattr(st, field), found)
    if not found or (type(st) is py.AugAssign and not safe_read(st.target)):
        return None  # (`X[K] += ...` reads X[K] before its value)
    value = copy.deepcopy(getattr(st, field))
    found = []
    _counts(value, found)
    loops: list[py.stmt] = []
    swaps: dict[int, py.expr] = {}
    for call in found:
        cnt = next(fresh)
        made = _loop(_counted(call), loose, cnt)  # type: ignore[arg-type]
        if made is None:
            break  # (the later counts stay: what they would move past is this one)
        loops += made
        swaps[id(call)] = py.copy_location(py.Name(cnt, py.Load()), call)
    if not loops:
        return None
    if id(value) in swaps:
        value = swaps[id(value)]
    else:
        pytree.replace(value, lambda n: swaps.get(id(n)))
    new = copy.copy(st)
    setattr(new, field, value)
    return placed(loops, st) + [new]


def _in_body(body: list[py.stmt], loose: LooseNames, fresh) -> list[py.stmt] | None:
    """BODY with the counts of its statements (and of the statements they hold) counted first; None if none."""
    out: list[py.stmt] = []
    changed = False
    for st in body:
        made = _before(st, loose, fresh)
        if made is not None:
            st = made.pop()
            out.extend(made)
            changed = True
        copied = pytree.with_bodies(st, lambda inner: _in_body(inner, loose, fresh))
        if copied is not None:
            st = copied
            changed = True
        out.append(st)
    return out if changed else None
