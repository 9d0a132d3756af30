"""`trigger EVENT CARDS`: behaviour, rules text, and the errors a card author can trigger."""
import pytest

from cardlang.primitives import CORE

from tiny_game import probe_span

SPARK = {"Spark": "card Spark { types Thing; on flip { marks += 1; move this to discard; } }"}


def test_runs_the_ability_of_each_card_with_this_naming_it(tiny):
    g = tiny("trigger flip hand;", cards=SPARK)
    s = g.state()
    sparks = g.put(s, "p1.hand", ["Spark", "Coin", "Spark"])
    g.play(s)
    assert g.marks(s) == 2
    assert g.names(s, "p1.hand") == ["Coin"]
    # A zone lists its bottom card first, so the bottom Spark resolves first.
    assert g.zone(s, "p1.discard").cards == [sparks[2], sparks[0]]


def test_a_card_without_that_ability_is_fine(tiny):
    g = tiny("trigger flip hand; trigger flip nothing;", cards=SPARK)
    s = g.state()
    g.put(s, "p1.hand", ["Coin", "Land"])
    g.play(s)
    assert g.names(s, "p1.hand") == ["Coin", "Land"] and g.marks(s) == 0


def test_you_is_the_player_who_triggers(tiny):
    g = tiny("trigger flip top 1 of left.hand;", cards=SPARK)
    s = g.state(players=3)
    g.put(s, "p3.hand", ["Spark"])
    g.play(s, player=2)
    # p2 ran the trigger on a card of p3: p2 gets the mark, and `discard` is p2's.
    assert (g.marks(s, 1), g.marks(s, 2), g.marks(s, 3)) == (0, 1, 0)
    assert g.names(s, "p2.discard") == ["Spark"]


def test_the_ability_runs_once_per_trigger(tiny):
    g = tiny("let c = top 1 of hand; trigger flip c; trigger flip c;",
             cards={"Spark": "card Spark { types Thing; on flip { marks += 1; } }"})
    s = g.state()
    g.put(s, "p1.hand", ["Spark"])
    g.play(s)
    assert g.marks(s) == 2


def test_rules_text() -> None:
    assert CORE.get("trigger").describe({"event": "flip", "what": "this card"}) == \
        "Resolve the flip ability of this card."
    # with the words the game gives the event (`event flip "When it flips";`), those words (issue 22)
    assert CORE.get("trigger").describe({"event": "flip", "what": "this card", "event_words": "When it flips"}) \
        == "Resolve the abilities of this card that start \u201cWhen it flips\u201d."


def test_rules_text_on_a_card(tiny):
    assert tiny("trigger flip top 1 of deck;", cards=SPARK).text() == \
        ["Resolve the flip ability of the top card of your deck."]


def test_the_event_must_be_a_plain_word(tiny):
    body = "trigger 3 this;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'event' must be a plain word", probe_span(body, "3"), None)


def test_wrong_type(tiny):
    body = "trigger flip 3;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("expected cards, found a number", probe_span(body, "3"), None)


def test_missing_argument(tiny):
    body = "trigger flip;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'trigger' needs its 'what' argument (cards)", probe_span(body, body),
                                           "for example: trigger play c;")


def test_too_many_arguments(tiny):
    body = "trigger flip this this;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'trigger' takes at most 2 argument(s), got 3",
                                           probe_span(body, "this", nth=1), "for example: trigger play c;")


def test_an_ability_nothing_triggers_is_an_error(tiny):
    errs = tiny.errors(None, cards={"Spark": "card Spark { types Thing; on plya { marks += 1; } }"})
    assert [(e.message, e.span.path, e.span.line, e.span.column, e.hint) for e in errs] == [
        ("no rule of this game fires 'plya'", "cards/tiny/spark.card", 1, 27, "did you mean 'play'?")]


def test_for_runs_each_reacting_ability_as_that_player(tiny):
    # The cards are a name read before the switch (generated code looks for a card that reacts first, then
    # switches players around the abilities alone): each Spark still runs as p2, and `discard` is p2's.
    g = tiny("let cs = hand; trigger flip cs for left; trigger flip nothing for left;", cards=SPARK)
    s = g.state(players=3)
    g.put(s, "p1.hand", ["Spark", "Coin", "Spark"])
    g.play(s)
    assert (g.marks(s, 1), g.marks(s, 2), g.marks(s, 3)) == (0, 2, 0)
    assert g.names(s, "p2.discard") == ["Spark", "Spark"] and g.names(s, "p1.hand") == ["Coin"]


def test_for_reads_cards_that_name_you_as_that_player(tiny):
    g = tiny("trigger flip hand for left;", cards=SPARK)  # `hand` is the hand of the player it runs for
    s = g.state(players=3)
    g.put(s, "p1.hand", ["Spark"])
    g.put(s, "p2.hand", ["Spark", "Spark"])
    g.play(s)
    assert (g.marks(s, 1), g.marks(s, 2)) == (0, 2) and g.names(s, "p1.hand") == ["Spark"]
