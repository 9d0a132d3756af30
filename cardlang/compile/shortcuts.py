"""Filters over a list whose answer is known without testing each item, for the generated loops of
compile/loops.py: `count(NUMBERS where number == X)` is the list's own count, and `CARDS where card.C ==
X` (C a per-card counter) passes no card when no card holds X (the IR's CounterGuard). The third, a filter of
at most one card as a test in its caller, is decided on the code itself, by the emitter (ir/emit_loops.py).
Knows no game.
"""
from __future__ import annotations

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir.ce import ir_of
from cardlang.compile.scope import Scope
from cardlang.primitives.types import INT
from cardlang.syntax import ast

# what X may be: numbers and names, with arithmetic (compiled a second time here, so nothing that acts)
_PLAIN = (ast.IntLit, ast.NameRef, ast.BinOp, ast.Neg)


def _plain(x: ast.Expr, var: str) -> bool:
    """Is X arithmetic over numbers and names other than VAR?"""
    if isinstance(x, ast.NameRef):
        return x.name != var
    if isinstance(x, ast.BinOp):
        return _plain(x.left, var) and _plain(x.right, var)
    if isinstance(x, ast.Neg):
        return _plain(x.value, var)
    return isinstance(x, ast.IntLit)


def equal_to_item(cond: ast.Expr, var: str) -> ast.Expr | None:
    """X, when COND is `VAR == X` or `X == VAR` with X a number or a name other than VAR; else None."""
    if not isinstance(cond, ast.Compare) or cond.op != "==":
        return None
    for item, x in ((cond.left, cond.right), (cond.right, cond.left)):
        if isinstance(item, ast.NameRef) and item.name == var and isinstance(x, (ast.IntLit, ast.NameRef)) \
                and _plain(x, var):
            return x
    return None


def _counter_equals(cond: ast.Expr, spec) -> tuple[str, ast.Expr] | None:
    """(C, X) when COND is `card.C == X` or `X == card.C`, C a per-card counter (not a property) and X plain
    arithmetic not naming `card`; or when an `and` of conditions holds one such (the first)."""
    if isinstance(cond, ast.And):
        return _counter_equals(cond.left, spec) or _counter_equals(cond.right, spec)
    if not isinstance(cond, ast.Compare) or cond.op != "==":
        return None
    for attr, x in ((cond.left, cond.right), (cond.right, cond.left)):
        if isinstance(attr, ast.Attr) and isinstance(attr.obj, ast.NameRef) and attr.obj.name == "card" \
                and attr.name not in spec.properties and attr.name in spec.counters \
                and spec.counters[attr.name].per_card and _plain(x, "card"):
            return attr.name, x
    return None


def unmatched(comp, cond: ast.Expr, scope: Scope, empty: N.Node) -> NL.CounterGuard | None:
    """For a filter of cards by COND `card.C == X` (or an `and` holding it): the guard answering EMPTY before
    the loop when no card holds X (ir/nodes_loops.py CounterGuard; a filter's caller tests the same first).
    None for other conditions."""
    found = _counter_equals(cond, comp.spec)
    if found is None:
        return None
    name, x = found
    x_ce = comp.coerce_ce(comp.expr(x, scope), INT, x.span)
    if x_ce.code is None:
        return None
    return NL.CounterGuard(name, comp.spec.counters[name].start, ir_of(x_ce), empty)
