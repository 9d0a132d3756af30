"""move_into over cards chosen from a zone (primitives/core.py): three cards of a hand of five go to the top of
another zone in the order listed, the hand keeps the others in its order, each card's place says where it is; a
card listed twice moves once; a list from two zones moves each from its own; the last cards of a pile moved so
say that a pile emptied (`empty_known`). The invariant checker finds each state sound."""
import pytest

from cardlang.agents import make_agent
from cardlang.compile.game import load_game
from cardlang.primitives.core import move_into
from cardlang.primitives.functions import EmptyPiles
from cardlang.runtime.engine import setup_game
from cardlang.runtime.invariants import check_state
from cardlang.runtime.state import Ctx


@pytest.fixture()
def state():
    game = load_game("dominion")
    return setup_game(game, [make_agent(game, "big-money", 0), make_agent(game, "big-money", 1)], 3)


def _zone(state, name, who=0):
    return state.zones[state.zone_slot[name]][who]


def test_cards_chosen_from_a_hand_keep_their_order_and_the_hand_the_rest(state) -> None:
    hand, discard = _zone(state, "hand"), _zone(state, "discard")
    before, under = list(hand.cards), list(discard.cards)
    chosen = [before[3], before[0], before[2]]
    move_into(Ctx(state, 0), discard, chosen)
    assert discard.cards == under + chosen and hand.cards == [before[1], before[4]]
    assert all(state.loc[c] is discard for c in chosen) and all(state.loc[c] is hand for c in hand.cards)
    check_state(state)


def test_a_card_listed_twice_moves_once_and_two_zones_each_give_their_own(state) -> None:
    hand, deck, discard = _zone(state, "hand"), _zone(state, "deck"), _zone(state, "discard")
    h, d = list(hand.cards), list(deck.cards)
    move_into(Ctx(state, 0), discard, [h[1], d[-1], h[1], h[4]])
    assert discard.cards[-3:] == [h[1], d[-1], h[4]] and hand.cards == [h[0], h[2], h[3]] and deck.cards == d[:-1]
    check_state(state)


def test_the_last_cards_of_a_pile_chosen_so_say_it_emptied(state) -> None:
    supply, trash = _zone(state, "supply"), _zone(state, "trash")
    assert EmptyPiles.run(state, supply) == 0
    province = state.piles[(supply.spec.slot, "Province")]
    cards = list(province.cards)
    move_into(Ctx(state, 0), trash, cards[::-1])  # (not the pile's own order)
    assert not province.cards and trash.cards[-len(cards):] == cards[::-1]
    assert EmptyPiles.run(state, supply) == 1
    check_state(state)
