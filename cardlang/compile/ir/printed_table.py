"""The pass `printed-table`: a printed property read where every card of the load holds it (`Printed` or
`DefPrinted` with IN_TABLE, a fact lowering takes from the load's cards: compile/expressions.py _in_table) is read
from the definition's table of every property the game declares (CardDef.printed, compile/game.py) by its name,
`card_def[_c].printed['cost']` (TABLE), not by a call of its props dict's `get` with the default,
`card_def[_c].props.get('cost', 0)`: a subscript of a dict costs no call. The same value for every card of the
game, so the same games (tests/compile/test_printed_table.py). The emitter spells the read (ir/emit.py); the
rewrites of the emitted Python that know a printed read by its mark take either spelling as one read
(compile/hoist.py, samereads.py, existsloops.py). Knows the IR only.
"""
from __future__ import annotations

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.rewrite import bottom_up
from cardlang.syntax.nodes import replace


def printed_table(node: N.Node) -> N.Node:
    return bottom_up(node, _rule)


def _rule(node: N.Node) -> N.Node | None:
    if type(node) not in (N.Printed, N.DefPrinted) or not node.in_table or node.table:
        return None
    return replace(node, table=True)
