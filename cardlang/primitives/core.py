"""Core verbs every game can use: move, shuffle, create, reveal, trigger, immune, win, eliminate, first_turn,
note.

Each builder gets its arguments already compiled and checked (`Bound`) and returns `run(ctx)`.
"""
from __future__ import annotations

from cardlang.primitives.registry import (CARDNAME, CARDS, INT, NAME, PLAYER, STR, ZONE, Bound, Param,
                                          primitive)
from cardlang.primitives.types import leaves_names
from cardlang.runtime import zones as Z
from cardlang.runtime.events import Eliminated, FirstTurn, Note, Revealed
from cardlang.runtime.state import Ctx, GameOver, IllegalAction


def _d_move(a: dict) -> str:
    if a.get("at") == "bottom":
        return f"Put {a['what']} on the bottom of {a['to']}."
    return f"Put {a['what']} into {a['to']}."


@primitive("move", Param("what", CARDS), Param("to", ZONE, aliases=("to", "into")),
           Param("at", NAME, "top", required=False, aliases=("at",)), describe=_d_move)
def build_move(b: Bound, info) -> object:
    """Move cards, by identity, to the top (or `at bottom`) of a zone; a card put into a pile zone goes
    to its own pile.
    Example: move top 2 of deck to hand;"""
    what, to = b.values["what"], b.values["to"]
    bottom = b.consts.get("at") == "bottom"
    if bottom:
        def run_move(ctx: Ctx) -> None:
            dest = to(ctx)
            for cid in list(what(ctx)):
                Z.move(ctx.state, cid, dest, bottom=True)
    else:
        def run_move(ctx: Ctx) -> None:
            move_into(ctx, to(ctx), what(ctx))
        # Generated code may call move_into(ctx, TO, WHAT) with the arguments inlined; ("moves", ...): a move of
        # one card may be inlined too, as move_into's quiet case for one card, `move top N of ZONE to TO` (a
        # draw) is move_top_into and `move ZONE to TO` move_zone_into (compile/calls.py).
        run_move.inline = (move_into, (), ("to", "what"),  # type: ignore[attr-defined]
                           ("moves", move_top_into, move_zone_into))
    return run_move


@leaves_names
def move_into(ctx: Ctx, dest, cards) -> None:
    """`move CARDS to DEST` over evaluated arguments: each card to the top of DEST, in order."""
    state = ctx.state
    if (state.log is not None or state.listeners or state.host or state.peeked or dest.cells is not None
            or dest.spec.piles):
        for cid in cards:
            Z.move(state, cid, dest)
        return
    if state.check is not None:
        _move_told(state, dest, cards)
        return
    # Nobody watches and nothing is linked: Z.move's plain case, inlined (most moves of a game).
    loc = state.loc
    into = dest.cards
    if type(cards) is list and cards:
        src = loc[cards[0]]
        held = src.cards
        if src is not dest and src.cells is None and held is not cards and held == cards:
            # A whole zone, bottom first (`move hand to discard`): what the loop below does, in one go.
            into.extend(cards)
            held.clear()
            for cid in cards:
                loc[cid] = dest
            return
    for cid in cards:
        src = loc[cid]
        if src.cells is not None:
            Z.move(state, cid, dest)
        elif src is not dest:
            held = src.cards  # Zone.take, inlined (loc says the card is there)
            if held[-1] == cid:
                held.pop()
            else:
                held.remove(cid)
            into.append(cid)
            loc[cid] = dest


@leaves_names
def move_top_into(ctx: Ctx, dest, zone, n: int) -> None:
    """`move top N of ZONE to DEST` (a draw): move_into(ctx, DEST, zones.top(state, ZONE, N)) in one call. When
    nobody watches and nothing is linked, the cards go over as one slice: taken from the top one by one and
    each put on top of DEST, they land on it in reverse."""
    state = ctx.state
    if (n <= 0 or zone is dest or state.log is not None or state.listeners or state.check is not None
            or state.host or state.peeked or zone.cells is not None or dest.cells is not None or dest.spec.piles):
        move_into(ctx, dest, Z.top(state, zone, n))
        return
    held = zone.cards
    if len(held) < n and zone.spec.refill is not None and not state.checking:
        Z.refill(state, zone)
        held = zone.cards
    taken = held[-n:]
    del held[-n:]
    taken.reverse()
    dest.cards.extend(taken)
    loc = state.loc
    for cid in taken:
        loc[cid] = dest


@leaves_names
def move_zone_into(ctx: Ctx, dest, zone) -> None:
    """`move ZONE to DEST`, every card of a zone, bottom first (`move hand to discard`): move_into(ctx, DEST,
    list(ZONE.cards)) without the copy; when nobody watches and nothing is linked, the cards go over as one
    list and ZONE's is emptied."""
    state = ctx.state
    cards = zone.cards
    if not cards or zone is dest:
        return  # (no card moves)
    if (state.log is not None or state.listeners or state.check is not None or state.host or state.peeked
            or zone.cells is not None or dest.cells is not None or dest.spec.piles):
        move_into(ctx, dest, list(cards))
        return
    dest.cards.extend(cards)
    loc = state.loc
    for cid in cards:
        loc[cid] = dest
    cards.clear()


