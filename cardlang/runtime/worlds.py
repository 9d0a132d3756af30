"""Worlds a seat could believe: a full position consistent with everything one seat knows (its Observer,
runtime/observer.py), so that a search plays on a copy that reads no card its seat cannot see. Knows no game,
no source, no compiler.

A world keeps every card id where it truly is (places are public) and deals afresh the DEFINITIONS of the
cards the seat cannot identify: each of the observer's bags deals its definitions to its members at random.
So every hidden zone keeps its size, its identified cards where they are (a card a private look left on top stays
on top) and the multisets the seat knows; the pools (`state.vars`) and the game's whole multiset of cards are
untouched. `sample_world` reads the state only for the ids of the cards (no definition of a hidden card).

A position in the middle of a turn is its turn's start and the answers given since (stepping.Checkpoint). A
world is that start with the sampled definitions, the answers replayed, and its RNG reseeded from the
searcher's own at the decision, so that its future is not the true one. The sample is drawn from the
observer's knowledge as the turn began, the cards identified since then kept as they are: the replay then
shows the seat what it was shown. A replay may still not fit (a hidden card that changed what an earlier
question offered: stepping.Diverged), or show the seat something else (its observation at the decision differs):
such a world is not one the seat could believe, and another is drawn. A decision during set-up has no world
(NoWorld): its position is taken before set-up, which played again would deal the true cards.

A search deals many worlds for one decision (`Dealer`): what they share is found once, and the check, which
costs a replay with the seat's observer listening, is made only for a world whose replay read the definition
of a card dealt afresh (otherwise it replays the truth's turn event for event: see Dealer).
"""
from __future__ import annotations

import random
from cardlang.runtime.observer import KnowledgeError, Observer
from cardlang.runtime.state import CardDef, GameState
from cardlang.runtime.stepping import Checkpoint, Diverged, play_on
from cardlang.runtime.zones import shuffle_list

TRIES = 8  # worlds drawn for one decision before giving up (NoWorld)


class NoWorld(Diverged):
    """No world drawn for a decision replayed to it as the seat saw it. The caller decides without a world
    (a search plays its rollout policy's choice); the truth is never used instead."""


class _Arrived(BaseException):
    """Stops a trial replay at the decision (a BaseException: no handler an effect has may catch it)."""


def sample_world(state: GameState, observer: Observer, rng: random.Random, *,
                 keep: dict[int, CardDef] | None = None) -> dict[int, CardDef]:
    """A definition for every card OBSERVER's seat cannot identify, dealt at random from the bag it belongs to.

    KEEP: cards known since the observer's knowledge was taken (a later observer's `known`): each keeps that
    definition, taken out of its bag before the rest is dealt. STATE gives nothing here but its card count
    (the observer's own state when it is the one a world is built on)."""
    out: dict[int, CardDef] = {}
    for members, pool in _bag_pools(observer, keep):
        rng.shuffle(pool)
        out.update(zip(members, pool))
    if len(state.card_def) < len(observer.state.card_def):
        raise ValueError("the state has fewer cards than the observer knows of")
    return out


def _start_of(checkpoint: Checkpoint, observer: Observer) -> Observer:
    if checkpoint.kind != "turn":
        # A position taken before set-up has no cards yet to deal again: played again, set-up would deal the
        # true cards, and a world would be the truth. A decision during set-up has no world.
        raise NoWorld("a decision during set-up has no world (set-up played again deals the true cards)")
    start = observer.at(checkpoint)
    if start is None:
        raise ValueError(f"p{observer.seat + 1}'s observer kept no knowledge from this position's start "
                         f"({checkpoint.kind} {checkpoint.turn_number}): take the checkpoint in the same turn")
    return start


def resume_world(checkpoint: Checkpoint, game, observer: Observer, rng: random.Random, agents: list, *,
                 relabel: dict[int, CardDef] | None = None, check: bool = True,
                 until: tuple[int, str] | None = None) -> GameState:
    """One world, not yet tried: CHECKPOINT's start with definitions dealt from OBSERVER's knowledge (or
    RELABEL), AGENTS seated, to be played on with `stepping.play_on`. At the decision the replay comes back to,
    the world's RNG is reseeded from RNG. With CHECK, the seat's observation there is compared with OBSERVER's
    first (the world's observer for the seat is then `Observer.of(world, seat)`): a world that shows the seat
    anything else raises Diverged from inside play_on, as a replay that does not fit always does (draw
    another). Without CHECK the world is as fair (it is dealt from the seat's knowledge alone) and cheaper,
    but may show the seat what it was not shown (a card another seat chose by place). UNTIL, the decision's
    (player, tag): a world that comes back to another decision first (one the truth did not ask) raises
    Diverged too; a search passes it, so that its root is the decision it searches."""
    start = _start_of(checkpoint, observer)
    if relabel is None:
        relabel = sample_world(checkpoint.state, start, rng, keep=observer.known)
    seed = rng.getrandbits(64)
    if not check:
        return checkpoint.resume(game, agents, relabel=relabel, done=lambda s: s.rng.seed(seed), until=until)
    return _checked(checkpoint, game, start, observer.observation(), agents, relabel, seed, until)


