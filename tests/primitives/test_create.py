"""`create N CARDNAME to ZONE`: behaviour, rules text, and the errors a card author can trigger."""
import pytest

from cardlang.errors import RuleViolation
from cardlang.primitives import CORE
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import setup_game

from tiny_game import probe_span
from cardlang.runtime import events as E


def test_brings_new_cards_into_a_zone_and_logs_each(tiny):
    g = tiny("create 3 Coin to deck;")
    s = g.state()
    g.put(s, "p1.deck", ["Land"])
    before = len(s.card_def)
    g.play(s)
    assert g.names(s, "p1.deck") == ["Coin", "Coin", "Coin", "Land"]
    new = list(range(before + 1, before + 4))  # ids after the probe's own
    assert g.events(s, "Created") == [E.Created(c, "Coin", "p1.deck") for c in new]
    assert all(s.loc[c] is g.zone(s, "p1.deck") for c in new)


def test_into_a_pile_zone_forms_the_pile_of_that_name(tiny):
    g = tiny("create 2 Coin to supply; create 1 Gem into supply; marks += count(supply);")
    s = g.state()
    g.play(s)
    assert g.names(s, "supply[Coin]") == ["Coin", "Coin"]
    assert g.names(s, "supply[Gem]") == ["Gem"]
    assert g.names(s, "supply") == []
    assert [z.pile for z in s.pile_order[g.game.spec.zones["supply"].slot]] == ["Coin", "Gem"]
    assert g.marks(s) == 3


def test_count_and_card_may_be_computed(tiny):
    g = tiny("for k in [Coin, Gem] { create 1 + count(hand) k to table; }")
    s = g.state()
    g.put(s, "p1.hand", ["Land"])
    g.play(s, where="p1.discard")
    assert sorted(g.names(s, "table")) == ["Coin", "Coin", "Gem", "Gem"]


def test_in_set_up_for_each_player(tiny):
    g = tiny(setup="create 2 Coin to supply; for p in players { create 3 Land to p.deck; }")
    s = setup_game(g.game, [RandomAgent(1), RandomAgent(2)], seed=1)
    assert g.names(s, "p1.deck") == g.names(s, "p2.deck") == ["Land"] * 3
    assert g.names(s, "supply[Coin]") == ["Coin", "Coin"]
    assert len(s.card_def) == 8


def test_zero_creates_nothing_and_a_negative_count_is_a_rule_violation(tiny):
    g = tiny("create 0 Coin to hand; create count(hand) - 1 Gem to hand;")
    with pytest.raises(RuleViolation) as e:
        g.play(g.state())
    body = "create 0 Coin to hand; create count(hand) - 1 Gem to hand;"
    assert (e.value.message, e.value.span) == ("Probe: cannot create -1 cards",
                                               probe_span(body, "create count(hand) - 1 Gem to hand;"))


def test_rules_text() -> None:
    assert CORE.get("create").describe({"count": "2", "card": "Coin", "to": "the supply"}) == \
        "Put 2 Coin into the supply."


@pytest.mark.parametrize("body, text", [
    ("create 2 Coin to supply;", "Put 2 Coin into the supply."),
    ("create 1 Gem to hand;", "Put 1 Gem into your hand."),
])
def test_rules_text_on_a_card(tiny, body, text):
    assert tiny(body).text() == [text]


def test_wrong_type_for_the_count(tiny):
    body = "create Coin to deck;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("expected a number, found a card name", probe_span(body, "Coin"), None)


def test_wrong_type_for_the_card(tiny):
    body = "create 2 3 to deck;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("expected a card name, found a number", probe_span(body, "3"), None)


def test_unknown_card(tiny):
    body = "create 2 Gen to deck;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("unknown name 'Gen'", probe_span(body, "Gen"), "did you mean 'Gem'?")


def test_missing_argument(tiny):
    body = "create 2 Coin;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'create' needs its 'to' argument (zone)", probe_span(body, body),
                                           "for example: create 7 Coin to deck;")


def test_too_many_arguments(tiny):
    body = "create 1 Coin deck 4;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'create' takes at most 3 argument(s), got 4", probe_span(body, "4"),
                                           "for example: create 7 Coin to deck;")


def test_a_huge_count_stops_at_once_on_the_step_budget(tiny):
    body = "create 1000000000 Coin to hand;"
    g = tiny(body)
    s = g.state()
    with pytest.raises(RuleViolation) as e:
        g.play(s)
    assert e.value.span == probe_span(body, body)
    assert e.value.message == "Probe: creating 1,000,000,000 Coin would pass the step budget of 200,000 steps"
    assert not [d for d in s.card_def if d.name == "Coin"]  # refused whole: nothing was made


def test_a_game_holds_a_bounded_number_of_cards(tiny):
    g = tiny("create 150000 Coin to hand;")
    s = g.state()
    with pytest.raises(RuleViolation, match="would pass the limit of 100,000 cards in one game"):
        g.play(s)
    assert len(s.card_def) < 1000