def _move_told(state, dest, cards) -> None:
    """move_into's plain case, card by card, each move told to the invariant checker (`state.check`)."""
    loc, into, check = state.loc, dest.cards, state.check
    for cid in cards:
        src = loc[cid]
        if src.cells is not None:
            Z.move(state, cid, dest)
        elif src is not dest:
            held = src.cards
            if held and held[-1] == cid:  # Zone.take's common case, inlined
                held.pop()
            else:
                src.take(cid)  # (says so if the card is not there)
            into.append(cid)
            loc[cid] = dest
            check.moved(state, cid, src, dest)


def _d_shuffle(a: dict) -> str:
    if a.get("into"):
        return f"Shuffle {a['zone']} into {a['into']}."
    return f"Shuffle {a['zone']}."


@primitive("shuffle", Param("zone", ZONE), Param("into", ZONE, None, required=False, aliases=("into",)),
           describe=_d_shuffle)
def build_shuffle(b: Bound, info) -> object:
    """Shuffle a zone with the game's RNG (logged); with `into`, first put all its cards into that zone.
    Example: shuffle discard into deck;"""
    zone, into = b.values["zone"], b.values.get("into")
    if into is None:
        def run_shuffle(ctx: Ctx) -> None:
            Z.shuffle(ctx.state, zone(ctx))
    else:
        def run_shuffle(ctx: Ctx) -> None:
            dest = into(ctx)
            Z.move_all(ctx.state, zone(ctx), dest)
            Z.shuffle(ctx.state, dest)
    return run_shuffle


def _d_create(a: dict) -> str:
    """`create 12 Widget to supply` -> "Put 12 Widget into the supply."; a count known only in play (a
    card's own number) reads after the cards: "Put copies of it into the House, as many as its Copies." """
    if a["count"] == "1" and str(a["card"]).startswith("copies of "):
        return f"Put a copy of {a['card'][len('copies of '):]} into {a['to']}."
    if not str(a["count"]).startswith(("its ", "the ", "their ", "your ")):  # a number: "12", "8 / 12 / 12"
        return f"Put {a['count']} {a['card']} into {a['to']}."
    return f"Put {a['card']} into {a['to']}, as many as {a['count']}."


@primitive("create", Param("count", INT), Param("card", CARDNAME), Param("to", ZONE, aliases=("to", "into")),
           describe=lambda a: _d_create(a))
def build_create(b: Bound, info) -> object:
    """Bring new cards into the game (set-up only); into a pile zone they form the pile of that name.
    Example: create 7 Coin to deck;"""
    count, card, to = b.values["count"], b.values["card"], b.values["to"]

    def run_create(ctx: Ctx) -> None:
        create_into(ctx, card(ctx), to(ctx), count(ctx))
    # Generated code calls create_into(ctx, CARD, TO, COUNT) with the arguments inlined (compile/calls.py).
    run_create.inline = (create_into, (), ("card", "to", "count"))  # type: ignore[attr-defined]
    return run_create


@leaves_names
def create_into(ctx: Ctx, d, dest, n: int) -> None:
    """`create N CARD to DEST` over evaluated arguments; into a zone of piles, the pile of CARD's name."""
    if dest.pile is not None or dest.spec.piles:
        dest = ctx.state.pile(dest.spec.slot, d.name)
    if n < 0:
        raise IllegalAction(f"cannot create {n} cards")
    Z.create(ctx.state, d, dest, n)


@primitive("reveal", Param("what", CARDS), describe=lambda a: f"Reveal {a['what']}.")
def build_reveal(b: Bound, info) -> object:
    """Show cards to every player (logged).
    Example: reveal top 2 of deck;"""
    what = b.values["what"]

    def run_reveal(ctx: Ctx) -> None:
        cards = list(what(ctx))
        state = ctx.state
        if state.log is not None or state.listeners:
            state.emit(Revealed(ctx.you, tuple(state.card_def[c].name for c in cards)))
    return run_reveal


def _describe_trigger(a: dict) -> str:
    """"Resolve its play ability."; with the words the game gives the event (`event turn_start "At the start
    of your turn";`, passed as `event_words`): "Resolve the abilities of the cards in your kingdom that start
    “At the start of your turn”." An event's source name never reads in quotes."""
    words = a.get("event_words", "")
    if words:
        whose = "its abilities" if a["what"] == "it" else f"the abilities of {a['what']}"
        return f"Resolve {whose} that start \u201c{words}\u201d."
    event = a["event"].replace("_", " ")
    return f"Resolve its {event} ability." if a["what"] == "it" else f"Resolve the {event} ability of {a['what']}."


