"""`shuffle ZONE [into ZONE2]`: behaviour, rules text, and the errors a card author can trigger."""
import random

import pytest

from cardlang.primitives import CORE

from tiny_game import probe_span
from cardlang.runtime import events as E

DECK = ["Gem", "Coin", "Land", "Coin", "Gem", "Land", "Coin", "Gem"]


def shuffled(tiny_game, seed: int):
    s = tiny_game.state(seed=seed)
    ids = tiny_game.put(s, "p1.deck", DECK)
    tiny_game.play(s)
    return s, ids


def test_shuffles_with_the_games_one_rng(tiny):
    g = tiny("shuffle deck;")
    s, ids = shuffled(g, seed=7)
    expected = list(reversed(ids))  # the zone's list, bottom card first
    random.Random(7).shuffle(expected)  # state.rng is random.Random(seed); nothing used it before
    assert g.zone(s, "p1.deck").cards == expected
    assert sorted(expected) == sorted(ids)


def test_logs_the_new_order(tiny):
    g = tiny("shuffle deck;")
    s, _ = shuffled(g, seed=3)
    assert g.events(s, "Shuffled") == [E.Shuffled("p1.deck", tuple(reversed(g.names(s, "p1.deck"))))]


def test_same_seed_same_order_other_seeds_differ(tiny):
    g = tiny("shuffle deck;")
    orders = {seed: g.zone(shuffled(g, seed)[0], "p1.deck").cards for seed in range(1, 9)}
    again = {seed: g.zone(shuffled(g, seed)[0], "p1.deck").cards for seed in range(1, 9)}
    assert orders == again
    assert len({tuple(o) for o in orders.values()}) > 1


def test_shuffle_into_gathers_then_shuffles_the_destination(tiny):
    g = tiny("shuffle discard into deck;")
    s = g.state(seed=2)
    deck = g.put(s, "p1.deck", ["Land"])
    discard = g.put(s, "p1.discard", ["Gem", "Coin", "Coin"])
    g.play(s)
    assert g.names(s, "p1.discard") == []
    assert sorted(g.zone(s, "p1.deck").cards) == sorted(deck + discard)
    assert all(s.loc[c] is g.zone(s, "p1.deck") for c in deck + discard)
    moved = g.events(s, "Moved")
    assert sorted(e.card_id for e in moved) == sorted(discard) and all((e.src, e.dst) == ("p1.discard", "p1.deck") for e in moved)
    (shuffle,) = g.events(s, "Shuffled")
    assert shuffle == E.Shuffled("p1.deck", tuple(reversed(g.names(s, "p1.deck"))))
    assert s.log.index(shuffle) == len(s.log) - 1  # the shuffle comes after the cards are gathered


def test_shuffle_into_is_deterministic_per_seed(tiny):
    g = tiny("shuffle discard into deck;")

    def run(seed):
        s = g.state(seed=seed)
        g.put(s, "p1.deck", ["Land", "Gem"])
        g.put(s, "p1.discard", DECK)
        g.play(s)
        return s.log
    assert run(4) == run(4)


def test_shuffling_an_empty_zone_is_fine(tiny):
    g = tiny("shuffle deck;")
    s = g.state()
    g.play(s)
    assert g.events(s, "Shuffled") == [E.Shuffled("p1.deck", ())]


def test_rules_text() -> None:
    shuffle = CORE.get("shuffle")
    assert shuffle.describe({"zone": "your deck", "into": ""}) == "Shuffle your deck."
    assert shuffle.describe({"zone": "your discard", "into": "your deck"}) == "Shuffle your discard into your deck."


@pytest.mark.parametrize("body, text", [
    ("shuffle deck;", "Shuffle your deck."),
    ("shuffle discard into deck;", "Shuffle your discard into your deck."),
    ("shuffle table;", "Shuffle the table."),
])
def test_rules_text_on_a_card(tiny, body, text):
    assert tiny(body).text() == [text]


def test_wrong_type(tiny):
    body = "shuffle 3;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("expected a zone, found a number", probe_span(body, "3"), None)


def test_cards_are_not_a_zone(tiny):
    body = "shuffle top 1 of deck;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("expected a zone, found cards", probe_span(body, "top 1 of deck"), None)


def test_missing_argument(tiny):
    body = "shuffle;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'shuffle' needs its 'zone' argument (zone)", probe_span(body, body),
                                           "for example: shuffle discard into deck;")


def test_too_many_arguments(tiny):
    body = "shuffle deck hand table;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'shuffle' takes at most 2 argument(s), got 3", probe_span(body, "table"),
                                           "for example: shuffle discard into deck;")
