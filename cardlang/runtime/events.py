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
        return f"{e[2]} moved {e[3]} -> {e[4]}"
    if kind == "Shuffled":
        return f"Shuffled {e[1]}: {', '.join(e[2])}"
    if kind == "Refilled":
        return f"Refilled {e[1]} from {e[2]} ({e[3]} cards)"
    if kind == "Counter":
        return f"{_p(e[2])} {e[1]}: {e[3]} -> {e[4]}"
    if kind == "Decided":
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
    if kind == "Peeked":
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
    return " ".join(map(str, e))


def event_dict(e: tuple) -> dict[str, Any]:
    """A JSON-ready form of an event, stable across runs (for --log FILE.jsonl)."""
    kind = e[0]
    fields = {
        "Moved": ("card_id", "card", "from", "to"),
        "Shuffled": ("zone", "order"),
        "Refilled": ("zone", "from", "count"),
        "Counter": ("counter", "player", "old", "new"),
        "Decided": ("player", "tag", "picked"),
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
    }.get(kind, tuple(f"a{i}" for i in range(1, len(e))))
    out: dict[str, Any] = {"event": kind}
    for k, v in zip(fields, e[1:]):
        out[k] = list(v) if isinstance(v, tuple) else v
    return out


def _visible(zone, viewer: int | None) -> bool:
    vis = zone.spec.visibility
    return vis == "public" or (vis == "owner" and viewer is not None and zone.owner == viewer)


def render_event_for(state: GameState, e: tuple, viewer: int | None) -> str | None:
    """A log line as one player may see it (VIEWER None: what every player sees), or None to hide it.

    A moved card is named only if the viewer can see it where it was or where it went; a shuffle shows no
    order; a decision shows its picks only to the player who made it.
    """
    kind = e[0]
    if kind == "Moved":
        zones = {z.label: z for z in state.all_zones()}
        src, dst = zones.get(e[3].split("@")[0]), zones.get(e[4].split("@")[0])  # "p1.board@3,1": a slot
        seen = any(z is not None and _visible(z, viewer) for z in (src, dst))
        return f"{e[2] if seen else 'a card'} moved {e[3]} -> {e[4]}"
    if kind == "Shuffled":
        return f"Shuffled {e[1]}"
    if kind == "Decided" and e[1] != viewer:
        return f"{_p(e[1])} decided ({e[2]})"
    if kind == "Created":
        return None
    if kind == "Peeked" and e[1] != viewer:  # only the one who looked learns what it was
        return f"{_p(e[1])} looked at {len(e[2])} card{'s' if len(e[2]) != 1 else ''} ({', '.join(e[3])})"
    return render_event(state, e)
