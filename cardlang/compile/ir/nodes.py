"""The IR's node classes: small typed values, frozen and slotted, each saying what the code computes in the
runtime's terms (a zone of a seat, a counter's value, a card's printed property), never how the runtime lays
it out. Built by the compile rules, rewritten by the passes (compile/ir/passes.py), turned into Python by the
emitter (compile/ir/emit.py). Knows no runtime field, no Python `ast`, no game and no source construct.

This module holds the plain computations (a call, a list, an item, `FirstOr`, ...) and the statements, and
is where the compiler takes every class of these three from: the node class, the leaves and the bridges
`Of` and `Py` are ir/nodes_base.py's, the reads of the state (zones, counters, properties, `Quiet`) are
ir/nodes_reads.py's, both imported here. Expressions are `Expr`; statements are `Stmt`. Three bridges hold
what is not IR yet: `Of`, an expression compiled by a rule that still builds Python itself (a CE, emitted
through its own code), `Py`, Python code already emitted (for a lowering that hands the emitter its
arguments' code), and `OfBlock`, a block's statements compiled by rules that still build Python. `Var` is a
local of the generated function, named only when emitted (its identity is the variable: two `Var("f")` are
two locals).
"""
from __future__ import annotations

from dataclasses import field
from typing import Any, Callable, Union

# the leaves and the reads live in modules of their own; every node class is taken from here (`N.ZoneRef`)
from cardlang.compile.ir.nodes_base import (  # noqa: F401
    Const, Value, State, Names, You, ThisCard, Current, Name, Var, Of, Py, Node)
from cardlang.compile.ir.nodes_reads import (  # noqa: F401
    ZoneRef, CounterRef, CardCounterTable, BankLeft, ZoneCards, OwnCards, CellTable, AttachedTable,
    ClaimsMade, DefsByName, CardsAt, ZoneCount, EmptyPiles, CardCounter, Printed, Computed, DefPrinted,
    IsType, DefIsType, DefNamed, NameOf, Variant, DefOf, Not, HolderOf, Turns, Seats, Pool, Quiet, Watched,
    ForThis)
from cardlang.syntax.nodes import node


# ---- plain computations
@node
class Call(Node):
    """FN(first, *ARGS, *CONSTS): a compiled function (a constant of the module) over the state (FIRST
    "state"), the context ("ctx") or nothing (None) first."""

    fn: Any = field(compare=False)
    args: tuple["Expr", ...] = ()
    first: str | None = "state"
    consts: tuple[Any, ...] = ()


@node
class Cards(Node):
    """A new list of the cards ITEMS (`[E]`: one card as a list)."""

    items: tuple["Expr", ...]


@node
class Item(Node):
    """Item INDEX of the list LIST."""

    list: "Expr"
    index: int


@node
class FirstOr(Node):
    """READ of the first of CARDS, held in the local VAR (READ mentions `Item(VAR, 0)`), or, when CARDS is
    empty, FALLBACK (which mentions VAR: the call whose error says there is no card)."""

    cards: "Expr"
    var: Var
    read: "Expr"
    fallback: "Expr"


@node
class Single(Node):
    """Does the list LIST hold exactly one item?"""

    list: "Expr"


@node
class HasTrigger(Node):
    """Has CARD an ability that runs when EVENT happens to it (`on EVENT`)?"""

    card: "Expr"
    event: str


@node
class MayReact(Node):
    """Has any card of CARDS (a list) an `on EVENT` ability? Answered in one set operation against the cards
    that have one, which FILL(state, EVENT) finds the first time they are asked for (runtime/abilities.py
    reacting_ids), not card by card."""

    cards: "Expr"
    event: str
    fill: Callable


# ---- statements
@node
class Let(Node):
    """`VAR = VALUE`: a local of the generated function (a Var), or a name of the rules (a Name: `let`, `x =`),
    written to the names table and kept in a local where the function keeps one (OWN: the name is declared
    here, naming nothing of an enclosing block, so its store into the table may go when nothing reads it)."""

    var: "Var | Name"
    value: "Expr"
    own: bool = False


