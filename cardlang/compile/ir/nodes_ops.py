"""The IR's nodes for the operators and the coercions: arithmetic (`Arith`, inside a nodes_loops.Bounded where it
can grow past the number limit) and its minus (`Neg`), comparisons (`Compare`), `and` / `or` as a truth value
(`Both`; `not` is ir/nodes.py's `Not`), `CARDS is T` (`AllAre`), `/` and `%` (`Divide`), the card-set `==`
(`SameCards`), a call of an operator's runtime helper (`Helper`), a pile of a zone of piles read in the code
(`PileCount`, `PileTop`), the lists written in the source (`ListOf`,
`Numbers`, `Joined`), `bottom N of CARDS` (`Bottom`), a text with names in braces (`Text`), and the coercions
that have code of their own: a zone's cards (`CardsOfZone`; a card as a list of one is ir/nodes.py's `Cards`)
and the list a `for` loop runs over (`Listed`); the others are calls of the runtime's conversions (ir/nodes.py
`Call`) or lists (`ListOf`, `Numbers`). Frozen and slotted like ir/nodes.py's, whose bridges (`Of`, `Py`) and
leaves they hold; emitted by ir/emit_ops.py. Knows no runtime field, no Python `ast`, no game and no source
construct.

An operator's OP is data: the operator's own spelling in the rules (`+`, `<=`), never Python's.
"""
from __future__ import annotations

from dataclasses import field
from typing import Any, Union

from cardlang.compile.ir.nodes import Node
from cardlang.syntax.nodes import node


# ---- numbers
@node
class Arith(Node):
    """LEFT OP RIGHT of two numbers, OP `+`, `-` or `*`, unchecked (a `Bounded` around it checks the limit)."""

    op: str
    left: Node
    right: Node


@node
class Divide(Node):
    """LEFT OP RIGHT of two numbers, OP `/` (rounded down) or `%`: FN(LEFT, RIGHT) is the reference, which stops
    the game on a division by zero; by a number written in the source other than 0, Python's own `//` or `%`."""

    op: str
    left: Node
    right: Node
    fn: Any = field(compare=False)


@node
class Neg(Node):
    """Minus the number VALUE."""

    value: Node


# ---- truth values
@node
class Compare(Node):
    """LEFT OP RIGHT, OP `==`, `!=`, `<`, `<=`, `>` or `>=`: of two numbers, or (`==`, `!=`) of two players or
    texts."""

    op: str
    left: Node
    right: Node


@node
class Both(Node):
    """LEFT and RIGHT (CONJ) or LEFT or RIGHT (not CONJ), as True or False: each side's truth as `bool` gives
    it, RIGHT computed only when LEFT does not decide."""

    conj: bool
    left: Node
    right: Node


@node
class AllAre(Node):
    """`CARDS is VALUE` (NEGATED: `is not`): are all of the cards CARDS, and at least one, of the type or tag
    VALUE (KIND "type") or the card called VALUE (KIND "named")? FN(state, cards, VALUE, NEGATED) is the
    reference; a type's test of one card is written as that card's own (where the pass `lower` is on)."""

    cards: Node
    kind: str
    value: str
    negated: bool
    fn: Any = field(compare=False)


@node
class SameCards(Node):
    """`A == B` (EQUAL) or `A != B` of two sets of cards or card names: do they hold the same card names, as many
    times each? LEFT and RIGHT are each a value and its kind ("card name", "card names" or "cards"); FN(state,
    LEFT, LEFT KIND, RIGHT, RIGHT KIND) is the reference, the test."""

    left: Node
    left_kind: str
    right: Node
    right_kind: str
    equal: bool
    fn: Any = field(compare=False)


@node
class Helper(Node):
    """FN(state, *ARGS) (STATE false: FN(*ARGS)), a runtime helper of an operator (`NAME in ZONE`, `top N of
    CARDS`): its arguments' code is made first, the helper's constant after, as a primitive's call is
    (generator.Gen.apply)."""

    fn: Any = field(compare=False)
    args: tuple[Node, ...] = ()
    state: bool = True


# ---- a pile of a zone of piles, read in the code (the pass `piles-in-code`)
@node
class PileCount(Node):
    """How many cards the pile of the card name CARD holds in the zone of piles declared at SLOT (0 when it has
    none): count_named_in's case of a zone of piles, its pile found by its key (SLOT, name)."""

    slot: int
    card: Node


@node
class PileTop(Node):
    """A new list of the top N cards (N written, 1 or more) of the pile of the card name CARD in the zone of
    piles declared at SLOT, the top first (empty when it has none): top_named_in's case of a zone of piles."""

    slot: int
    card: Node
    n: int


# ---- lists written in the source
@node
class ListOf(Node):
    """A new list of the values ITEMS (card names, players), in order."""

    items: tuple[Node, ...]


@node
class Numbers(Node):
    """The list of numbers ITEMS (each one number): a tuple, as every list of numbers is."""

    items: tuple[Node, ...]


@node
class Joined(Node):
    """The items of each of PARTS, one part after another: a new list of cards (KIND "cards", each part cards)
    or a list of numbers ("numbers", each part numbers)."""

    kind: str
    parts: tuple[Node, ...]


@node
class Bottom(Node):
    """The first COUNT of the list CARDS (the bottom ones of a set of cards, whose last are on top)."""

    cards: Node
    count: Node


@node
class Text(Node):
    """A text written in the source with names in braces (`"Set aside {c}?"`): PARTS, each a piece of the text
    (a str) or a value with its kind (Node, kind) shown as TEXT(ctx, value, kind) shows it (the reference,
    primitives/values.py text_of), one after another."""

    parts: tuple[Any, ...]
    text_of: Any = field(compare=False)


# ---- coercions
@node
class CardsOfZone(Node):
    """The cards of the zone ZONE as a new list, the top last: a copy of its own list (`ZoneCards`) where ZONE
    is read from a declared zone whose slot is in PLAIN (the zones of no piles), else READ(state, zone), the
    reference (a zone of piles gives the top card of each)."""

    zone: Node
    plain: frozenset[int]
    read: Any = field(compare=False)


@node
class Listed(Node):
    """The list ITEMS as a `for` loop runs over it, a list nothing else holds (its body may move the cards): ITEMS
    itself where it is a new list already (a copy, a list display, a generated `where`'s answer) or numbers
    written in the source, which nothing can change; else a copy of it."""

    items: Node


Expr = Union[Arith, Divide, Neg, Compare, Both, AllAre, SameCards, Helper, PileCount, PileTop, ListOf, Numbers,
             Joined, Bottom, Text, CardsOfZone, Listed]
