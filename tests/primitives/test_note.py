"""`note TEXT`: behaviour, rules text, and the errors a card author can trigger.

`note` takes any value, so there is no wrong type; an unknown name is still an error.
"""
import re

import pytest

from cardlang.primitives import CORE

from tiny_game import probe_span
from cardlang.runtime import events as E


def test_writes_a_line_to_the_log_for_the_player_it_runs_for(tiny):
    g = tiny('note "The attack fails"; note "{this} was used" for left; note count(hand);')
    s = g.state()
    g.put(s, "p1.hand", ["Coin", "Gem"])
    g.play(s)
    assert g.events(s, "Note") == [E.Note(0, "The attack fails"), E.Note(1, "Probe was used"), E.Note(0, "2")]


def test_changes_nothing_else_and_costs_nothing_without_a_log(tiny):
    g = tiny('note "hello";')
    s = g.state(log=False)
    g.put(s, "p1.hand", ["Coin"])
    g.play(s)
    assert s.log is None and g.names(s, "p1.hand") == ["Coin"] and g.marks(s) == 0


def test_cards_and_zones_read_as_names(tiny):
    g = tiny("note this; note hand; note top 2 of hand;")
    s = g.state()
    g.put(s, "p1.hand", ["Coin", "Gem"])
    g.play(s)
    assert [e.text for e in g.events(s, "Note")] == ["Probe", "p1.hand", "Coin, Gem"]


def test_rules_text() -> None:
    assert CORE.get("note").describe({"message": '"The attack fails"'}) == ""


def test_adds_no_rules_text(tiny):
    assert tiny('note "x";').text() == []
    assert tiny('marks += 1; note "x";').text() == ["+1 Mark."]


def test_unknown_name(tiny):
    body = "note nosuch;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("unknown name 'nosuch'", probe_span(body, "nosuch"), None)


def test_missing_argument(tiny):
    body = "note;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'note' needs its 'message' argument (text)", probe_span(body, body),
                                           'for example: note "The attack fails";')


def test_too_many_arguments(tiny):
    body = 'note "a" "b";'
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'note' takes at most 1 argument(s), got 2", probe_span(body, '"b"'),
                                           'for example: note "The attack fails";')


def test_generated_code_calls_it_only_when_someone_watches(tiny):
    from cardlang.compile.codegen import source_of
    g = tiny('note "hello"; marks += 1;')
    probe = [x for x in g.game.generated if x.card == "Probe"]
    # (the state may be read from a local, `_state`, and the test itself from one, `_quiet`)
    code = "".join(source_of(x) for x in probe)
    assert re.search(r"if ((ctx\.state|_state)\.log is not None or \2\.listeners|not _quiet):\n\s+_k\d+_run_note\(ctx, 'hello'\)",
                     code)
    s = g.state(log=False)
    g.play(s)
    assert g.marks(s) == 1
