"""Grid zones and attachments: where a card sits on a board of slots, and what is attached to it.

A zone declared `grid C x R` holds at most one card a slot, slots numbered (column, row) from (1, 1).
Cards attached to a card share its zone but take no slot, and they move wherever it moves; in a zone
declared `keeps attachments` they stay attached, anywhere else they come off (a discarded unit's weapon
lies loose in the discard pile). `zones.move` hands every move that touches a grid or an attachment to
`move_linked` here, so the two stay in step with `GameState.loc`. Knows no game and no source text.
"""
from __future__ import annotations

from cardlang.runtime.events import Attached, Detached, Moved
from cardlang.runtime.state import GameState, IllegalAction, Zone

Cell = tuple[int, int]


def _grid_cells(grid: tuple[int, int] | None) -> tuple[Cell, ...]:
    """The slots of a grid of that size in reading order, worked out once per size (a constant, not state)."""
    cells = _CELLS.get(grid)
    if cells is None:
        cols, rows = grid or (0, 0)
        cells = _CELLS[grid] = tuple((c, r) for r in range(1, rows + 1) for c in range(1, cols + 1))
    return cells


_CELLS: dict[tuple[int, int] | None, tuple[Cell, ...]] = {}


def cells_of(zone: Zone) -> list[Cell]:
    """Every slot of a grid zone in reading order: row 1 from column 1, then row 2, ..."""
    return list(_grid_cells(zone.spec.grid))


def open_cells(zone: Zone) -> list[Cell]:
    taken = zone.cells
    if not taken:
        return list(_grid_cells(zone.spec.grid))
    # every slot, less the few taken (C's own list search, faster than testing each slot in Python)
    cells = list(_grid_cells(zone.spec.grid))
    try:
        for cell in taken:
            cells.remove(cell)
    except ValueError:  # pragma: no cover - a card off the grid would be an engine bug: as it was
        return [cell for cell in _grid_cells(zone.spec.grid) if cell not in taken]
    return cells


def _rows_cells(grid: tuple[int, int] | None, lo: int, hi: int) -> tuple[Cell, ...]:
    """The slots of rows LO to HI of a grid of that size in reading order, worked out once (a constant)."""
    key = (grid, lo, hi)
    cells = _ROWS.get(key)
    if cells is None:
        cells = _ROWS[key] = tuple(cell for cell in _grid_cells(grid) if lo <= cell[1] <= hi)
    return cells


_ROWS: dict[tuple, tuple[Cell, ...]] = {}


def open_cells_in_rows(zone: Zone, lo: int, hi: int) -> list[Cell]:
    """The empty slots of rows LO to HI of a grid zone, in reading order: `open_cells` less the slots of the
    other rows, without a pass over every slot (`open_slots(board) where slot.row <= 2`)."""
    cells = _ROWS.get((zone.spec.grid, lo, hi)) or _rows_cells(zone.spec.grid, lo, hi)
    taken = zone.cells
    if not taken:
        return list(cells)
    return [cell for cell in cells if cell not in taken]


def count_open_in_rows(zone: Zone, lo: int, hi: int) -> int:
    """How many slots of rows LO to HI of a grid zone are empty: those rows' slots less the cards there (a
    pass over the few cards on the grid, no list of slots made)."""
    n = len(_ROWS.get((zone.spec.grid, lo, hi)) or _rows_cells(zone.spec.grid, lo, hi))
    taken = zone.cells
    if taken:
        for _column, row in taken:
            if lo <= row <= hi:
                n -= 1
    return n


def check_cell(zone: Zone, cell: Cell) -> None:
    if zone.spec.grid is None:
        raise IllegalAction(f"{zone.label} has no slots")
    cols, rows = zone.spec.grid
    c, r = cell
    if not (1 <= c <= cols and 1 <= r <= rows):
        raise IllegalAction(f"{zone.label} has no slot at column {c}, row {r} (it is {cols} x {rows})")


