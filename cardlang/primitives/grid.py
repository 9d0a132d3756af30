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

from cardlang.primitives.registry import ANY, CARDS, INT, ZONE, Bound, Param, primitive
from cardlang.runtime import board as B
from cardlang.runtime import zones as Z
from cardlang.runtime.decisions import ask
from cardlang.runtime.state import Ctx, Decision, IllegalAction


def _d_place(a: dict) -> str:
    if a.get("column") and a.get("row"):
        return f"Put {a['what']} into {a['to']} at column {a['column']}, row {a['row']}."
    return f"Put {a['what']} into an empty slot of {a['to']}."


@primitive("place", Param("what", CARDS), Param("to", ZONE, aliases=("to", "into")),
           Param("column", INT, None, required=False), Param("row", INT, None, required=False),
           Param("slot", ANY, None, required=False), describe=_d_place, asks=("place",))
def build_place(b: Bound, info) -> object:
    """Put cards into slots of a grid zone: at column and row, at a chosen slot, or (neither given) each into
    an open slot its new owner picks (decision tag `place`).
    Example: place c to board column=3 row=1;"""
    what, to = b.values["what"], b.values["to"]
    col, row, slot = b.values.get("column"), b.values.get("row"), b.values.get("slot")
    if (col is None) != (row is None):
        def run_half(ctx: Ctx) -> None:
            raise IllegalAction("place needs both column= and row=, or slot=, or neither")
        return run_half

    if col is not None:
        def run_place(ctx: Ctx) -> None:
            place_at(ctx, to(ctx), what(ctx), col(ctx), row(ctx))
        run_place.inline = (place_at, (), ("to", "what", "column", "row"))  # type: ignore[attr-defined]
    elif slot is not None:
        def run_place(ctx: Ctx) -> None:
            place_in_slot(ctx, to(ctx), what(ctx), slot(ctx))
        run_place.inline = (place_in_slot, (), ("to", "what", "slot"))  # type: ignore[attr-defined]
    else:
        def run_place(ctx: Ctx) -> None:
            _place(ctx, to(ctx), list(what(ctx)), None)
        run_place.inline = (place_free, (), ("to", "what"))  # type: ignore[attr-defined]
    # (generated code calls these with the arguments' code inlined, in the order written: compile/calls.py)
    return run_place


def place_at(ctx: Ctx, dest, cards, column: int, row: int) -> None:
    """`place CARDS to ZONE column=C row=R`."""
    _place(ctx, dest, list(cards), (column, row))


def place_in_slot(ctx: Ctx, dest, cards, chosen) -> None:
    """`place CARDS to ZONE slot=S` (S a chosen slot: a list of one)."""
    if dest.cells is None:
        raise IllegalAction(f"{dest.label} is not a grid zone")
    chosen = list(chosen)
    if not chosen:
        raise IllegalAction("no slot was chosen")
    _place(ctx, dest, list(cards), tuple(chosen[0]))


def place_free(ctx: Ctx, dest, cards) -> None:
    """`place CARDS to ZONE`: each card into an open slot its new owner picks."""
    _place(ctx, dest, list(cards), None)


def _place(ctx: Ctx, dest, cards: list, cell) -> None:
    state = ctx.state
    if dest.cells is None:
        raise IllegalAction(f"{dest.label} is not a grid zone")
    if cell is not None and len(cards) > 1:
        raise IllegalAction(f"{len(cards)} cards cannot go into one slot")
    for cid in cards:
        target = cell
        if target is None:
            free = B.open_cells(dest)
            if not free:
                raise IllegalAction(f"{dest.label} has no empty slot for {state.card_def[cid].name}")
            who = dest.owner if dest.owner is not None else ctx.you
            d = Decision(who, "place", f"Put {state.card_def[cid].name} where?", "slots", free, 1, 1,
                         [f"column {c}, row {r}" for c, r in free])
            target = free[ask(state, d)[0]]
        Z.move(state, cid, dest, cell=target)


@primitive("card_at", Param("zone", ZONE), Param("column", INT), Param("row", INT), kind="function",
           returns=CARDS, describe=lambda a: f"the card at column {a['column']}, row {a['row']} of {a['zone']}")
