"""Attachments: a card attached to another (equipment on a unit, an aura on a creature) moves with it.

    zone board: per player, public, grid 5 x 2, keeps attachments;
    attach e to u;            // e joins u's zone, takes no slot, and moves wherever u moves
    detach e;                 // e stays where it is, loose
    attached(u)   carrier(e)

In a zone declared `keeps attachments` they stay attached when their card arrives; anywhere else they come
off (a discarded unit's gear lies loose in the discard pile). Moving an attached card on its own takes it
off. Rules such as "one of each kind per unit" are the game's, written in the language. The runtime side
is runtime/board.py. Knows no game.
"""
from __future__ import annotations

from cardlang.primitives.registry import CARDS, Bound, Param, primitive
from cardlang.runtime import board as B
from cardlang.runtime.state import Ctx, IllegalAction


@primitive("attach", Param("what", CARDS), Param("to", CARDS, aliases=("to",)),
           describe=lambda a: f"Attach {a['what']} to {a['to']}.")
def build_attach(b: Bound, info) -> object:
    """Attach cards to a card: they join its zone (taking no slot) and move with it from now on.
    Example: attach e to u;"""
    what, to = b.values["what"], b.values["to"]

    def run_attach(ctx: Ctx) -> None:
        hosts = list(to(ctx))
        if len(hosts) != 1:
            raise IllegalAction(f"attach needs exactly one card to attach to, got {len(hosts)}")
        for cid in list(what(ctx)):
            B.attach(ctx.state, cid, hosts[0])
    return run_attach


@primitive("detach", Param("what", CARDS), describe=lambda a: f"Take {a['what']} off.")
def build_detach(b: Bound, info) -> object:
    """Take cards off the card they are attached to; they stay where they are.
    Example: detach attached(u);"""
    what = b.values["what"]

    def run_detach(ctx: Ctx) -> None:
        for cid in list(what(ctx)):
            B.detach(ctx.state, cid)
    return run_detach


@primitive("attached", Param("card", CARDS), kind="function", returns=CARDS,
           describe=lambda a: f"the cards attached to {a['card']}")
def build_attached(comp, ces, spans):
    """The cards attached to the given cards, in the order they were attached.
    Example: sum(attached(u), card.offence)"""
    from cardlang.primitives.types import applied
    return applied(attached_to, [comp.coerce_ce(ces[0], "cards", spans[0])], "cards")


def attached_to(state, cards) -> list[int]:
    """The cards attached to CARDS, in the order they were attached."""
    links = state.attached
    if not links:
        return []
    out: list[int] = []
    for cid in cards:
        out.extend(links.get(cid, ()))
    return out


@primitive("carrier", Param("card", CARDS), kind="function", returns=CARDS,
           describe=lambda a: f"the card {a['card']} is attached to")
def build_carrier(comp, ces, spans):
    """The card the (first) given card is attached to, or nothing.
    Example: modify offence carrier(this) by 1;"""
    from cardlang.primitives.types import CE
    cards = comp.coerce(ces[0], "cards", spans[0])

    def run_carrier(ctx: Ctx) -> list[int]:
        cs = cards(ctx)
        if not cs:
            return []
        host = ctx.state.host.get(cs[0])
        return [] if host is None else [host]
    return CE(run_carrier, "cards")
