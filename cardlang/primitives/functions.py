"""Core functions usable inside expressions: count, sum, empty_piles, max, min."""
from __future__ import annotations

from cardlang.primitives.registry import ANY, INT, ZONE, Param, primitive


def _d(name: str):
    return lambda a: name


@primitive("count", Param("what", ANY), kind="function", returns=INT, describe=_d("the number of"))
def build_count(comp, ces, spans):
    """The number of cards in a zone or set, or of players in a list.
    Example: count(hand)"""
    from cardlang.primitives.types import CARDNAMES, CE, PLAYERS, ZONE as ZT, CARDS, applied
    ce = ces[0]
    if ce.counted is not None:  # `count(X where C)`: one loop that counts, no list built
        fn = ce.counted()
        expand = getattr(fn, "expand", None)  # its code in place (a list's own count), when it has some
        return CE(fn, "int", code=expand if expand is not None else lambda g: g.call_fn(fn))
    if ce.type == ZT:  # the size of a zone is public, even where its cards are not
        return applied(count_zone, [ce], "int")
    if ce.type in (PLAYERS, CARDNAMES, "numbers", "slots"):  # players, card names, dice, slots
        return applied(len, [ce], "int", state=False)
    return applied(len, [comp.coerce_ce(ce, CARDS, spans[0])], "int", state=False)


def count_zone(state, zone) -> int:
    """How many cards ZONE holds (a zone of piles: all its piles together)."""
    if zone.spec.piles and zone.pile is None:
        return sum(len(z.cards) for z in state.pile_order.get(zone.spec.slot, ()))
    return len(zone.cards)


@primitive("sum", Param("cards", ANY), Param("amount", INT), kind="function", returns=INT,
           describe=_d("the total of"))
def build_sum(comp, ces, spans):  # pragma: no cover - compiled by the compiler itself (binds `card`)
    """The total of AMOUNT over the cards, with `card` naming each one.
    Example: sum(owned, card.vp)"""
    raise NotImplementedError


@primitive("empty_piles", Param("zone", ZONE), kind="function", returns=INT, describe=_d("empty piles"))
def build_empty_piles(comp, ces, spans):
    """How many piles of a pile zone are empty.
    Example: empty_piles(supply)"""
    from cardlang.primitives.types import applied
    return applied(empty_piles, [comp.coerce_ce(ces[0], "zone", spans[0])], "int")


def empty_piles(state, zone) -> int:
    if not zone.spec.piles:
        from cardlang.runtime.state import IllegalAction
        raise IllegalAction(f"'{zone.spec.name}' is not a zone of piles")
    n = 0
    for z in state.pile_order.get(zone.spec.slot, ()):
        if not z.cards:
            n += 1
    return n


@primitive("max", Param("a", INT), Param("b", INT), kind="function", returns=INT, describe=_d("the larger of"))
def build_max(comp, ces, spans):
    """The larger of two numbers.
    Example: max(0, count(hand) - 3)"""
    from cardlang.primitives.types import CE
    a, b = (comp.coerce(c, "int", s) for c, s in zip(ces, spans))
    return CE(lambda ctx: max(a(ctx), b(ctx)), "int")


@primitive("min", Param("a", INT), Param("b", INT), kind="function", returns=INT, describe=_d("the smaller of"))
def build_min(comp, ces, spans):
    """The smaller of two numbers.
    Example: min(4, count(hand))"""
    from cardlang.primitives.types import CE
    a, b = (comp.coerce(c, "int", s) for c, s in zip(ces, spans))
    return CE(lambda ctx: min(a(ctx), b(ctx)), "int")
