"""The pass `one-card`: a read of the first of cards written as one card, `FirstOr(Cards((E,)), _f, READ(_f[0]),
FALLBACK)`, becomes READ(E): no list is made, no test of it, no fallback (a list of one card is never empty).
The compile rules lower every read of "the first card of" one way (compile/expressions.py); this pass is what
makes a read of one card's property cost what the hand-written read does. Knows the IR only.
"""
from __future__ import annotations

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.rewrite import bottom_up


def one_card(node: N.Node) -> N.Node:
    return bottom_up(node, _rule)


def _rule(node: N.Node) -> N.Node | None:
    if type(node) is not N.FirstOr or type(node.cards) is not N.Cards or len(node.cards.items) != 1:
        return None
    card, var = node.cards.items[0], node.var
    # the first item of the local is the card itself (READ mentions it once: E is still computed once)
    return bottom_up(node.read, lambda n: card if type(n) is N.Item and n.list is var and n.index == 0 else None)
