"""What the generated code of a decision (ir/emit_ask.py) calls while a game runs, besides building the
`Decision` and asking it: a bot's answer taken by name before the decision is put in full, when nobody reads
the game (no log, no listener), so that what nobody reads is not built. A bot that answers so has
`named_picks` (compile/bots.py LanguageBot): TAG -> its by_name(bot, state, seat, find, where), or None when
it answers TAG from the full list. Knows the runtime's decisions and that protocol; no game, no IR, no code.
"""
from __future__ import annotations

import types
from typing import Callable

from cardlang.primitives.types import leaves_names
from cardlang.runtime.decisions import CHANCE
from cardlang.runtime.state import Ctx


_NAMED = object()  # what _no_find gives: not None, so a pick by name returns it at the first name it tries


def _no_find(where, name: str) -> object:
    return _NAMED


@leaves_names  # (CTX is only the `where` handed to _no_find, which reads nothing)
def picks_none(ctx: Ctx, p: int, tag: str) -> bool:
    """Does seat P's bot answer TAG by name and come to `none` (or to the end of its rule) without naming a card?
    Then its `decide` picks nothing first, and so nothing at all, from a choice that needs no card (any or up
    to N): the answer is known without building the options (the invariant checker's checkpoint taken, as for
    a decision). False when it names one: the first name it tries is "found" (_no_find), and a pick returns
    what it finds at once (an exception there cost more than the rest of the test). P is no chance (the
    caller tested where it may be)."""
    state = ctx.state
    agent = state.agents[p]  # (each helper reads the agent's picks itself: a call fewer for each decision)
    named = getattr(agent, "named_picks", None)
    pick = named[tag] if named is not None else None
    if pick is None or pick(agent, state, p, _no_find, ctx) is not None:
        return False
    if state.check is not None:  # a decision, answered by name: as runtime's `ask` does
        state.check.checkpoint(state, "before a decision")
    return True


def named_cards(ctx: Ctx, p: int, tag: str, find: Callable) -> list[int] | None:
    """Seat P's bot's answer to TAG by name, FIND(ctx, NAME) giving the option of a name (the filter reads the
    rules' names: CTX is handed on): the card picked as a list of it, or none; None when it does not answer
    TAG by name. P is no chance (the caller tested where it may be)."""
    state = ctx.state
    agent = state.agents[p]
    named = getattr(agent, "named_picks", None)
    pick = named[tag] if named is not None else None
    if pick is None:
        return None
    if state.check is not None:
        state.check.checkpoint(state, "before a decision")
    cid = pick(agent, state, p, find, ctx)
    return [] if cid is None else [cid]


def _renamed(fn: Callable, new: str) -> Callable:
    """A function of the same code as FN under the name NEW of this module (a constant generated code names)."""
    out = types.FunctionType(fn.__code__, fn.__globals__, new, fn.__defaults__, fn.__closure__)
    out.__qualname__, out.__doc__ = new, fn.__doc__
    return out


# named_cards where FIND reads no names of the rules (its filter reads the card alone: compile/decisions.py
# _find_fn): it reads none either, so a function calling it may keep its names in locals alone (names.py).
# The same code, not a call of it (a call more for each decision a bot answers).
named_cards_by_card = leaves_names(_renamed(named_cards, "named_cards_by_card"))


def named_cards_in(ctx: Ctx, state, p: int, tag: str, find: Callable, zone) -> list[int] | None:
    """named_cards over ZONE, a zone of no piles (FIND's zone), handed to the pick: a rule of many names looks
    each up among the names of ZONE's cards, gathered once, and calls FIND only for a name a card there has
    (the pass `names-first`: most names such a rule tries are not there, and FIND scans the zone for each).
    STATE: CTX's state, which the caller holds (read here, the call would cost what the zone's argument does)."""
    agent = state.agents[p]
    named = getattr(agent, "named_picks_in", None)
    pick = named[tag] if named is not None else None
    if pick is None:
        return None
    if state.check is not None:
        state.check.checkpoint(state, "before a decision")
    cid = pick(agent, state, p, find, ctx, zone)
    return [] if cid is None else [cid]


named_cards_in_by_card = leaves_names(_renamed(named_cards_in, "named_cards_in_by_card"))


def named_option(state, p: int, tag: str, legal: list[int], find: Callable) -> int | None:
    """Seat P's bot's pick of an option of `choose one of` by name (FIND(legal, label) giving a legal option's
    index): its pick, else the first legal option (one is needed), which is what its `decide` gives; None
    when it does not answer TAG by name."""
    agent = state.agents[p]
    named = getattr(agent, "named_picks", None)
    pick = named[tag] if named is not None else None
    if pick is None:
        return None
    if state.check is not None:
        state.check.checkpoint(state, "before a decision")
    i = pick(agent, state, p, find, legal)
    return legal[0] if i is None else i


def unread_by_rule(state, p: int) -> bool:
    """A private question with nothing to pick, which nobody reads (the caller tested: no log, no listener), put
    to seat P's bot that answers by rule: its answer is none, and asking it would build what nobody reads."""
    return p != CHANCE and hasattr(state.agents[p], "named_picks")


def def_names(defs: list) -> list[str]:
    """The labels of a choice of card names (card definitions): their names."""
    return [d.name for d in defs]


def player_labels(players: list[int]) -> list[str]:
    """What a seat sees of each player offered: `p1`, `p2`, ..."""
    return [f"p{p + 1}" for p in players]
