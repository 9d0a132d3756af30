"""The pass `bool-arith`: a truth value counted as a number in arithmetic (`(a > 0) + (b > 0)`: the coercion of
a condition to 0 or 1, compile/statements.py, is a call of `int`) is the truth value itself as an operand of
`+`, `-` or `*`: Python's arithmetic of bools gives the very int the calls would (`True + True` is the int 2),
so the call is left out there. Only a comparison, `and`/`or` or `not` (a bool) is taken out of its `int`; the
coercion stays wherever else the number is read. Knows the IR only.
"""
from __future__ import annotations

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_ops as NO
from cardlang.compile.ir.rewrite import bottom_up
from cardlang.syntax.nodes import replace

_BOOLS = (NO.Compare, NO.Both, N.Not)  # nodes whose value is a bool


def bool_arith(node: N.Node) -> N.Node:
    return bottom_up(node, _rule)


def _rule(node: N.Node) -> N.Node | None:
    if type(node) is not NO.Arith:
        return None
    left, right = _bare(node.left), _bare(node.right)
    if left is node.left and right is node.right:
        return None
    return replace(node, left=left, right=right)


def _bare(n: N.Node) -> N.Node:
    """N's bool when N is `int(BOOL)`, else N."""
    if type(n) is N.Call and n.fn is int and n.first is None and len(n.args) == 1 and not n.consts \
            and type(n.args[0]) in _BOOLS:
        return n.args[0]
    return n