@primitive("trigger", Param("event", NAME), Param("what", CARDS), describe=_describe_trigger)
def build_trigger(b: Bound, info) -> object:
    """Run the `on EVENT` ability of each card (none is fine), with `this` naming the card.
    Example: trigger play c;"""
    event, what = b.consts["event"], b.values["what"]
    run_ability = info.run_ability

    def run_trigger(ctx: Ctx) -> None:
        trigger_each(ctx, run_ability, event, what(ctx))
    # Generated code looks for a card with an `on EVENT` ability before it calls (compile/calls.py).
    run_trigger.inline = (trigger_each, (run_ability, event), ("what",), ("reacts", event))  # type: ignore
    return run_trigger


@leaves_names
def trigger_each(ctx: Ctx, run_ability, event: str, cards) -> None:
    """`trigger EVENT CARDS` over evaluated arguments."""
    defs = ctx.state.card_def
    if type(cards) is not list and type(cards) is not tuple:
        cards = list(cards)  # looked through twice below
    for cid in cards:
        if event in defs[cid].triggers:  # most cards have no ability for most events
            break
    else:
        return  # none of them reacts: no copy of the list, no call
    for cid in list(cards):
        if event in defs[cid].triggers:
            run_ability(ctx, cid, event)


@primitive("immune", describe=lambda a: "You are unaffected by the attack.")
def build_immune(b: Bound, info) -> object:
    """Inside a reaction to an attack: the reacting player is unaffected by that attack.
    Example: immune;"""
    def run_immune(ctx: Ctx) -> None:
        ctx.state.immune = True
    return run_immune


def _d_win(a: dict) -> str:
    return "You win the game." if a["who"] == "you" else f"{a['who']} wins the game."


@primitive("win", Param("who", PLAYER), describe=_d_win)
def build_win(b: Bound, info) -> object:
    """End the game at once with this player as the winner.
    Example: win you;"""
    who = b.values["who"]

    def run_win(ctx: Ctx) -> None:
        state = ctx.state
        state.winners = [who(ctx)]
        # Which rule made the player win, for statistics: the card (or the phase of the turn) it ran in.
        where = ctx.source if ctx.card is not None else (f"{state.phase} phase" if state.phase else ctx.source)
        state.ended_by = f"win ({where})" if where else "win"
        raise GameOver()
    return run_win


def _d_eliminate(a: dict) -> str:
    return "You are out of the game." if a["who"] == "you" else f"{a['who']} is out of the game."


@primitive("eliminate", Param("who", PLAYER), describe=_d_eliminate)
def build_eliminate(b: Bound, info) -> object:
    """Take a player out of the game: their turns are skipped; the last player in wins.
    Example: eliminate p;"""
    who = b.values["who"]

    def run_eliminate(ctx: Ctx) -> None:
        state = ctx.state
        p = who(ctx)  # once: after p is out, names like `left` already skip them
        state.out[p] = True
        if state.log is not None or state.listeners:
            state.emit(Eliminated(p))
        alive = [p for p in range(state.num_players) if not state.out[p]]
        if len(alive) == 1:
            state.winners = alive
            state.ended_by = "last player standing"
            raise GameOver()
    return run_eliminate


def _d_first_turn(a: dict) -> str:
    return "You take the first turn." if a["who"] == "you" else f"{a['who']} takes the first turn."


@primitive("first_turn", Param("who", PLAYER), describe=_d_first_turn)
def build_first_turn(b: Bound, info) -> object:
    """In set-up: the first turn is this player's; turns then go on in seat order from them (logged).
    Example: first_turn choose 1 from players by chance as first_player;"""
    who = b.values["who"]

    def run_first_turn(ctx: Ctx) -> None:
        state = ctx.state
        if state.turn_number > 0:
            raise IllegalAction("the first turn is chosen in set-up; the turns have begun")
        state.current = who(ctx)
        if state.log is not None or state.listeners:
            state.emit(FirstTurn(state.current))
    return run_first_turn


@primitive("note", Param("message", STR), describe=lambda a: "")
def build_note(b: Bound, info) -> object:
    """Write a line to the game log (for people reading a playthrough; no effect on play).
    Example: note "The attack fails";"""
    message = b.values["message"]

    def run_note(ctx: Ctx) -> None:
        state = ctx.state
        if state.log is not None or state.listeners:
            state.emit(Note(ctx.you, str(message(ctx))))
    run_note.watched_only = True  # type: ignore[attr-defined]  # generated code calls it only when watched
    return run_note


@primitive("fail", Param("message", STR), describe=lambda a: "")
def build_fail(b: Bound, info) -> object:
    """Stop with a rule violation naming the card and line (for rules a game wants to enforce).
    Example: fail "no Recruit left in the supply";"""
    message = b.values["message"]

    def run_fail(ctx: Ctx) -> None:
        raise IllegalAction(str(message(ctx)))
    return run_fail
