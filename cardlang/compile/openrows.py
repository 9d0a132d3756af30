"""The pass `open-rows`: `open_slots(ZONE) where slot.row OP K` (K a written number; OP one of <=, <, ==, >=, >)
as one call of runtime/board.py's `open_cells_in_rows(ZONE, LO, HI)`, and its `count` as `count_open_in_rows`,
not every empty slot listed and then filtered by row in a comprehension (a deploy's `count(open_slots(board)
where slot.row <= 2)` looks only at the cards on the grid). The same slots in the same order. Knows the
syntax tree's shape of that one filter and the primitive `open_slots`; no game, no Python `ast`.
"""
from __future__ import annotations

from typing import Any

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.ce import ir_ce, ir_of
from cardlang.primitives.grid import OpenSlots
from cardlang.primitives.types import CE, INT, SLOTS, ZONE
from cardlang.runtime.board import count_open_in_rows, open_cells_in_rows
from cardlang.syntax import ast

_FLIPPED = {"<=": ">=", "<": ">", "==": "==", ">=": "<=", ">": "<"}
_NO_TOP = 1 << 30  # rows from K up: no grid has so many


def open_rows(comp: Any, node: ast.Where, scope: Any) -> CE | None:
    """The CE of NODE as one call (its count one call too), or None when NODE is not such a filter."""
    src, cond = node.source, node.cond
    if type(src) is not ast.Func or src.name != "open_slots" or len(src.args) != 1 \
            or not isinstance(comp.registry.get("open_slots"), OpenSlots) or type(cond) is not ast.Compare:
        return None
    rows = _rows(cond)
    if rows is None:
        return None
    zone = comp.expr(src.args[0], scope)
    if zone.type != ZONE:
        return None
    lo, hi = rows
    z = ir_of(zone)
    made: list[CE] = []

    def counted() -> CE:
        if not made:
            made.append(ir_ce(INT, N.Call(count_open_in_rows, (z,), first=None, consts=(lo, hi)), lowest=0))
        return made[0]
    listed = ir_ce(SLOTS, N.Call(open_cells_in_rows, (z,), first=None, consts=(lo, hi)))
    return CE(SLOTS, code=listed.code, counted=counted, ir=listed.ir)


def _rows(cond: ast.Compare) -> tuple[int, int] | None:
    """(LO, HI), the rows `slot.row OP K` (or `K OP slot.row`) keeps, or None for any other test."""
    op, row, k = cond.op, cond.left, cond.right
    if type(k) is not ast.IntLit:
        op, row, k = _FLIPPED.get(op), cond.right, cond.left
    if op not in _FLIPPED or type(k) is not ast.IntLit or type(row) is not ast.Attr or row.name != "row" \
            or type(row.obj) is not ast.NameRef or row.obj.name != "slot":
        return None
    n = k.value
    return {"<=": (1, n), "<": (1, n - 1), "==": (n, n), ">=": (n, _NO_TOP), ">": (n + 1, _NO_TOP)}[op]
