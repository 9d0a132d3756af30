"""How a decision is put and what the other seats see of it: a choice with nothing to decide is taken without
asking (logged as taken); a `privately` choice is always asked, even with nothing to pick, and leaves no line in
the other seats' views. One view of the log (events.seat_event) serves a seat's terminal and its agent."""
from __future__ import annotations

import pytest

from cardlang.errors import CardSyntaxError
from cardlang.runtime.decisions import ScriptedAgent, UnscriptedDecision, View
from cardlang.runtime.events import render_event, render_event_for
from cardlang.runtime import events as E


class Recording(ScriptedAgent):
    def __init__(self, script: list, asked: list) -> None:
        super().__init__(script)
        self.asked = asked

    def decide(self, view, decision):
        self.asked.append((decision.tag, list(decision.labels)))
        return super().decide(view, decision)


def seated(g, script: list, players: int = 2):
    state = g.state(players=players)
    asked: list = []
    state.agents = [Recording(script, asked) for _ in range(players)]
    return state, asked


def test_exactly_one_legal_option_is_taken_without_asking_and_logged_as_taken(tiny) -> None:
    g = tiny(probe="let c = choose 1 from hand as pick; move c to table;")
    state, asked = seated(g, [])                        # an empty script: asking would fail
    g.put(state, "p1.hand", ["Gem"])
    g.play(state)
    assert asked == []
    assert "Gem" in g.names(state, "table")
    (e,) = g.events(state, "Decided")
    assert e == E.Decided(0, "pick", ("Gem",), "forced")
    assert render_event(state, e) == "p1 took Gem (pick: no other choice)"
    assert render_event_for(state, e, 1) == "p1 decided (pick)"   # to the others, as any decision


def test_all_options_required_is_forced_too_and_a_real_choice_is_asked(tiny) -> None:
    g = tiny(probe="let c = choose 2 from hand as pick; move c to table; let d = choose up to 1 from deck as more;")
    state, asked = seated(g, ["none"])
    g.put(state, "p1.hand", ["Gem", "Coin"])
    g.put(state, "p1.deck", ["Land"])
    g.play(state)
    assert asked == [("more", ["Land"])]               # up to 1 of 1: taking it or not is a choice


def test_one_legal_option_of_a_choose_statement_is_taken(tiny) -> None:
    g = tiny(probe='choose as what { "Mark" if count(hand) > 0 { marks += 1; } "Pass" { } }')
    state, asked = seated(g, [])
    g.play(state)
    assert asked == []
    assert (g.events(state, "Decided")[0].picked, g.events(state, "Decided")[0].how) == (("Pass",), "forced")


def test_a_private_choice_is_asked_with_nothing_to_pick_and_hidden_from_the_others(tiny) -> None:
    g = tiny(probe="let c = choose up to 1 from hand where card is Shield as shield privately; move c to table;")
    state, asked = seated(g, [])
    g.put(state, "p1.hand", ["Gem"])                   # no Shield: nothing to pick, asked all the same
    g.play(state)
    assert asked == [("shield", [])]
    (e,) = g.events(state, "Decided")
    assert e == E.Decided(0, "shield", (), "private")
    assert render_event_for(state, e, 0) == "p1 chose nothing (shield)"
    assert render_event_for(state, e, 1) is None
    assert render_event_for(state, e, None) is None


def test_a_private_choice_with_one_option_is_still_asked(tiny) -> None:
    g = tiny(probe="let c = choose 1 from hand as keep privately; move c to table;")
    state, asked = seated(g, ["Gem"])
    g.put(state, "p1.hand", ["Gem"])
    g.play(state)
    assert asked == [("keep", ["Gem"])]


def test_may_privately_and_a_second_privately_is_an_error(tiny) -> None:
    g = tiny(probe='may "Mark?" as mark privately { marks += 1; }')
    state, asked = seated(g, ["no"])
    g.play(state)
    assert asked == [("mark", ["yes"])]
    assert render_event_for(state, g.events(state, "Decided")[0], 1) is None
    with pytest.raises(AssertionError) as caught:
        tiny(probe='may "Mark?" privately privately { marks += 1; }')
    assert "'privately' is given twice" in str(caught.value)


def test_an_unscripted_private_choice_with_options_fails_loudly(tiny) -> None:
    from cardlang.errors import RuleViolation
    g = tiny(probe="let c = choose up to 1 from hand as keep privately;")
    state, _ = seated(g, [])
    g.put(state, "p1.hand", ["Gem"])
    with pytest.raises((RuleViolation, UnscriptedDecision)):
        g.play(state)


def test_a_seats_view_is_the_lines_its_terminal_prints(tiny) -> None:
    g = tiny(probe="let c = choose up to 1 from hand as keep privately; move top 1 of deck to hand; "
                   "move top 1 of left.deck to table;")
    state, _ = seated(g, ["none"])
    g.put(state, "p1.hand", ["Gem"])
    g.put(state, "p1.deck", ["Coin"])
    g.put(state, "p2.deck", ["Land"])
    g.play(state)
    for seat in (0, 1):
        printed = [render_event_for(state, e, seat) for e in state.log]
        assert View(state, seat).log_lines() == [line for line in printed if line is not None]
    assert "Coin moved p1.deck -> p1.hand" in View(state, 0).log_lines()
    assert "a card moved p1.deck -> p1.hand" in View(state, 1).log_lines()
    assert not any("keep" in line for line in View(state, 1).log_lines())
    assert all(e.card_id is None for e in View(state, 1).events() if e.kind == "Moved" and e.src == "p1.deck")


def test_privately_is_not_a_card_name_elsewhere() -> None:
    from cardlang.syntax.parser import parse
    f = parse('card Privately { types Thing; }\n', "x.card")      # a name that happens to be the word
    assert f.decls[0].name == "Privately"
    with pytest.raises(CardSyntaxError):
        parse('card X { on play { let c = choose 1 from hand privately privately; } }\n', "x.card")
