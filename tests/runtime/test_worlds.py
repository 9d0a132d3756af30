"""Worlds a seat could believe (cardlang/runtime/worlds.py). In random games of the four games at every player
count, at many decisions, a world replayed to the decision keeps every card in exactly one zone, each zone's
size, what the seat sees (its visible zones card for card), the pools, the game's whole multiset of cards, and
the seat's observation; its observer's knowledge is true in it; and it is not the truth (the hidden cards are
dealt again). On a table made by hand, a card a peek showed on top stays there in every world. A world that
cannot be replayed as the seat saw it is refused, never replaced by the truth."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from cardlang.compile.game import load_game
from cardlang.runtime import zones as Z
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game
from cardlang.runtime.invariants import check_state
from cardlang.runtime.observer import Observer
from cardlang.runtime.stepping import Diverged, Recorder, game_key, play_on
from cardlang.runtime.worlds import NoWorld, resume_world, sample_world, world_from
from tests.runtime.test_observer import dealt, peek, zone

GAMES = ("dominion", "warring-kingdom", "greedy-kingdoms", "fall-of-kingdoms")


class _Stop(BaseException):
    def __init__(self, state) -> None:
        self.state = state


class Stopper:
    """Seated at the deciding seat of a world: stops it at the decision, handing out the world there."""

    name = "stopper"

    def decide(self, view, decision):
        raise _Stop(view.rules_state)


def world_at_decision(game, checkpoint, observer, rng, until=None):
    world = world_from(checkpoint, game, observer, rng, [RandomAgent(9)] * checkpoint.state.num_players,
                       until=until)
    world.agents[observer.seat] = Stopper()
    try:
        play_on(game, world)
    except _Stop as stop:
        return stop.state
    raise AssertionError("the world never came back to the decision")


def check_world(truth, world, observer) -> bool:
    """Assert what a world must keep; True when some card's definition differs from the truth."""
    check_state(world)
    seat = observer.seat
    mine = Observer.of(world, seat)
    assert mine.observation() == observer.observation()
    mine.check()  # what the seat knows is true of the world too
    for z, w in zip(truth.all_zones(), world.all_zones()):
        assert z.label == w.label and len(z.cards) == len(w.cards)
        if observer.sees(z):
            assert [truth.card_def[c] for c in z.cards] == [world.card_def[c] for c in w.cards]
    assert Counter(truth.card_def) == Counter(world.card_def)
    assert truth.vars == world.vars
    return any(a is not b for a, b in zip(truth.card_def, world.card_def))


@pytest.mark.parametrize("game_id", GAMES)
def test_worlds_keep_what_the_seat_knows_and_deal_the_rest_again(game_id: str) -> None:
    game = load_game(game_id)
    lo, hi = game.players
    tally = Counter()
    for n in range(lo, hi + 1):
        observers: list[Observer] = []
        recorders: list[Recorder] = []

        def on_state(st, n=n) -> None:
            recorders.append(Recorder(game_key(game), st))
            observers.extend(Observer(st, s) for s in range(n))

        class Probe(RandomAgent):
            def decide(self, view, decision):
                if recorders[0].kind == "turn" and self.rng.random() < 0.1:
                    observer = observers[decision.player]
                    try:
                        world = world_at_decision(game, recorders[0].checkpoint(), observer, random.Random(7),
                                                  (decision.player, decision.tag))
                    except NoWorld:
                        tally["none"] += 1
                    else:
                        tally["worlds"] += 1
                        tally["differ"] += check_world(view.rules_state, world, observer)
                return super().decide(view, decision)

        play_game(game, [Probe(n * 10 + i) for i in range(n)], seed=n, max_turns=30, on_state=on_state)
    assert tally["worlds"] >= 15, tally
    assert tally["differ"] >= tally["worlds"] * 3 // 4, tally  # hidden cards really are dealt again
    assert tally["none"] <= tally["worlds"] // 5, tally


def test_a_card_shown_on_top_stays_on_top_in_every_world() -> None:
    state, me, d = dealt()
    deck = zone(state, "deck", 1)
    top = deck.cards[-1]
    peek(state, 0, top)
    moved = Counter()
    for seed in range(40):
        world = sample_world(state, me, random.Random(seed))
        assert top not in world
        assert Counter(world.values()) + Counter({state.card_def[top]: 1}) == Counter(state.card_def)
        moved[tuple(world[c].name for c in deck.cards[:-1])] += 1
    assert len(moved) > 5  # the other five cards are dealt in many orders


def test_a_world_is_the_seeds_alone() -> None:
    state, me, _ = dealt()
    assert sample_world(state, me, random.Random(3)) == sample_world(state, me, random.Random(3))


def test_cards_known_since_are_kept() -> None:
    state, me, _ = dealt()
    deck = zone(state, "deck", 1)
    keep = {deck.cards[0]: state.card_def[deck.cards[0]]}
    for seed in range(10):
        world = sample_world(state, me, random.Random(seed), keep=keep)
        assert deck.cards[0] not in world and len(world) == 5


