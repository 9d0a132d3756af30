"""Choices in expression position (compile/lift.py): where the statement evaluates one once and unconditionally
(a value, an `if`'s test, a `repeat`'s count, what a `for` runs over, a call's argument, through arithmetic,
functions and the left of `and`/`or`), the pass decide-inline asks it in the generated function by a `let` of a
name of its own, and its code calls no reference; where it is conditional (the right of `or`, inside another
choice, a call run `for` a player, two choices in one call) it stays its reference. Either way a probe plays
exactly as with the pass off: the same decisions in the same order, the same log, cards and counters."""
from __future__ import annotations

import pytest

from cardlang.compile.codegen import source_of
from cardlang.compile.passes import OPTIMISED, SWITCHABLE, Options
from tiny_game import play_scripted, probe_span

REFERENCE = Options(SWITCHABLE - {"decide-inline"})
RUNS = ("choose_cards", "choose_player", "choose_values")  # the reference runs (compile/decision_runs.py)


def _calls_a_reference(code: str) -> bool:
    return any(f"function '{run}" in code for run in RUNS)

LIFTED = [
    ("move choose 1 from hand where card is Thing as pick to table;", ["Gem"]),
    ("if count(choose any from hand as k) > 1 { marks += 1; } else { marks += 5; }", [["Coin", "Land"]]),
    ("marks += count(choose up to 2 from hand as k) + count(choose 1 from hand as j);", [["Coin"], "Gem"]),
    ("repeat count(choose any from hand as r) { marks += 1; }", [["Coin", "Gem"]]),
    ("for c in choose up to 2 from hand as f { move c to discard; }", [["Coin", "Land"]]),
    ("let n = 1 + count(choose any from hand as k); marks += n;", [["Land"]]),
    ("if count(choose any from hand as k) > 0 and marks < 5 { marks += 2; }", [[]]),
    ("move choose 1 from hand by chance as luck to table;", []),
    ("let p = choose 1 from others as who; move choose 1 from hand as pick by p to discard;", ["p3", "Land"]),
    ("if not (count(choose up to 1 from hand as k) == 0) { marks += 1; } "
     "marks += count(choose any from (hand where card is Thing) as t);", [["Gem"], ["Coin"]]),
]
KEPT = [  # conditional, or in an order the reference decides: still its reference
    ("if marks > 5 or count(choose any from hand as q) > 0 { marks += 1; }", [["Gem"]]),
    ("move choose 1 from (choose 2 from hand as two) as one to table;", [["Coin", "Gem"], "Gem"]),
    ("move choose 1 from hand as pick to table for you;", ["Land"]),
    ("marks += sum(hand, count(choose up to 1 from table as each));", [[], [], []]),
]


def _play(tiny, body: str, answers: list, options: Options) -> tuple:
    g, s, zones, seen = play_scripted(tiny, body, answers, options)
    code = "\n".join(source_of(m) for m in g.game.generated if m.card == "Probe")
    return (seen, [str(e) for e in s.log], zones, [g.marks(s, p) for p in (1, 2, 3)], s.rng.random()), code


@pytest.mark.parametrize("body, answers", LIFTED, ids=range(len(LIFTED)))
def test_a_lifted_choice_is_asked_in_place_and_plays_as_its_reference(tiny, body: str, answers: list) -> None:
    inline, code = _play(tiny, body, list(answers), OPTIMISED)
    reference, ref_code = _play(tiny, body, list(answers), REFERENCE)
    assert inline == reference
    assert not _calls_a_reference(code) and "Decision(" in code
    assert _calls_a_reference(ref_code)


@pytest.mark.parametrize("body, answers", KEPT, ids=range(len(KEPT)))
def test_a_conditional_choice_keeps_its_reference_and_plays_as_with_the_pass_off(tiny, body: str,
                                                                                answers: list) -> None:
    inline, code = _play(tiny, body, list(answers), OPTIMISED)
    assert inline == _play(tiny, body, list(answers), REFERENCE)[0]
    assert _calls_a_reference(code)


def test_the_right_of_or_is_asked_only_when_reached(tiny) -> None:
    body = "marks += 6; if marks > 5 or count(choose any from hand as q) > 0 { marks += 1; }"
    (seen, *_), _ = _play(tiny, body, [], OPTIMISED)
    assert seen == []


def test_a_lifted_choice_is_still_no_plain_word(tiny) -> None:
    body = "marks += bank(choose 1 from hand as pick);"
    errors = tiny.errors(body)
    assert [e.message for e in errors] == ["'counter' must be a plain word"]
    assert errors[0].span == probe_span(body, "choose 1 from hand as pick")


def test_rules_text_is_written_from_the_card_as_written(tiny) -> None:
    g = tiny("move choose 1 from hand as pick to table;")
    assert "choice@" not in " ".join(g.text())


def test_a_call_that_reads_an_argument_later_keeps_its_choice_in_place() -> None:
    # a verb with a lazy argument (read when needed, or long after: primitives/registry.py `lazy`) is not
    # eager: its choice stays where it is written (its reference, asked when the verb reads it)
    from cardlang.compile.lift import lift_choices
    from cardlang.syntax import ast
    choice = ast.Choose(ast.Quantity("exactly", ast.IntLit(1)), ast.NameRef("hand"), ast.ChooseOpts())
    call = ast.Call("refill", (ast.NameRef("table"),), (ast.Kwarg("from", choice),))
    assert lift_choices((call,), lambda verb: False) == (call,)
    lifted = lift_choices((call,), lambda verb: True)
    assert [type(s).__name__ for s in lifted] == ["Let", "Call"] and lifted[0].value is choice