@node
class Loop(Node):
    """A loop of the rules, BODY run on each pass: `repeat` (KIND "repeat": OVER times), `while` ("while": as
    long as OVER holds) or `for` ("for": over the list OVER, each item the rules name NAME in the body; OWN:
    NAME names nothing of an enclosing block). Every pass charges one step of the game's step budget first;
    past it, OVER_BUDGET(ctx, SPAN) stops the game naming the loop. A `break` ends the loop (also from a
    function it calls). BREAKS: may the body break (False only where the rules' body has no `break` at all):
    a `repeat` or `for` that never breaks runs all its passes, which the pass `charge-once` charges when the
    loop starts, in one addition (the same steps; a loop past the budget stops before its first pass)."""

    kind: str
    over: "Expr"
    body: tuple["Stmt", ...]
    span: Any = field(compare=False)
    over_budget: Any = field(compare=False)
    name: str | None = None
    own: bool = False
    breaks: bool = True


@node
class OfBlock(Node):
    """Statements whose rules still build Python (a bridge): a block's compiled items, emitted by the code
    generator, each on its own line of the line table."""

    items: Any = field(compare=False)


@node
class If(Node):
    """`if TEST: BODY else: ORELSE` (a quiet/watched split when TEST is `Quiet`)."""

    test: "Expr"
    body: tuple["Stmt", ...]
    orelse: tuple["Stmt", ...] = ()


@node
class ChangeCardCounter(Node):
    """`CARDS.KEY op VALUE` (OP `=`, `+=` or `-=`) of the per-card counter KEY (START, bounds MINIMUM and
    MAXIMUM, None for none): done for one card in the code itself when nobody is told and the new value keeps
    the bounds, else by CHANGE(state, value, cards), the reference."""

    key: str
    start: int
    minimum: int | None
    maximum: int | None
    op: str
    value: "Expr"
    cards: "Expr"
    change: Any = field(compare=False)


@node
class ChangeCounter(Node):
    """`WHOSE.C op VALUE` (OP `=`, `+=` or `-=`) of the counter C declared at SLOT, by seat when PER_PLAYER
    (else a shared one, its row's 0; WHOSE then `Const(None)`, the seat the reference is handed); MINIMUM
    and MAXIMUM its bounds, None for none; BANK the slot of the bank it draws on, None for none. Done in the code itself when INLINE, nobody is told and the new value keeps the bounds (and
    the bank covers it), else by SET(state, slot, seat, value[, clamp=True]), the reference (an invariant
    checker is told of the change the code makes). Not INLINE (a counter of numbers, or the pass
    counter-code off): always the reference. LOWEST: the smallest VALUE can be, when the compiler knows it
    (a number written, a property every card prints), else None. BANK_KNOWN: the bank is known to be a number
    (a counter's bank, its own or the one it draws on, is declared `bank N`: compile/spec.py), so the code
    does not test it for None, and a `-=` of a VALUE never below 0 (LOWEST) does not test that it covers
    the change (the pass `bank-tests`). SKIP_ZERO: a `+=` or `-=` tests its VALUE first and does nothing for 0
    (the pass `zero-skip`). SIZE: the largest VALUE can be in size, when the compiler knows it: a counter set
    (`=`) to it is not tested against the number limit it cannot reach (the pass `bounds`)."""

    slot: int
    whose: "Expr"
    op: str
    value: "Expr"
    minimum: int | None
    maximum: int | None
    bank: int | None
    inline: bool
    set: Any = field(compare=False)
    per_player: bool = True
    lowest: int | None = None
    bank_known: bool = False
    skip_zero: bool = False
    size: int | None = None


@node
class SetNumbers(Node):
    """`[WHOSE.]C = VALUES` of the counter C at SLOT that holds numbers (dice), by seat when PER_PLAYER (else a
    shared one, its row's 0): stored as a tuple in the code itself when nobody is told and no checker runs (the
    counter quiet or not: an event is built only for someone told), else by SET(state, SLOT, WHOSE, VALUES), the
    reference (the pass `numbers-code`)."""

    slot: int
    whose: "Expr"
    values: "Expr"
    per_player: bool
    set: Any = field(compare=False)


