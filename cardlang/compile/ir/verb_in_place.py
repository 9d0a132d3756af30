"""The pass `verb-in-place`: a call of a flat verb whose code needs no names in ctx.vars, or which has no
parameters and so runs on its caller's names anyway (`CallVerb` with its statements, calls.compile_verbs),
becomes `If(Quiet(), (InPlace(ARGS, BODY),), (the call,))`: when nobody watches, the verb's statements run in
the caller, with no Python call, no table lookup and no arguments passed; someone watching sees the call (a
table's verbs tell themselves: runtime/acts.py). The verbs are compiled callees first (calls.callees_first),
so that a call compiled before its verb was is rare. Knows the IR only.
"""
from __future__ import annotations

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.rewrite import bottom_up
from cardlang.compile.ir import nodes_calls as C
from cardlang.syntax.nodes import replace


def verb_in_place(node: N.Node) -> N.Node:
    return bottom_up(node, _rule)


def _rule(node: N.Node) -> N.Node | None:
    if type(node) is not C.CallVerb or node.in_place is None or not node.flat:
        return None
    return N.If(N.Quiet(), (C.InPlace(node.args, node.in_place),), (replace(node, in_place=None),))
