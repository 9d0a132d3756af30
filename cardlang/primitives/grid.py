"""Grid zones: boards of slots. A zone declared `grid C x R` holds one card a slot, (column, row) from (1, 1).

    zone board: per player, public, grid 5 x 2;
    place c to board column=3 row=1;            // or slot=S (a chosen slot), or neither: its owner picks
    let s = choose 1 from open_slots(board) where slot.row == 1 as deploy;
    card_at(board, 3, 1)   column(c)   row(c)   adjacent(c)   nearest(p.board, 2, 1)   slots(board)

`move` into a grid takes the first open slot; `place` says which. Placing a card onto a taken slot of the
grid it is already on swaps the two (rearranging a board); any other taken slot is a rule violation. The
runtime side is runtime/board.py. Knows no game.
"""
from __future__ import annotations

import ast as py

from cardlang.primitives.lowering import CTX, call, const, got, name, one_card, state, subscript
from cardlang.primitives.registry import ANY, CARDS, INT, ZONE, Function, Param, Verb, primitive
from cardlang.primitives.types import leaves_names
from cardlang.runtime import board as B
from cardlang.runtime import zones as Z
from cardlang.runtime.decisions import ask
from cardlang.runtime.state import Ctx, Decision, IllegalAction


@primitive
class Place(Verb):
    """Put cards into slots of a grid zone: at column and row, at a chosen slot, or (neither given) each into
    an open slot its new owner picks (decision tag `place`).
    Example: place c to board column=3 row=1;"""

    verb = "place"
    params = (Param("what", CARDS), Param("to", ZONE, aliases=("to", "into")),
              Param("column", INT, None, required=False), Param("row", INT, None, required=False),
              Param("slot", ANY, None, required=False))
    asks = ("place",)

    def describe(self, a: dict) -> str:
        if a.get("column") and a.get("row"):
            return f"Put {a['what']} into {a['to']} at column {a['column']}, row {a['row']}."
        return f"Put {a['what']} into an empty slot of {a['to']}."

    @staticmethod
    @leaves_names  # (its state and player only; a slot it asks for is a decision of its own)
    def run(ctx: Ctx, to, what, column, row, slot) -> None:
        if (column is None) != (row is None):
            raise IllegalAction("place needs both column= and row=, or slot=, or neither")
        if column is not None:
            _into_slot(ctx.state, to, what, (column, row))
        elif slot is not None:
            place_in_slot(ctx, to, what, slot)
        else:
            _place_asking(ctx, to, list(what))

    def lower(self, gen, args: list, site) -> list | None:
        """`place_at(ctx, TO, WHAT, COLUMN, ROW)` or `place_in_slot(ctx, TO, WHAT, SLOT)`: the call of `run` for
        the options written, one call less and no tests of the options left out."""
        to, what, column, row, slot = args
        given = [not (isinstance(a, py.Constant) and a.value is None) for a in (column, row, slot)]
        if given == [True, True, False]:
            return [py.Expr(call(gen.const(place_at), name(CTX), to, what, column, row))]
        if given == [False, False, True]:
            return [py.Expr(call(gen.const(place_in_slot), name(CTX), to, what, slot))]
        return None


@leaves_names
def place_at(ctx: Ctx, dest, cards, column, row) -> None:
    """`place CARDS to ZONE column=C row=R`."""
    if column is None or row is None:  # (a number is never None: as run, whatever the options' values)
        Place.run(ctx, dest, cards, column, row, None)
        return
    # _into_slot's code, not a call of it (a call more for each card placed)
    if dest.cells is None:
        raise IllegalAction(f"{dest.label} is not a grid zone")
    if len(cards) > 1:
        raise IllegalAction(f"{len(cards)} cards cannot go into one slot")
    if cards:
        B.move_linked(ctx.state, cards[0], dest, cell=(column, row))


@leaves_names
def place_in_slot(ctx: Ctx, dest, cards, chosen) -> None:
    """`place CARDS to ZONE slot=S` (S a chosen slot: a list of one)."""
    if dest.cells is None:
        raise IllegalAction(f"{dest.label} is not a grid zone")
    if not chosen:
        raise IllegalAction("no slot was chosen")
    # _into_slot's code, not a call of it (a call more for each card placed; its grid test made above)
    if len(cards) > 1:
        raise IllegalAction(f"{len(cards)} cards cannot go into one slot")
    if cards:
        B.move_linked(ctx.state, cards[0], dest, cell=tuple(chosen[0]))


def _into_slot(state, dest, cards, cell) -> None:
    """One card at most into CELL of DEST (moved once, so CARDS needs no copy)."""
    if dest.cells is None:
        raise IllegalAction(f"{dest.label} is not a grid zone")
    if len(cards) > 1:
        raise IllegalAction(f"{len(cards)} cards cannot go into one slot")
    if cards:
        B.move_linked(state, cards[0], dest, cell=cell)  # (zones.move hands a move into a grid to it)