def at_a_decision(check) -> None:
    """Call CHECK(game, checkpoint, observer) at one of p1's decisions of a Dominion game, mid-game."""
    game = load_game("dominion")
    got: list = []

    def on_state(st) -> None:
        got.append(Recorder(game_key(game), st))
        got.append(Observer(st, 0))

    class Grab(RandomAgent):
        def decide(self, view, decision):
            if decision.player == 0 and got[0].kind == "turn" and len(got) == 2 and view.rules_state.turn_number > 4:
                got.append(check(game, got[0].checkpoint(), got[1]))
            return super().decide(view, decision)

    play_game(game, [Grab(1), Grab(2)], seed=1, max_turns=12, on_state=on_state)
    assert len(got) == 3


def test_when_no_world_fits_none_is_given(monkeypatch) -> None:
    def check(game, checkpoint, observer) -> None:
        # the seat was shown something no world shows it (so no world fits, nor would the truth)
        with monkeypatch.context() as m:
            m.setattr(Observer, "observation", lambda self: ("shown",) if self is observer else ("other",))
            with pytest.raises(NoWorld, match="no world of 3 fits"):
                world_from(checkpoint, game, observer, random.Random(1), [RandomAgent(0)] * 2, tries=3)
            world = resume_world(checkpoint, game, observer, random.Random(1), [RandomAgent(0)] * 2)
            with pytest.raises(Diverged, match="something it was not shown"):
                play_on(game, world)

    at_a_decision(check)


def test_a_world_is_reseeded_at_the_decision() -> None:
    def check(game, checkpoint, observer) -> None:
        rngs = []
        for seed in (1, 2):
            world = world_from(checkpoint, game, observer, random.Random(seed), [RandomAgent(0)] * 2)
            world.agents[observer.seat] = Stopper()
            try:
                play_on(game, world)
            except _Stop as stop:
                rngs.append(stop.state.rng.getstate())
        truth = checkpoint.resume(game, [RandomAgent(0)] * 2)
        truth.agents[observer.seat] = Stopper()
        try:
            play_on(game, truth)
        except _Stop as stop:
            rngs.append(stop.state.rng.getstate())
        assert len(set(rngs)) == 3  # neither world's future is the true one's, nor each other's

    at_a_decision(check)


def test_a_card_revealed_on_top_stays_there_in_every_world_of_a_real_game() -> None:
    # Dominion's spy-like attack: `reveal c for p` of the top of p's deck; if kept, every world keeps it on top
    def check(game, checkpoint, observer) -> None:
        state = observer.state
        tops = [z for z in state.all_zones() if not observer.sees(z) and z.cards and z.cards[-1] in observer.known]
        for z in tops:
            world = world_at_decision(game, checkpoint, observer, random.Random(5))
            w = next(x for x in world.all_zones() if x.label == z.label)
            assert world.card_def[w.cards[-1]] is state.card_def[z.cards[-1]]
        return len(tops)

    found = []
    game = load_game("dominion")

    def on_state(st) -> None:
        found.append(Recorder(game_key(game), st))
        found.append(Observer(st, 0))

    class Spying(RandomAgent):
        def decide(self, view, decision):
            if decision.tag == "spy_discard_other" and decision.player == 0 and found[0].kind == "turn":
                found.append(check(game, found[0].checkpoint(), found[1]))
            return super().decide(view, decision)

    pools = {"kingdom": [d for d in game.defs if d.name in ("Spy", "Village", "Smithy", "Market", "Festival",
                                                             "Laboratory", "Cellar", "Moat", "Chapel", "Mine")]}
    for seed in range(1, 6):
        found[:] = []
        play_game(game, [Spying(seed), Spying(seed + 1)], seed=seed, max_turns=40, on_state=on_state, pools=pools)
        if sum(found[2:]):
            break
    assert sum(found[2:]) >= 1, "no revealed top card was met"


def test_a_decision_during_set_up_has_no_world() -> None:
    # played again from before set-up, a world would deal the true cards: none is given
    game = load_game("fall-of-kingdoms")
    met = []

    def on_state(st) -> None:
        met.append(Recorder(game_key(game), st))
        met.append(Observer(st, 0))

    class SetUp(RandomAgent):
        def decide(self, view, decision):
            if decision.player == 0 and met[0].kind == "setup" and len(met) == 2:
                with pytest.raises(NoWorld, match="set-up"):
                    world_from(met[0].checkpoint(), game, met[1], random.Random(1), [RandomAgent(0)] * 3)
                with pytest.raises(NoWorld, match="set-up"):
                    resume_world(met[0].checkpoint(), game, met[1], random.Random(1), [RandomAgent(0)] * 3)
                met.append(True)
            return super().decide(view, decision)

    play_game(game, [SetUp(i) for i in range(3)], seed=1, max_turns=2, on_state=on_state)
    assert met[2:] == [True]
