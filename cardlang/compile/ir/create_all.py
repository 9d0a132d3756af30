"""The pass `create-all`: a set-up's `for d in cards where card is T { create d.P d to ZONE; }` (after
`static-where`, a `for` over a constant list of definitions) as one create of every card the loop makes.

The loop creates, for each definition in turn, as many cards as it prints in P (or a written number), into the
same zone; each pass costs a step charge, the count's read, the zone's read and the create's own tests. The
definitions and their printed counts are known when compiling (a printed property never changes in play:
compile/ir/printed_consts.py), so the definitions of all the new cards are one constant list, in the order the
loop makes them, and `CreateAll` adds them at once when the create's quiet case holds for all of them; anything
else (someone watching, a limit met) runs the loop as written. Only for a zone declared with no piles (the
`create`'s lowering's own case: compile/ir/emit_stmts.py `_create_cards`), read the same on every pass (no
name of the loop in it). Knows the IR only (and the core verb's name, `create`).
"""
from __future__ import annotations

from typing import Any

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_calls as C
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir.rewrite import bottom_up


def create_all(node: N.Node) -> N.Node:
    return bottom_up(node, _rule)


def _rule(node: N.Node) -> N.Node | None:
    if type(node) is not N.Loop or node.kind != "for" or not node.own or node.breaks or node.name is None:
        return None
    over = node.over
    if type(over) is not N.Value or over.hint != "defs" or type(over.obj) is not list or len(node.body) != 1:
        return None
    call = _the_create(node.body[0])
    if call is None:
        return None
    card, dest, count = call.args
    var = node.name
    if not (type(card) is N.Name and card.name == var and _invariant_zone(dest, var, call.zones)):
        return None
    made: list[Any] = []
    for d in over.obj:
        n = _count_of(count, var, d)
        if n is None:
            return None
        made.extend([d] * n)
    if not made:  # (an empty list is not a constant the cache can name)
        return None
    return NL.CreateAll(N.Value(made, "defs"), dest, len(over.obj) + len(made), node)


def _the_create(body: N.Node) -> C.CallPrimitive | None:
    """The `create` call that is the whole of a loop's body (one block item, its empty-pick guard around it)."""
    if type(body) is not N.OfBlock or len(body.items) != 1:
        return None
    st = body.items[0][1].node
    if type(st) is C.Skip and len(st.body) == 1:
        st = st.body[0]
    if type(st) is not C.CallPrimitive or getattr(st.verb, "verb", None) != "create" or len(st.args) != 3:
        return None
    return st


def _invariant_zone(dest: N.Node, var: str, zones: tuple) -> bool:
    """Is DEST a declared zone of no piles, shared or of a seat named by something other than the loop's VAR?"""
    if type(dest) is not N.ZoneRef:
        return False
    whose = dest.whose
    if not (type(whose) in (N.Const, N.You, N.Current) or (type(whose) is N.Name and whose.name != var)):
        return False
    spec = next((z for z in zones if z.slot == dest.slot), None)
    return spec is not None and not spec.piles


def _count_of(count: N.Node, var: str, d: Any) -> int | None:
    """How many cards of D the create makes: a written number, or D's printed property (its default where it
    prints none); None for anything else or a number below 0 (the reference's error)."""
    if type(count) is N.Const:
        n = count.value
    elif type(count) is N.DefPrinted and type(count.definition) is N.Name and count.definition.name == var:
        n = d.props.get(count.name, count.default)
    else:
        return None
    return n if type(n) is int and n >= 0 else None
