"""The IR's reads of the state: a zone or a counter of a seat, the tables the state keeps (per-card counters,
cells, attachments, claims, definitions by name), a zone's cards and size, a card's counter or printed or
computed property, type tests, a card's holder, turns, seats, pools, the quiet/watched split (`Quiet`,
`Watched`) and `ForThis`. Each says what the code reads in the runtime's terms, never how the runtime lays it
out (the emitter, ir/emit.py, spells that). Frozen and slotted like ir/nodes_base.py's, whose leaves they hold;
re-exported by ir/nodes.py, where the compiler takes them from. Knows no runtime field, no Python `ast`, no game
and no source construct.
"""
from __future__ import annotations

from dataclasses import field
from typing import Any

from cardlang.compile.ir.nodes_base import Node
from cardlang.syntax.nodes import node


# ---- reads of the state
@node
class ZoneRef(Node):
    """The zone declared at SLOT of seat WHOSE (`Const(0)` for a shared zone)."""

    slot: int
    whose: "Expr"


@node
class CounterRef(Node):
    """The value of the counter declared at SLOT of seat WHOSE (`Const(0)` for a shared counter)."""

    slot: int
    whose: "Expr"


@node
class CardCounterTable(Node):
    """The table of the per-card counter KEY: card -> value (a card at its start value has no entry)."""

    key: str


@node
class BankLeft(Node):
    """What the bank behind the counter at SLOT still holds (None: the counter has no bank)."""

    slot: int


@node
class ZoneCards(Node):
    """A new list of the cards of the zone ZONE, the top last (a zone of no piles: its own cards)."""

    zone: "Expr"


@node
class OwnCards(Node):
    """The list ZONE itself holds, not a copy (a zone of piles holds none of its own: its piles do): a test
    that it is empty, a read that must not change it."""

    zone: "Expr"


@node
class CellTable(Node):
    """The grid cell of each card in a grid zone: card -> (column, row)."""


@node
class AttachedTable(Node):
    """The cards attached to each card: card -> those cards, in order (no entry: none)."""


@node
class ClaimsMade(Node):
    """The claims said out loud so far, in order: (player, card name) pairs, the public record."""


@node
class DefsByName(Node):
    """The game's card definitions by card name."""


@node
class CardsAt(Node):
    """The card at (COLUMN, ROW) of the zone ZONE as a list of it, or an empty list (none there, or ZONE no grid)."""

    zone: "Expr"
    column: "Expr"
    row: "Expr"


@node
class ZoneCount(Node):
    """How many cards the zone ZONE holds (a zone of piles: all its piles together). PLAIN: ZONE is known to be
    declared with no piles (its own list's length)."""

    zone: "Expr"
    plain: bool = False


@node
class EmptyPiles(Node):
    """How many piles of the zone of piles declared at SLOT (ZONE's) are empty: in the code, the count the state
    keeps by slot (state.empty_known) when it has one, else RUN(state, ZONE), the reference, which counts and
    keeps it (a game's end test asks after every turn)."""

    slot: int
    zone: "Expr"
    run: Any = field(compare=False)


@node
class CardCounter(Node):
    """The per-card counter KEY of CARD, START when it was never changed; TABLE: the counter's table as its
    caller has it already (a local), else None (read from the state)."""

    key: str
    card: "Expr"
    start: int
    table: "Expr | None" = None


@node
class Printed(Node):
    """CARD's printed property NAME (DEFAULT where its card prints none). IN_TABLE: every card of the load holds
    NAME at DEFAULT in its CardDef.printed, the table of every property the game declares (compile/expressions.py
    _in_table); TABLE: the read is a subscript of that table, not its props dict's `get` with DEFAULT (the pass
    printed-table sets it where IN_TABLE: compile/ir/printed_table.py)."""

    card: "Expr"
    name: str
    default: Any
    in_table: bool = False
    table: bool = False


@node
class Computed(Node):
    """CARD's property NAME where some card of the game computes it (`vp count(owned) / 10`): RUN(ctx, CARD,
    NAME, DEFAULT) (values.prop_of_card) for a card whose definition computes a property, else the printed one
    read in the code (the pass `computed-inline`: most cards compute none, and the call was most of a score)."""

    card: "Expr"
    name: str
    default: Any
    run: Any = field(compare=False)


@node
class DefPrinted(Node):
    """The printed property NAME of the card definition DEF (DEFAULT where it prints none; IN_TABLE, TABLE: as
    Printed's)."""

    definition: "Expr"
    name: str
    default: Any
    in_table: bool = False
    table: bool = False


@node
class IsType(Node):
    """Is CARD of the type TYPE (NEGATED: is it not)?"""

    card: "Expr"
    type: "Expr"
    negated: bool = False


@node
class DefIsType(Node):
    """Is the card definition DEFINITION of the type (or tag) TYPE?"""

    definition: "Expr"
    type: str


@node
class DefNamed(Node):
    """Is the card definition DEFINITION the card called NAME?"""

    definition: "Expr"
    name: str


@node
class NameOf(Node):
    """The card name of the card definition DEFINITION (as text)."""

    definition: "Expr"


@node
class Variant(Node):
    """Is the game's variant NAME chosen for this game?"""

    name: str


@node
class DefOf(Node):
    """The definition of the card CARD."""

    card: "Expr"


@node
class Not(Node):
    """Not VALUE."""

    value: "Expr"


@node
class HolderOf(Node):
    """The owner of the zone CARD is in (None for a shared zone): the read a card's owner starts from."""

    card: "Expr"


@node
class Turns(Node):
    """How many turns seat WHOSE has begun."""

    whose: "Expr"


@node
class Seats(Node):
    """The seats still in, round the table from WHOSE's left (`others`), or from WHOSE on (ALL: `players`), as
    a new list: the state's table of them (runtime/state.py seat_tables), not worked out at each use."""

    whose: "Expr"
    all: bool


@node
class Pool(Node):
    """The game-level value NAME (a pool of card names)."""

    name: str


@node
class Quiet(Node):
    """Nobody is told of a change: no log, no listener, and (CHECKED) no invariant checker. The test that
    splits code into its quiet case and its watched one."""

    checked: bool = False


@node
class Watched(Node):
    """Someone is told of a change (a log or a listener): the negation of `Quiet()`, where the watched case
    is written first."""


@node
class ForThis(Node):
    """May a `modify ... this` add anything now: no modifier runs, or the one running sums a property of the
    card whose ability runs (primitives/modify.py for_this, the reference; the pass `modify-this-first`)."""
