"""A loop's test over each item as one chain of C-level iterators: `ITEMS where COND` and `count(ITEMS where
COND)` for a COND of plain reads of the item (a card's type, a counter of it, a number) compared with values
the loop does not change, run without a Python step per item:

    for _c in _items: if 'Unit' in _defs[_c].types: _out.append(_c)
    ->  _out = list(compress(_items, map(contains, map(attrgetter('types'), map(getitem, repeat(_defs),
                                                                           _items)), repeat('Unit'))))

The test is made the same way, on the same items, in the same order; only what cannot change what it reads
or raise anything another order would not qualifies (names, constants, attribute and subscript reads, a dict's
`get`, `len`, comparisons, `not`), so the picks and any error are the ones of the loop. Knows the shape of
the generated loop code only (compile/operators.py builds it); nothing of the language.
"""
from __future__ import annotations

import ast as py
import operator
from itertools import compress, repeat
from typing import Callable

_COMPARE = {py.Eq: operator.eq, py.NotEq: operator.ne, py.Lt: operator.lt, py.LtE: operator.le,
            py.Gt: operator.gt, py.GtE: operator.ge, py.Is: operator.is_, py.IsNot: operator.is_not}


def selected(const: Callable, test: py.expr, item: str, items: str, gets: set[str]) -> py.expr | None:
    """`compress(ITEMS, <TEST of each item>)`: the items of the local ITEMS (a list or tuple) for which TEST,
    reading each as the local ITEM, is true; None when TEST has another shape. GETS: the locals that hold
    a dict's `get` (invariant reads taken out of the loop). CONST(obj, hint) names a compiled value."""
    sel = _Vec(const, item, items, gets).of(test)
    if sel is None or sel is _SAME:
        return None
    return py.Call(const(compress, "f"), [py.Name(items, py.Load()), sel], [])


_SAME = object()  # what _Vec.of says of an expression that is the same for every item


class _Vec:
    def __init__(self, const: Callable, item: str, items: str, gets: set[str]) -> None:
        self.const, self.item, self.items, self.gets = const, item, items, gets

    def _map(self, fn, *args: py.expr) -> py.Call:
        f = fn if isinstance(fn, py.expr) else self.const(fn, "f")
        return py.Call(self.const(map, "f"), [f, *args], [])

    def _each(self, node: py.expr, vec) -> py.expr:
        """An argument of a map: NODE's values per item, or NODE itself repeated."""
        return vec if vec is not _SAME else py.Call(self.const(repeat, "f"), [node], [])

    def of(self, node: py.expr):
        """An iterator expression of NODE's value for each item; _SAME for a name or constant the loop does
        not change (a tuple of them); None for any other shape."""
        if isinstance(node, py.Name):
            return py.Name(self.items, py.Load()) if node.id == self.item else _SAME
        if isinstance(node, py.Constant):
            return _SAME
        if isinstance(node, py.Tuple):
            parts = [self.of(e) for e in node.elts]
            if any(p is None for p in parts):
                return None
            if all(p is _SAME for p in parts):
                return _SAME
            return py.Call(self.const(zip, "f"), [self._each(e, p) for e, p in zip(node.elts, parts)], [])
        if isinstance(node, py.Attribute):
            base = self.of(node.value)
            if base is None or base is _SAME:
                return None  # (a read of the same value each time: the loop code has taken those out)
            return self._map(operator.attrgetter(node.attr), base)
        if isinstance(node, py.Subscript):
            return self._pair(operator.getitem, node.value, node.slice)
        if isinstance(node, py.Compare) and len(node.ops) == 1:
            op, left, right = node.ops[0], node.left, node.comparators[0]
            if type(op) in _COMPARE:
                return self._pair(_COMPARE[type(op)], left, right)
            if isinstance(op, (py.In, py.NotIn)):
                got = self._pair(operator.contains, right, left)  # `a in b` is contains(b, a)
                return self._map(operator.not_, got) if isinstance(op, py.NotIn) and got is not None else got
            return None
        if isinstance(node, py.UnaryOp) and isinstance(node.op, py.Not):
            got = self.of(node.operand)
            return None if got is None or got is _SAME else self._map(operator.not_, got)
        if isinstance(node, py.Call) and not node.keywords and isinstance(node.func, py.Name) \
                and node.func.id in self.gets and node.args:
            args = [self.of(a) for a in node.args]
            if any(a is None or isinstance(a, py.Starred) for a in args) or all(a is _SAME for a in args):
                return None
            return self._map(py.Name(node.func.id, py.Load()), *[self._each(n, a) for n, a in zip(node.args, args)])
        return None

    def _pair(self, fn, a: py.expr, b: py.expr):
        va, vb = self.of(a), self.of(b)
        if va is None or vb is None or (va is _SAME and vb is _SAME):
            return None
        return self._map(fn, self._each(a, va), self._each(b, vb))
