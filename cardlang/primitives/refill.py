"""`refill ZONE to N from SOURCE`: top a face-up row up to N cards from a face-down stack. Knows no game."""
from __future__ import annotations

from cardlang.primitives.registry import INT, ZONE, Bound, Param, primitive
from cardlang.runtime import zones as Z
from cardlang.runtime.state import Ctx


def _d_refill(a: dict) -> str:
    return f"Refill {a['zone']} to {a['size']} cards from {a['from_']}."


@primitive("refill", Param("zone", ZONE), Param("size", INT, aliases=("to",)),
           Param("from_", ZONE, aliases=("from",)), describe=_d_refill)
def build_refill(b: Bound, info) -> object:
    """Move cards one at a time from the top of SOURCE until ZONE holds N (fewer when SOURCE runs out).
    Example: refill row to 5 from stack;"""
    zone, size, source = b.values["zone"], b.values["size"], b.values["from_"]

    def run_refill(ctx: Ctx) -> None:
        state = ctx.state
        dest = zone(ctx)
        missing = size(ctx) - len(dest.cards)
        if missing <= 0:
            return
        for cid in Z.top(state, source(ctx), missing):
            Z.move(state, cid, dest)
    return run_refill
