"""The pass `missing-entry`: a `sum` in its caller over one card's entry of a table that most cards have no entry
in (`sum(attached(u), card.offence)`: most units carry nothing) tests the entry first and adds up nothing when
it is missing, instead of copying an empty tuple into a list and calling a comprehension and `sum` over it.

    sum([EACH for _c in [*T.get(K, ())]])          ->  (sum([EACH for _c in [*_e]]) if (_e := T.get(K)) else 0)
    sum([EACH for _c in (ONE if TEST else CALL)])  ->  (ONE's as above) if TEST else sum([EACH for _c in CALL])

The same total from the same reads in the same order: a missing or empty entry sums to 0, and a present one is
copied and summed as before (most cards have none, so the copy's cost is rare).
Knows Python's `ast` and the shape primitives' lowerings give a table's entry (`[*T.get(K, ())]`); no game, no
runtime.
"""
from __future__ import annotations

import ast as py
import copy
from typing import Callable

from cardlang.compile.pyast import const, name, store


def _entry(items: py.expr) -> py.Call | None:
    """`T.get(K)` for ITEMS `[*T.get(K, ())]`, a table's entry copied into a list; else None."""
    if type(items) is not py.List or len(items.elts) != 1 or type(items.elts[0]) is not py.Starred:
        return None
    got = items.elts[0].value
    if type(got) is not py.Call or type(got.func) is not py.Attribute or got.func.attr != "get" or got.keywords \
            or len(got.args) != 2 or type(got.args[1]) is not py.Tuple or got.args[1].elts:
        return None
    return py.Call(got.func, [got.args[0]], [])


def entry_sum(items: py.expr, summed: Callable[[py.expr], py.expr], fresh: Callable[[str], str]) -> py.expr | None:
    """The total of SUMMED (ITEMS -> `sum([EACH for _c in ITEMS])`) with a missing entry summed as 0 without the
    comprehension, for ITEMS of one of the two shapes above; None for any other."""
    def one(x: py.expr) -> py.expr | None:
        got = _entry(x)
        if got is None:
            return None
        e = fresh("e")
        return py.IfExp(py.NamedExpr(store(e), got), summed(py.List([py.Starred(name(e), py.Load())], py.Load())),
                        const(0))

    out = one(items)
    if out is not None:
        return out
    if type(items) is py.IfExp:
        body = one(items.body)
        if body is not None:
            return py.IfExp(items.test, body, summed(copy.deepcopy(items.orelse)))
    return None
