"""`refill ZONE to N from SOURCE`: top a face-up row up to N cards from a face-down stack. Knows no game."""
from __future__ import annotations

from cardlang.primitives.registry import INT, ZONE, Param, Verb, primitive
from cardlang.runtime import zones as Z
from cardlang.runtime.state import Ctx


@primitive
class Refill(Verb):
    """Move cards one at a time from the top of SOURCE until ZONE holds N (fewer when SOURCE runs out).
    Example: refill row to 5 from stack;"""

    verb = "refill"
    params = (Param("zone", ZONE), Param("size", INT, aliases=("to",)), Param("from_", ZONE, aliases=("from",)))
    lazy = frozenset({"from_"})  # read only when the zone lacks cards

    def describe(self, a: dict) -> str:
        return f"Refill {a['zone']} to {a['size']} cards from {a['from_']}."

    @staticmethod
    def run(ctx: Ctx, zone, size: int, from_) -> None:
        state = ctx.state
        missing = size - len(zone.cards)
        if missing <= 0:
            return
        for cid in Z.top(state, from_(ctx), missing):
            Z.move(state, cid, zone)