def label(zone: Zone, cell: Cell | None) -> str:
    return zone.label if cell is None else f"{zone.label}@{cell[0]},{cell[1]}"


def _take_out(state: GameState, cid: int, src: Zone) -> None:
    src.take(cid)
    state.empty_known = None  # (a pile may have lost its last card or, below, got one: state.py)
    cell = state.cell.pop(cid, None)
    if cell is not None and src.cells is not None and src.cells.get(cell) == cid:
        del src.cells[cell]


def _own_pile(state: GameState, cid: int, dest: Zone) -> Zone:
    if dest.spec.piles and dest.pile != state.card_def[cid].name:
        return state.pile(dest.spec.slot, state.card_def[cid].name)  # a card goes back to its own pile
    return dest


def detach(state: GameState, cid: int) -> None:
    """Take CID off the card it is attached to; it stays where it is."""
    host = state.host.pop(cid, None)
    if host is None:
        return
    rest = state.attached.get(host)
    if rest is not None:
        rest.remove(cid)
        if not rest:
            del state.attached[host]
    if state.log is not None or state.listeners:  # the event is built only for someone watching
        state.emit(Detached(cid, state.card_def[cid].name, state.card_def[host].name))
    if state.check is not None:  # (None while attach or move_linked run: they tell the checker once, after)
        state.check.linked(state, [cid, host])


def attach(state: GameState, cid: int, host: int) -> None:
    """Attach CID to HOST: it joins HOST's zone (taking no slot) and moves with it from now on."""
    if cid == host:
        raise IllegalAction(f"{state.card_def[cid].name} cannot be attached to itself")
    if host in state.host:
        raise IllegalAction(f"{state.card_def[host].name} is itself attached to a card")
    zone = state.loc[host]
    if not zone.spec.keeps_attachments:
        raise IllegalAction(f"cards cannot be attached in {zone.label}")
    check, state.check = state.check, None
    try:
        detach(state, cid)
        for a in list(state.attached.get(cid, ())):  # what hung on CID stays where it is, loose
            detach(state, a)
        src = state.loc[cid]
        if src is not zone:
            _take_out(state, cid, src)
            zone.cards.append(cid)
            state.loc[cid] = zone
            if state.log is not None or state.listeners:  # the event is built only for someone watching
                state.emit(Moved(cid, state.card_def[cid].name, label(src, None), zone.label))
        else:
            cell = state.cell.pop(cid, None)
            if cell is not None and zone.cells is not None:
                del zone.cells[cell]
        state.host[cid] = host
        state.attached.setdefault(host, []).append(cid)
        if state.log is not None or state.listeners:  # the event is built only for someone watching
            state.emit(Attached(cid, state.card_def[cid].name, host, state.card_def[host].name))
    finally:
        state.check = check
    if check is not None:
        check.linked(state, [cid, host])


