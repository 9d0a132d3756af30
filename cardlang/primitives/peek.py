"""`peek`: one player looks at cards no one else sees (a private look; `reveal` shows everyone). The player may
see those cards until they move: `seen(ZONE)` gives what the player sees of a zone, so a bot may use a peek
without looking into a hidden zone. Knows no game.
"""
from __future__ import annotations

from cardlang.primitives.registry import CARDS, ZONE, Bound, Param, primitive
from cardlang.runtime.events import Peeked
from cardlang.runtime.state import Ctx, GameState


def sees(state: GameState, player: int, zone) -> list[int]:
    """The cards of ZONE that PLAYER may see: all of a zone they may look into, else the ones they peeked at."""
    vis = zone.spec.visibility
    if vis == "public" or (vis == "owner" and zone.owner == player):
        return list(zone.cards)
    if vis == "top public" and zone.cards:
        top = zone.cards[-1]
        return [c for c in zone.cards if c == top or player in state.peeked.get(c, ())]
    peeked = state.peeked
    if not peeked:
        return []
    return [c for c in zone.cards if player in peeked.get(c, ())]


@primitive("peek", Param("what", CARDS), describe=lambda a: f"Look at {a['what']}.")
def build_peek(b: Bound, info) -> object:
    """You (only you) look at these cards: you may see them until they move (logged; others learn only that
    you looked).
    Example: peek top 1 of left.deck;"""
    what = b.values["what"]

    def run_peek(ctx: Ctx) -> None:
        state = ctx.state
        cards = list(what(ctx))
        for cid in cards:
            state.peeked.setdefault(cid, set()).add(ctx.you)
        if state.log is not None or state.listeners:
            state.emit(Peeked(ctx.you, tuple(state.card_def[c].name for c in cards),
                        tuple(sorted({state.loc[c].label for c in cards}))))
    return run_peek


@primitive("seen", Param("zone", ZONE), kind="function", returns=CARDS,
           describe=lambda a: "cards you have seen")
def build_seen(comp, ces, spans):
    """The cards of a zone that you may see: all of them if you may look into it, else those you peeked at
    (and that have not moved since). A bot may use it on any zone.
    Example: seen(left.hand)"""
    from cardlang.primitives.types import CE
    zone = comp.coerce(ces[0], ZONE, spans[0])
    return CE(lambda ctx: sees(ctx.state, ctx.you, zone(ctx)), CARDS)
