"""`immune`, inside an `on attack in ZONE` reaction: behaviour, rules text, and the errors an author can trigger.

`immune` takes no argument, so the only argument error is giving it one.
"""
import pytest

from cardlang.primitives import CORE

from tiny_game import probe_span
from cardlang.runtime import events as E

SHIELD = {"Shield": "card Shield { types Shield; on attack in hand { immune; } }"}
RAID = "attack p in others { p.marks += 1; }"


@pytest.mark.parametrize("shielded", [2, 3])
def test_a_reacting_player_is_unaffected_and_the_others_are_not(tiny, shielded):
    g = tiny(RAID, cards=SHIELD)
    s = g.state(players=3)
    g.put(s, f"p{shielded}.hand", ["Shield"])
    g.play(s)
    assert {p: g.marks(s, p) for p in (2, 3)} == {p: 0 if p == shielded else 1 for p in (2, 3)}
    assert s.immune is False  # nothing carries over to the next attack


def test_only_from_the_zone_the_reaction_names(tiny):
    g = tiny(RAID, cards=SHIELD)
    s = g.state(players=2)
    g.put(s, "p2.discard", ["Shield"])
    g.play(s)
    assert g.marks(s, 2) == 1


def test_the_reaction_may_do_more_and_decide_not_to_be_immune(tiny):
    cards = {"Shield": "card Shield { types Shield; on attack in hand { "
                       "reveal this; if count(hand) >= 2 { immune; } } }"}
    g = tiny(RAID, cards=cards)
    s = g.state(players=3)
    g.put(s, "p2.hand", ["Shield", "Coin"])
    g.put(s, "p3.hand", ["Shield"])
    g.play(s)
    assert (g.marks(s, 2), g.marks(s, 3)) == (0, 1)
    assert g.events(s, "Revealed") == [E.Revealed(1, ("Shield",)), E.Revealed(2, ("Shield",))]


def test_rules_text() -> None:
    assert CORE.get("immune").describe({}) == "You are unaffected by the attack."


def test_rules_text_on_a_card(tiny):
    g = tiny(None, cards=SHIELD)
    assert g.text("Shield") == [
        "When another player attacks you, if this is in your hand: You are unaffected by the attack."]


def test_too_many_arguments(tiny):
    body = "immune you;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'immune' takes at most 0 argument(s), got 1", probe_span(body, "you"),
                                           "for example: immune;")
