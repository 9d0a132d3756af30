"""runtime/board.py's lookups against their definitions, over random boards: `nearest` (looked up outward
from the column), `adjacent` (the four slots in turn) and `open_cells` (every slot less the taken ones)."""
import random

from cardlang.runtime import board as B
from cardlang.runtime.state import Zone, ZoneSpec


class _State:
    def __init__(self, zone: Zone, ids: int) -> None:
        self.cell = {cid: cell for cell, cid in zone.cells.items()}
        self.loc = [zone] * ids


def _boards(seed: int, n: int = 3000):
    rng = random.Random(seed)
    for _ in range(n):
        cols, rows = rng.randint(1, 7), rng.randint(1, 4)
        zone = Zone(ZoneSpec("board", True, grid=(cols, rows)), 0)
        ids = list(range(40))
        rng.shuffle(ids)
        for r in range(1, rows + 1):
            for c in range(1, cols + 1):
                if rng.random() < rng.choice((0.2, 0.5, 0.9)):
                    zone.cells[(c, r)] = ids.pop()
        yield rng, zone


def test_nearest_is_the_closest_of_the_row_left_first_when_tied():
    for rng, zone in _boards(1):
        column, row = rng.randint(-2, zone.spec.grid[0] + 3), rng.randint(0, zone.spec.grid[1] + 1)
        here = [(abs(c - column), c, cid) for (c, r), cid in zone.cells.items() if r == row]
        best = min((d for d, _, _ in here), default=None)
        assert B.nearest(zone, column, row) == [cid for d, _, cid in sorted(here) if d == best]
    assert B.nearest(Zone(ZoneSpec("hand", True), 0), 1, 1) == []
    zone = Zone(ZoneSpec("board", True, grid=(5, 2)), 0)
    zone.cells.update({(2, 1): 7, (4, 1): 8})
    # a column far off the grid: its plan holds only the distances that reach the grid (a few, at once)
    assert B.nearest(zone, 10**9, 1) == [8] and B.nearest(zone, -10**9, 1) == [7]
    assert B.nearest(zone, 3, 1) == [7, 8]


def test_adjacent_is_the_four_neighbours_in_reading_order():
    for _, zone in _boards(2, 500):
        state = _State(zone, 40)
        for cid in range(40):
            cell = state.cell.get(cid)
            want = [] if cell is None else [zone.cells[k] for k in sorted(
                ((c, r) for c, r in zone.cells if abs(c - cell[0]) + abs(r - cell[1]) == 1), key=lambda k: (k[1], k[0]))]
            assert B.adjacent(state, cid) == want


def test_open_cells_are_the_empty_slots_in_reading_order():
    for _, zone in _boards(3):
        cols, rows = zone.spec.grid
        assert B.open_cells(zone) == [(c, r) for r in range(1, rows + 1) for c in range(1, cols + 1)
                                      if (c, r) not in zone.cells]


def test_open_slots_of_some_rows_are_counted_and_listed_as_defined():
    for rng, zone in _boards(4):
        cols, rows = zone.spec.grid
        lo = rng.randint(0, rows + 1)
        hi = rng.randint(lo - 1, rows + 2)
        want = [(c, r) for r in range(max(lo, 1), min(hi, rows) + 1) for c in range(1, cols + 1)
                if (c, r) not in zone.cells]
        assert B.open_cells_in_rows(zone, lo, hi) == want
        assert B.count_open_in_rows(zone, lo, hi) == len(want)
