"""The pass `cheap-first`: of an `and` or `or` of two reads without effect that cannot fail, the one that loops
over cards (`count(ZONE where ...)`, a comprehension's length) is tested second: `count(ZONE where card is T)
< 2 and c + d >= 4` tests the counters first, and counts the cards only when the counters do not decide.
Both sides have the same value whichever is worked out first (nothing they read can fail or change), so the
truth value is the same; only the loop is left out where the other side decides. Knows the IR only.
"""
from __future__ import annotations

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir import nodes_ops as NO
from cardlang.compile.ir.rewrite import bottom_up
from cardlang.compile.ir.shared_conds import pure
from cardlang.syntax.nodes import replace


def cheap_first(node: N.Node) -> N.Node:
    return bottom_up(node, _rule)


def _rule(node: N.Node) -> N.Node | None:
    if type(node) is not NO.Both or not _loops(node.left) or _loops(node.right):
        return None
    if not (pure(node.left) and pure(node.right)):
        return None
    return replace(node, left=node.right, right=node.left)


def _loops(n: N.Node) -> bool:
    """Does N count over cards (a CountWhere anywhere in it)?"""
    if type(n) is NL.CountWhere:
        return True
    return any(_loops(v) for v in (getattr(n, f) for f in n.__node_fields__) if isinstance(v, N.Node))
