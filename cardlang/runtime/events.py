"""Events are plain tuples, named in the past tense by their first item. This module turns them into
readable log lines and JSON-ready dicts; the engine itself never formats anything."""
from __future__ import annotations

from typing import Any

from cardlang.runtime.state import GameState


def _p(p: int | None) -> str:
    if p is None:
        return "shared"
    return "chance" if p < 0 else f"p{p + 1}"


def render_event(state: GameState, e: tuple) -> str:
    kind = e[0]
    if kind == "Moved":
        return f"{e[2] or 'a card'} moved {e[3]} -> {e[4]}"
    if kind == "Shuffled":
        return f"Shuffled {e[1]}" if e[2] is None else f"Shuffled {e[1]}: {', '.join(e[2])}"
    if kind == "Refilled":
        return f"Refilled {e[1]} from {e[2]} ({e[3]} cards)"
    if kind == "Counter":
        return f"{_p(e[2])} {e[1]}: {e[3]} -> {e[4]}"
    if kind == "Decided":
        if e[3] is None:  # as another seat knows it (see seat_event)
            return f"{_p(e[1])} decided ({e[2]})"
        if e[4:] == ("forced",):
            return f"{_p(e[1])} took {', '.join(e[3])} ({e[2]}: no other choice)"
        return f"{_p(e[1])} chose {', '.join(e[3]) or 'nothing'} ({e[2]})"
    if kind == "Revealed":
        return f"{_p(e[1])} revealed {', '.join(e[2]) or 'nothing'}"
    if kind == "Turn":
        return f"== Turn {e[2]} of {_p(e[1])} =="
    if kind == "Phase":
        return f"-- {e[2]} phase"
    if kind == "Created":
        return f"{e[2]} created in {e[3]}"
    if kind == "Pool":
        return f"{e[1]}: {', '.join(e[2])}"
    if kind == "GameEnded":
        return f"Game over. Scores: {list(e[2])}; winners: {', '.join(_p(w) for w in e[1]) or 'none'}"
    if kind == "Note":
        return f"{_p(e[1])}: {e[2]}"
    if kind == "Eliminated":
        return f"{_p(e[1])} is out"
    if kind == "FirstTurn":
        return f"{_p(e[1])} takes the first turn"
    if kind == "Claimed":
        return f"{_p(e[1])} claims {e[2]}"
    if kind == "Challenged":
        return f"{_p(e[1])} calls {_p(e[2])}'s claim of {e[3]}"
    if kind == "Settled":
        said = {"stands": "stands", "honest": "was true", "caught": "was a bluff"}.get(e[4], e[4])
        return f"{_p(e[1])}'s claim of {e[2]} {said}"
    if kind == "Peeked":
        if e[2] and e[2][0] is None:  # as another seat knows it: how many, not which
            n = len(e[2])
            return f"{_p(e[1])} looked at {n} card{'s' if n != 1 else ''} ({', '.join(e[3])})"
        return f"{_p(e[1])} looked at {', '.join(e[2]) or 'nothing'} ({', '.join(e[3])})"
    if kind == "Rolled":
        return f"{_p(e[1])} rolled {', '.join(map(str, e[3])) or 'no dice'}"
    if kind == "CardCounter":
        return f"{e[2]} {e[3]}: {e[4]} -> {e[5]}"
    if kind == "Attached":
        return f"{e[2]} attached to {e[4]}"
    if kind == "Detached":
        return f"{e[2]} came off {e[3]}"
    if kind == "Displayed":
        return "\n".join(e[1])
    if kind == "Triggered":
        return f"{_p(e[1])}: {e[3]} resolves (on {e[4]})"
    if kind == "Ended":
        return f"The game ends: {e[1]}"
    return " ".join(map(str, e))


