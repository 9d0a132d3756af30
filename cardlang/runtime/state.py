"""Game state: cards, zones, counters, the RNG and the event log. Knows no source text, no AST, no game.

Hot-path notes: zones are plain lists of card ids with the top at the end (so drawing is `pop()`), a card's
zone is kept in `loc` so every card is always in exactly one zone, and the log is `None` unless someone reads
it, so events cost one attribute test when nobody listens.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

# Visibility of a zone's contents to players: who may see which card is where.
PUBLIC, OWNER, HIDDEN, TOP_PUBLIC = "public", "owner", "hidden", "top public"


# Every number a game computes stays below this in size: at most 18 digits, as a number written in a source
# (syntax/literals.py). A sum, product or counter past it is an error naming the card, never a number too long
# to print (Python refuses more than 4,300 digits) or to hold in memory (a square taken a hundred times).
NUMBER_LIMIT = 10 ** 18


class IllegalAction(Exception):
    """An effect asked the runtime for something the state does not allow. Carries no source position."""


class GameOver(Exception):
    """Raised to stop the game at once (a stronghold destroyed, a second palace built)."""


class BreakLoop(Exception):
    """`break` inside a loop."""


@dataclass(slots=True)
class ZoneSpec:
    """A declared zone: one per player or shared, who sees it, whether it holds named piles."""

    name: str
    per_player: bool
    visibility: str = PUBLIC
    ordered: bool = True
    piles: bool = False
    refill: str | None = None      # zone to shuffle in when a draw finds this one empty
    slot: int = 0                  # index of this spec in GameState.zone_specs
    owned: bool = True             # cards in a per-player zone count as the player's own
    description: str = ""
    grid: tuple[int, int] | None = None  # (columns, rows): one card a slot (see runtime/board.py)
    keeps_attachments: bool = False      # attached cards stay attached here (see runtime/board.py)
    shows: tuple[str, ...] = ()          # properties a renderer prints beside each card
    quiet: bool = False                  # bookkeeping: never drawn on the table, its moves never told
    table: str = ""                      # what the table shows of it: cards, prices, top, count, none
    owner_knows: bool = False            # its owner knows which cards it holds, not their order (a bot's reads)


@dataclass(slots=True)
class CounterSpec:
    """A declared counter: per player or shared, with bounds and an optional finite bank behind it."""

    name: str
    per_player: bool
    minimum: int | None = 0
    maximum: int | None = None
    start: int = 0
    bank: int | None = None        # finite supply shared by all players; conserved
    bank_slot: int | None = None   # `bank OTHER`: the slot of the counter whose bank this one draws on
    slot: int = 0
    per_card: bool = False         # one value per card, kept in GameState.card_counters[name]
    numbers: bool = False          # holds a list of numbers (dice), not one number
    flag: tuple[str, str] | None = None   # a yes/no counter's sentences: `flag "have fallen" "have not fallen"`
    of: str | None = None          # per card: the property it is measured against ("damage 4/6")
    quiet: bool = False            # bookkeeping: its changes are not written to the log
    words: tuple[str, str] | None = None  # how rules text names one and several: `called "Honor"` (a mass noun)
    bank_of: str | None = None     # `bank OTHER` as written; resolved to bank_slot when the game loads


class Zone:
    """An ordered pile of card ids; `cards[-1]` is the top."""

    __slots__ = ("spec", "owner", "pile", "cards", "label", "cells")

    def __init__(self, spec: ZoneSpec, owner: int | None, pile: str | None = None) -> None:
        self.spec = spec
        self.owner = owner
        self.pile = pile
        self.cards: list[int] = []
        self.cells: dict[tuple[int, int], int] | None = {} if spec.grid else None  # slot -> card
        if pile is not None:
            self.label = f"{spec.name}[{pile}]"
        elif owner is not None:
            self.label = f"p{owner + 1}.{spec.name}"
        else:
            self.label = spec.name

    def take(self, cid: int) -> None:
        """Remove card CID from this zone (cheapest when it is the top card, as most moves are)."""
        cards = self.cards
        if cards and cards[-1] == cid:
            cards.pop()
            return
        try:
            cards.remove(cid)
        except ValueError:  # pragma: no cover - loc and zones out of step would be an engine bug
            raise IllegalAction(f"card {cid} is not in {self.label}") from None

    def __repr__(self) -> str:
        return f"<Zone {self.label} {len(self.cards)}>"


class CardDef:
    """A card as its source defines it: name, types, properties and compiled abilities."""

    __slots__ = ("index", "name", "types", "props", "printed", "dynamic", "triggers", "watchers", "text", "meta")

    def __init__(self, index: int, name: str, types: frozenset[str]) -> None:
        self.index = index
        self.name = name
        self.types = types
        self.props: dict[str, Any] = {}
        # every property the game declares, as this card prints it or at the game's default (a computed one
        # at its default too: never read so): filled with the game's cards (compile/game.py), read by the
        # pass `printed-table` as `printed[NAME]`, a subscript where `props.get(NAME, DEFAULT)` is a call
        self.printed: dict[str, Any] = {}
        self.dynamic: dict[str, Callable] = {}   # properties computed from the state (e.g. VP per 10 cards)
        self.triggers: dict[str, Callable] = {}  # event -> effect when this card is the subject
        self.watchers: dict[str, tuple[str, Callable]] = {}  # event -> (zone it must be in, effect)
        self.text: list[str] = []
        self.meta: dict[str, Any] = {}

    def __repr__(self) -> str:
        return f"<CardDef {self.name}>"


def option_labels(options: list, names) -> list[str]:
    """The labels of OPTIONS by NAMES: the game's card definitions by id (the options are card ids), or a
    function of the options giving their labels (a Decision's `labels`, made when first read; a bot's rule that
    names options, answering a decision not built, makes them so too: compile/botgen.py)."""
    return [names[c].name for c in options] if isinstance(names, list) else names(options)


class Decision:
    """One request to an agent: who decides, what about, which options are legal, how many to pick.

    LABELS, what the decider sees for each option, may be left out and NAMES given instead: for a choice of
    cards the game's card definitions by id (the labels are the options' card names), else a function of the
    options giving their labels. They are then made only when someone reads them (most bots never do)."""

    __slots__ = ("player", "tag", "prompt", "kind", "options", "min", "max", "_labels", "_names", "secret",
                 "private", "always")

    def __init__(self, player: int, tag: str, prompt: str, kind: str, options: list, min: int, max: int,
                 labels: list[str] | None = None, secret: bool = False, private: bool = False, *,
                 names: list | None = None, always: bool = False) -> None:
        self.player = player
        self.tag = tag
        self.prompt = prompt
        self.kind = kind            # "cards" | "options" | "yesno" | "players"
        self.options = options      # card ids, labels, or player indices
        self.min = min
        self.max = max
        self._labels = labels if labels is not None or names is not None else []
        self._names = names
        self.secret = secret        # asked inside `simultaneous`: other players learn nothing of it yet
        # `privately`: the rules keep this choice to its player. It is asked whatever the options (even none,
        # even one), so that being asked reveals nothing, and the other seats' view of the log has no line for it.
        self.private = private
        # asked always: with nothing to pick it is still logged as asked (its answer, none, needs no agent), so
        # that whether it was asked tells nothing (options picked from a zone others cannot see by what they are)
        self.always = always

    @property
    def labels(self) -> list[str]:
        got = self._labels
        if got is None:
            got = self._labels = option_labels(self.options, self._names)
        return got

    @labels.setter
    def labels(self, value: list[str]) -> None:
        self._labels = value

    def labels_of(self, picks) -> tuple[str, ...]:
        """The labels of the options at PICKS. Made for those alone when no label is made yet and NAMES are the
        card definitions: the record of an answer reads the definitions of the cards picked, not of every card
        offered (a world's replay then reads no card it need not: runtime/worlds.py, Dealer)."""
        got = self._labels
        if got is None:
            names = self._names
            if isinstance(names, list):
                opts = self.options
                return tuple([names[opts[i]].name for i in picks])
            got = self.labels
        return tuple([got[i] for i in picks])

    def _key(self) -> tuple:
        return (self.player, self.tag, self.prompt, self.kind, self.options, self.min, self.max, self.labels,
                self.secret, self.private)

    def __eq__(self, other: object) -> bool:
        return self._key() == other._key() if isinstance(other, Decision) else NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass it was

    def __repr__(self) -> str:
        return (f"Decision(player={self.player!r}, tag={self.tag!r}, prompt={self.prompt!r}, kind={self.kind!r}, "
                f"options={self.options!r}, min={self.min!r}, max={self.max!r}, labels={self.labels!r}, "
                f"secret={self.secret!r}, private={self.private!r})")

    @property
    def nothing_to_pick(self) -> bool:
        """A (private) question with no option to pick: its answer is known, so a person is not asked to type it."""
        return not self.options and self.min == 0


_ALL_IN: dict[int, tuple] = {}  # seat_tables with nobody out, by the number of players (GameState)


def seat_tables(out: list[bool]) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """For each seat P, OUT saying who is out: the seats still in round the table from P's left (`others`), and
    the same from P on (`players`: P first, if still in). What primitives/values.py others_of works out."""
    n = len(out)
    return ([tuple((p + i) % n for i in range(1, n) if not out[(p + i) % n]) for p in range(n)],
            [tuple((p + i) % n for i in range(n) if not out[(p + i) % n]) for p in range(n)])


class StatePlan:
    """What every new state of a game of NUM_PLAYERS starts with, worked out once (compile/compiled.py keeps one
    for each number of players the game is played with; set-up is a tenth of a short game): each zone's spec,
    owner and label by slot, the counters' starting rows, the banks, the names of the per-card counters."""

    __slots__ = ("plan", "counters", "banks", "per_card")

    def __init__(self, zone_specs: list[ZoneSpec], counter_specs: list[CounterSpec], num_players: int) -> None:
        self.plan = tuple(tuple((spec, p, f"p{p + 1}.{spec.name}", bool(spec.grid)) for p in range(num_players))
                          if spec.per_player else ((spec, None, spec.name, bool(spec.grid)),)
                          for spec in zone_specs)
        self.counters = tuple([()] * (num_players if c.per_player else 1) if c.numbers else
                              [c.start] * (num_players if c.per_player else 1) for c in counter_specs)
        self.banks = [c.bank for c in counter_specs]
        self.per_card = tuple(c.name for c in counter_specs if c.per_card)

    def zones(self) -> list[list[Zone]]:
        """A new zone of each spec and owner, empty: Zone's fields set here, with the labels made once."""
        new = Zone.__new__
        out = []
        for specs in self.plan:
            row = []
            for spec, owner, label, grid in specs:
                z = new(Zone)
                z.spec, z.owner, z.pile, z.cards, z.label = spec, owner, None, [], label
                z.cells = {} if grid else None
                row.append(z)
            out.append(row)
        return out


class GameState:
    """Everything that changes during a game.

    Its fields are slots: generated code reads and sets them at every step (`_state.steps`, `.loc`, `.check`),
    and an instance dict of more than 30 keys is no longer shared between instances (CPython 3.11), so each
    read went through a hashed lookup; a slot is read at a fixed offset. runtime/stepping.py copy_state names
    every field (SHARED, COPIED), and tests/runtime/test_stepping.py checks that those are the slots."""

    __slots__ = ("defs", "def_by_name", "num_players", "rng", "seed", "card_def", "loc", "zone_specs", "zone_slot",
                 "counter_specs", "zones", "piles", "pile_order", "empty_known", "counters", "banks",
                 "card_counters", "cell", "host", "attached", "fixed_dice", "variants", "modifying", "ids_of",
                 "current", "turns", "turn_number", "phase", "out", "others", "around", "winners", "ended_by",
                 "log", "listeners", "acts", "check", "steps", "depth", "step_budget", "card_limit", "agents",
                 "views", "chance", "claims", "peeked", "immune", "secret", "checking", "vars", "last_reveal",
                 "tape", "replay", "on_turn")

    def __init__(self, *, defs: list[CardDef], zone_specs: list[ZoneSpec], counter_specs: list[CounterSpec],
                 num_players: int, seed: int, log: bool = False, def_by_name: dict[str, CardDef] | None = None,
                 zone_slot: dict[str, int] | None = None, plan: "StatePlan | None" = None) -> None:
        # DEF_BY_NAME and ZONE_SLOT: those of DEFS and ZONE_SPECS, and PLAN, the zones and counters every state
        # of this many players starts with, when the game keeps them for all its states
        if plan is None:
            plan = StatePlan(zone_specs, counter_specs, num_players)
        self.defs = defs
        self.def_by_name = {d.name: d for d in defs} if def_by_name is None else def_by_name
        self.num_players = num_players
        self.rng = random.Random(seed)
        self.seed = seed
        self.card_def: list[CardDef] = []     # card id -> its definition
        self.loc: list[Zone] = []             # card id -> the zone it is in
        self.zone_specs = zone_specs
        self.zone_slot = {spec.name: i for i, spec in enumerate(zone_specs)} if zone_slot is None else zone_slot
        self.counter_specs = counter_specs
        # zones[slot][player or 0]; shared zones keep one entry
        self.zones: list[list[Zone]] = plan.zones()
        self.piles: dict[tuple[int, str], Zone] = {}
        self.pile_order: dict[int, list[Zone]] = {}
        # `empty_piles`' answers by zone slot (primitives/functions.py), kept until a pile may have lost its last
        # card or had one added: every mutator that empties a pile, or adds to one, sets it back to None
        self.empty_known: dict[int, int] | None = None
        # counters[slot][player or 0] (a number list's: a tuple each), from their start values
        self.counters: list[list[int]] = [*map(list.copy, plan.counters)]
        self.banks: list[int | None] = plan.banks.copy()
        # per-card counter name -> card id -> value; a card at its start value has no entry. One table per
        # counter, made here and never replaced: generated code reads `card_counters[NAME].get(card, START)`
        # (no key to build per card) and may keep the table's `get` in a local for a whole loop
        self.card_counters: dict[str, dict[int, int]] = {n: {} for n in plan.per_card} if plan.per_card else {}
        self.cell: dict[int, tuple[int, int]] = {}  # card id -> its slot, for cards in grid zones
        self.host: dict[int, int] = {}               # attached card -> the card it is attached to
        self.attached: dict[int, list[int]] = {}     # card -> the cards attached to it, in order
        self.fixed_dice: list[int] = []              # outcomes a test queued; rolls take these first
        self.variants: frozenset[str] = frozenset()  # the game's variants chosen for this game
        self.modifying: list | None = None           # [card, property, total] while modifiers are summed
        # card ids derived from card_def alone, made when first asked (runtime/abilities.py): by a set of
        # definition indexes (modifiers), by ("on", EVENT) the cards with an `on EVENT` ability; card_def grows
        # only at set-up, and this is emptied whenever it does
        self.ids_of: dict[frozenset[int] | tuple[str, ...], Any] = {}
        self.current = 0
        self.turns = [0] * num_players
        self.turn_number = 0
        self.phase = ""
        self.out = [False] * num_players      # eliminated players are skipped
        # `others` and `players` as each seat reads them (seat_tables), made again whenever a player goes out
        # (primitives/core.py Eliminate): generated code reads them instead of working them out at each use.
        # Nobody out: the tables every game of this many players starts with (never changed in place)
        self.others, self.around = _ALL_IN.get(num_players) or _ALL_IN.setdefault(num_players, seat_tables(self.out))
        self.winners: list[int] | None = None
        self.ended_by: str | None = None      # which end condition ended the game (the `Ended` event)
        self.log: list[Any] | None = [] if log else None  # runtime/events.py
        self.listeners: list[Callable[[Any], None]] = []
        # someone asked for the game's acts as well (a verb called and done, an ability done: runtime/events.py
        # Acted, Done, AbilityDone), to tell the game in its own words (a table); `listen(..., acts=True)`
        self.acts = False
        self.check: Any = None  # the invariant checker, told of every mutation (runtime/checker.py)
        self.steps = 0
        self.depth = 0                        # abilities resolving inside each other
        self.step_budget = 200_000
        self.card_limit = 100_000             # cards in one game, however many a source creates
        self.agents: list[Any] = []
        self.views: list[Any] | None = None   # each seat's View (runtime/decisions.py), made at the first question
        self.chance: Any = None               # answers `by chance` decisions when set (a script); else the RNG
        self.claims: list[tuple[int, str]] = []  # every claim made so far, in order: (player, card name); public
        self.peeked: dict[int, set[int]] = {}    # card id -> players who were shown it, until it moves
        self.immune = False
        self.secret = False                   # inside a `simultaneous` block: decisions are secret
        self.checking = False                 # a scenario's check is reading: reading must not refill a deck
        self.vars: dict[str, Any] = {}        # game-level values (e.g. the kingdom pool)
        self.last_reveal: list[int] = []
        # a game you can step, copy and search (runtime/stepping.py): every answer an agent gave since the
        # turn began, when someone keeps them; recorded answers to give before any agent is asked again; and
        # what to call at each turn's start (a checkpoint). None, each read with one test, when nobody does
        self.tape: list[list[int]] | None = None
        self.replay: Any = None
        self.on_turn: Callable[["GameState"], None] | None = None

    # ---- zones
    def zone(self, slot: int, player: int | None) -> Zone:
        row = self.zones[slot]
        return row[player] if len(row) > 1 or self.zone_specs[slot].per_player else row[0]

    def pile(self, slot: int, name: str) -> Zone:
        key = (slot, name)
        z = self.piles.get(key)
        if z is None:  # (Zone's fields set here: a call fewer for each pile a set-up makes)
            spec = self.zone_specs[slot]
            z = Zone.__new__(Zone)
            z.spec, z.owner, z.pile, z.cards, z.label = spec, None, name, [], f"{spec.name}[{name}]"
            z.cells = {} if spec.grid else None
            self.piles[key] = z
            self.pile_order.setdefault(slot, []).append(z)
            self.empty_known = None  # (a new pile, empty until a card comes)
        return z

    def all_zones(self) -> list[Zone]:
        out = [z for row in self.zones for z in row]
        out.extend(self.piles.values())
        return out

    def spend(self, steps: int, what: str) -> None:
        """Charge STEPS to the step budget before doing WHAT (a statement whose cost grows with a number
        from a source: `create 1000000000 X`); refuse it whole, before any of it is done, if it would
        pass the budget."""
        if steps > self.step_budget - self.steps:
            raise IllegalAction(f"{what} would pass the step budget of {self.step_budget:,} steps")
        self.steps += steps

    def new_card(self, d: CardDef, zone: Zone) -> int:
        cid = len(self.card_def)
        self.card_def.append(d)
        if self.ids_of:
            self.ids_of.clear()
        self.loc.append(zone)
        zone.cards.append(cid)
        if zone.pile is not None:
            self.empty_known = None
        return cid

    def name_of(self, cid: int) -> str:
        return self.card_def[cid].name

    def listen(self, listener: Callable[[Any], None], *, acts: bool = False) -> None:
        """Call LISTENER with every event of this game from now on (ACTS: the game's acts too)."""
        self.listeners.append(listener)
        self.acts = self.acts or acts

    def emit(self, event: Any) -> None:
        if self.log is not None:
            self.log.append(event)
        for listener in self.listeners:
            listener(event)

    def owner_of(self, cid: int) -> int | None:
        return self.loc[cid].owner

    def counter_value(self, slot: int, player: int | None) -> int:
        row = self.counters[slot]
        return row[player] if self.counter_specs[slot].per_player else row[0]


class Ctx:
    """What a running effect can see: the state, whose effect it is, the card resolving, local names."""

    __slots__ = ("state", "you", "card", "vars", "source")

    def __init__(self, state: GameState, you: int, card: int | None = None,
                 vars: dict[str, Any] | None = None, source: str = "") -> None:
        self.state = state
        self.you = you
        self.card = card
        self.vars = vars if vars is not None else {}
        self.source = source

    def child(self, *, you: int | None = None, card: int | None = None, source: str | None = None) -> "Ctx":
        return Ctx(self.state, self.you if you is None else you, self.card if card is None else card,
                   dict(self.vars), self.source if source is None else source)
