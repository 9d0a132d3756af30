"""A seat's observation holds what that seat may know and nothing more: swapping two cards it cannot see
changes nothing in it (and changes the observation of the seat that sees them); a card it was shown counts."""
from __future__ import annotations

import numpy as np

import cardlang.rl as rl


def _swap(state, a: int, b: int) -> None:
    """Exchange cards A and B between their zones (each takes the other's place)."""
    za, zb = state.loc[a], state.loc[b]
    ia, ib = za.cards.index(a), zb.cards.index(b)
    za.cards[ia], zb.cards[ib] = b, a
    state.loc[a], state.loc[b] = zb, za


def _hand_and_deck(env):
    state = env.match.state
    hand = state.zones[state.zone_slot["hand"]][1].cards
    deck = state.zones[state.zone_slot["deck"]][1].cards
    for h in hand:
        for k in deck:
            if state.card_def[h] is not state.card_def[k]:
                return state, h, k
    raise AssertionError("p2's hand and deck hold one kind of card")


def test_cards_a_seat_cannot_see_do_not_show() -> None:
    env = rl.raw_env("dominion", players=2, seed=2)
    env.reset()
    state, h, k = _hand_and_deck(env)
    before = {a: env.observe(a)["observation"].copy() for a in env.possible_agents}
    _swap(state, h, k)  # p2's hand and deck now hold other cards: p1 cannot tell, p2 can
    after = {a: env.observe(a)["observation"] for a in env.possible_agents}
    assert np.array_equal(before["p1"], after["p1"])
    assert not np.array_equal(before["p2"], after["p2"])


def test_a_card_shown_to_a_seat_counts_until_it_moves() -> None:
    env = rl.raw_env("dominion", players=2, seed=2)
    env.reset()
    state, _, k = _hand_and_deck(env)
    lay = env.layout
    # p2's deck as p1 sees it: the zone's entry for the seat after p1 (seat 1 counted from p1)
    at = lay.at("zone deck") + (lay.defs + 1) + state.card_def[k].index
    assert env.observe("p1")["observation"][at] == 0
    state.peeked[k] = {0}
    assert env.observe("p1")["observation"][at] == 1


def test_seats_are_counted_from_the_observer() -> None:
    """Each seat sees its own hand in the first entry of the hand zone, so one policy serves every seat."""
    env = rl.raw_env("dominion", players=3, seed=4)
    env.reset()
    lay, state = env.layout, env.match.state
    at, width = lay.at("zone hand"), lay.defs + 1
    hands = state.zones[state.zone_slot["hand"]]
    for seat, agent in enumerate(env.possible_agents):
        o = env.observe(agent)["observation"]
        own = len(hands[seat].cards)
        assert o[at:at + lay.defs].sum() == o[at + lay.defs] == own  # its own hand: every card seen
        for r in (1, 2):  # the others' hands: how many cards, none seen
            other = len(hands[(seat + r) % 3].cards)
            assert o[at + r * width:at + r * width + lay.defs].sum() == 0 and o[at + r * width + lay.defs] == other
    assert {len(h.cards) for h in hands} == {1, 5}  # (p1 has played its treasures: the sizes tell seats apart)


def test_what_the_seats_observer_still_knows_counts() -> None:
    """A card of a hidden pile that the seat's observer identifies (as after a reveal put it back) counts there,
    by definition. Without memory no observer follows the game (only what the seat sees now counts)."""
    from cardlang.runtime.observer import Observer
    env = rl.raw_env("dominion", players=2, seed=2)
    env.reset()
    state, _, k = _hand_and_deck(env)
    lay = env.layout
    at = lay.at("zone deck") + (lay.defs + 1) + state.card_def[k].index
    assert env.observe("p1")["observation"][at] == 0
    Observer.of(state, 0).known[k] = state.card_def[k]
    assert env.observe("p1")["observation"][at] == 1
    plain = rl.raw_env("dominion", players=2, seed=2, memory=False)
    plain.reset()
    assert not any(type(x) is Observer for x in plain.match.state.listeners)
    assert any(type(x) is Observer for x in state.listeners)