def move_linked(state: GameState, cid: int, dest: Zone, *, bottom: bool = False, cell: Cell | None = None) -> None:
    """`zones.move` for moves that touch a grid zone or an attached card (see the module docstring); a grid's
    own verbs call it directly (primitives/grid.py).

    Into a grid: to CELL, else to the first open slot. Onto a taken slot of the grid the card is already on,
    the two cards swap slots; a taken slot of another zone is a rule violation."""
    src = state.loc[cid]
    if state.peeked and src is not dest:
        state.peeked.pop(cid, None)  # a private look lasts until the card moves (as zones.move)
    if dest.spec.piles:
        dest = _own_pile(state, cid, dest)
    cells = dest.cells
    if cells is not None:
        if cell is None:
            if src is dest and not bottom:
                return
            free = open_cells(dest)
            if not free:
                raise IllegalAction(f"{dest.label} has no empty slot for {state.card_def[cid].name}")
            cell = free[0]
        else:
            cols, rows = dest.spec.grid  # (check_cell's test, its message only when it fails)
            if not (0 < cell[0] <= cols and 0 < cell[1] <= rows):
                check_cell(dest, cell)
        occupant = cells.get(cell)
        if occupant == cid:
            return
        if occupant is not None and src is not dest:
            raise IllegalAction(f"{label(dest, cell)} is taken by {state.card_def[occupant].name}")
    elif cell is not None:
        raise IllegalAction(f"{dest.label} has no slots")
    elif src is dest and not bottom:
        return
    check, state.check = state.check, None
    told = None if check is None else [cid, *state.attached.get(cid, ())]  # the cards that move
    try:
        if cid in state.host:
            detach(state, cid)  # moved on its own: it comes off its card
        if src is dest and cell is not None:
            _relocate(state, cid, dest, cell)
        else:
            old = state.cell.get(cid)
            if old is not None:
                _take_out(state, cid, src)
            else:  # _take_out of a card in no slot: Zone.take, inlined (loc says the card is there)
                held = src.cards
                if held[-1] == cid:
                    held.pop()
                else:
                    held.remove(cid)
                state.empty_known = None  # (a pile may have lost its last card or, below, got one: state.py)
            if bottom:
                dest.cards.insert(0, cid)
            else:
                dest.cards.append(cid)
            state.loc[cid] = dest
            if cell is not None:
                cells[cell] = cid  # type: ignore[index]
                state.cell[cid] = cell
            if state.log is not None or state.listeners:  # the event is built only for someone watching
                state.emit(Moved(cid, state.card_def[cid].name, label(src, old), label(dest, cell)))
            followers = state.attached.get(cid)
            if followers:
                for a in list(followers):
                    _follow(state, a, dest, bottom)
                if not dest.spec.keeps_attachments:
                    for a in list(followers):
                        detach(state, a)
    finally:
        state.check = check
    if told is not None:
        check.linked(state, told)


def _relocate(state: GameState, cid: int, zone: Zone, cell: Cell) -> None:
    """Move a card to another slot of the grid it is on; a card already there takes its old slot."""
    cells = zone.cells
    assert cells is not None
    old = state.cell.get(cid)
    other = cells.get(cell)
    if old is not None:
        del cells[old]
    cells[cell] = cid
    state.cell[cid] = cell
    name = state.card_def[cid].name
    if state.log is not None or state.listeners:  # the event is built only for someone watching
        state.emit(Moved(cid, name, label(zone, old), label(zone, cell)))
    if other is not None:
        if old is None:  # pragma: no cover - a card on a grid always has a slot
            raise IllegalAction(f"{label(zone, cell)} is taken by {state.card_def[other].name}")
        cells[old] = other
        state.cell[other] = old
        if state.log is not None or state.listeners:  # the event is built only for someone watching
            state.emit(Moved(other, state.card_def[other].name, label(zone, cell), label(zone, old)))


def _follow(state: GameState, a: int, dest: Zone, bottom: bool) -> None:
    src = state.loc[a]
    target = _own_pile(state, a, dest)
    _take_out(state, a, src)
    if bottom:
        target.cards.insert(0, a)
    else:
        target.cards.append(a)
    state.loc[a] = target
    if state.log is not None or state.listeners:  # the event is built only for someone watching
        state.emit(Moved(a, state.card_def[a].name, src.label, target.label))


def place_new(state: GameState, cid: int, zone: Zone) -> None:
    """A card just created into a grid zone takes its first open slot."""
    free = open_cells(zone)
    if not free:
        raise IllegalAction(f"{zone.label} has no empty slot for {state.card_def[cid].name}")
    zone.cells[free[0]] = cid  # type: ignore[index]
    state.cell[cid] = free[0]


def card_at(zone: Zone, cell: Cell) -> int | None:
    return zone.cells.get(cell) if zone.cells is not None else None


