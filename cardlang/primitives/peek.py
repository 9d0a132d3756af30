"""`peek`: one player looks at cards no one else sees (a private look; `reveal` shows everyone). The player may
see those cards until they move: `seen(ZONE)` gives what the player sees of a zone, so a bot may use a peek
without looking into a hidden zone. Knows no game.
"""
from __future__ import annotations

from cardlang.primitives.registry import CARDS, ZONE, Function, Param, Verb, primitive
from cardlang.primitives.types import leaves_names
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


@primitive
class Peek(Verb):
    """You (only you) look at these cards: you may see them until they move (logged; others learn only that
    you looked).
    Example: peek top 1 of left.deck;"""

    verb = "peek"
    params = (Param("what", CARDS),)

    def describe(self, a: dict) -> str:
        return f"Look at {a['what']}."

    @staticmethod
    @leaves_names
    def run(ctx: Ctx, what) -> None:
        state = ctx.state
        cards = list(what)
        for cid in cards:
            state.peeked.setdefault(cid, set()).add(ctx.you)
        if state.log is not None or state.listeners:
            state.emit(Peeked(ctx.you, tuple(state.card_def[c].name for c in cards),
                        tuple(sorted({state.loc[c].label for c in cards}))))


@primitive
class Seen(Function):
    """The cards of a zone that you may see: all of them if you may look into it, else those you peeked at
    (and that have not moved since). A bot may use it on any zone.
    Example: seen(left.hand)"""

    verb = "seen"
    params = (Param("zone", ZONE),)
    returns = CARDS
    gets = "ctx"

    def describe(self, a: dict) -> str:
        return "cards you have seen"

    @staticmethod
    def run(ctx: Ctx, zone) -> list[int]:
        return sees(ctx.state, ctx.you, zone)