@node
class MoveOne(Node):
    """Move the card CARD to the top of the zone DEST: in the code itself when nobody is told (no log, listener
    or checker told first), no card is attached (to it or to another), none is privately shown, and neither
    zone is a grid nor holds piles (DEST_PLAIN: DEST is known to be neither, so it is not tested; GRIDLESS: the
    game declares no grid, so no zone is one and neither is tested for it: the pass `gridless`), else by
    MOVE(ctx, DEST, [CARD]), the reference. An invariant checker is told of the move the code makes."""

    card: "Expr"
    dest: "Expr"
    move: Any = field(compare=False)
    dest_plain: bool = False
    gridless: bool = False


@node
class MoveTop(Node):
    """`move top COUNT of ZONE to DEST` (a draw) in code that runs only when nobody watches, in a game of no
    grid, DEST a declared zone of no piles (the pass quiet-moves): ZONE's top COUNT cards taken as one slice and
    put on DEST in the code itself when COUNT is more than 0, ZONE holds that many (no refill), no checker is
    told, no card is attached or privately shown and ZONE is not DEST (APART: known to be two zones, so not
    tested); else MOVE(ctx, DEST, ZONE, COUNT), the quiet reference (primitives/core.py move_top_quiet).
    PILELESS: ZONE is known to hold no piles (emptying it tells empty_piles nothing). The pass
    `moves-in-code`."""

    dest: "Expr"
    zone: "Expr"
    count: "Expr"
    move: Any = field(compare=False)
    apart: bool = False
    pileless: bool = False


@node
class MoveZone(Node):
    """`move ZONE to DEST`, every card of a zone, bottom first, in code that runs only when nobody watches, as
    MoveTop: in the code itself when ZONE holds cards, no checker is told, no card is attached or privately
    shown and ZONE is not DEST (APART, PILELESS: as MoveTop's); else, when it holds cards, MOVE(ctx, DEST,
    ZONE), the quiet reference (primitives/core.py move_zone_quiet). The pass `moves-in-code`."""

    dest: "Expr"
    zone: "Expr"
    move: Any = field(compare=False)
    apart: bool = False
    pileless: bool = False


@node
class MoveList(Node):
    """`move CARDS to DEST`, CARDS a list in a local of two cards or more, in code that runs only when nobody
    watches, as MoveTop: when CARDS is the very list its first card's zone holds (`discard hand`: the hand's
    copy), that zone's move in the code itself (its cards land on DEST in order, as one move each would leave
    them) when no checker is told, no card is attached or privately shown and the zone is not DEST; else
    MOVE(ctx, DEST, CARDS), the reference (primitives/core.py move_into). The pass `moves-in-code`."""

    cards: "Expr"
    dest: "Expr"
    move: Any = field(compare=False)


@node
class CreateCards(Node):
    """COUNT new cards of the definition CARD into DEST, a zone known to hold no piles: their ids, definitions
    and places added at once in the code itself when nobody is told (no log or listener), the count is not
    negative, no table derived from the definitions is kept, and the step budget and the card limit allow
    them (GRIDLESS: no zone of the game is a grid, so DEST is not tested for cells); else by
    CREATE(ctx, CARD, DEST, COUNT), the reference."""

    card: "Expr"
    dest: "Expr"
    count: "Expr"
    create: Any = field(compare=False)
    gridless: bool = False


@node
class Do(Node):
    """An expression computed for its effect (a call)."""

    value: "Expr"


@node
class Return(Node):
    """The generated function returns VALUE (a loop's function, an expression's, a bot's answer)."""

    value: Node


Expr = Union[Const, Value, State, Names, You, ThisCard, Current, Name, Var, Of, Py, ZoneRef, CounterRef, CardCounterTable, BankLeft,
             ZoneCards, OwnCards, CellTable, AttachedTable, ClaimsMade, DefsByName,
             CardsAt, ZoneCount, EmptyPiles, CardCounter, Printed, Computed,
             DefPrinted, IsType, DefIsType, DefNamed, NameOf, Variant, DefOf, Not, HolderOf, Turns, Seats, Pool, Quiet, Watched, ForThis, Call, Cards, Item, FirstOr,
             Single, HasTrigger, MayReact]
Stmt = Union[Let, If, Loop, OfBlock, Do, ChangeCardCounter, ChangeCounter, SetNumbers, MoveOne, MoveTop, MoveZone,
             MoveList, CreateCards, Return]