def event_dict(e: tuple) -> dict[str, Any]:
    """A JSON-ready form of an event, stable across runs (for --log FILE.jsonl)."""
    kind = e[0]
    fields = {
        "Moved": ("card_id", "card", "from", "to"),
        "Shuffled": ("zone", "order"),
        "Refilled": ("zone", "from", "count"),
        "Counter": ("counter", "player", "old", "new"),
        "Decided": ("player", "tag", "picked", "how"),
        "Revealed": ("player", "cards"),
        "Turn": ("player", "turn"),
        "Phase": ("player", "phase"),
        "Created": ("card_id", "card", "zone"),
        "Pool": ("pool", "cards"),
        "GameEnded": ("winners", "scores"),
        "Note": ("player", "text"),
        "Eliminated": ("player",),
        "FirstTurn": ("player",),
        "Claimed": ("player", "card"),
        "Challenged": ("caller", "claimant", "card"),
        "Peeked": ("player", "cards", "zones"),
        "Rolled": ("player", "sides", "values"),
        "CardCounter": ("card_id", "card", "counter", "old", "new"),
        "Attached": ("card_id", "card", "host_id", "host"),
        "Detached": ("card_id", "card", "host"),
        "Displayed": ("lines",),
        "Triggered": ("player", "card_id", "card", "on"),
        "Ended": ("reason",),
        "Settled": ("claimant", "card", "caller", "outcome"),
        "Acted": ("player", "verb", "args"),
        "Done": ("player", "verb"),
        "AbilityDone": ("player", "card_id"),
    }.get(kind, tuple(f"a{i}" for i in range(1, len(e))))
    out: dict[str, Any] = {"event": kind}
    for k, v in zip(fields, e[1:]):
        out[k] = list(v) if isinstance(v, tuple) else v
    return out


def _visible(zone, viewer: int | None, arriving: bool = False) -> bool:
    """Whether VIEWER sees a card in ZONE; ARRIVING: a card just put on top (a face-up discard pile shows it)."""
    vis = zone.spec.visibility
    return vis == "public" or (vis == "owner" and viewer is not None and zone.owner == viewer) or \
        (arriving and vis == "top public")


def seat_event(state: GameState, e: tuple, seat: int | None) -> tuple | None:
    """Event E as SEAT knows it (SEAT None: what every seat knows), or None when that seat learns nothing.

    This is the one place that decides what a seat may see of the log; a seat's terminal and its agent's
    `View.events()` both read it, and scenarios check it with `expect_log for p2 "..."`. The event keeps its
    shape; what the seat may not know becomes None:
    - Moved: the card's id and name, unless the seat can see the zone it left or the zone it entered (or it
      went onto the top of a zone whose top card is face up);
    - Shuffled: the new order, always;
    - Decided by another seat (or by chance): the picks, and how it was decided (asked or taken without
      asking look alike); a `privately` decision of another seat is not there at all;
    - Peeked by another seat: which cards (their number stays);
    - Created: not there (where a card came from shows in its moves);
    - an ability of another seat resolving (Triggered, AbilityDone): not there, since a reaction resolving from a
      hand would name a hidden card.
    Everything else (counters, turns, claims, reveals, notes, rolls, the end) is public.
    """
    kind = e[0]
    if kind == "Moved":
        zones = {z.label: z for z in state.all_zones()}
        src, dst = zones.get(e[3].split("@")[0]), zones.get(e[4].split("@")[0])  # "p1.board@3,1": a slot
        if (src is not None and _visible(src, seat)) or (dst is not None and _visible(dst, seat, "@" not in e[4])):
            return e
        return ("Moved", None, None, e[3], e[4])
    if kind == "Shuffled":
        return ("Shuffled", e[1], None)
    if kind == "Decided" and e[1] != seat:
        if e[4:] == ("private",):
            return None
        return ("Decided", e[1], e[2], None, None)
    if kind == "Created":
        return None
    if kind in ("Triggered", "AbilityDone") and e[1] != seat:  # a reaction resolving from a
        return None  # hand would name a hidden card
    if kind == "Peeked" and e[1] != seat:  # only the one who looked learns what it was
        return ("Peeked", e[1], (None,) * len(e[2]), e[3])
    return e


def render_event_for(state: GameState, e: tuple, viewer: int | None) -> str | None:
    """A log line as one seat may see it (VIEWER None: what every seat sees), or None to hide it."""
    known = seat_event(state, e, viewer)
    return None if known is None else render_event(state, known)
