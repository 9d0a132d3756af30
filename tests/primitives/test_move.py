"""`move WHAT to ZONE [at bottom]`: behaviour, rules text, and the errors a card author can trigger."""
import pytest

from cardlang.errors import CardSyntaxError
from cardlang.primitives import CORE

from tiny_game import probe_span
from cardlang.runtime import events as E


def test_moves_the_top_cards_by_identity_and_logs_each(tiny):
    g = tiny("move top 2 of deck to hand;")
    s = g.state()
    gem, coin, land = g.put(s, "p1.deck", ["Gem", "Coin", "Land"])
    g.play(s)
    # One card at a time, top card first: Gem goes first, so Coin ends on top of the hand.
    assert g.names(s, "p1.hand") == ["Coin", "Gem"]
    assert g.names(s, "p1.deck") == ["Land"]
    assert g.zone(s, "p1.hand").cards == [gem, coin]  # the same cards, not copies
    assert g.events(s, "Moved") == [E.Moved(gem, "Gem", "p1.deck", "p1.hand"),
                                    E.Moved(coin, "Coin", "p1.deck", "p1.hand")]


def test_a_whole_zone_keeps_its_order_on_top(tiny):
    g = tiny("move hand to deck;")
    s = g.state()
    g.put(s, "p1.deck", ["Land"])
    g.put(s, "p1.hand", ["Gem", "Coin"])
    g.play(s)
    assert g.names(s, "p1.deck") == ["Gem", "Coin", "Land"]
    assert g.names(s, "p1.hand") == []


def test_at_bottom_puts_the_cards_under_the_zone(tiny):
    g = tiny("move top 2 of hand to deck at bottom;")
    s = g.state()
    g.put(s, "p1.deck", ["Land"])
    g.put(s, "p1.hand", ["Gem", "Coin", "Coin"])
    g.play(s)
    # Gem goes under first, then Coin under it.
    assert g.names(s, "p1.deck") == ["Land", "Gem", "Coin"]
    assert g.names(s, "p1.hand") == ["Coin"]


def test_at_bottom_takes_a_whole_zone_from_its_bottom_card_up(tiny):
    # A zone lists its bottom card first, and cards move one at a time in that order, so a whole zone put
    # at the bottom ends upside down (on top it keeps its order: see above). Nothing in Dominion depends on it.
    g = tiny("move hand to deck at bottom;")
    s = g.state()
    g.put(s, "p1.deck", ["Land"])
    g.put(s, "p1.hand", ["Gem", "Coin"])
    g.play(s)
    assert g.names(s, "p1.deck") == ["Land", "Coin", "Gem"]


def test_moves_a_card_from_the_middle_of_a_zone(tiny):
    g = tiny("move Gem in hand to discard;")
    s = g.state()
    g.put(s, "p1.hand", ["Coin", "Gem", "Land"])
    g.play(s)
    assert g.names(s, "p1.hand") == ["Coin", "Land"]
    assert g.names(s, "p1.discard") == ["Gem"]


def test_into_is_the_same_as_to_and_this_names_the_card(tiny):
    g = tiny("move this into discard;")
    s = g.state()
    cid = g.play(s)
    assert g.zone(s, "p1.discard").cards == [cid]
    assert g.names(s, "table") == []


def test_moving_nothing_does_nothing(tiny):
    g = tiny("move top 3 of deck to hand; move nothing to hand;")
    s = g.state()
    g.play(s)
    assert g.names(s, "p1.hand") == [] and g.events(s, "Moved") == []


def test_moves_what_there_is_when_the_zone_is_short(tiny):
    g = tiny("move top 3 of deck to hand;")
    s = g.state()
    g.put(s, "p1.deck", ["Coin"])
    g.play(s)
    assert g.names(s, "p1.hand") == ["Coin"]


def test_moving_to_another_players_zone_changes_the_owner(tiny):
    g = tiny("move this to left.hand; marks += 0;")
    s = g.state(players=3)
    cid = g.play(s)
    assert s.loc[cid] is g.zone(s, "p2.hand") and s.owner_of(cid) == 1


def test_a_card_moved_into_a_pile_zone_goes_back_to_its_own_pile(tiny):
    g = tiny("move table to supply; marks += count(supply);")
    s = g.state()
    g.put(s, "supply[Coin]", ["Coin"])
    g.put(s, "supply[Gem]", [])
    g.put(s, "table", ["Coin", "Gem"])
    g.play(s, where="p1.discard")
    assert g.names(s, "supply[Coin]") == ["Coin", "Coin"]
    assert g.names(s, "supply[Gem]") == ["Gem"]
    assert g.names(s, "supply") == []  # the zone itself holds piles, not loose cards
    assert g.marks(s) == 3


def test_rules_text() -> None:
    move = CORE.get("move")
    assert move.describe({"what": "the top 2 cards of your deck", "to": "your hand", "at": "top"}) == \
        "Put the top 2 cards of your deck into your hand."
    assert move.describe({"what": "your hand", "to": "your deck", "at": "bottom"}) == \
        "Put your hand on the bottom of your deck."


@pytest.mark.parametrize("body, text", [
    ("move top 2 of deck to hand;", "Put the top 2 cards of your deck into your hand."),
    ("move top 1 of deck to hand;", "Put the top card of your deck into your hand."),
    ("move this to table;", "Put this card into the table."),
    ("move hand to deck at bottom;", "Put the cards in your hand on the bottom of your deck."),
])
def test_rules_text_on_a_card(tiny, body, text):
    assert tiny(body).text() == [text]


def test_wrong_type(tiny):
    body = "move 3 to hand;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("expected cards, found a number", probe_span(body, "3"), None)


def test_destination_must_be_a_zone(tiny):
    body = "move this to marks;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("expected a zone, found a number", probe_span(body, "marks"), None)


def test_missing_destination(tiny):
    body = "move top 1 of deck;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'move' needs its 'to' argument (zone)", probe_span(body, body),
                                           "for example: move top 2 of deck to hand;")


def test_too_many_arguments(tiny):
    body = "move this hand Coin Land;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'move' takes at most 3 argument(s), got 4", probe_span(body, "Land"),
                                           "for example: move top 2 of deck to hand;")


def test_unknown_preposition(tiny):
    body = "move this by hand;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'move' has no 'by' argument", probe_span(body, "by hand"),
                                           "for example: move top 2 of deck to hand;")


def test_at_takes_top_or_bottom_only(tiny):
    body = "move this to hand at middle;"
    e = tiny.error(body)
    assert isinstance(e, CardSyntaxError)
    assert (e.message, e.span, e.hint) == ("unexpected 'middle'", probe_span(body, "middle"),
                                           "expected 'bottom' or 'top'")