def _checked(checkpoint: Checkpoint, game, start: Observer, target: tuple, agents: list,
             relabel: dict[int, CardDef], seed: int, until, *, keep_start: bool = True) -> GameState:
    """The world RELABEL of CHECKPOINT, its seat's observer (a copy of START) listening to its replay, compared
    with TARGET at the decision (Diverged if it differs), then its RNG seeded with SEED. KEEP_START: the
    observer keeps its knowledge at each turn's start (for a caller that searches in the world in turn)."""
    world = checkpoint.resume(game, agents, relabel=relabel, done=lambda s: _arrive(s, seen_by, target, seed),
                              until=until)
    seen_by = start.copy_to(world, keep_start=keep_start)
    return world


def _arrive(state: GameState, seen_by: Observer, target: tuple, seed: int | None) -> None:
    if seen_by.observation() != target:
        raise Diverged("the world showed the seat something it was not shown")
    if seed is None:
        raise _Arrived()
    state.rng.seed(seed)  # its future is the search's, not the true game's


def world_from(checkpoint: Checkpoint, game, observer: Observer, rng: random.Random, agents: list, *,
               tries: int = TRIES, until: tuple[int, str] | None = None) -> GameState:
    """A world the seat could believe at CHECKPOINT's decision, tried before it is handed out: up to TRIES worlds
    are dealt, each replayed to the decision (and its observation there compared with OBSERVER's); the first
    that fits is returned as a fresh copy, AGENTS seated, to be played on with `stepping.play_on` (the replay
    again, then the RNG reseeded from RNG). UNTIL as for resume_world. NoWorld when none fits: never the truth
    instead."""
    start = _start_of(checkpoint, observer)
    target = observer.observation()
    why = ""
    for _ in range(tries):
        relabel = sample_world(checkpoint.state, start, rng, keep=observer.known)
        trial = checkpoint.resume(game, agents, relabel=relabel,
                                  done=lambda s: _arrive(s, seen_by, target, None), until=until)
        seen_by = start.copy_to(trial)
        try:
            play_on(game, trial)
        except _Arrived:
            return resume_world(checkpoint, game, observer, rng, agents, relabel=relabel, until=until)
        except Diverged as e:
            why = str(e)
            continue
        why = "the game ended before the decision"
    raise NoWorld(f"no world of {tries} fits what p{observer.seat + 1} was shown (last: {why})")


# ---- many worlds of one decision (a search's)

class Unsure(BaseException):
    """A world dealt by `Dealer.world` whose replay read a dealt card's definition: it may show the seat what it
    was not shown, so it is dealt again, the same, and checked in full (`Dealer.again`). A BaseException: it is
    raised inside the replay, where no handler an effect has may catch it."""


class _Defs(list):
    """A world's `card_def` while its replay runs (`_Watched`): notes whether a dealt card's definition is read."""

    __slots__ = ("dealt", "read")


class _Seen(_Defs):
    """A watched card_def once its world reached the decision: read at C speed by whoever still holds it (a
    frame of the running turn, its decision's labels)."""

    __slots__ = ()


class _Watched(_Defs):
    __slots__ = ()

    def __getitem__(self, i):
        if i.__class__ is not int or i < 0 or i in self.dealt:  # (a slice or a negative index: counted as read)
            self.read = True
        return list.__getitem__(self, i)

    def _all(name):  # a method that reads every definition (iteration, a search, a copy): counted as read
        plain = getattr(list, name)

        def read_all(self, *args):
            self.read = True
            return plain(self, *args)
        read_all.__name__ = name
        return read_all

    __iter__ = _all("__iter__")
    __reversed__ = _all("__reversed__")
    __contains__ = _all("__contains__")
    index = _all("index")
    count = _all("count")
    copy = _all("copy")
    pop = _all("pop")
    del _all