def build_card_at(comp, ces, spans):
    """The card in one slot of a grid zone (nothing if the slot is empty or outside the grid).
    Example: card_at(board, 3, 1)"""
    from cardlang.primitives.types import applied
    args = [comp.coerce_ce(ces[0], "zone", spans[0]), comp.coerce_ce(ces[1], "int", spans[1]),
            comp.coerce_ce(ces[2], "int", spans[2])]
    return applied(cards_at, args, "cards")


def cards_at(state, zone, column: int, row: int) -> list[int]:
    """The card at (COLUMN, ROW) of ZONE, as a list: one card or none."""
    cells = zone.cells
    cid = cells.get((column, row)) if cells is not None else None
    return [] if cid is None else [cid]


def _coordinate(i: int):
    def build(comp, ces, spans):
        from cardlang.primitives.types import applied
        return applied(_COORDINATE[i], [comp.coerce_ce(ces[0], "cards", spans[0])], "int")
    return build


def column_of(state, cards) -> int:
    cell = state.cell.get(cards[0]) if cards else None
    return 0 if cell is None else cell[0]


def row_of(state, cards) -> int:
    cell = state.cell.get(cards[0]) if cards else None
    return 0 if cell is None else cell[1]


_COORDINATE = (column_of, row_of)


@primitive("column", Param("card", CARDS), kind="function", returns=INT,
           describe=lambda a: f"the column of {a['card']}")
def build_column(comp, ces, spans):
    """The column of the (first) card's slot; 0 when it is not in a slot.
    Example: column(this)"""
    return _coordinate(0)(comp, ces, spans)


@primitive("row", Param("card", CARDS), kind="function", returns=INT, describe=lambda a: f"the row of {a['card']}")
def build_row(comp, ces, spans):
    """The row of the (first) card's slot; 0 when it is not in a slot.
    Example: row(this)"""
    return _coordinate(1)(comp, ces, spans)


@primitive("adjacent", Param("card", CARDS), kind="function", returns=CARDS,
           describe=lambda a: f"the cards next to {a['card']}")
def build_adjacent(comp, ces, spans):
    """The cards in the slots next to the (first) card's slot: above, left, right, below.
    Example: adjacent(this) where row(card) == row(this)"""
    from cardlang.primitives.types import applied
    return applied(adjacent_cards, [comp.coerce_ce(ces[0], "cards", spans[0])], "cards")


def adjacent_cards(state, cards) -> list[int]:
    return B.adjacent(state, cards[0]) if cards else []


@primitive("nearest", Param("zone", ZONE), Param("column", INT), Param("row", INT), kind="function",
           returns=CARDS, describe=lambda a: f"the card of row {a['row']} of {a['zone']} nearest to column "
                                             f"{a['column']}")
def build_nearest(comp, ces, spans):
    """The card of ROW nearest to COLUMN in a grid zone: the one at COLUMN, else the closest (both, when two
    are equally close), else nothing.
    Example: nearest(foe.board, 6 - f, 1)"""
    from cardlang.primitives.types import applied
    return applied(B.nearest, [comp.coerce_ce(ces[0], "zone", spans[0]), comp.coerce_ce(ces[1], "int", spans[1]),
                               comp.coerce_ce(ces[2], "int", spans[2])], "cards", state=False)


@primitive("open_slots", Param("zone", ZONE), kind="function", returns="slots",
           describe=lambda a: f"the empty slots of {a['zone']}")
def build_open_slots(comp, ces, spans):
    """The empty slots of a grid zone, in reading order (row 1 from column 1, then row 2...).
    Example: choose 1 from open_slots(board) where slot.row == 1"""
    from cardlang.primitives.types import applied
    return applied(B.open_cells, [comp.coerce_ce(ces[0], "zone", spans[0])], "slots", state=False)


@primitive("slots", Param("zone", ZONE), kind="function", returns="slots",
           describe=lambda a: f"the slots of {a['zone']}")
def build_slots(comp, ces, spans):
    """Every slot of a grid zone, empty or not, in reading order.
    Example: choose 1 from slots(board) where slot.row <= 2"""
    from cardlang.primitives.types import applied
    return applied(B.cells_of, [comp.coerce_ce(ces[0], "zone", spans[0])], "slots", state=False)
