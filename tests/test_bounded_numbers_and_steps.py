"""Issue 24: numbers a game computes are bounded (at most 18 digits, docs/language.md section 17), and the loops
inside expressions (`sum`, `where`, `count`) are charged to the step budget. Before, a square taken a hundred
times exhausted memory, a sum doubled a thousand times reached a failing `expect` as a 300-digit number (and
past 4,300 digits Python refused to print it: "internal error: ValueError"), and six `sum(owned, ...)` inside
each other over 41 cards never finished.

All cases run as one `cardlang test` in a child process under a memory limit and a timeout (as
tests/test_mutations.py does), so a hang or a memory blow-up fails the test, naming it, with no timing assertion.
"""
from __future__ import annotations

import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MEMORY = 1536 * 1024 * 1024  # bytes of address space for the child: ten times what loading a game takes
TIMEOUT = 120  # seconds: a hang, not slowness (the child needs about 3 s of processor time)
FORTY = ", ".join(["Copper"] * 40)  # with the card played, 41 cards owned

BIG = "digits; numbers in a game have at most 18 digits (under 10^18)"
BUDGET = "ran past the step budget of 200000 steps"
# card -> (its `on play`, the scenario's lines before the play, after it, the error's line:col, its words)
CASES = {
    "Square": ("let x = 2; repeat 100 { x = x * x; }", "", "", "4:33", "'Square' computed a number of more than 18 " + BIG),
    "Double": ("let x = 100000000000000000; repeat 1000 { x = x + x; }", "", "", "4:51", "'Double' computed a number"),
    "Grow": ("let x = 900000000000000000; x += x;", "", "", "4:33", "'Grow' computed a number"),
    "Hoard": ("coins += 900000000000000000; coins += 900000000000000000;", "", "", "4:34",
              "Hoard: coins would hold a number of more than 18 " + BIG),
    "Shown": ("let x = 100000000000000000; repeat 8 { x = x * x; } coins += x;", "", "expect p1.coins == 1;", "4:48",
              "'Shown' computed a number"),
    "Sums": ("let n = sum(owned, sum(owned, sum(owned, sum(owned, sum(owned, sum(owned, card.cost))))));",
             f"p1.deck = [{FORTY}];", "", "4:", f"'Sums' {BUDGET}"),
    "Wheres": ("let n = count(owned where count(owned where count(owned where count(owned where count(owned where "
               "count(owned where card is Copper) > 0) > 0) > 0) > 0) > 0);", f"p1.deck = [{FORTY}];", "", "4:",
               f"'Wheres' {BUDGET}"),
    "Lists": ("let n = owned where count(owned where count(owned where count(owned where count(owned where "
              "count(owned) > 0) > 0) > 0) > 0) > 0;", f"p1.deck = [{FORTY}];", "", "4:", f"'Lists' {BUDGET}"),
    # `top -3 of deck` took all but 3 cards: `draw -3` drew the rest of the deck (the error is at the verb's line)
    "Minus": ("draw -3;", "", "expect count(p1.hand) == 0;", r"game.cl:\d+:\d+", "error: Minus: cannot take -3 cards"),
    "Fine": ("let x = 999999999999999999; let y = x - 1; coins += y; coins -= y; let s = sum(owned, card.cost);",
             f"p1.deck = [{FORTY}];", "expect p1.coins == 0;", None, None),
}


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


@pytest.fixture(scope="module")
def answers(tmp_path_factory) -> str:
    tmp = tmp_path_factory.mktemp("bounds")
    exp = tmp / "exp"
    exp.mkdir()
    scenarios = []
    for name, (play, before, after, _, _) in CASES.items():
        (exp / f"{name.lower()}.card").write_text(
            f"card {name} {{\n  types Action; cost 2;\n  on play {{\n    {play}\n  }}\n}}\n")
        scenarios.append(f'scenario "{name}" {{\n  game dominion;\n  p1.hand = [{name}];\n  {before}\n'
                         f'  play {name} in hand;\n  {after}\n}}\n')
    (tmp / "bounds.scenario").write_text("".join(scenarios))
    try:
        proc = subprocess.run([sys.executable, "-m", "cardlang", "test", "bounds.scenario", "--with", "exp"],
                              cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=TIMEOUT, preexec_fn=_limit,
                              env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                                   "CARDLANG_CACHE": str(tmp / "cache")})
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"timed out after {TIMEOUT}s: {(e.stdout or b'')[-2000:]!r}")
    out = proc.stdout
    assert "internal error" not in out and "Traceback" not in out, out[-3000:]
    assert proc.returncode == 1, out[-3000:]  # (a child killed by the memory limit ends otherwise)
    return out


@pytest.mark.parametrize("case", list(CASES))
def test_a_runaway_number_or_loop_is_an_error_naming_the_card_and_line(answers: str, case: str) -> None:
    where, words = CASES[case][3:]
    if where is None:
        assert f"PASS bounds.scenario: {case}" in answers, answers
        return
    block = answers.split(f"FAIL bounds.scenario: {case}\n", 1)[1].split("FAIL ", 1)[0]
    path = "games/dominion/" if case == "Minus" else f"exp/{case.lower()}\\.card:"
    assert re.search(rf"{path}{where}\d*:? ?error: ", block + " "), block
    assert words in block, block
