"""What one seat knows of a game, kept from the events it may see: the per-seat `Observer` that a fair bot,
a world sampler (runtime/worlds.py) and an RL observation read. Knows no game, no source, no compiler.

The knowledge model (the rules this module keeps; tests/runtime/test_observer.py holds it to the truth):

* Card ids are physical cards. Which ids lie in which zone, in what order, and every zone's size are public
  (a player sees the backs of the cards move); a card's DEFINITION is what may be hidden.
* The seat identifies a card (`known`) when it may see it: in a zone it may look into (`public`, or `owner`
  and its own), on top of a `top public` zone, arriving in either (`events.seat_event` names it), or shown to
  it alone (`peek`: `state.peeked`). A card once identified stays identified wherever it goes, until the
  seat loses track of it (below).
* Every card it does not identify belongs to one BAG: a set of card ids and the multiset of definitions they
  hold between them, in some order the seat does not know. A world deals each bag's definitions to its
  members at random (worlds.py).
* Losing track is always by whole zones, never by a card the seat could not tell from the others:
  - a zone the seat may not see is shuffled: every card in it (identified or not) joins one bag;
  - a card leaves a zone the seat may not see (whether or not it is seen arriving): every card of that zone,
    and the card that left, join one bag first (the seat knows a card left, not which one); a card seen
    arriving is then identified again, out of that bag;
  - a refill (`refill Z`): the cards shuffled in join one bag.
  Forgetting is fair; knowing a card's place the seat could not know would leak. So a card put back on top
  of a hidden pile after a peek stays known on top until that pile is shuffled or a card leaves it.
* Creation is public. Every `create` in a game's set-up names its card and zone in the rules text (`create N
  CARD to p.deck`), and the pools it reads from are public (the table shows them), so the seat knows each
  card as it is created; this is how it knows the composition of every hidden pile (an opponent's starting
  deck). `seat_event` drops `Created` from the printed log, where the moves already tell where cards go; the
  observer reads it (the name and zone, as the rules text gives them).
* A zone declared `owner knows` (the seat's own deck) is known to its owner as a multiset: the seat's cards
  there form a bag of their own, read from the state (the declaration says the owner may).
* A card revealed (`reveal`, shown to every seat) is identified like a peeked one: the event names the cards,
  `state.last_reveal` says which (set by the reveal, read at its event). A revealed card put back on top of
  a hidden pile stays known there until the pile is shuffled or a card leaves it.

From the true state the observer reads only what is public (which ids are in which zone, sizes, counters) and
the definitions of cards it may see or was shown. From an event it reads what `seat_event` leaves the seat,
plus, for a card moved unseen, which card id moved (a place, never a name): the ids it then merges carry
nothing a world does not deal afresh.

`observation()` is a plain, comparable value: two positions the seat cannot tell apart give equal ones. It
holds the seat's knowledge (each zone: its cards if visible; else its size, the identified cards by place and
the bags its other cards come from), the public counters and turn, and a digest of every event as the seat knows
it (the same history in the same order: a CRC-32 chained over each event's repr, the same in every process and
run, as an observation must be for the same seed and answers).

An observer is attached before set-up (an agent's `attach(state, seat)`: `Observer.of(state, seat)`), so that
it hears every card created; it is one of the state's listeners, where `Observer.of` finds it again (a copy
of a state has none: `copy_to` gives one the same knowledge). It keeps its knowledge as the current turn
began (`start`), matching the checkpoints of runtime/stepping.py (`at(checkpoint)`), from which a world is
replayed.
"""
from __future__ import annotations

from collections import Counter
from zlib import crc32
from typing import Any, Iterator

from cardlang.runtime.events import Created, Moved, Peeked, Refilled, Revealed, Shuffled, Turn, _visible, seat_event
from cardlang.runtime.state import OWNER, PUBLIC, TOP_PUBLIC, CardDef, GameState, Zone


def _label(z: Zone) -> str:
    return z.label


class KnowledgeError(Exception):
    """The observer's knowledge contradicts what the seat was shown (an engine or observer bug)."""


class Bag:
    """Cards the seat cannot tell apart: their ids and the definitions they hold between them."""

    __slots__ = ("members", "defs")

    def __init__(self, members: set[int], defs: Counter) -> None:
        self.members = members
        self.defs = defs  # CardDef -> how many of the members are one

    def key(self) -> tuple:
        """The bag as the seat may describe it: its definitions by name (ids say nothing)."""
        return tuple(sorted((d.name, n) for d, n in self.defs.items() if n))


def _counted(defs: Counter) -> Counter:
    """A copy of DEFS (Counter(defs) without its Python-level update)."""
    out = Counter.__new__(Counter)
    dict.update(out, defs)
    return out


