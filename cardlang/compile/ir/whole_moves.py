"""The pass `whole-moves`: a verb run in place whose loop moves each card of a `where` over one zone to another and
adds a printed property of each to a counter (`play hand where card is Treasure`, then the verb's
`for x in c { move x to inplay; if x is Treasure { coins += x.worth; } trigger play x; }`, its only statement)
becomes one loop working out the `where`, the total and the cards that stay, then one move of the whole list
and one change of the counter by the total (`MoveAll`, emitted by ir/emit_moves.py); the loop as written is
kept, over the `where`'s answer, for every case the whole move cannot do exactly as it would (someone told, a
card attached or shown, the step budget or the counter's bounds reached on the way).

Why the rules allow it, for the loops matched here only:
- every card of the list is in the `where`'s zone, in its order (nothing runs between the `where` and the loop:
  the verb's only argument, the loop its only statement; a `where` of a type test alone, in its caller, reads
  and charges nothing else, so it may as well be worked out after the nesting's count), so each move takes a
  card from that zone and puts it on top of DEST: the same lists and locations after all of them as after
  each in turn;
- the counter's change reads a printed property (a card's definition never changes: runtime/state.py CardDef),
  and a `+=` of values never below 0 on a counter with no bank passes its bounds only if the total does;
- the type test in the body (if any) is one the `where` made, and the `trigger` (if any) is of an event no card
  of those types has an `on EVENT` ability for: it runs nothing;
- the loop's name is a local of the verb's code, never stored in ctx.vars (the verb's code uses no names).
Knows the IR only; no Python `ast`, no runtime layout.
"""
from __future__ import annotations

import dataclasses

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_calls as C
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir import nodes_ops as NO
from cardlang.compile.ir.known_types import where_types
from cardlang.compile.ir.one_card import one_card
from cardlang.compile.ir.rewrite import bottom_up
from cardlang.primitives.lowering import Reactions
from cardlang.syntax.nodes import replace


def whole_moves(node: N.Node) -> N.Node:
    return bottom_up(node, _rule)


def _rule(node: N.Node) -> N.Node | None:
    if type(node) is not C.InPlace or len(node.args) != 1:
        return None
    items, kept, params, uses = node.body
    if uses or len(params) != 1 or not items:
        return None
    (span, first), rest = items[0], items[1:]
    moved = None if rest else _move_all(node.args[0], params[0], first.node, kept)
    if moved is None:
        return None
    # the parameter is given the `where`'s answer by the whole move itself (ir/emit_moves.py): the argument
    # left is nothing to work out
    node = replace(node, args=(N.Const(None),))
    # (the item a statement of the same kind, generator.Code, its IR the whole move: imported, generator.py would
    # import this module back through the emitter)
    item = dataclasses.replace(first, emit=lambda gen: gen.emit_ir((moved,)), node=moved)
    return replace(node, body=([(span, item), *rest], kept, params, uses))


def _move_all(arg: N.Node, param: str, loop: N.Node, kept) -> NL.MoveAll | None:
    """The whole move LOOP makes of the cards of ARG (the verb's parameter PARAM: `ZONE where card is T`, in
    its caller), or None."""
    if type(arg) is not NL.Where or type(arg.items) is not NO.CardsOfZone or type(arg.items.zone) is not N.ZoneRef \
            or not arg.inline or arg.guard is not None or _type_test(arg.cond, arg.var) is None:
        return None
    src = arg.items.zone
    if src.slot not in arg.items.plain:  # (a zone of piles: the `where` looked at their tops)
        return None
    if type(loop) is not N.Loop or loop.kind != "for" or loop.breaks or not loop.own or loop.name not in kept():
        return None
    if type(loop.over) is not NO.Listed or loop.over.items != N.Name(param) or len(loop.body) != 1 \
            or type(loop.body[0]) is not N.OfBlock:
        return None
    var, types = loop.name, where_types(arg)
    body = [code.node for _, code in loop.body[0].items]
    if len(body) not in (1, 2, 3) or any(n is None for n in body):
        return None
    move = _primitive(body[0], "move")
    if move is None or len(move.args) != 3 or move.args[1] != N.Cards((N.Name(var),)) \
            or move.args[2] != N.Const("top") or type(move.args[0]) is not N.ZoneRef:
        return None
    zones = move.zones
    if not (_plain_seat(src) and _plain_seat(move.args[0])):
        return None
    spec = {z.slot: z for z in zones}
    if any(z.grid for z in zones) or spec[move.args[0].slot].piles or spec[src.slot].piles:
        return None
    add, tail = None, body[1:]
    if tail and type(tail[0]) is not C.Skip:
        add = _counter_add(tail[0], var, types)
        if add is None:
            return None
        tail = tail[1:]
    if tail and not _dead_trigger(tail[0], var, types):
        return None
    if len(tail) > 1:
        return None
    return NL.MoveAll(arg, param, src, move.args[0], add, loop)


def _plain_seat(zone: N.ZoneRef) -> bool:
    """Is ZONE the player's own or a shared one (its seat a read that is the same wherever it is made)?"""
    return type(zone.whose) in (N.You, N.Const)


def _primitive(node: N.Node, verb: str) -> C.CallPrimitive | None:
    """The call of the core verb VERB that NODE is (alone in its `Skip`), or None."""
    if type(node) is not C.Skip or len(node.body) != 1 or type(node.body[0]) is not C.CallPrimitive:
        return None
    call = node.body[0]
    return call if call.verb.verb == verb else None


def _counter_add(node: N.Node, var: str, types: frozenset[str]) -> N.ChangeCounter | None:
    """`COUNTER += VAR.P` (P printed), alone or in an `if VAR is T` that the `where` made (T in TYPES), with its
    value the printed read of VAR; else None."""
    if type(node) is N.If:
        if node.orelse or len(node.body) != 1 or type(node.body[0]) is not N.OfBlock \
                or len(node.body[0].items) != 1 or not _is_known_type(node.test, var, types):
            return None
        node = node.body[0].items[0][1].node
    if type(node) is not N.ChangeCounter or node.op != "+=" or node.bank is not None or not node.inline \
            or type(node.whose) not in (N.You, N.Const):
        return None
    value = one_card(node.value)
    if type(value) is not N.Printed or value.card != N.Name(var) or node.lowest is None or node.lowest < 0:
        return None
    return replace(node, value=value)


def _type_test(cond: N.Node, var: str) -> str | None:
    """The type T of a `where`'s condition that is `card is T` alone (of its card VAR), or None."""
    if type(cond) is N.DefIsType and cond.definition == N.DefOf(N.Name(var)):
        return cond.type
    return None


def _is_known_type(test: N.Node, var: str, types: frozenset[str]) -> bool:
    if type(test) is N.DefIsType:
        return test.definition == N.DefOf(N.Name(var)) and test.type in types
    return type(test) is N.IsType and not test.negated and test.card == N.Name(var) \
        and type(test.type) is N.Const and test.type.value in types


def _dead_trigger(node: N.Node, var: str, types: frozenset[str]) -> bool:
    """Is NODE a `trigger EVENT VAR` that runs nothing for a card of TYPES (no such card has an `on EVENT`
    ability)?"""
    call = _primitive(node, "trigger")
    if call is None or len(call.args) != 3 or call.args[2] != N.Cards((N.Name(var),)) \
            or type(call.args[1]) is not N.Const:
        return False
    event, reacts = call.args[1].value, call.reacts
    if reacts is None:
        return False
    return event not in reacts or (isinstance(reacts, Reactions) and not reacts.may(types, event))
