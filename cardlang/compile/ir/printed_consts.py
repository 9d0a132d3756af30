"""The pass `printed-consts`: a printed property of a card named in the source (`NAME.cost`), `DefPrinted` of a
definition known when compiling (`Value`), becomes the number or text its card prints (or the property's default).
A definition's printed properties are made from the sources when the game loads and never change in play (a
property computed from the state, or changed by modifiers, is not a DefPrinted read: compile/expressions.py),
and a load's code is cached by its sources. Knows the IR only.
"""
from __future__ import annotations

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.rewrite import bottom_up


def printed_consts(node: N.Node) -> N.Node:
    return bottom_up(node, _rule)


def _rule(node: N.Node) -> N.Node | None:
    if type(node) is not N.DefPrinted or type(node.definition) is not N.Value or node.definition.hint != "card":
        return None
    value = node.definition.obj.props.get(node.name, node.default)
    return N.Const(value) if type(value) in (int, str, bool) else None
