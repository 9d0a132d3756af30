"""Core verbs every game can use: move, shuffle, create, reveal, trigger, immune, win, eliminate, first_turn,
note, fail.

Each is a class (primitives/registry.py): `run(ctx, ...)` over evaluated arguments, `describe`, and for move,
reveal, trigger, first_turn, note and create a `lower` (primitives/core_lowering.py: the code generated in place of a call).
"""
from __future__ import annotations

from cardlang.primitives import core_lowering as L
from cardlang.primitives.registry import (CARDNAME, CARDS, INT, NAME, PLAYER, STR, ZONE, Bound, Param, Verb,
                                          primitive)
from cardlang.primitives.types import leaves_names
from cardlang.runtime import board as B
from cardlang.runtime import zones as Z
from cardlang.runtime import events as E  # (events by module: Note and FirstTurn are verbs here too)
from cardlang.runtime.state import Ctx, GameOver, IllegalAction, seat_tables


@primitive
class Move(Verb):
    """Move cards, by identity, to the top (or `at bottom`) of a zone; a card put into a pile zone goes
    to its own pile.
    Example: move top 2 of deck to hand;"""

    verb = "move"
    params = (Param("what", CARDS), Param("to", ZONE, aliases=("to", "into")),
              Param("at", NAME, "top", required=False, aliases=("at",)))

    def describe(self, a: dict) -> str:
        if a.get("at") == "bottom":
            return f"Put {a['what']} on the bottom of {a['to']}."
        return f"Put {a['what']} into {a['to']}."

    @staticmethod
    @leaves_names
    def run(ctx: Ctx, to, what, at: str = "top") -> None:
        if at == "bottom":
            for cid in list(what):
                Z.move(ctx.state, cid, to, bottom=True)
        else:
            move_into(ctx, to, what)

    def lower(self, gen, args: list, site) -> list | None:
        """A move to the top: move_into(ctx, TO, WHAT), and in the code itself the move of one card when
        nobody watches; `move top N of ZONE to TO` (a draw) is move_top_into and `move ZONE to TO`
        move_zone_into, one call each (core_lowering.py)."""
        to, what, _ = args
        if site.known[2] == "bottom":
            return None
        return L.lower_move(gen, to, what, site, move_into, move_top_into, move_zone_into,
                            (move_top_quiet, move_zone_quiet))


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
            if src.pile is not None:
                state.empty_known = None  # (a pile emptied: state.py)
            for cid in cards:
                loc[cid] = dest
            return
    for cid in cards:
        src = loc[cid]
        if src.cells is not None:
            B.move_linked(state, cid, dest)  # (off a grid: where zones.move would hand it)
        elif src is not dest:
            held = src.cards  # Zone.take, inlined (loc says the card is there)
            if held[-1] == cid:
                held.pop()
            else:
                held.remove(cid)
            if not held and src.pile:  # (a pile's key is a card's name, never empty)
                state.empty_known = None
            into.append(cid)
            loc[cid] = dest


@leaves_names
def move_top_into(ctx: Ctx, dest, zone, n: int) -> None:
    """`move top N of ZONE to DEST` (a draw): move_into(ctx, DEST, zones.top(state, ZONE, N)) in one call. When
    nobody watches and nothing is linked, move_top_quiet's slice (the tests it leaves to its callers made
    here)."""
    state = ctx.state
    if (state.log is not None or state.listeners or zone.cells is not None or dest.cells is not None
            or dest.spec.piles):
        move_into(ctx, dest, Z.top(state, zone, n))
        return
    move_top_quiet(ctx, dest, zone, n)


@leaves_names
def move_zone_into(ctx: Ctx, dest, zone) -> None:
    """`move ZONE to DEST`, every card of a zone, bottom first (`move hand to discard`): move_into(ctx, DEST,
    list(ZONE.cards)) without the copy; when nobody watches and nothing is linked, move_zone_quiet's one list
    (the tests it leaves to its callers made here)."""
    state = ctx.state
    cards = zone.cards
    if not cards or zone is dest:
        return  # (no card moves)
    if (state.log is not None or state.listeners or zone.cells is not None or dest.cells is not None
            or dest.spec.piles):
        move_into(ctx, dest, list(cards))
        return
    move_zone_quiet(ctx, dest, zone)


