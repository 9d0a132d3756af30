"""The events of a game: one small slotted class each, named in the past tense, with its log line beside it
(`line()`) and its JSON-ready form (`as_dict()`, for --log FILE.jsonl); and `seat_event`, what one seat may
know of an event.

An event is made only for someone who reads it (the log, a listener): every emitter tests
`state.log is not None or state.listeners` first, so a game nobody watches builds none. The classes are
slotted records made by `@event`, not frozen (a frozen one's __init__ costs twice as much); nothing changes
an event once made, so they are equal and hash by value, as the tuples they replace did (and as the
`dataclass(slots=True, unsafe_hash=True)` they were: the same values, hashes and repr). Every command that
plays imports them, and `dataclass` compiled four methods of each from text (a sixth of importing the
loader): here each __init__ is a compiled template renamed (`_init`), the rest shared by all. Readers use the
field names. Knows no source text, no AST, no game.
"""
from __future__ import annotations

import ast as py
import functools
from types import CodeType, FunctionType
from typing import Any, ClassVar

from cardlang.runtime.state import GameState


def _p(p: int | None) -> str:
    if p is None:
        return "shared"
    return "chance" if p < 0 else f"p{p + 1}"


class Event:
    """An event; FIELDS, its fields' names in order (`@event`); KEYS, when a field's JSON key is not its name
    (`from`, a Python keyword)."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ()
    KEYS: ClassVar[tuple[str, ...] | None] = None

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _values(self) == _values(other)  # type: ignore[arg-type]

    def __hash__(self) -> int:
        return hash(_values(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.FIELDS)
        return f"{type(self).__qualname__}({shown})"

    @property
    def kind(self) -> str:
        return type(self).__name__

    def line(self) -> str:
        """The event's line in a text log (an event with no words of its own: its name and values)."""
        return " ".join(map(str, (self.kind, *_values(self))))

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form of the event, stable across runs (for --log FILE.jsonl)."""
        keys = self.KEYS or self.FIELDS
        out: dict[str, Any] = {"event": self.kind}
        for k, v in zip(keys, _values(self)):
            out[k] = list(v) if isinstance(v, tuple) else v
        return out


def _values(e: Event) -> tuple:
    """E's fields' values, in order."""
    return tuple([getattr(e, n) for n in e.FIELDS])


def event(cls: type) -> type:
    """Make CLS (a subclass of Event) a slotted record of its annotated fields, in order (no defaults; a
    ClassVar is not a field): as `dataclass(slots=True, unsafe_hash=True)` made it, equality, hash and repr
    by value (Event's), made without compiling anything of its own."""
    names = tuple(n for n, t in cls.__dict__.get("__annotations__", {}).items() if not str(t).startswith("ClassVar"))
    if any(n in cls.__dict__ for n in names):
        raise TypeError(f"{cls.__name__}: an event's fields take no default")
    body = {k: v for k, v in cls.__dict__.items() if k not in ("__dict__", "__weakref__")}
    body.update(__slots__=names, FIELDS=names, __match_args__=names, __init__=_init(cls.__qualname__, names))
    made = type(cls.__name__, cls.__bases__, body)
    made.__qualname__ = cls.__qualname__
    made.__init__.__module__ = cls.__module__
    return made


def _init(qualname: str, names: tuple[str, ...]) -> FunctionType:
    """`def __init__(self, A, B): self.A = A; self.B = B`: the compiled template of as many fields with the
    class's own names put in place of the template's, in its arguments and in the attributes it sets (the
    same code `dataclass` made, at a thousandth of the cost of compiling it)."""
    code = _template(len(names))
    slot = {f"_f{i}": n for i, n in enumerate(names)}
    code = code.replace(co_varnames=("self", *names), co_names=tuple(slot.get(n, n) for n in code.co_names),
                        co_filename=f"<event {qualname}>", co_qualname=f"{qualname}.__init__")
    return FunctionType(code, {}, "__init__")


@functools.cache
def _template(count: int) -> CodeType:
    """The code of `def __init__(self, _f0, _f1, ...): self._f0 = _f0; ...` for COUNT fields, compiled once
    for each count (the names are placeholders, the compiler's own: _init puts a class's in their place)."""
    names = [f"_f{i}" for i in range(count)]
    args = py.arguments([], [py.arg("self")] + [py.arg(n) for n in names], None, [], [], None, [])
    body: list[py.stmt] = [py.Assign([py.Attribute(py.Name("self", py.Load()), n, py.Store())], py.Name(n, py.Load()))
                           for n in names] or [py.Pass()]
    ns: dict[str, Any] = {}
    exec(compile(py.fix_missing_locations(py.Module([py.FunctionDef("__init__", args, body, [], None)], [])),
                 "<event>", "exec"), ns)
    return ns["__init__"].__code__


@event
class Moved(Event):
    card_id: int | None  # None: as a seat that sees neither zone knows it
    card: str | None
    src: str  # a zone's label; "p1.board@3,1" for a slot of a grid
    dst: str
    KEYS: ClassVar = ("card_id", "card", "from", "to")

    def line(self) -> str:
        return f"{self.card or 'a card'} moved {self.src} -> {self.dst}"


@event
class Shuffled(Event):
    zone: str
    order: tuple[str, ...] | None  # None: as the seats know it

    def line(self) -> str:
        return f"Shuffled {self.zone}" if self.order is None else f"Shuffled {self.zone}: {', '.join(self.order)}"


@event
class Refilled(Event):
    zone: str
    src: str
    count: int
    KEYS: ClassVar = ("zone", "from", "count")

    def line(self) -> str:
        return f"Refilled {self.zone} from {self.src} ({self.count} cards)"


@event
class Counter(Event):
    counter: str
    player: int | None
    old: Any
    new: Any

    def line(self) -> str:
        return f"{_p(self.player)} {self.counter}: {self.old} -> {self.new}"


@event
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


@event
class Revealed(Event):
    player: int
    cards: tuple[str, ...]

    def line(self) -> str:
        return f"{_p(self.player)} revealed {', '.join(self.cards) or 'nothing'}"


@event
class Turn(Event):
    player: int
    turn: int

    def line(self) -> str:
        return f"== Turn {self.turn} of {_p(self.player)} =="


@event
class Phase(Event):
    player: int
    phase: str

    def line(self) -> str:
        return f"-- {self.phase} phase"


@event
class Created(Event):
    card_id: int
    card: str
    zone: str

    def line(self) -> str:
        return f"{self.card} created in {self.zone}"


@event
class Pool(Event):
    pool: str
    cards: tuple[str, ...]

    def line(self) -> str:
        return f"{self.pool}: {', '.join(self.cards)}"


@event
class GameEnded(Event):
    winners: tuple[int, ...]
    scores: tuple[int, ...]

    def line(self) -> str:
        return f"Game over. Scores: {list(self.scores)}; winners: {', '.join(_p(w) for w in self.winners) or 'none'}"


@event
class Note(Event):
    player: int | None
    text: str

    def line(self) -> str:
        return f"{_p(self.player)}: {self.text}"


@event
class Eliminated(Event):
    player: int

    def line(self) -> str:
        return f"{_p(self.player)} is out"


@event
class FirstTurn(Event):
    player: int

    def line(self) -> str:
        return f"{_p(self.player)} takes the first turn"


@event
class Claimed(Event):
    player: int
    card: str

    def line(self) -> str:
        return f"{_p(self.player)} claims {self.card}"


@event
class Challenged(Event):
    caller: int
    claimant: int
    card: str

    def line(self) -> str:
        return f"{_p(self.caller)} calls {_p(self.claimant)}'s claim of {self.card}"


@event
class Settled(Event):
    claimant: int
    card: str
    caller: int | None
    outcome: str

    def line(self) -> str:
        said = {"stands": "stands", "honest": "was true", "caught": "was a bluff"}.get(self.outcome, self.outcome)
        return f"{_p(self.claimant)}'s claim of {self.card} {said}"


@event
class Peeked(Event):
    player: int
    cards: tuple[str | None, ...]  # (None, ...) as another seat knows it: how many, not which
    zones: tuple[str, ...]

    def line(self) -> str:
        if self.cards and self.cards[0] is None:  # as another seat knows it: how many, not which
            n = len(self.cards)
            return f"{_p(self.player)} looked at {n} card{'s' if n != 1 else ''} ({', '.join(self.zones)})"
        return f"{_p(self.player)} looked at {', '.join(self.cards) or 'nothing'} ({', '.join(self.zones)})"  # type: ignore[arg-type]


@event
class Rolled(Event):
    player: int
    sides: int
    values: tuple[int, ...]

    def line(self) -> str:
        return f"{_p(self.player)} rolled {', '.join(map(str, self.values)) or 'no dice'}"


@event
class CardCounter(Event):
    card_id: int
    card: str
    counter: str
    old: int
    new: int

    def line(self) -> str:
        return f"{self.card} {self.counter}: {self.old} -> {self.new}"


@event
class Attached(Event):
    card_id: int
    card: str
    host_id: int
    host: str

    def line(self) -> str:
        return f"{self.card} attached to {self.host}"


@event
class Detached(Event):
    card_id: int
    card: str
    host: str

    def line(self) -> str:
        return f"{self.card} came off {self.host}"


@event
class Displayed(Event):
    lines: tuple[str, ...]

    def line(self) -> str:
        return "\n".join(self.lines)


@event
class Triggered(Event):
    player: int | None
    card_id: int | None  # None: an ability run by a card's name, with no card in play
    card: str
    on: str  # the event

    def line(self) -> str:
        return f"{_p(self.player)}: {self.card} resolves (on {self.on})"


@event
class Ended(Event):
    reason: str

    def line(self) -> str:
        return f"The game ends: {self.reason}"


@event
class Acted(Event):
    """A game verb called (told only to a listener that asks for the game's acts: a table)."""

    player: int
    verb: str
    args: tuple[tuple[str, Any], ...]  # (parameter, value as plain data), in the parameters' order


@event
class Done(Event):
    """A game verb's call has ended."""

    player: int
    verb: str


@event
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
