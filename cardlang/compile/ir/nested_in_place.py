"""The pass `nested-in-place`: a call of a verb that may run inside itself (not flat: a `trigger` it makes may
lead back to it), whose code needs no names in ctx.vars or which has no parameters (`CallVerb` with its
statements, calls.compile_verbs), becomes `If(Quiet(), (InPlace(ARGS, BODY, SPANS),), (the call,))`: when
nobody watches, the verb's statements run in the caller with the nesting limit counted around them exactly as
around its call (the depth tested before the arguments, raised while it runs, a cycle's error naming the call:
ir/emit_calls.py), with no Python call, no table lookup and no arguments passed. Only a verb whose code is
short keeps its statements for this (calls.compile_verbs). Knows the IR only.
"""
from __future__ import annotations

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.rewrite import bottom_up
from cardlang.compile.ir import nodes_calls as C
from cardlang.syntax.nodes import replace


def nested_in_place(node: N.Node) -> N.Node:
    return bottom_up(node, _rule)


def _rule(node: N.Node) -> N.Node | None:
    if type(node) is not C.CallVerb or node.in_place is None or node.flat:
        return None
    in_place = C.InPlace(node.args, node.in_place, (node.name, node.spans))
    return N.If(N.Quiet(), (in_place,), (replace(node, in_place=None),))