# The quiet pair: what move_top_into and move_zone_into do once they know that nobody watches (no log, no
# listener), that no zone has a grid and that DEST is not a zone of piles. The pass quiet-moves
# (core_lowering.py) calls them directly where the code knows all that; the *_into pair tests it and hands on
# (one call more there, none on the quiet path: the tails are written once). The pass moves-in-code runs their
# own case in the code itself (compile/ir/emit_moves.py MoveTop, MoveZone) and calls them for the rest.

@leaves_names
def move_top_quiet(ctx: Ctx, dest, zone, n: int) -> None:
    """move_top_into past its tests: the cards go over as one slice; taken from the top one by one and each put
    on top of DEST, they land on it in reverse. (A slice taken reversed, `held[:-n - 1:-1]`, timed slower than
    the slice and its reverse.)"""
    state = ctx.state
    if n <= 0 or zone is dest or state.check is not None or state.host or state.peeked:
        move_into(ctx, dest, Z.top(state, zone, n))
        return
    held = zone.cards
    if len(held) < n and zone.spec.refill is not None and not state.checking:
        Z.refill(state, zone)
        held = zone.cards
    taken = held[-n:]
    del held[-n:]
    if not held and zone.pile:
        state.empty_known = None
    taken.reverse()
    dest.cards.extend(taken)
    loc = state.loc
    for cid in taken:
        loc[cid] = dest


@leaves_names
def move_zone_quiet(ctx: Ctx, dest, zone) -> None:
    """move_zone_into past its tests: ZONE's cards go over as one list and ZONE's is emptied."""
    state = ctx.state
    cards = zone.cards
    if not cards or zone is dest:
        return  # (no card moves)
    if state.check is not None or state.host or state.peeked:
        move_into(ctx, dest, list(cards))
        return
    dest.cards.extend(cards)
    loc = state.loc
    for cid in cards:
        loc[cid] = dest
    cards.clear()
    if zone.pile is not None:
        state.empty_known = None


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
            if not held and src.pile:  # (a pile's key is a card's name, never empty)
                state.empty_known = None
            into.append(cid)
            loc[cid] = dest
            check.moved(state, cid, src, dest)


@primitive
class Shuffle(Verb):
    """Shuffle a zone with the game's RNG (logged); with `into`, first put all its cards into that zone.
    Example: shuffle discard into deck;"""

    verb = "shuffle"
    params = (Param("zone", ZONE), Param("into", ZONE, None, required=False, aliases=("into",)))

    def describe(self, a: dict) -> str:
        if a.get("into"):
            return f"Shuffle {a['zone']} into {a['into']}."
        return f"Shuffle {a['zone']}."

    @staticmethod
    @leaves_names
    def run(ctx: Ctx, into, zone) -> None:
        # (`into` is read first: the destination, then the zone emptied into it)
        if into is None:
            Z.shuffle(ctx.state, zone)
        else:
            Z.move_all(ctx.state, zone, into)
            Z.shuffle(ctx.state, into)


def _d_create(a: dict) -> str:
    """`create 12 Widget to supply` -> "Put 12 Widget into the supply."; a count known only in play (a
    card's own number) reads after the cards: "Put copies of it into the House, as many as its Copies." """
    if a["count"] == "1" and str(a["card"]).startswith("copies of "):
        return f"Put a copy of {a['card'][len('copies of '):]} into {a['to']}."
    if not str(a["count"]).startswith(("its ", "the ", "their ", "your ")):  # a number: "12", "8 / 12 / 12"
        return f"Put {a['count']} {a['card']} into {a['to']}."
    return f"Put {a['card']} into {a['to']}, as many as {a['count']}."


