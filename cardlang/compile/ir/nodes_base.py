"""The IR's foundations: the node class every IR node derives from, the leaves of expressions (a constant, a
compiled value, the state, the names table, the player, the card, the turn's seat, a rules name, a local of the
generated function) and two bridges to code that is not IR yet (`Of`, `Py`). Frozen and slotted (syntax/nodes.py
`node`); re-exported by ir/nodes.py, where the compiler takes them from. Knows no runtime field, no Python `ast`,
no game and no source construct, and none of the other node modules (they all build on this one).
"""
from __future__ import annotations

from dataclasses import field
from typing import Any

from cardlang.syntax.nodes import node


class Node:
    """A node of the IR."""

    __slots__ = ()



# ---- leaves
@node
class Const(Node):
    """A constant written in the code: a number, a text, a truth value or None."""

    value: Any


@node
class Value(Node):
    """A compiled value (a card definition, a function, a table) as a constant of the generated module."""

    obj: Any = field(compare=False)
    hint: str = "k"


@node
class State(Node):
    """The game state the effect runs on (the same all through a generated function)."""


@node
class Names(Node):
    """The table of the rules' names in scope (a name -> its value), where compiled code that keeps no local
    of a name reads it."""


@node
class You(Node):
    """The seat whose effect runs."""


@node
class ThisCard(Node):
    """The card whose ability runs."""


@node
class Current(Node):
    """The seat whose turn it is."""


@node
class Name(Node):
    """A name of the rules (a `let`, a loop's name, a parameter): its local where the function keeps one."""

    name: str


@node(eq=False)
class Var(Node):
    """A local of the generated function, named (fresh, with HINT) when first emitted; or, with NAME, the local
    of that name, fixed by the compiler because Python built outside the IR reads it by that name (a bot's
    kept condition `_c0` or shared call `_s0`: compile/botgen.py; a generated function's parameter `_name`)."""

    hint: str = "v"
    name: str | None = None


@node
class Of(Node):
    """An expression whose rule still builds Python (a bridge): emitted by its CE's own code."""

    ce: Any = field(compare=False)


@node
class Py(Node):
    """Python code already emitted (a bridge for lowerings handed their arguments' code)."""

    code: Any = field(compare=False)