class Dealer:
    """The worlds of one decision, for a search that deals many of them: what is the same for all (the seat's
    knowledge as the turn began, each bag's cards and definitions, its observation at the decision) found once.
    `world(agents, rng)` deals one as `resume_world` does (the same draws of RNG: the same world), and most often
    without the cost of its check, by this argument:

    A world differs from the true position only in the definitions of the dealt cards. If its replay reads none
    of them, it is the truth's replay, event for event and card id for card id. (The replay keeps a listener, so
    every move, shuffle and reveal builds its event, which reads the card's definition for its name; the world's
    `card_def` is watched while it replays.) The seat's observer, hearing those same events, would then know
    the same as the true one, unless it read a dealt definition itself: it reads a card's definition when the
    card is shown to it (a move into a zone it sees, a peek, a top card), so it needs that every card shown to
    it since the turn began is one it identifies still (then it is kept, not dealt: `trusted`). Both holding, the
    world shows the seat exactly its observation: no observer need listen and nothing need be compared.
    Otherwise (a dealt card read while replaying, or a card shown this turn and forgotten since) `world` raises
    Unsure from inside play_on and `again` deals the same world once more, this time checked in full
    (resume_world's check). tests/runtime/test_dealer.py holds the shortcut to the full check.

    Whether a replay reads a dealt card is the same for every world of the decision (`sure`), so the first world
    that comes back to it answers for all: every world deals the same cards (the bags' members), only their
    definitions differ, so two worlds replay alike up to the first read of a dealt card, which is then the same
    read in both. After a first world that read none, the others are replayed unwatched; after one that read
    one, each is checked in full from the start (no replay spent to find out again)."""

    def __init__(self, checkpoint: Checkpoint, game, observer) -> None:
        self.checkpoint = checkpoint
        self.game = game
        self.observer = observer
        self.start = start = _start_of(checkpoint, observer)
        keep = observer.known
        # each bag's cards not known since, and the definitions left to deal them (sample_world, made once)
        self.plan: list[tuple[list[int], list[CardDef]]] = list(_bag_pools(start, keep))
        self.trusted = all(c in keep for c in observer.shown)
        self._target: tuple | None = None  # the seat's observation, made when a world is checked in full
        self.relabel: dict[int, CardDef] = {}
        self.seed = 0
        self.rechecked = 0  # worlds dealt again and checked in full
        # whether this decision's replays read no dealt card (see above): None until a world came back to it
        self.sure: bool | None = None

    def deal(self, rng: random.Random) -> dict[int, CardDef]:
        """`sample_world(state, start, rng, keep=known)`: the same draws, the same definitions."""
        out: dict[int, CardDef] = {}
        for members, pool in self.plan:
            pool = pool[:]
            shuffle_list(rng, pool)  # rng.shuffle's very permutation, from its very draws, without a call a card
            out.update(zip(members, pool))
        return out

    def world(self, agents: list, rng: random.Random, *, until: tuple[int, str] | None = None) -> GameState:
        """A world as `resume_world(checkpoint, game, observer, rng, agents, until=UNTIL)` makes it, played on
        with play_on; Unsure from play_on when it must be checked (`again`)."""
        self.relabel = relabel = self.deal(rng)
        self.seed = seed = rng.getrandbits(64)
        if not self.trusted or self.sure is False:
            return self.again(agents, until=until)
        if self.sure:  # replayed as the truth was, to the same state: quietly (no event built for nobody)
            return self.checkpoint.resume(self.game, agents, relabel=relabel, done=lambda s: s.rng.seed(seed),
                                          until=until, quiet=True)
        world = self.checkpoint.resume(self.game, agents, relabel=relabel,
                                       done=lambda s: self._unwatch(s, seed), until=until)
        defs = world.card_def = _Watched(world.card_def)
        defs.dealt = relabel
        defs.read = False
        return world

    def again(self, agents: list, *, until: tuple[int, str] | None = None) -> GameState:
        """The last world dealt, checked in full: the seat's observer listening to its replay, its observation at
        the decision compared (Diverged from play_on if it differs)."""
        self.rechecked += 1
        if self._target is None:
            self._target = self.observer.observation()
        return _checked(self.checkpoint, self.game, self.start, self._target, agents, self.relabel, self.seed,
                        until, keep_start=False)  # (nobody searches in a search's world: rollouts play it)

    def _unwatch(self, state: GameState, seed: int) -> None:
        """At the decision: the decision's verdict (`sure`) learned; Unsure if a dealt definition was read; else
        the world's card_def a plain list again (a frame of the running turn may hold the watched one: read
        alike, and nothing writes card_def during play) and its RNG reseeded."""
        defs = state.card_def
        self.sure = not defs.read
        if defs.read:
            raise Unsure()
        state.card_def = list.copy(defs)
        defs.__class__ = _Seen
        state.rng.seed(seed)


def _bag_pools(start: Observer, keep: dict[int, CardDef] | None):
    """For each of START's bags in order: its cards not in KEEP (in id order) and the definitions left for them
    (in definition order: a fixed order, so that a deal is its RNG's alone), as sample_world deals them."""
    for bag in start.bags():
        members = sorted(bag.members)
        defs = bag.defs.copy()
        if keep:
            free = []
            for c in members:
                d = keep.get(c)
                if d is None:
                    free.append(c)
                elif defs.get(d, 0) > 0:
                    defs[d] -= 1
                else:
                    raise KnowledgeError(f"card {c} is known to be {d.name}, which its bag does not hold")
            members = free
        yield members, sorted(defs.elements(), key=lambda d: d.index)
