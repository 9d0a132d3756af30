"""`refill ZONE to N from SOURCE`: top a face-up row up to N cards from a face-down stack. Knows no game."""
from __future__ import annotations

import ast as py

from cardlang.primitives.lowering import call, name, state, store
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
    lowers_lazy = True

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

    def lower(self, gen, args: list, site) -> list:
        """`_z = ZONE; _n = missing(_z, SIZE); if _n > 0: fill(ctx.state, _z, FROM, _n)`: FROM worked out only
        when the zone lacks cards, in the code itself (no function of the context made for it)."""
        zone, size, from_ = args
        z = zone.id if isinstance(zone, py.Name) else gen.fresh("z")
        n = gen.fresh("n")
        first = [] if isinstance(zone, py.Name) else [py.Assign([store(z)], zone)]
        short = py.Compare(name(n), [py.Gt()], [py.Constant(0)])
        return first + [py.Assign([store(n)], call(gen.const(missing), name(z), size)),
                        py.If(short, [py.Expr(call(gen.const(fill), state(gen), name(z), from_, name(n)))], [])]


def missing(zone, size: int) -> int:
    """How many cards ZONE lacks to hold SIZE (none or fewer: it holds enough)."""
    return size - len(zone.cards)


def fill(state, zone, source, n: int) -> None:
    """Move the top N cards of SOURCE (fewer when it runs out) onto ZONE, one at a time."""
    for cid in Z.top(state, source, n):
        Z.move(state, cid, zone)
