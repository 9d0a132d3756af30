"""The pass `static-where`: `cards where COND` over the game's card definitions, COND asking only what a
definition is (its types and tags, its name: `card is Starting`, `(card is Building or card is Citizen) and
card is not Palace`), is the same list at every run: it is worked out here, once, and the code reads it as a
constant (`for h in cards where card is Starting { create 1 h to p.hand; }` in a set-up no longer looks through
every definition for each player). A `count` of it is its length. A condition that reads anything else (a
property, a counter, a name) is left to run. Knows the IR only.
"""
from __future__ import annotations

from typing import Any

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir import nodes_ops as NO
from cardlang.compile.ir.rewrite import bottom_up

_UNKNOWN = object()


def static_where(node: N.Node) -> N.Node:
    return bottom_up(node, _rule)


def _rule(node: N.Node) -> N.Node | None:
    if type(node) not in (NL.Where, NL.CountWhere):
        return None
    items = node.items
    if type(items) is not N.Value or items.hint != "defs" or type(items.obj) is not list:
        return None
    kept = []
    for d in items.obj:
        got = _truth(node.cond, node.var, d)
        if got is _UNKNOWN:
            return None
        if got:
            kept.append(d)
    if type(node) is NL.CountWhere:
        return N.Const(len(kept))
    # (an empty list is not a constant the cache can name: left to run, and none is met in the games)
    return N.Value(kept, "defs") if kept else None


def _truth(cond: N.Node, var: str, d: Any) -> Any:
    """COND for the definition D named VAR: True or False, or _UNKNOWN when COND asks anything else."""
    t = type(cond)
    if t is N.Const and type(cond.value) is bool:
        return cond.value
    if t is N.DefIsType and _is_item(cond.definition, var):
        return cond.type in d.types
    if t is N.DefNamed and _is_item(cond.definition, var):
        return d.name == cond.name
    if t is N.Not:
        got = _truth(cond.value, var, d)
        return got if got is _UNKNOWN else not got
    if t is NO.Both:
        left, right = _truth(cond.left, var, d), _truth(cond.right, var, d)
        if left is _UNKNOWN or right is _UNKNOWN:
            return _UNKNOWN
        return (left and right) if cond.conj else (left or right)
    return _UNKNOWN


def _is_item(n: N.Node, var: str) -> bool:
    return type(n) is N.Name and n.name == var