def _take(bag: Bag, cid: int, d: CardDef, why) -> None:
    """Card CID, a D, leaves BAG (KnowledgeError, saying WHY(), when the bag holds no D: an engine bug)."""
    bag.members.discard(cid)
    n = bag.defs.get(d, 0)
    if n <= 0:
        raise KnowledgeError(why())
    if n == 1:
        del bag.defs[d]
    else:
        bag.defs[d] = n - 1


class Observer:
    """SEAT's knowledge of STATE's game, fed by its events (a listener). See the module docstring."""

    def __init__(self, state: GameState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.known: dict[int, CardDef] = {}
        self.bag_of: dict[int, Bag] = {}
        self.shown: set[int] = set()  # cards identified since the current turn began (worlds.Dealer reads it)
        self.digest = 0
        # (checkpoint kind, turn number) -> this observer's knowledge then; only the latest turn is kept
        self.start: tuple[tuple[str, int], Observer] | None = None
        self.keeps_start = True  # (False: start is left as it is when a turn begins: copy_to)
        self._zones: dict[str, Zone] = {}
        self._owned: list[Zone] = []
        self.dirty = False  # a merge or a new card seen since the own `owner knows` zones were settled
        self._seen: tuple | None = None  # the zones as the seat knows them, until the next event
        if state.card_def:
            raise ValueError("an observer must be attached before set-up creates any card")
        self._begin(state)
        self.start = (("setup", state.turn_number), self._clone(None))
        state.listen(self)

    def _begin(self, state: GameState) -> None:
        self.state = state
        self._zones = {}
        self._owned = [z for z in state.all_zones() if z.spec.owner_knows and z.owner == self.seat
                       and not self.sees(z)]

    @staticmethod
    def of(state: GameState, seat: int) -> "Observer":
        """STATE's observer for SEAT, made (and listening) on the first call, which must come before set-up."""
        for listener in state.listeners:  # (a copy of a state has no listeners, so no observer)
            if type(listener) is Observer and listener.seat == seat:
                return listener
        return Observer(state, seat)

    # ---- copies

    def _clone(self, state: GameState | None) -> "Observer":
        new = Observer.__new__(Observer)
        new.seat = self.seat
        new.known = dict(self.known)
        new.shown = set()
        # each bag copied once, every card mapped to its copy (loops in C: a world checked in full clones one)
        src = self.bag_of
        bags = src.values()
        twins = {i: Bag(set(b.members), _counted(b.defs)) for i, b in dict(zip(map(id, bags), bags)).items()}
        new.bag_of = dict(zip(src, map(twins.__getitem__, map(id, bags))))
        new.digest = self.digest
        new.start = None
        new.keeps_start = True
        new.state = self.state
        new._zones = {}
        new._owned = self._owned
        new.dirty = True
        new._seen = None
        if state is not None:
            new._begin(state)
        return new

    def copy_to(self, state: GameState, *, keep_start: bool = True) -> "Observer":
        """This knowledge, listening to STATE from now on (a copy of this game's position: stepping.py), as
        STATE's observer for this seat. Without KEEP_START it keeps no knowledge of the turns that begin (`at`
        then finds none): an observer that only checks what a replay shows the seat (worlds.Dealer) needs none."""
        new = self._clone(state)
        new.start = self.start
        new.keeps_start = keep_start
        state.listen(new)
        return new

    def at(self, checkpoint: Any) -> "Observer | None":
        """This observer's knowledge when CHECKPOINT's copy was taken (its turn's start), or None when it no
        longer keeps it (an older turn)."""
        if self.start is None or self.start[0] != (checkpoint.kind, checkpoint.turn_number):
            return None
        return self.start[1]

    # ---- what the seat sees

    def sees(self, zone: Zone) -> bool:
        """Whether the seat may look into ZONE (all of it)."""
        vis = zone.spec.visibility
        return vis == PUBLIC or (vis == OWNER and zone.owner == self.seat)

    def zone(self, label: str) -> Zone | None:
        label = label.split("@")[0]  # "p1.board@3,1": a slot of a grid
        z = self._zones.get(label)
        if z is None:
            self._zones = {x.label: x for x in self.state.all_zones()}  # a pile made since
            z = self._zones.get(label)
        return z

    def bags(self) -> list[Bag]:
        """Every bag, in a fixed order (by its smallest card id)."""
        seen: dict[int, Bag] = {}
        for b in self.bag_of.values():
            seen.setdefault(id(b), b)
        return sorted(seen.values(), key=lambda b: min(b.members))

    # ---- events

    def __call__(self, e: Any) -> None:
        self._seen = None
        t = type(e)
        if t is Created:  # public: the rules text names the card and the zone (module docstring)
            self.known[e.card_id] = self.state.card_def[e.card_id]
            self.digest = crc32(repr(e).encode(), self.digest)
            return
        if t is Turn:  # a checkpoint is taken just before (stepping.Recorder): keep the knowledge it matches
            if self.keeps_start:
                self.start = (("turn", self.state.turn_number - 1), self._clone(None))
            self.shown = set()
        if t is Moved:  # as seat_event decides it, with the zones found once (not a table per move)
            src, dst = self.zone(e.src), self.zone(e.dst)
            seat = self.seat
            k = e if ((src is not None and _visible(src, seat)) or
                      (dst is not None and _visible(dst, seat, "@" not in e.dst))) else Moved(None, None, e.src, e.dst)
        else:
            k = seat_event(self.state, e, self.seat)
            if k is None:
                return
        self.digest = crc32(repr(k).encode(), self.digest)
        if t is Moved:
            self._moved(e, k, src, dst)
        elif t is Shuffled:
            z = self.zone(e.zone)
            if z is not None and not self.sees(z):
                self._merge(z.cards)
                self._show_top(z)
        elif t is Refilled:
            z = self.zone(e.zone)
            if z is not None and not self.sees(z):
                self._merge(z.cards[:e.count])  # put under what the zone held (zones.refill)
        elif t is Peeked and e.player == self.seat:
            for cid, who in self.state.peeked.items():
                if self.seat in who and cid not in self.known:
                    self._shown(cid)
        elif t is Revealed:  # shown to every seat: which cards, `state.last_reveal` (primitives `reveal`)
            for cid in self.state.last_reveal:
                if cid not in self.known:
                    self._shown(cid)
        else:
            return
        if self.dirty:
            self.dirty = False
            if self._owned:
                self._settle_owned()

    def _moved(self, e: Moved, k: Moved, src: Zone | None, dst: Zone | None) -> None:
        cid = e.card_id  # its place only (public): the cards merged below carry nothing of it
        if self._owned and (src in self._owned or dst in self._owned):
            self.dirty = True
        if src is not None and not self.sees(src) and src is not dst:
            self._merge([*src.cards, cid])  # a card left, and the seat cannot say which
            self._show_top(src)
        if k.card is not None and cid not in self.known:
            self._identify(cid)
        if dst is not None:
            self._show_top(dst)

    def _shown(self, cid: int) -> None:
        """Card CID, in a zone the seat may not see, is shown to it."""
        self._merge(self._unknown(self.state.loc[cid].cards))  # which bag it came from is no more known than that
        self._identify(cid)

    def _unknown(self, cards) -> list[int]:
        known = self.known
        return [c for c in cards if c not in known]

    def _merge(self, cards) -> None:
        """CARDS (identified or not) become cards the seat cannot tell apart: one bag with everything of the
        bags they belong to."""
        known, bag_of = self.known, self.bag_of
        first: Bag | None = None
        bags: dict[int, Bag] | None = None
        loose: list[int] | None = None
        for c in cards:
            if c in known:
                if loose is None:
                    loose = []
                loose.append(c)
                continue
            b = bag_of.get(c)
            if b is None or b is first:
                continue
            if first is None:
                first = b
            else:
                if bags is None:
                    bags = {id(first): first}
                bags.setdefault(id(b), b)
        if loose is None and bags is None:
            return  # the cards were already one bag's (the common case: a draw from a shuffled deck)
        self.dirty = True
        groups = [first] if bags is None else sorted(bags.values(), key=lambda b: len(b.members), reverse=True)
        big = groups[0] if first is not None else Bag(set(), Counter())
        for b in groups[1:]:
            big.members |= b.members
            big.defs.update(b.defs)
            for c in b.members:
                bag_of[c] = big
        if loose:
            defs = big.defs
            for c in loose:
                defs[known.pop(c)] += 1
                bag_of[c] = big
            big.members.update(loose)

    def _identify(self, cid: int) -> None:
        """The seat now sees card CID: out of its bag, its definition known."""
        d = self.state.card_def[cid]
        b = self.bag_of.pop(cid, None)
        if b is not None:
            _take(b, cid, d, lambda: f"p{self.seat + 1} sees {d.name} (card {cid}), which its knowledge says is "
                                     f"not among the cards it could be")
        self.known[cid] = d
        self.shown.add(cid)

    def _show_top(self, z: Zone) -> None:
        """The top card of a `top public` zone is seen."""
        if z.spec.visibility == TOP_PUBLIC and z.cards and z.cards[-1] not in self.known:
            self._merge(self._unknown(z.cards))
            self._identify(z.cards[-1])

    def _settle_owned(self) -> None:
        """The seat's own `owner knows` zones: their unidentified cards form a bag of exactly those cards."""
        bag_of = self.bag_of
        for z in self._owned:
            own = self._unknown(z.cards)
            if not own:
                continue
            b = bag_of[own[0]]
            if len(b.members) == len(own) and all(bag_of[c] is b for c in own):
                continue
            defs: Counter = Counter()
            for c in own:
                d = self.state.card_def[c]  # the declaration: its owner knows which cards it holds
                _take(bag_of[c], c, d, lambda: f"p{self.seat + 1}'s {z.label} holds {d.name}, which its "
                                                f"knowledge says is not among the cards it could be")
                defs[d] += 1
            new = Bag(set(own), defs)
            for c in own:
                bag_of[c] = new

    # ---- reading the knowledge

    def knowledge(self) -> Iterator[tuple[int, CardDef | None, Bag | None]]:
        """Every card id: (id, its definition if identified, else None; its bag, else None)."""
        for cid in range(len(self.state.card_def)):
            yield cid, self.known.get(cid), self.bag_of.get(cid)

    def observation(self) -> tuple:
        """What the seat knows, as a plain value: equal for positions it cannot tell apart."""
        st = self.state
        zones = self._seen
        if zones is None:  # the cards change only by events: made again after the next one
            zones = self._seen = self._zones_seen()
        counters = tuple(tuple(row) for row in st.counters)
        per_card = tuple(sorted((name, tuple(sorted(v.items()))) for name, v in st.card_counters.items()))
        return (self.seat, self.digest, st.current, st.turn_number, tuple(st.turns), tuple(st.out),
                zones, counters, tuple(st.banks), per_card, tuple(st.claims))

    def _zones_seen(self) -> tuple:
        """Each zone as the seat knows it: its cards by name if it may look into it; else its size, the cards
        it identifies by place, and how many of its cards come from each bag (a bag by its definitions)."""
        card_def = self.state.card_def
        known, bag_of = self.known, self.bag_of
        identified = known.get
        bag_keys: dict[Bag, tuple] = {}  # bag -> its key, made once
        zones = []
        for z in sorted(self.state.all_zones(), key=_label):
            cards = z.cards
            if self.sees(z):  # (what a seat may see is decided in one place)
                names = tuple([card_def[c].name for c in cards])
                if z.cells:
                    names = (names, tuple(sorted([(cell, card_def[c].name) for cell, c in z.cells.items()])))
                zones.append((z.label, names))
                continue
            ids = []
            per_bag: dict[Bag, int] = {}  # how many of the zone's cards each bag holds (a bag hashes by identity)
            for i, c in enumerate(cards):
                d = identified(c)
                if d is None:
                    b = bag_of[c]
                    per_bag[b] = per_bag.get(b, 0) + 1
                else:
                    ids.append((i, d.name))
            keys: dict[tuple, int] = {}  # bags alike (the same definitions) counted as one, by their key
            for b, n in per_bag.items():
                key = bag_keys.get(b)
                if key is None:
                    key = bag_keys[b] = b.key()
                keys[key] = keys.get(key, 0) + n
            zones.append((z.label, len(cards), tuple(ids), tuple(sorted(keys.items()))))
        return tuple(zones)

    def check(self) -> None:
        """Raise KnowledgeError unless everything this observer claims is true of its state (for tests): each
        identified card is that card; each bag's definitions are its members' definitions; each visible card
        is identified; every card is identified or in exactly one bag."""
        st = self.state
        for cid, d in self.known.items():
            if st.card_def[cid] is not d:
                raise KnowledgeError(f"p{self.seat + 1} thinks card {cid} is {d.name}; it is {st.card_def[cid].name}")
            if cid in self.bag_of:
                raise KnowledgeError(f"card {cid} is both identified and in a bag")
        for b in self.bags():
            truth = Counter(st.card_def[c] for c in b.members)
            if truth != +b.defs:
                raise KnowledgeError(f"a bag of p{self.seat + 1} says {b.key()}; its cards are "
                                     f"{Bag(b.members, truth).key()}")
        for cid in range(len(st.card_def)):
            if cid not in self.known and cid not in self.bag_of:
                raise KnowledgeError(f"card {cid} is neither identified nor in a bag")
        for z in st.all_zones():
            shown = z.cards if self.sees(z) else z.cards[-1:] if z.spec.visibility == TOP_PUBLIC else ()
            for c in shown:
                if c not in self.known:
                    raise KnowledgeError(f"p{self.seat + 1} sees card {c} in {z.label} but does not know it")
