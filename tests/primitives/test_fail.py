"""`fail TEXT`: behaviour, rules text, and the errors a card author can trigger.

Any value reads as text (a number, a card), so there is no wrong type; an unknown name is still an error.
"""
import pytest

from cardlang.errors import RuleViolation
from cardlang.primitives import CORE
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import setup_game

from tiny_game import probe_span


def test_stops_with_a_rule_violation_naming_the_card_and_line(tiny):
    body = 'marks += 1; fail "no Coin left"; marks += 1;'
    g = tiny(body)
    s = g.state()
    with pytest.raises(RuleViolation) as e:
        g.play(s)
    assert (e.value.message, e.value.span) == ("Probe: no Coin left", probe_span(body, 'fail "no Coin left";'))
    assert e.value.render().splitlines()[0] == "cards/tiny/probe.card:4:17: error: Probe: no Coin left"
    assert g.marks(s) == 1


def test_the_message_may_name_values(tiny):
    g = tiny('let n = count(hand); fail "{this} needs more than {n} cards";')
    with pytest.raises(RuleViolation) as e:
        g.play(g.state())
    assert e.value.message == "Probe: Probe needs more than 0 cards"


def test_a_number_reads_as_text(tiny):
    g = tiny("fail count(hand) + 1;")
    with pytest.raises(RuleViolation) as e:
        g.play(g.state())
    assert e.value.message == "Probe: 1"


def test_only_when_reached(tiny):
    g = tiny('if count(hand) == 0 { fail "empty hand"; } marks += 1;')
    s = g.state()
    g.put(s, "p1.hand", ["Coin"])
    g.play(s)
    assert g.marks(s) == 1


def test_in_the_rules_it_names_the_rule_and_points_at_the_game_file(tiny):
    g = tiny(setup='fail "bad set-up";')
    with pytest.raises(RuleViolation) as e:
        setup_game(g.game, [RandomAgent(1), RandomAgent(2)], seed=1)
    assert e.value.message == "setup: bad set-up"
    assert (e.value.span.path, e.value.span.line) == ("games/tiny/game.cl", 13)


def test_rules_text() -> None:
    assert CORE.get("fail").describe({"message": '"no Coin left"'}) == ""


def test_adds_no_rules_text(tiny):
    assert tiny('if count(hand) == 0 { fail "empty hand"; }').text() == []


def test_unknown_name_in_the_message(tiny):
    body = 'fail "{this} needs {n}";'
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("unknown name 'n'", probe_span(body, '"{this} needs {n}"'), None)


def test_missing_argument(tiny):
    body = "fail;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'fail' needs its 'message' argument (text)", probe_span(body, body),
                                           'for example: fail "no Recruit left in the supply";')


def test_too_many_arguments(tiny):
    body = 'fail "a" "b";'
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'fail' takes at most 1 argument(s), got 2", probe_span(body, '"b"'),
                                           'for example: fail "no Recruit left in the supply";')