def _place_asking(ctx: Ctx, dest, cards: list) -> None:
    """Each card into an open slot its new owner picks (decision `place`)."""
    state = ctx.state
    if dest.cells is None:
        raise IllegalAction(f"{dest.label} is not a grid zone")
    for cid in cards:
        free = B.open_cells(dest)
        if not free:
            raise IllegalAction(f"{dest.label} has no empty slot for {state.card_def[cid].name}")
        who = dest.owner if dest.owner is not None else ctx.you
        d = Decision(who, "place", f"Put {state.card_def[cid].name} where?", "slots", free, 1, 1,
                     [f"column {c}, row {r}" for c, r in free])
        Z.move(state, cid, dest, cell=free[ask(state, d)[0]])


@primitive
class CardAt(Function):
    """The card in one slot of a grid zone (nothing if the slot is empty or outside the grid).
    Example: card_at(board, 3, 1)"""

    verb = "card_at"
    params = (Param("zone", ZONE), Param("column", INT), Param("row", INT))
    returns = CARDS

    def describe(self, a: dict) -> str:
        return f"the card at column {a['column']}, row {a['row']} of {a['zone']}"

    @staticmethod
    def run(state, zone, column: int, row: int) -> list[int]:
        """The card at (COLUMN, ROW) of ZONE, as a list: one card or none."""
        cells = zone.cells
        cid = cells.get((column, row)) if cells is not None else None
        return [] if cid is None else [cid]

    def lower(self, gen, args: list) -> py.expr:
        """`[_x] if (_x := (ZONE.cells or {}).get((COLUMN, ROW))) is not None else []` (a zone with no grid has
        no cells)."""
        ir = gen.ir
        return gen.emit_expr(ir.CardsAt(*map(ir.Py, args)))


cards_at = CardAt.run


class _Coordinate(Function):
    params = (Param("card", CARDS),)
    returns = INT
    index = 0  # 0: the column, 1: the row

    def lower(self, gen, args: list) -> py.expr | None:
        """`_x[I] if (_x := ctx.state.cell.get(E)) is not None else 0` of one card [E]; of cards in a local N, the
        same of N[0] if N else 0 (`let c = ...; row(c)`)."""
        card = one_card(args[0])
        if card is None and not isinstance(args[0], py.Name):
            return None
        test, x = got(gen, gen.emit_expr(gen.ir.CellTable()), card if card is not None else
                      subscript(name(args[0].id), const(0)), "cell")
        found = py.IfExp(test, subscript(name(x), const(self.index)), const(0))
        return found if card is not None else py.IfExp(name(args[0].id), found, const(0))


@primitive
class Column(_Coordinate):
    """The column of the (first) card's slot; 0 when it is not in a slot.
    Example: column(this)"""

    verb = "column"

    def describe(self, a: dict) -> str:
        return f"the column of {a['card']}"

    @staticmethod
    def run(state, card) -> int:
        cell = state.cell.get(card[0]) if card else None
        return 0 if cell is None else cell[0]


@primitive
class Row(_Coordinate):
    """The row of the (first) card's slot; 0 when it is not in a slot.
    Example: row(this)"""

    verb = "row"
    index = 1

    def describe(self, a: dict) -> str:
        return f"the row of {a['card']}"

    @staticmethod
    def run(state, card) -> int:
        cell = state.cell.get(card[0]) if card else None
        return 0 if cell is None else cell[1]


@primitive
class Adjacent(Function):
    """The cards in the slots next to the (first) card's slot: above, left, right, below.
    Example: adjacent(this) where row(card) == row(this)"""

    verb = "adjacent"
    params = (Param("card", CARDS),)
    returns = CARDS

    def describe(self, a: dict) -> str:
        return f"the cards next to {a['card']}"

    @staticmethod
    def run(state, card) -> list[int]:
        return B.adjacent(state, card[0]) if card else []

    def lower(self, gen, args: list) -> py.expr | None:
        """Of one card [E]: board.adjacent(ctx.state, E), one call instead of two."""
        card = one_card(args[0])
        return None if card is None else call(gen.const(B.adjacent), state(gen), card)


@primitive
class Nearest(Function):
    """The card of ROW nearest to COLUMN in a grid zone: the one at COLUMN, else the closest (both, when two
    are equally close), else nothing.
    Example: nearest(foe.board, 6 - f, 1)"""

    verb = "nearest"
    params = (Param("zone", ZONE), Param("column", INT), Param("row", INT))
    returns = CARDS
    gets = False
    run = staticmethod(B.nearest)

    def describe(self, a: dict) -> str:
        return f"the card of row {a['row']} of {a['zone']} nearest to column {a['column']}"


@primitive
class OpenSlots(Function):
    """The empty slots of a grid zone, in reading order (row 1 from column 1, then row 2...).
    Example: choose 1 from open_slots(board) where slot.row == 1"""

    verb = "open_slots"
    params = (Param("zone", ZONE),)
    returns = "slots"
    gets = False
    run = staticmethod(B.open_cells)

    def describe(self, a: dict) -> str:
        return f"the empty slots of {a['zone']}"


@primitive
class Slots(Function):
    """Every slot of a grid zone, empty or not, in reading order.
    Example: choose 1 from slots(board) where slot.row <= 2"""

    verb = "slots"
    params = (Param("zone", ZONE),)
    returns = "slots"
    gets = False
    run = staticmethod(B.cells_of)

    def describe(self, a: dict) -> str:
        return f"the slots of {a['zone']}"
