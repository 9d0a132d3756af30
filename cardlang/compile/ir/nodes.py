"""The IR's node classes: small typed values, frozen and slotted, each saying what the code computes in the
runtime's terms (a zone of a seat, a counter's value, a card's printed property), never how the runtime lays
it out. Built by the compile rules, rewritten by the passes (compile/ir/passes.py), turned into Python by the
emitter (compile/ir/emit.py). Knows no runtime field, no Python `ast`, no game and no source construct.

Expressions are `Expr`; statements are `Stmt`. Three bridges hold what is not IR yet: `Of`, an expression
compiled by a rule that still builds Python itself (a CE, emitted through its own code), `Py`, Python
code already emitted (for a lowering that hands the emitter its arguments' code), and `OfBlock`, a block's
statements compiled by rules that still build Python. `Var` is a local of the
generated function, named only when emitted (its identity is the variable: two `Var("f")` are two locals).
"""
from __future__ import annotations

from dataclasses import field
from typing import Any, Callable, Union

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
    """CARD's printed property NAME (DEFAULT where its card prints none; TABLE: every card's CardDef.printed
    holds NAME, DEFAULT the game's: compile/printedtable.py)."""

    card: "Expr"
    name: str
    default: Any
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
    """The printed property NAME of the card definition DEF (DEFAULT where it prints none; TABLE: as Printed's)."""

    definition: "Expr"
    name: str
    default: Any
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
    (the pass `zero-skip`)."""

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
Stmt = Union[Let, If, Loop, OfBlock, Do, ChangeCardCounter, ChangeCounter, MoveOne, CreateCards, Return]

