"""The per-seat observer (cardlang/runtime/observer.py): what it claims to know is always true, in random games
of the four games at every player count; it follows the knowledge rules of its docstring on a small table made
by hand (a peek stays known on top until its pile is shuffled or a card leaves it; an unseen departure forgets
the whole pile; an `owner knows` zone is known as a multiset); it decides what a seat sees of a move exactly as
events.seat_event does; its observation is the same for the same game and differs where the seat learnt
something."""
from __future__ import annotations

from collections import Counter

import pytest

from cardlang.compile.game import load_game
from cardlang.runtime import zones as Z
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game
from cardlang.runtime.events import Moved, Peeked, seat_event
from cardlang.runtime.observer import KnowledgeError, Observer
from cardlang.runtime.state import HIDDEN, OWNER, PUBLIC, TOP_PUBLIC, CardDef, GameState, ZoneSpec

GAMES = ("dominion", "warring-kingdom", "greedy-kingdoms", "fall-of-kingdoms")


class Checking(RandomAgent):
    """A random agent that checks every observer's knowledge against the truth at every third decision."""

    def __init__(self, seed: int, observers: list[Observer]) -> None:
        super().__init__(seed)
        self.observers = observers
        self.checked = 0

    def decide(self, view, decision):
        if self.rng.random() < 0.34:
            for o in self.observers:
                o.check()
            self.checked += 1
        return super().decide(view, decision)


@pytest.mark.parametrize("game_id", GAMES)
def test_knowledge_is_always_true_in_random_games(game_id: str) -> None:
    game = load_game(game_id)
    lo, hi = game.players
    for n in range(lo, hi + 1):
        observers: list[Observer] = []
        agents = [Checking(n * 10 + i, observers) for i in range(n)]
        result = play_game(game, agents, seed=n, max_turns=40,
                           on_state=lambda st, n=n: observers.extend(Observer(st, s) for s in range(n)))
        for o in observers:
            o.check()
            assert o.known, "every card is created in the open: the seat knows what it saw"
        assert sum(a.checked for a in agents) >= 5
        state = result.state
        # somebody's hand, or a hidden pile, is unknown to the others: the knowledge is not the truth
        assert any(o.bag_of for o in observers)
        assert all(len(o.known) + len(o.bag_of) == len(state.card_def) for o in observers)


def test_it_sees_each_move_as_seat_event_says() -> None:
    game = load_game("dominion")
    mismatches: list = []

    def on_state(st) -> None:
        observers = [Observer(st, s) for s in range(2)]

        def compare(e) -> None:
            if type(e) is Moved:
                for o in observers:
                    src, dst = o.zone(e.src), o.zone(e.dst)
                    seen = src is not None and o.sees(src) or dst is not None and (
                        o.sees(dst) or dst.spec.visibility == TOP_PUBLIC and "@" not in e.dst)
                    if (seat_event(st, e, o.seat).card is not None) != seen:
                        mismatches.append(e)
        st.listen(compare)

    play_game(game, [RandomAgent(1), RandomAgent(2)], seed=3, max_turns=30, on_state=on_state)
    assert not mismatches


# ---- a small table made by hand: a deck, a hand, a face-up-on-top discard pile, a public table

def table(players: int = 2) -> tuple[GameState, dict[str, CardDef]]:
    defs = [CardDef(i, name, frozenset()) for i, name in enumerate(("Copper", "Gold", "Estate"))]
    specs = [ZoneSpec("deck", True, HIDDEN, owner_knows=True), ZoneSpec("hand", True, OWNER),
             ZoneSpec("discard", True, TOP_PUBLIC), ZoneSpec("table", False, PUBLIC)]
    for i, s in enumerate(specs):
        s.slot = i
    state = GameState(defs=defs, zone_specs=specs, counter_specs=[], num_players=players, seed=5)
    return state, {d.name: d for d in defs}


def zone(state: GameState, name: str, player: int | None = None):
    return state.zone(state.zone_slot[name], player)


def peek(state: GameState, seat: int, cid: int) -> None:
    state.peeked.setdefault(cid, set()).add(seat)
    state.emit(Peeked(seat, (state.card_def[cid].name,), (state.loc[cid].label,)))


def dealt() -> tuple[GameState, Observer, dict[str, CardDef]]:
    state, d = table()
    me = Observer(state, 0)
    deck = zone(state, "deck", 1)
    Z.create(state, d["Copper"], deck, 3)
    Z.create(state, d["Gold"], deck, 2)
    Z.create(state, d["Estate"], deck, 1)
    Z.shuffle(state, deck)
    return state, me, d