@primitive
class Create(Verb):
    """Bring new cards into the game (set-up only); into a pile zone they form the pile of that name.
    Example: create 7 Coin to deck;"""

    verb = "create"
    params = (Param("count", INT), Param("card", CARDNAME), Param("to", ZONE, aliases=("to", "into")))

    def describe(self, a: dict) -> str:
        return _d_create(a)

    @staticmethod
    @leaves_names
    def run(ctx: Ctx, card, to, count: int) -> None:
        """`create N CARD to DEST` over evaluated arguments; into a zone of piles, the pile of CARD's name."""
        if to.pile is not None or to.spec.piles:
            to = ctx.state.pile(to.spec.slot, card.name)
        if count < 0:
            raise IllegalAction(f"cannot create {count} cards")
        Z.create(ctx.state, card, to, count)

    def lower(self, gen, args: list, site) -> list | None:
        """Into a zone known to hold no piles: zones.create's quiet case in the code itself (the cards' ids,
        definitions and places added at once), run called otherwise (core_lowering.py)."""
        spec = site.zone_of(args[1])
        if spec is None or spec.piles:
            return None
        return L.lower_create(gen, *args, self.run, site.gridless)


@primitive
class Reveal(Verb):
    """Show cards to every player (logged).
    Example: reveal top 2 of deck;"""

    verb = "reveal"
    params = (Param("what", CARDS),)

    def describe(self, a: dict) -> str:
        return f"Reveal {a['what']}."

    @staticmethod
    @leaves_names
    def run(ctx: Ctx, what) -> None:
        cards = list(what)
        state = ctx.state
        if state.log is not None or state.listeners:
            state.last_reveal = cards  # which cards: a seat's observer knows them (runtime/observer.py)
            state.emit(E.Revealed(ctx.you, tuple(state.card_def[c].name for c in cards)))

    def lower(self, gen, args: list, site) -> list | None:
        """The cards worked out (a draw from a pile may shuffle), then told only when someone watches, with
        no call at all when nobody does (core_lowering.py)."""
        return L.lower_reveal(gen, args[0], E.tell_revealed)


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


@primitive
class Trigger(Verb):
    """Run the `on EVENT` ability of each card (none is fine), with `this` naming the card.
    Example: trigger play c;"""

    verb = "trigger"
    params = (Param("event", NAME), Param("what", CARDS))
    compiled = ("run_ability",)  # the compiler's: runs one card's ability (step budget, nesting)
    switches = True  # made `for P`: the switch goes around the call for a card that reacts, found first

    def describe(self, a: dict) -> str:
        return _describe_trigger(a)

    def prepare(self, b: Bound, info) -> dict:
        return {"run_ability": info.run_ability}

    @staticmethod
    @leaves_names
    def run(ctx: Ctx, run_ability, event: str, what) -> None:
        """`trigger EVENT CARDS` over evaluated arguments."""
        defs = ctx.state.card_def
        if type(what) is not list and type(what) is not tuple:
            what = list(what)  # looked through twice below
        for cid in what:
            if event in defs[cid].triggers:  # most cards have no ability for most events
                break
        else:
            return  # none of them reacts: no copy of the list, no call
        for cid in list(what):
            if event in defs[cid].triggers:
                run_ability(ctx, cid, event)

    def lower(self, gen, args: list, site) -> list | None:
        """Each reacting card's ability run from the code itself, no call for a card with no `on EVENT`
        ability: most cards have none (core_lowering.py)."""
        return L.lower_trigger(gen, args, site.known[1], site)


@primitive
class Immune(Verb):
    """Inside a reaction to an attack: the reacting player is unaffected by that attack.
    Example: immune;"""

    verb = "immune"

    def describe(self, a: dict) -> str:
        return "You are unaffected by the attack."

    @staticmethod
    @leaves_names
    def run(ctx: Ctx) -> None:
        ctx.state.immune = True


