"""The events of a game: one small slotted class each, named in the past tense, with its log line beside it
(`line()`) and its JSON-ready form (`as_dict()`, for --log FILE.jsonl); and `seat_event`, what one seat may
know of an event.

An event is made only for someone who reads it (the log, a listener): every emitter tests
`state.log is not None or state.listeners` first, so a game nobody watches builds none. The classes are
dataclasses with slots and without `frozen` (a frozen one's __init__ costs twice as much); nothing changes
an event once made, so they hash by value (`unsafe_hash`) as the tuples they replace did. Readers use the field names. Knows no source text, no AST, no game.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from cardlang.runtime.state import GameState


def _p(p: int | None) -> str:
    if p is None:
        return "shared"
    return "chance" if p < 0 else f"p{p + 1}"


class Event:
    """An event; KEYS, when a field's JSON key is not its name (`from`, a Python keyword)."""

    __slots__ = ()
    KEYS: ClassVar[tuple[str, ...] | None] = None

    @property
    def kind(self) -> str:
        return type(self).__name__

    def line(self) -> str:
        """The event's line in a text log (an event with no words of its own: its name and values)."""
        return " ".join(map(str, (self.kind, *_values(self))))

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form of the event, stable across runs (for --log FILE.jsonl)."""
        keys = self.KEYS or tuple(f.name for f in fields(self))  # type: ignore[arg-type]
        out: dict[str, Any] = {"event": self.kind}
        for k, v in zip(keys, _values(self)):
            out[k] = list(v) if isinstance(v, tuple) else v
        return out


def _values(e: Event) -> tuple:
    """E's fields' values, in order."""
    return tuple(getattr(e, f.name) for f in fields(e))  # type: ignore[arg-type]


@dataclass(slots=True, unsafe_hash=True)
class Moved(Event):
    card_id: int | None  # None: as a seat that sees neither zone knows it
    card: str | None
    src: str  # a zone's label; "p1.board@3,1" for a slot of a grid
    dst: str
    KEYS: ClassVar = ("card_id", "card", "from", "to")

    def line(self) -> str:
        return f"{self.card or 'a card'} moved {self.src} -> {self.dst}"


@dataclass(slots=True, unsafe_hash=True)
class Shuffled(Event):
    zone: str
    order: tuple[str, ...] | None  # None: as the seats know it

    def line(self) -> str:
        return f"Shuffled {self.zone}" if self.order is None else f"Shuffled {self.zone}: {', '.join(self.order)}"


@dataclass(slots=True, unsafe_hash=True)
class Refilled(Event):
    zone: str
    src: str
    count: int
    KEYS: ClassVar = ("zone", "from", "count")

    def line(self) -> str:
        return f"Refilled {self.zone} from {self.src} ({self.count} cards)"


@dataclass(slots=True, unsafe_hash=True)
class Counter(Event):
    counter: str
    player: int | None
    old: Any
    new: Any

    def line(self) -> str:
        return f"{_p(self.player)} {self.counter}: {self.old} -> {self.new}"


@dataclass(slots=True, unsafe_hash=True)
class Decided(Event):
    player: int
    tag: str
    picked: tuple[str, ...] | None  # the options' labels; None: as another seat knows it
    how: str | None  # "asked", "forced" (no other choice), "private" (`privately`); None as another seat knows it

    def line(self) -> str:
        if self.picked is None:  # as another seat knows it (see seat_event)
            return f"{_p(self.player)} decided ({self.tag})"
        if self.how == "forced":
            return f"{_p(self.player)} took {', '.join(self.picked)} ({self.tag}: no other choice)"
        return f"{_p(self.player)} chose {', '.join(self.picked) or 'nothing'} ({self.tag})"


@dataclass(slots=True, unsafe_hash=True)
class Revealed(Event):
    player: int
    cards: tuple[str, ...]

    def line(self) -> str:
        return f"{_p(self.player)} revealed {', '.join(self.cards) or 'nothing'}"


@dataclass(slots=True, unsafe_hash=True)
class Turn(Event):
    player: int
    turn: int

    def line(self) -> str:
        return f"== Turn {self.turn} of {_p(self.player)} =="


@dataclass(slots=True, unsafe_hash=True)
class Phase(Event):
    player: int
    phase: str

    def line(self) -> str:
        return f"-- {self.phase} phase"


@dataclass(slots=True, unsafe_hash=True)
class Created(Event):
    card_id: int
    card: str
    zone: str

    def line(self) -> str:
        return f"{self.card} created in {self.zone}"


@dataclass(slots=True, unsafe_hash=True)
class Pool(Event):
    pool: str
    cards: tuple[str, ...]

    def line(self) -> str:
        return f"{self.pool}: {', '.join(self.cards)}"


@dataclass(slots=True, unsafe_hash=True)
class GameEnded(Event):
    winners: tuple[int, ...]
    scores: tuple[int, ...]

    def line(self) -> str:
        return f"Game over. Scores: {list(self.scores)}; winners: {', '.join(_p(w) for w in self.winners) or 'none'}"


@dataclass(slots=True, unsafe_hash=True)
class Note(Event):
    player: int | None
    text: str

    def line(self) -> str:
        return f"{_p(self.player)}: {self.text}"


@dataclass(slots=True, unsafe_hash=True)
class Eliminated(Event):
    player: int

    def line(self) -> str:
        return f"{_p(self.player)} is out"


@dataclass(slots=True, unsafe_hash=True)
class FirstTurn(Event):
    player: int

    def line(self) -> str:
        return f"{_p(self.player)} takes the first turn"


@dataclass(slots=True, unsafe_hash=True)
class Claimed(Event):
    player: int
    card: str

    def line(self) -> str:
        return f"{_p(self.player)} claims {self.card}"


@dataclass(slots=True, unsafe_hash=True)
class Challenged(Event):
    caller: int
    claimant: int
    card: str

    def line(self) -> str:
        return f"{_p(self.caller)} calls {_p(self.claimant)}'s claim of {self.card}"


@dataclass(slots=True, unsafe_hash=True)
class Settled(Event):
    claimant: int
    card: str
    caller: int | None
    outcome: str

    def line(self) -> str:
        said = {"stands": "stands", "honest": "was true", "caught": "was a bluff"}.get(self.outcome, self.outcome)
        return f"{_p(self.claimant)}'s claim of {self.card} {said}"


@dataclass(slots=True, unsafe_hash=True)
class Peeked(Event):
    player: int
    cards: tuple[str | None, ...]  # (None, ...) as another seat knows it: how many, not which
    zones: tuple[str, ...]

    def line(self) -> str:
        if self.cards and self.cards[0] is None:  # as another seat knows it: how many, not which
            n = len(self.cards)
            return f"{_p(self.player)} looked at {n} card{'s' if n != 1 else ''} ({', '.join(self.zones)})"
        return f"{_p(self.player)} looked at {', '.join(self.cards) or 'nothing'} ({', '.join(self.zones)})"  # type: ignore[arg-type]


@dataclass(slots=True, unsafe_hash=True)
class Rolled(Event):
    player: int
    sides: int
    values: tuple[int, ...]

    def line(self) -> str:
        return f"{_p(self.player)} rolled {', '.join(map(str, self.values)) or 'no dice'}"


@dataclass(slots=True, unsafe_hash=True)
class CardCounter(Event):
    card_id: int
    card: str
    counter: str
    old: int
    new: int

    def line(self) -> str:
        return f"{self.card} {self.counter}: {self.old} -> {self.new}"


@dataclass(slots=True, unsafe_hash=True)
class Attached(Event):
    card_id: int
    card: str
    host_id: int
    host: str

    def line(self) -> str:
        return f"{self.card} attached to {self.host}"


@dataclass(slots=True, unsafe_hash=True)
class Detached(Event):
    card_id: int
    card: str
    host: str

    def line(self) -> str:
        return f"{self.card} came off {self.host}"


@dataclass(slots=True, unsafe_hash=True)
class Displayed(Event):
    lines: tuple[str, ...]

    def line(self) -> str:
        return "\n".join(self.lines)


@dataclass(slots=True, unsafe_hash=True)
class Triggered(Event):
    player: int | None
    card_id: int | None  # None: an ability run by a card's name, with no card in play
    card: str
    on: str  # the event

    def line(self) -> str:
        return f"{_p(self.player)}: {self.card} resolves (on {self.on})"


@dataclass(slots=True, unsafe_hash=True)
class Ended(Event):
    reason: str

    def line(self) -> str:
        return f"The game ends: {self.reason}"


@dataclass(slots=True, unsafe_hash=True)
class Acted(Event):
    """A game verb called (told only to a listener that asks for the game's acts: a table)."""

    player: int
    verb: str
    args: tuple[tuple[str, Any], ...]  # (parameter, value as plain data), in the parameters' order


@dataclass(slots=True, unsafe_hash=True)
class Done(Event):
    """A game verb's call has ended."""

    player: int
    verb: str


@dataclass(slots=True, unsafe_hash=True)
class AbilityDone(Event):
    """A card ability has finished resolving (its start is its `Triggered`)."""

    player: int | None
    card_id: int | None


def row(e: Event) -> tuple:
    """E as a row, its kind then its values: what the log's digest is taken over (`json.dumps` of the rows),
    the same as when events were plain tuples."""
    return (type(e).__name__, *_values(e))


def rows(log: list[Event] | None) -> list[tuple] | None:
    """Each event of LOG as a row (None for no log)."""
    return None if log is None else [row(e) for e in log]


def render_event(state: GameState, e: Event) -> str:
    """E's line in a text log."""
    return e.line()


def event_dict(e: Event) -> dict[str, Any]:
    """A JSON-ready form of an event, stable across runs (for --log FILE.jsonl)."""
    return e.as_dict()


def _visible(zone, viewer: int | None, arriving: bool = False) -> bool:
    """Whether VIEWER sees a card in ZONE; ARRIVING: a card just put on top (a face-up discard pile shows it)."""
    vis = zone.spec.visibility
    return vis == "public" or (vis == "owner" and viewer is not None and zone.owner == viewer) or \
        (arriving and vis == "top public")


def seat_event(state: GameState, e: Event, seat: int | None) -> Event | None:
    """Event E as SEAT knows it (SEAT None: what every seat knows), or None when that seat learns nothing.

    This is the one place that decides what a seat may see of the log; a seat's terminal and its agent's
    `View.events()` both read it, and scenarios check it with `expect_log for p2 "..."`. The event keeps its
    class; what the seat may not know becomes None:
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
    t = type(e)
    if t is Moved:
        zones = {z.label: z for z in state.all_zones()}
        src, dst = zones.get(e.src.split("@")[0]), zones.get(e.dst.split("@")[0])  # "p1.board@3,1": a slot
        if (src is not None and _visible(src, seat)) or (dst is not None and _visible(dst, seat, "@" not in e.dst)):
            return e
        return Moved(None, None, e.src, e.dst)
    if t is Shuffled:
        return Shuffled(e.zone, None)
    if t is Decided and e.player != seat:
        if e.how == "private":
            return None
        return Decided(e.player, e.tag, None, None)
    if t is Created:
        return None
    if (t is Triggered or t is AbilityDone) and e.player != seat:  # a reaction resolving from a
        return None  # hand would name a hidden card
    if t is Peeked and e.player != seat:  # only the one who looked learns what it was
        return Peeked(e.player, (None,) * len(e.cards), e.zones)
    return e


def render_event_for(state: GameState, e: Event, viewer: int | None) -> str | None:
    """A log line as one seat may see it (VIEWER None: what every seat sees), or None to hide it."""
    known = seat_event(state, e, viewer)
    return None if known is None else known.line()


def tell_phase(state: GameState, name: str) -> None:
    """Tell whoever reads the game that the turn's player entered phase NAME (the caller tested that someone
    does: state.log or state.listeners)."""
    state.emit(Phase(state.current, name))


def tell_revealed(state: GameState, player: int, cards) -> None:
    """Tell whoever reads the game that PLAYER revealed CARDS (the caller tested that someone does: state.log
    or state.listeners); a seat's observer learns which cards from `state.last_reveal` (runtime/observer.py)."""
    cards = list(cards)
    state.last_reveal = cards
    state.emit(Revealed(player, tuple(state.card_def[c].name for c in cards)))