def test_creation_is_seen_and_a_hidden_shuffle_forgets_places() -> None:
    state, me, d = dealt()
    deck = zone(state, "deck", 1)
    assert not set(deck.cards) & set(me.known)
    (bag,) = me.bags()
    assert bag.members == set(deck.cards) and +bag.defs == Counter({d["Copper"]: 3, d["Gold"]: 2, d["Estate"]: 1})
    me.check()


def test_a_peek_stays_known_on_top_until_its_pile_is_shuffled() -> None:
    state, me, d = dealt()
    deck = zone(state, "deck", 1)
    top = deck.cards[-1]
    peek(state, 0, top)
    assert me.known[top] is state.card_def[top]
    assert sum(me.bags()[0].defs.values()) == 5
    before = me.observation()
    Z.move(state, deck.cards[0], zone(state, "deck", 1), bottom=True)  # nothing left it: still known
    assert top in me.known and me.observation()[2:] == before[2:]
    Z.shuffle(state, deck)
    assert top not in me.known
    me.check()


def test_a_card_leaving_a_hidden_pile_unseen_forgets_the_whole_pile() -> None:
    state, me, d = dealt()
    deck, hand = zone(state, "deck", 1), zone(state, "hand", 1)
    top = deck.cards[-1]
    peek(state, 0, top)
    Z.move(state, deck.cards[0], hand)  # p2 takes a card into their hand: p1 cannot say which
    assert top not in me.known
    (bag,) = me.bags()
    assert bag.members == set(deck.cards) | set(hand.cards)
    me.check()


def test_a_card_seen_arriving_is_known_and_its_bag_shrinks() -> None:
    state, me, d = dealt()
    deck, tbl, discard = zone(state, "deck", 1), zone(state, "table"), zone(state, "discard", 1)
    cid = deck.cards[-1]
    Z.move(state, cid, tbl)
    assert me.known[cid] is state.card_def[cid]
    assert sum(me.bags()[0].defs.values()) == 5
    nxt = deck.cards[-1]
    Z.move(state, nxt, discard)  # onto a pile whose top is face up
    assert me.known[nxt] is state.card_def[nxt]
    Z.move(state, cid, discard)  # covered: still remembered
    assert nxt in me.known
    me.check()


def test_the_owner_knows_its_own_deck_as_a_multiset() -> None:
    state, d = table()
    me = Observer(state, 0)
    mine, theirs = zone(state, "deck", 0), zone(state, "hand", 1)
    Z.create(state, d["Copper"], mine, 2)
    Z.create(state, d["Gold"], theirs, 1)
    Z.create(state, d["Estate"], theirs, 1)
    Z.shuffle(state, theirs)
    Z.move(state, theirs.cards[-1], mine)  # a card of p2's hand put into p1's deck, face down
    Z.shuffle(state, mine)
    me.check()
    (bag,) = [b for b in me.bags() if b.members & set(mine.cards)]
    assert bag.members == set(mine.cards)  # its own bag: p1 knows which cards its deck holds
    assert +bag.defs == Counter(state.card_def[c] for c in mine.cards)


def test_observation_is_the_same_for_the_same_game_and_changes_with_what_was_seen() -> None:
    a, me_a, _ = dealt()
    b, me_b, _ = dealt()
    assert me_a.observation() == me_b.observation()
    peek(a, 0, zone(a, "deck", 1).cards[-1])
    assert me_a.observation() != me_b.observation()


def test_an_observer_must_hear_set_up() -> None:
    state, d = table()
    Z.create(state, d["Gold"], zone(state, "deck", 0), 1)
    with pytest.raises(ValueError, match="before set-up"):
        Observer(state, 0)


def test_a_false_claim_is_caught() -> None:
    state, me, d = dealt()
    cid = zone(state, "deck", 1).cards[-1]
    me.known[cid] = d["Gold"] if state.card_def[cid] is not d["Gold"] else d["Copper"]
    with pytest.raises(KnowledgeError):
        me.check()


def test_a_revealed_card_put_back_stays_known_on_top() -> None:
    from cardlang.primitives.core import Reveal
    from cardlang.runtime.state import Ctx
    state, me, d = dealt()
    deck = zone(state, "deck", 1)
    top = deck.cards[-1]
    Reveal.run(Ctx(state, 1), [top])  # p2 reveals their top card, and it stays there
    assert me.known[top] is state.card_def[top]
    me.check()
    Z.shuffle(state, deck)
    assert top not in me.known