def nearest(zone: Zone, column: int, row: int) -> list[int]:
    """The cards of ROW nearest to COLUMN (one, or the two tied at the same distance, left first)."""
    cells = zone.cells
    if not cells:
        return []
    # looked up outward from COLUMN, the slot itself first, then both sides at each distance: most often
    # the slot itself is taken (a handful of lookups, not a pass over every card on the board)
    got = cells.get((column, row))
    if got is not None:
        return [got]
    at = cells.get
    cols = zone.spec.grid[0]
    for left, right in _SIDES.get((cols, column, row)) or _sides(cols, column, row):
        if (found := at(left)) is not None:
            return [found] if (other := at(right)) is None else [found, other]
        if (found := at(right)) is not None:
            return [found]
    return []


def _sides(cols: int, column: int, row: int) -> tuple[tuple[Cell, Cell], ...]:
    """The slots either side of (COLUMN, ROW) at each distance at which one of them is on a grid of COLS
    columns, nearest first: nearest's lookups, worked out once per place (a constant, not state; a slot off the
    grid is never taken, so a COLUMN far off it makes no longer a plan)."""
    left = range(max(1, column - cols), column)           # 1 <= column - d <= cols
    right = range(max(1, 1 - column), cols - column + 1)  # 1 <= column + d <= cols
    plan = _SIDES[(cols, column, row)] = tuple(((column - d, row), (column + d, row)) for d in sorted({*left, *right}))
    return plan


_SIDES: dict[tuple[int, int, int], tuple[tuple[Cell, Cell], ...]] = {}


def adjacent(state: GameState, cid: int) -> list[int]:
    """The cards in the slots orthogonally next to CID's slot, in reading order."""
    cell = state.cell.get(cid)
    cells = state.loc[cid].cells
    if cell is None or cells is None:
        return []
    c, r = cell
    out = []
    at = cells.get  # the four slots looked up in turn (no tuple of them built, no loop): a modifier asks often
    if (other := at((c, r - 1))) is not None:
        out.append(other)
    if (other := at((c - 1, r))) is not None:
        out.append(other)
    if (other := at((c + 1, r))) is not None:
        out.append(other)
    if (other := at((c, r + 1))) is not None:
        out.append(other)
    return out


_WIDTH = 18


def _cell_lines(state: GameState, cid: int | None, shows, counters) -> list[str]:
    if cid is None:
        return ["."]
    d = state.card_def[cid]
    lines = [d.name]
    for a in state.attached.get(cid, ()):
        lines.append("+" + state.card_def[a].name)
    facts = []
    for prop in shows:
        facts.append(f"{prop} {shows[prop](cid)}")
    for spec, of in counters:
        v = state.card_counters[spec.name].get(cid, spec.start)
        if v != spec.start:
            facts.append(f"{spec.name} {v}/{of(cid)}" if of is not None else f"{spec.name} {v}")
    if facts:
        lines.append(", ".join(facts))
    return lines


def grid_lines(state: GameState, zone: Zone, *, flip: bool = False, shows=None, counters=()) -> list[str]:
    """A grid zone drawn as text: a column per grid column, a block of lines per row, row 1 first (FLIP:
    turned round, as the player across the table sees it). SHOWS maps properties to readers; COUNTERS
    lists per-card counter specs with an optional reader of what each is measured against."""
    cols, rows = zone.spec.grid or (0, 0)
    shows = shows or {}
    col_order = list(range(cols, 0, -1)) if flip else list(range(1, cols + 1))
    row_order = list(range(rows, 0, -1)) if flip else list(range(1, rows + 1))
    out = [f"{zone.label}: " + " ".join(f"{'column ' + str(c):<{_WIDTH}}" for c in col_order).rstrip()]
    for r in row_order:
        cells = [_cell_lines(state, zone.cells.get((c, r)) if zone.cells else None, shows, counters)
                 for c in col_order]
        if all(cell == ["."] for cell in cells) and r > 1:
            continue
        height = max(len(c) for c in cells)
        for i in range(height):
            parts = [(c[i] if i < len(c) else "")[:_WIDTH] for c in cells]
            head = f"  row {r}: " if i == 0 else "         "
            out.append(head + " ".join(f"{p:<{_WIDTH}}" for p in parts).rstrip())
    return out
