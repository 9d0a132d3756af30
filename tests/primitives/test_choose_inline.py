"""Decisions asked in the generated function itself (the pass `decide-inline`: compile/ir/emit_ask.py) ask
exactly what their reference runs (compile/decision_runs.py, called with the pass off) ask: the same decisions
(player, tag, prompt, kind, options, bounds, labels, privacy), the same log and the same cards moved, for
choices of cards (written and computed counts, nothing to pick, `by`, prompts with names), of players and of
numbers, `choose one of` with conditions and `may` with an else; and a `let` of a choice keeps its names in
locals."""
from __future__ import annotations

import pytest

from cardlang.compile.codegen import source_of
from cardlang.compile.passes import OPTIMISED, SWITCHABLE, Options
from tiny_game import play_scripted

REFERENCE = Options(SWITCHABLE - {"decide-inline"})

PROBES = [
    ('let c = choose 1 from hand as pick prompt "Take {marks} of {hand}"; move c to table;', ["Gem"]),
    ("let n = 2; let c = choose up to n from hand as pick; move c to table; "
     "let d = choose up to marks - 5 from hand as none_left; move d to table;", [["Coin", "Land"]]),
    ("let p = choose 1 from others as who; let c = choose any from hand by p as pick; move c to discard;",
     ["p2", ["Coin", "Land"]]),
    ('let p = choose 1 from others as who prompt "Whom, {you}?"; marks += 1; p.marks += 2;', ["p2"]),
    ('let c = choose 1 from hand where card is Thing as pick privately; move c to table;', ["Land"]),
    ('choose as what prompt "What now, {you}?" { "Mark" if count(hand) > 2 { marks += 1; } '
     '"Drop" { let c = choose 1 from hand as drop; move c to discard; } "Pass" { } }', ["Drop", "Coin"]),
    ('choose as what { "Mark" if count(hand) > 5 { marks += 1; } "Pass" if marks > 5 { } }', []),
    ('may "Mark {you}?" as mark { marks += 3; } else { marks += 1; } may as again { marks += 5; }', ["no", "yes"]),
]


def _play(tiny, body: str, answers: list, options: Options) -> tuple:
    g, s, zones, seen = play_scripted(tiny, body, answers, options)
    return seen, [str(e) for e in s.log], zones, [g.marks(s, p) for p in (1, 2, 3)]


@pytest.mark.parametrize("body, answers", PROBES, ids=range(len(PROBES)))
def test_asked_inline_as_the_closures_ask(tiny, body: str, answers: list) -> None:
    inline = _play(tiny, body, list(answers), OPTIMISED)
    assert inline == _play(tiny, body, list(answers), REFERENCE)
    assert inline[0] or not answers


def test_a_let_of_a_choice_reads_its_names_from_locals(tiny) -> None:
    g = tiny('let n = 1; let c = choose n from hand as pick prompt "Take {n}"; move c to table;')
    code = "\n".join(source_of(m) for m in g.game.generated if m.card == "Probe")
    assert "Decision(" in code and "ctx.vars['n']" not in code


def test_a_choice_asked_in_place_makes_no_reference_and_one_called_makes_it_when_called(tiny, tmp_path,
                                                                                       monkeypatch) -> None:
    # the functions a reference calls (count, options, who, prompt) are generated only for a choice that is
    # no let's value, where the code calls its reference; the pass off, every choice is its reference
    from cardlang.compile import codegen
    from cardlang.compile.game import load_game
    made: list = []
    real = codegen._generate
    monkeypatch.setattr(codegen, "_generate", lambda label, *a, **k: made.append(label) or real(label, *a, **k))
    monkeypatch.setenv("CARDLANG_CACHE", str(tmp_path / "cache"))
    body = " ".join(b for b, _ in PROBES)
    tiny(body)
    load_game("tiny", options=OPTIMISED)
    assert "an expression" not in made
    load_game("tiny", options=REFERENCE)
    assert "an expression" in made
    # a choice of cards that is no let's value and is not lifted (compile/lift.py: the cards of a `move` run
    # `for` a player): its reference, made as the code is made, and again, when a load from the cache binds
    # the code
    probe = 'move choose 1 from hand where card is Thing as pick prompt "Take {marks}" to table for you;'
    for _ in range(2):
        made.clear()
        seen, log, zones, marks = _play(tiny, probe, ["Gem"], OPTIMISED)
        assert zones["table"][0] == "Gem" and seen[0][2] == "Take 0"
    assert "an expression" in made
