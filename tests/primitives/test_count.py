"""`count(X)`: behaviour, rules text, and the errors a card author can trigger."""
import pytest

from cardlang.primitives import CORE

from tiny_game import probe_span


@pytest.mark.parametrize("expr, expected", [
    ("count(hand)", 3),
    ("count(deck)", 2),                                # a hidden zone's size is public
    ("count(top 2 of hand)", 2),
    ("count(hand where card.value > 0)", 2),
    ("count(Coin in hand)", 2),
    ("count(Coin in top 2 of hand)", 1),               # a name in a set of cards, not a zone
    ("count(Gem in owned)", 2),                        # p1's own cards only
    ("count(nothing)", 0),
    ("count(left.hand)", 1),
])
def test_cards_in_a_zone_or_a_set(tiny, expr, expected):
    g = tiny(f"marks += {expr};")
    s = g.state()
    g.put(s, "p1.hand", ["Coin", "Land", "Coin"])
    g.put(s, "p1.deck", ["Gem", "Gem"])
    g.put(s, "p2.hand", ["Gem"])
    g.play(s)
    assert g.marks(s) == expected


def test_a_pile_zone_counts_every_card_of_every_pile(tiny):
    g = tiny("marks += count(supply) * 10 + count(Coin in supply);")
    s = g.state()
    g.put(s, "supply[Coin]", ["Coin", "Coin"])
    g.put(s, "supply[Gem]", ["Gem"])
    g.put(s, "supply[Land]", [])
    g.play(s)
    assert g.marks(s) == 32


@pytest.mark.parametrize("players", [2, 3, 4])
def test_players(tiny, players):
    g = tiny("marks += count(players) * 10 + count(others);")
    s = g.state(players=players)
    g.play(s)
    assert g.marks(s) == players * 10 + players - 1


def test_card_names(tiny):
    # `cards` is every card name of the game: Coin, Gem, Land and the probe.
    g = tiny("marks += count([Coin, Gem, Coin]) * 10 + count(cards);")
    s = g.state()
    g.play(s)
    assert g.marks(s) == 34


def test_rules_text() -> None:
    # A function's describe() is the noun that card text builds on.
    assert CORE.get("count").describe({}) == "the number of"


@pytest.mark.parametrize("body, text", [
    ("if count(hand) > 2 { marks += 1; }", "If there are more than 2 cards in your hand, +1 Mark."),
    ("marks += count(hand);", "Your marks go up by the number of cards in your hand."),
])
def test_rules_text_on_a_card(tiny, body, text):
    assert tiny(body).text() == [text]


def test_wrong_type(tiny):
    body = "marks += count(3);"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("expected cards, found a number", probe_span(body, "3"), None)


def test_missing_argument(tiny):
    body = "marks += count();"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("count() takes 1 argument(s), got 0", probe_span(body, "count()"),
                                           "use count(hand)")


def test_too_many_arguments(tiny):
    body = "marks += count(hand, deck);"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("count() takes 1 argument(s), got 2", probe_span(body, "count(hand, deck)"),
                                           "use count(hand)")


def test_a_function_is_not_a_statement(tiny):
    body = "count hand;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'count' is a function; use it inside an expression",
                                           probe_span(body, body), None)


def test_a_filter_is_counted_without_a_list_whatever_it_goes_over(tiny):
    # count(X where C) is one generated loop that counts: cards, players and card names alike.
    g = tiny("marks += count(hand where card.value > 0 and card is Thing) * 100 "
             "+ count(players where player.marks == 0) * 10 + count(cards where card.value > 1);")
    s = g.state(players=3)
    g.put(s, "p1.hand", ["Coin", "Land", "Gem", "Land"])
    g.play(s)
    assert g.marks(s) == 2 * 100 + 3 * 10 + 1
    assert "run_count" in "".join(x.fn.__name__ for x in g.game.generated)


def test_a_name_in_a_zone_is_counted_without_a_list(tiny):
    # count(NAME in ZONE) counts the cards in place (count_named_in), a pile zone by its pile, and gives what
    # the length of `NAME in ZONE` gives: here 2 Coins in hand, 3 in the supply's pile, none of an empty pile.
    from cardlang.compile.codegen import source_of
    g = tiny("marks += count(Coin in hand) * 100 + count(Coin in supply) * 10 + count(Gem in supply)"
             " + count(Land in hand where card.value >= 0) * 1000;")
    s = g.state()
    g.put(s, "p1.hand", ["Coin", "Land", "Coin"])
    g.put(s, "supply[Coin]", ["Coin", "Coin", "Coin"])
    g.put(s, "supply[Gem]", [])
    g.play(s)
    assert g.marks(s) == 1000 + 2 * 100 + 3 * 10
    code = "".join(source_of(x) for x in g.game.generated if x.card == "Probe")
    # (the `where` still goes over the list of Lands; the supply's piles are found in the code, by their keys:
    # the pass piles-in-code)
    assert code.count("count_named_in(") == 1 and code.count("piles.get((") == 2
