"""The pass `open-rows` (compile/openrows.py, runtime/board.py open_cells_in_rows and count_open_in_rows):
`open_slots(ZONE) where slot.row OP K` is one call listing the same empty slots in the same order, and its
`count` one call giving the same number, on boards of any size and filling; Warring Kingdom's code uses them
with the pass on, and filters every open slot without it."""
from __future__ import annotations

import random

import pytest

from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.openrows import _rows
from cardlang.compile.passes import OPTIMISED, SWITCHABLE, Options
from cardlang.runtime import board as B
from cardlang.runtime.state import ZoneSpec, Zone
from cardlang.syntax import ast

_KEEPS = {"<=": lambda r, k: r <= k, "<": lambda r, k: r < k, "==": lambda r, k: r == k,
          ">=": lambda r, k: r >= k, ">": lambda r, k: r > k}


def _zone(grid, taken) -> Zone:
    spec = ZoneSpec("board", True, slot=0)
    spec.grid = grid
    zone = Zone(spec, 0)
    for i, cell in enumerate(taken):
        zone.cells[cell] = i
    return zone


@pytest.mark.parametrize("grid", [(5, 3), (1, 1), (3, 4), (2, 6)])
def test_the_rows_open_slots_are_the_filtered_open_slots_in_order(grid) -> None:
    rng = random.Random(7)
    every = B.cells_of(_zone(grid, ()))
    for _ in range(60):
        zone = _zone(grid, rng.sample(every, rng.randint(0, len(every))))
        for op, keeps in _KEEPS.items():
            for k in range(-1, grid[1] + 2):
                lo, hi = _rows(ast.Compare(op, ast.Attr(ast.NameRef("slot"), "row"), ast.IntLit(k)))
                want = [c for c in B.open_cells(zone) if keeps(c[1], k)]
                assert B.open_cells_in_rows(zone, lo, hi) == want
                assert B.count_open_in_rows(zone, lo, hi) == len(want)
                # written the other way round: `K OP slot.row`
                flipped = {"<=": ">=", "<": ">", "==": "==", ">=": "<=", ">": "<"}[op]
                assert _rows(ast.Compare(flipped, ast.IntLit(k), ast.Attr(ast.NameRef("slot"), "row"))) == (lo, hi)


def test_only_a_row_test_against_a_written_number_is_taken() -> None:
    row = ast.Attr(ast.NameRef("slot"), "row")
    assert _rows(ast.Compare("!=", row, ast.IntLit(1))) is None
    assert _rows(ast.Compare("<=", ast.Attr(ast.NameRef("slot"), "column"), ast.IntLit(2))) is None
    assert _rows(ast.Compare("<=", row, ast.NameRef("n"))) is None
    assert _rows(ast.Compare("<=", ast.Attr(ast.NameRef("other"), "row"), ast.IntLit(2))) is None


def test_a_zone_with_no_grid_has_no_open_slot_in_any_row() -> None:
    zone = Zone(ZoneSpec("hand", True, slot=0), 0)
    assert B.open_cells_in_rows(zone, 1, 2) == B.open_cells(zone) == [] and B.count_open_in_rows(zone, 1, 2) == 0


def test_the_pass_fires_in_warring_kingdom_and_not_without_it() -> None:
    def code(options):
        return "".join(source_of(g) for g in load_game("warring-kingdom", options=options).facts.generated)
    on, off = code(OPTIMISED), code(Options(SWITCHABLE - {"open-rows"}))
    assert "count_open_in_rows(" in on and "open_cells_in_rows(" in on and "open_cells(" not in on
    assert "open_cells_in_rows" not in off and "_open_cells(" in off
