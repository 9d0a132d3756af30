"""Filters over a list whose answer is known without testing each item, for the generated loops of
compile/loops.py: `count(NUMBERS where number == X)` is the list's own count, `CARDS where card.C ==
X` (C a per-card counter) passes no card when no card holds X, and a filter of at most one card is a test
in its caller. Knows no game.
"""
from __future__ import annotations

import ast as py
from typing import Callable

from cardlang.compile import codegen as G
from cardlang.compile import hoist as H
from cardlang.compile.ir import nodes as N
from cardlang.compile.scope import Scope
from cardlang.primitives.types import CE, INT
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


def unmatched(comp, cond: ast.Expr, scope: Scope) -> Callable[[G.Gen, py.expr], list[py.stmt]] | None:
    """For a filter of cards by COND `card.C == X` (or an `and` holding it): guard(gen, EMPTY), the code of
    `_x = X; if _x != START and _x not in ctx.state.card_counters[C].values(): return EMPTY`, put before the
    loop: no card passes then (a card at its start value has no entry; X is read once more, before the
    cards); its `empty(gen)`, the same test as an expression, for the filter's callers to make first. None for
    other conditions; no code for an X whose reading might fail."""
    found = _counter_equals(cond, comp.spec)
    if found is None:
        return None
    name, x = found
    spec = comp.spec.counters[name]
    x_ce = comp.coerce_ce(comp.expr(x, scope), INT, x.span)
    if x_ce.code is None:
        return None

    def guard(gen: G.Gen, empty: py.expr) -> list[py.stmt]:
        code = gen.expr(x_ce)
        if not H.safe_read(code):
            return []
        v, table = gen.fresh("x"), gen.emit_expr(N.CardCounterTable(name))
        held = py.Compare(G.name(v), [py.NotIn()], [G.call(G.attr(table, "values"))])
        return [py.Assign([G.store(v)], code),
                py.If(py.BoolOp(py.And(), [py.Compare(G.name(v), [py.NotEq()], [G.const(spec.start)]), held]),
                      [py.Return(empty)], [])]

    def none_held(gen: G.Gen) -> py.expr | None:
        # `(_x := X) != START and _x not in ctx.state.card_counters[C].values()`: the same test, as an
        # expression for the filter's caller (None for an X whose reading might fail)
        code = gen.expr(x_ce)
        if not H.safe_read(code):
            return None
        v, table = gen.fresh("x"), gen.emit_expr(N.CardCounterTable(name))
        return py.BoolOp(py.And(), [py.Compare(py.NamedExpr(G.store(v), code), [py.NotEq()], [G.const(spec.start)]),
                                    py.Compare(G.name(v), [py.NotIn()], [G.call(G.attr(table, "values"))])])
    guard.empty = none_held  # type: ignore[attr-defined]
    return guard


def at_most_one(g: G.Gen, fn: Callable, items_ce: CE, cond_ce: CE, var: str,
                called: Callable[[G.Gen], py.expr] | None = None) -> py.expr:
    """The code of `ITEMS where COND` in its caller when ITEMS is at most one item, `[_x] if TEST else []`
    (a grid's card at a slot), and COND a read without effect that cannot fail: `[_x] if TEST and COND else []`,
    COND reading the item as _x; else a call of its generated function FN (CALLED(g): its code in the caller)."""
    if called is None:
        called = lambda g: g.call_fn(fn)  # noqa: E731
    items = g.expr(items_ce)
    if not (isinstance(items, py.IfExp) and isinstance(items.body, py.List) and len(items.body.elts) == 1
            and isinstance(items.body.elts[0], py.Name) and isinstance(items.orelse, py.List) and not items.orelse.elts):
        return called(g)
    x = items.body.elts[0].id
    cond = g.expr_naming(var, x, cond_ce)
    if not H.safe_read(cond):
        return called(g)
    return py.IfExp(py.BoolOp(py.And(), [items.test, cond]), items.body, py.List([], py.Load()))
