"""A card argument from an empty pick: the verb call does nothing ("do what you can"); elsewhere it is an
error. Dominion's Workshop with nothing costing up to 4 left gains nothing and the game goes on."""
import pytest

from cardlang.errors import RuleViolation
from cardlang.runtime.decisions import ScriptedAgent

from tiny_game import probe_span

# A game verb taking one card by name, as Dominion's `gain` does.
TAKE = 'verb take(c: card) "take {c}" { move top 1 of (c in supply) to hand; marks += 10; }'
PICK = "let c = choose 1 from supply where card.value >= 3;"


def test_a_game_verb_given_an_empty_pick_does_nothing_and_the_card_goes_on(tiny):
    g = tiny(PICK + " take c; marks += 1;", extra=TAKE)
    s = g.state()
    g.put(s, "supply[Coin]", ["Coin"])   # value 1: nothing is worth 3 or more
    g.put(s, "supply[Gem]", [])           # the Gem pile is empty
    g.play(s)
    assert g.names(s, "p1.hand") == []
    assert g.marks(s) == 1               # the verb's body never ran; the statement after it did


def test_a_pick_that_finds_a_card_is_acted_on(tiny):
    g = tiny(PICK + " take c; marks += 1;", extra=TAKE)
    s = g.state()
    g.put(s, "supply[Gem]", ["Gem", "Gem"])
    s.agents = [ScriptedAgent(["Gem"]), ScriptedAgent([])]
    g.play(s)
    assert g.names(s, "p1.hand") == ["Gem"]
    assert g.marks(s) == 11


def test_a_core_verb_given_an_empty_pick_does_nothing(tiny):
    g = tiny(PICK + " create 2 c to table; marks += 1;")
    s = g.state()
    g.put(s, "supply[Coin]", ["Coin"])
    g.play(s)
    assert g.names(s, "table") == ["Probe"]
    assert g.marks(s) == 1


def test_a_card_name_given_directly_is_not_affected(tiny):
    g = tiny("take Gem; marks += 1;", extra=TAKE)
    s = g.state()
    g.put(s, "supply[Gem]", [])
    g.play(s)                             # an empty pile: the verb's body runs and moves nothing
    assert g.marks(s) == 11


def test_an_empty_pick_read_outside_a_verb_call_is_still_a_rule_violation(tiny):
    body = PICK + ' take Coin; if c.name == "Gem" { marks += 5; }'
    g = tiny(body, extra='verb take(c: card) "take {c}" { marks += 1; }')
    s = g.state()
    g.put(s, "supply[Coin]", ["Coin"])
    with pytest.raises(RuleViolation) as e:   # not silently skipped: the card reads a name nobody chose
        g.play(s)
    assert e.value.message == "Probe: no card was chosen"
    assert g.marks(s) == 1


def test_inside_a_verb_body_only_the_call_with_the_empty_argument_is_skipped(tiny):
    extra = TAKE + '\n  verb twice(c: card) "take {c} twice" { take c; marks += 100; take c; }'
    g = tiny("let c = choose 1 from hand; twice c;", extra=extra)
    s = g.state()
    g.play(s)                             # empty hand: `twice` itself is skipped, nothing inside runs
    assert g.marks(s) == 0
    g2 = tiny("let c = top 1 of (Gem in supply); let d = choose 1 from hand; take c; take d; marks += 1;",
              extra=TAKE)
    s2 = g2.state()
    g2.put(s2, "supply[Gem]", ["Gem"])
    g2.play(s2)
    assert (g2.names(s2, "p1.hand"), g2.marks(s2)) == (["Gem"], 11)


def test_a_rule_violation_inside_the_verb_is_still_reported(tiny):
    body = PICK + " take c;"
    g = tiny(body, extra='verb take(c: card) "take {c}" { create 0 - 1 c to hand; }')
    s = g.state()
    g.put(s, "supply[Gem]", ["Gem"])
    s.agents = [ScriptedAgent(["Gem"]), ScriptedAgent([])]
    with pytest.raises(RuleViolation):
        g.play(s)
