"""`reveal CARDS`: behaviour, rules text, and the errors a card author can trigger."""
import pytest

from cardlang.primitives import CORE

from tiny_game import probe_span
from cardlang.runtime import events as E


def test_logs_the_revealed_cards_and_moves_nothing(tiny):
    g = tiny("reveal top 2 of deck;")
    s = g.state()
    g.put(s, "p1.deck", ["Gem", "Coin", "Land"])
    g.play(s)
    assert g.events(s, "Revealed") == [E.Revealed(0, ("Gem", "Coin"))]
    assert g.names(s, "p1.deck") == ["Gem", "Coin", "Land"]
    assert g.events(s, "Moved") == []


def test_the_revealing_player_is_the_one_it_runs_for(tiny):
    g = tiny("reveal this; reveal hand for left;")  # with `for`, `hand` is that player's hand too
    s = g.state(players=3)
    g.put(s, "p2.hand", ["Coin"])
    g.play(s)
    assert g.events(s, "Revealed") == [E.Revealed(0, ("Probe",)), E.Revealed(1, ("Coin",))]


def test_costs_nothing_when_nobody_reads_the_log(tiny):
    g = tiny("reveal hand;")
    s = g.state(log=False)
    g.put(s, "p1.hand", ["Coin"])
    g.play(s)
    assert s.log is None and g.names(s, "p1.hand") == ["Coin"]


def test_rules_text() -> None:
    assert CORE.get("reveal").describe({"what": "your hand"}) == "Reveal your hand."


@pytest.mark.parametrize("body, text", [
    ("reveal this;", "Reveal this card."),
    ("reveal top 2 of deck;", "Reveal the top 2 cards of your deck."),
])
def test_rules_text_on_a_card(tiny, body, text):
    assert tiny(body).text() == [text]


def test_wrong_type(tiny):
    body = "reveal 3;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("expected cards, found a number", probe_span(body, "3"), None)


def test_missing_argument(tiny):
    body = "reveal;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'reveal' needs its 'what' argument (cards)", probe_span(body, body),
                                           "for example: reveal top 2 of deck;")


def test_too_many_arguments(tiny):
    body = "reveal this this;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'reveal' takes at most 1 argument(s), got 2",
                                           probe_span(body, "this", nth=1), "for example: reveal top 2 of deck;")