@primitive
class Win(Verb):
    """End the game at once with this player as the winner.
    Example: win you;"""

    verb = "win"
    params = (Param("who", PLAYER),)

    def describe(self, a: dict) -> str:
        return "You win the game." if a["who"] == "you" else f"{a['who']} wins the game."

    @staticmethod
    @leaves_names
    def run(ctx: Ctx, who: int) -> None:
        state = ctx.state
        state.winners = [who]
        # Which rule made the player win, for statistics: the card (or the phase of the turn) it ran in.
        where = ctx.source if ctx.card is not None else (f"{state.phase} phase" if state.phase else ctx.source)
        state.ended_by = f"win ({where})" if where else "win"
        raise GameOver()


@primitive
class Eliminate(Verb):
    """Take a player out of the game: their turns are skipped; the last player in wins.
    Example: eliminate p;"""

    verb = "eliminate"
    params = (Param("who", PLAYER),)

    def describe(self, a: dict) -> str:
        return "You are out of the game." if a["who"] == "you" else f"{a['who']} is out of the game."

    @staticmethod
    @leaves_names
    def run(ctx: Ctx, who: int) -> None:
        state = ctx.state
        state.out[who] = True  # (read once: after a player is out, names like `left` already skip them)
        state.others, state.around = seat_tables(state.out)  # (new tables: a copy of the state may share these)
        if state.log is not None or state.listeners:
            state.emit(E.Eliminated(who))
        alive = [p for p in range(state.num_players) if not state.out[p]]
        if len(alive) == 1:
            state.winners = alive
            state.ended_by = "last player standing"
            raise GameOver()


@primitive
class FirstTurn(Verb):
    """In set-up: the first turn is this player's; turns then go on in seat order from them (logged).
    Example: first_turn choose 1 from players by chance as first_player;"""

    verb = "first_turn"
    params = (Param("who", PLAYER),)
    lazy = frozenset({"who"})  # chosen only once it is known that the turns have not begun
    lowers_lazy = True

    def describe(self, a: dict) -> str:
        return "You take the first turn." if a["who"] == "you" else f"{a['who']} takes the first turn."

    @staticmethod
    def run(ctx: Ctx, who) -> None:
        state = ctx.state
        if state.turn_number > 0:
            raise IllegalAction("the first turn is chosen in set-up; the turns have begun")
        state.current = who(ctx)
        if state.log is not None or state.listeners:
            state.emit(E.FirstTurn(state.current))

    def lower(self, gen, args: list, site) -> list:
        """`before_turns(ctx.state); first_turn_to(ctx.state, WHO)`: WHO chosen in the code itself, once the
        turns are known not to have begun."""
        return L.lower_first_turn(gen, args[0], before_turns, first_turn_to)


def before_turns(state) -> None:
    """Refuse unless the turns have not begun (the first turn is chosen in set-up)."""
    if state.turn_number > 0:
        raise IllegalAction("the first turn is chosen in set-up; the turns have begun")


def first_turn_to(state, who: int) -> None:
    """The first turn is WHO's (logged)."""
    state.current = who
    if state.log is not None or state.listeners:
        state.emit(E.FirstTurn(who))


@primitive
class Note(Verb):
    """Write a line to the game log (for people reading a playthrough; no effect on play).
    Example: note "The attack fails";"""

    verb = "note"
    params = (Param("message", STR),)

    @staticmethod
    @leaves_names
    def run(ctx: Ctx, message) -> None:
        state = ctx.state
        if state.log is not None or state.listeners:
            state.emit(E.Note(ctx.you, str(message)))

    def lower(self, gen, args: list, site) -> list | None:
        """`if ctx.state.log is not None or ctx.state.listeners: run(ctx, MESSAGE)`: when nobody watches, no
        call at all and the message is not even worked out."""
        return L.when_watched(gen, self.run, args)


@primitive
class Fail(Verb):
    """Stop with a rule violation naming the card and line (for rules a game wants to enforce).
    Example: fail "no Recruit left in the supply";"""

    verb = "fail"
    params = (Param("message", STR),)

    @staticmethod
    @leaves_names
    def run(ctx: Ctx, message) -> None:
        raise IllegalAction(str(message))
