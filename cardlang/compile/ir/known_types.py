"""The pass `known-types`: a card's type test answered where the code knows the answer, as a verb run in place
of its call does (`play hand where card is Treasure`, then `for x in c { ... if x is Treasure ... }` in the
verb): its parameter holds the answer of a `where` that kept only cards of that type, so each card of a loop
over it has the type, and the test is True (a card's types never change during a game: runtime/state.py
CardDef). What the code knows is kept on the function's `Gen` (`item_types`: a Python local holding a list,
or a loop's local holding a card -> the types every such card has), set while the code that may use it is
emitted (ir/emit_calls.py InPlace, ir/emit_stmts.py Loop) and asked by the type tests' rules (ir/emit.py).
Knows the IR and the generated function's locals; no game, no runtime layout.
"""
from __future__ import annotations

import ast as py
from typing import TYPE_CHECKING

from cardlang.compile import pytree

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir import nodes_ops as NO

if TYPE_CHECKING:
    from cardlang.compile.codegen import Gen


def _is_var(node: N.Node, var: str) -> bool:
    return type(node) is N.Name and node.name == var


def where_types(node: N.Node) -> frozenset[str]:
    """The types every card of NODE's value has, as far as its IR says: a `where` whose condition is a type test
    of its card (`hand where card is Treasure`); else none."""
    if type(node) is not NL.Where:
        return frozenset()
    return _cond_types(node.cond, node.var)


def _cond_types(cond: N.Node, var: str) -> frozenset[str]:
    t = type(cond)
    if t is N.DefIsType and type(cond.definition) is N.DefOf and _is_var(cond.definition.card, var):
        return frozenset((cond.type,))
    if t is N.IsType and not cond.negated and _is_var(cond.card, var) and type(cond.type) is N.Const \
            and type(cond.type.value) is str:
        return frozenset((cond.type.value,))
    return frozenset()


def loop_types(gen: "Gen", over: N.Node) -> frozenset[str]:
    """The types every card of the `for` loop over OVER has: OVER the list in a local whose types are known."""
    if type(over) is NO.Listed:
        over = over.items
    if type(over) is not N.Name:
        return frozenset()
    local = gen.locals.get(over.name)
    return gen.item_types.get(local, frozenset()) if local is not None else frozenset()


def known(gen: "Gen", card: N.Node, type_: str) -> bool:
    """Does the code know that CARD (a rules name held in a local) has the type TYPE_?"""
    if not gen.item_types or type(card) is not N.Name or not gen.options.on("known-types"):
        return False
    local = gen.locals.get(card.name)
    return local is not None and type_ in gen.item_types.get(local, ())


def writes(code: list[py.stmt], local: str) -> bool:
    """Does CODE set the Python local LOCAL (a loop's body setting its card's name again: `x = ...`)?"""
    return any(type(n) is py.Name and n.id == local and type(n.ctx) is py.Store for n in pytree.walk_all(code))
