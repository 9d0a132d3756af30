"""Core functions usable inside expressions: count, sum, empty_piles, max, min."""
from __future__ import annotations

import ast as py

from cardlang.primitives.registry import ANY, INT, ZONE, Function, Param, primitive

# More items than any list, zone or set of players a game can hold: 10**12 would take 8 TB of pointers alone.
# What a count can give, so the `bounds` pass (compile/passes.py) knows a sum of counts stays under the 18-digit
# limit (runtime/state.py NUMBER_LIMIT) and checks it no more.
LIST_LIMIT = 10**12


@primitive
class Count(Function):
    """The number of cards in a zone or set, or of players in a list.
    Example: count(hand)"""

    verb = "count"
    params = (Param("what", ANY),)
    returns = INT
    lowers = ("zone",)  # (the count of a list is Python's len)
    bound = LIST_LIMIT  # (no list or zone a game holds is longer)

    def describe(self, a: dict) -> str:
        return "the number of"

    def compile(self, comp, ces, spans):
        from cardlang.primitives.types import CARDNAMES, PLAYERS, ZONE as ZT, CARDS, applied
        ce = ces[0]
        if ce.counted is not None:  # `count(X where C)`: one loop that counts, no list built
            return ce.counted()
        if ce.type == ZT:  # the size of a zone is public, even where its cards are not
            # the declared zones with no piles: their own list's length (the pass `plain-count`)
            plain = frozenset(z.slot for z in comp.spec.zones.values() if not z.piles) \
                if comp.options.on("plain-count") else frozenset()
            return applied(self.run, [ce], "int", lower=lambda gen, args: self.lower(gen, args, plain))
        if ce.type in (PLAYERS, CARDNAMES, "numbers", "slots"):  # players, card names, dice, slots
            return applied(len, [ce], "int", state=False)
        return applied(len, [comp.coerce_ce(ce, CARDS, spans[0])], "int", state=False)

    @staticmethod
    def run(state, what) -> int:
        """How many cards the zone WHAT holds (a zone of piles: all its piles together)."""
        if what.spec.piles and what.pile is None:
            return sum(len(z.cards) for z in state.pile_order.get(what.spec.slot, ()))
        return len(what.cards)

    def lower(self, gen, args: list, plain: frozenset = frozenset()) -> py.expr:
        """`len(_z.cards) if not (_z := ZONE).spec.piles or _z.pile is not None else <its piles' cards, counted
        in the code>` (the IR's ZoneCount); `len(ZONE.cards)` for a read of a declared zone of a slot of PLAIN
        (declared with no piles: it is never a zone of piles)."""
        read = gen.ir_mark(args[0])
        return gen.emit_expr(gen.ir.ZoneCount(gen.ir.Py(args[0]), type(read) is gen.ir.ZoneRef and read.slot in plain))


count_zone = Count.run


@primitive
class Sum(Function):
    """The total of AMOUNT over the cards, with `card` naming each one.
    Example: sum(owned, card.vp)"""

    verb = "sum"
    params = (Param("cards", ANY), Param("amount", INT))
    returns = INT

    def describe(self, a: dict) -> str:
        return "the total of"

    def compile(self, comp, ces, spans):  # pragma: no cover - compiled by the compiler itself (binds `card`)
        raise NotImplementedError


@primitive
class EmptyPiles(Function):
    """How many piles of a pile zone are empty.
    Example: empty_piles(supply)"""

    verb = "empty_piles"
    params = (Param("zone", ZONE),)
    returns = INT

    def describe(self, a: dict) -> str:
        return "empty piles"

    def lower(self, gen, args: list) -> py.expr | None:
        """For a zone the code reads by its slot (the emitter's mark): the count the state keeps, read in the
        code, the call only when it has none (the pass `piles-in-code`); else no lowering (the call)."""
        ref = gen.ir_mark(args[0])
        if type(ref) is not gen.ir.ZoneRef or not gen.options.on("piles-in-code"):
            return None
        return gen.emit_expr(gen.ir.EmptyPiles(ref.slot, gen.ir.Py(args[0]), self.run))

    @staticmethod
    def run(state, zone) -> int:
        """Counted once, then answered from `state.empty_known` until a mutator forgets it (a pile lost its last
        card or got one: runtime/state.py); a game's end test asks it after every turn."""
        spec = zone.spec
        known = state.empty_known
        if known is not None:
            n = known.get(spec.slot)
            if n is not None:
                return n
        else:
            known = state.empty_known = {}
        if not spec.piles:
            from cardlang.runtime.state import IllegalAction
            raise IllegalAction(f"'{spec.name}' is not a zone of piles")
        n = 0
        for z in state.pile_order.get(spec.slot, ()):
            if not z.cards:
                n += 1
        known[spec.slot] = n
        return n


@primitive
class Max(Function):
    """The larger of two numbers.
    Example: max(0, count(hand) - 3)"""

    verb = "max"
    params = (Param("a", INT), Param("b", INT))
    returns = INT
    gets = False
    run = staticmethod(max)

    def describe(self, a: dict) -> str:
        return "the larger of"


@primitive
class Min(Function):
    """The smaller of two numbers.
    Example: min(4, count(hand))"""

    verb = "min"
    params = (Param("a", INT), Param("b", INT))
    returns = INT
    gets = False
    run = staticmethod(min)

    def describe(self, a: dict) -> str:
        return "the smaller of"
