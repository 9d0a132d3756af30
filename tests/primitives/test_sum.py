"""`sum(CARDS, AMOUNT)`: behaviour, rules text, and the errors a card author can trigger."""
import pytest

from cardlang.primitives import CORE

from tiny_game import probe_span


@pytest.mark.parametrize("expr, expected", [
    ("sum(hand, card.value)", 4),                      # Gem 3 + Coin 1 + Land 0
    ("sum(hand, 1)", 3),
    ("sum(hand, card.value * 2 + 1)", 11),
    ("sum(hand where card is Thing, card.value)", 4),
    ("sum(nothing, card.value)", 0),
    ("sum(deck, card.value)", 0),                      # an empty zone
    ("sum([Gem, Gem, Coin], card.value)", 7),          # card names
])
def test_totals_an_amount_with_card_naming_each(tiny, expr, expected):
    g = tiny(f"marks += {expr};")
    s = g.state()
    g.put(s, "p1.hand", ["Gem", "Coin", "Land"])
    g.play(s)
    assert g.marks(s) == expected


def test_card_is_given_back_to_an_enclosing_where(tiny):
    # Inside `where`, `card` is the hand card; the inner sum binds it to each table card, then gives it back.
    g = tiny("marks += count(hand where sum(table, card.value) + card.value >= 4);")
    s = g.state()
    g.put(s, "p1.hand", ["Gem", "Coin", "Land"])
    g.put(s, "table", ["Coin", "Coin"])
    g.play(s, where="p1.discard")
    assert g.marks(s) == 1  # only Gem: 2 + 3


def test_card_is_unknown_outside(tiny):
    body = "marks += sum(hand, card.value) + card.value;"
    e = tiny.error(body)
    assert (e.message, e.span) == ("unknown name 'card'", probe_span(body, "card", nth=1))


def test_rules_text() -> None:
    # A function's describe() is the noun that card text builds on.
    assert CORE.get("sum").describe({}) == "the total of"


def test_rules_text_on_a_card(tiny):
    assert tiny("if sum(hand, card.value) > 2 { marks += 1; }").text() == [
        "If the total Value of the cards in your hand is more than 2, +1 Mark."]


def test_wrong_type_for_the_cards(tiny):
    body = "marks += sum(3, card.value);"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("expected cards, found a number", probe_span(body, "3"), None)


def test_wrong_type_for_the_amount(tiny):
    body = "marks += sum(hand, hand);"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("expected a number, found a zone", probe_span(body, "hand", nth=1), None)


def test_missing_argument(tiny):
    body = "marks += sum(hand);"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == (
        "sum takes a set of cards and an amount per card: sum(owned, card.vp)", probe_span(body, "sum(hand)"), None)


def test_too_many_arguments(tiny):
    body = "marks += sum(hand, 1, 2);"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == (
        "sum takes a set of cards and an amount per card: sum(owned, card.vp)", probe_span(body, "sum(hand, 1, 2)"),
        None)
