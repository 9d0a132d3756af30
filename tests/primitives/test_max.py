"""`max(A, B)`: behaviour, rules text, and the errors a card author can trigger."""
import pytest

from cardlang.primitives import CORE

from tiny_game import probe_span


@pytest.mark.parametrize("expr, expected", [
    ("max(5, 2)", 5),
    ("max(2, 5)", 5),
    ("max(3, 3)", 3),
    ("max(count(hand), 0) + 10", 12),
])
def test_gives_the_larger_number(tiny, expr, expected):
    g = tiny(f"marks += {expr};")
    s = g.state()
    g.put(s, "p1.hand", ["Coin", "Gem"])
    g.play(s)
    assert g.marks(s) == expected


def test_negative_numbers(tiny):
    g = tiny("if max(0 - 2, 0 - 5) == -2 { marks += 1; }")
    s = g.state()
    g.play(s)
    assert g.marks(s) == 1


def test_rules_text() -> None:
    # A function's describe() is the noun that card text builds on ("the larger of A and B").
    assert CORE.get("max").describe({}) == "the larger of"


def test_rules_text_on_a_card(tiny):
    assert tiny("if max(2, count(hand)) > 1 { marks += 1; }").text() == [
        "If the larger of 2 and the number of cards in your hand is more than 1, +1 Mark."]


def test_wrong_type(tiny):
    body = "marks += max(hand, 1);"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("expected a number, found a zone", probe_span(body, "hand"), None)


def test_missing_argument(tiny):
    body = "marks += max(1);"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("max() takes 2 argument(s), got 1", probe_span(body, "max(1)"),
                                           "use max(0, count(hand) - 3)")


def test_too_many_arguments(tiny):
    body = "marks += max(1, 2, 3);"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("max() takes 2 argument(s), got 3", probe_span(body, "max(1, 2, 3)"),
                                           "use max(0, count(hand) - 3)")
