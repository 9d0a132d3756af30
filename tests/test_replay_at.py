"""`cardlang replay LOG --at STEP [--seat N]`: the table at one step of a logged game, as that seat saw it live
(the same lines its terminal showed at that question), a spectator seeing everything, a seat only what it may;
a step the log does not have is a usage error (exit 2)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardlang.cli.commands import app

ROOT = Path(__file__).resolve().parents[1]
INPUT = ROOT / "tests" / "transcripts" / "dominion-seat.input"
PLAY = ["play", "dominion", "--players", "human,smithy-bm", "--seed", "4", "--plain", "--input", str(INPUT)]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    log = tmp_path_factory.mktemp("replay") / "game.jsonl"
    r = CliRunner().invoke(app, [*PLAY, "--log", str(log)])
    assert r.exit_code == 0, r.output[-2000:]
    return log, r.output


def _first_answer_of_turn(log: Path, player: int, turn: int) -> int:
    """The step of the first question in PLAYER's TURN: how many answers the log holds before it."""
    answers, armed = 0, False
    for line in log.read_text(encoding="utf-8").splitlines():
        e = json.loads(line)
        if e["event"] == "Turn":
            armed = (e["player"], e["turn"]) == (player, turn)
        elif e["event"] == "Answer":
            if armed:
                return answers
            answers += 1
    raise AssertionError("no such question")


def _at(log: Path, *args: str):
    return CliRunner().invoke(app, ["replay", str(log), "--plain", "--at", *args])


def _table(output: str) -> list[str]:
    """The table lines of an --at output: from the blank line after the step line to the next blank line."""
    lines = output.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith("Step ")) + 2
    end = lines.index("", start)
    return lines[start:end]


def test_a_seat_sees_at_a_step_what_its_terminal_showed_then(played) -> None:
    log, live = played
    step = _first_answer_of_turn(log, 0, 3)
    r = _at(log, str(step), "--seat", "1")
    assert r.exit_code == 0, r.output
    table = _table(r.output)
    assert table[0].startswith("p1 (you): ") and any(x.startswith("  hand: ") for x in table)
    assert "\n".join(table) in live                     # the very lines shown to p1 at that question
    steps = sum(1 for x in log.read_text(encoding="utf-8").splitlines() if '"Answer"' in x)
    assert f"Step {step} of {steps}, in p1's turn 3 (" in r.output
    assert "Next: p1 is asked: " in r.output and "Answered: " in r.output


def test_a_seat_does_not_see_the_other_hand_but_a_spectator_does(played) -> None:
    log, _ = played
    step = _first_answer_of_turn(log, 0, 3)
    seat2 = _table(_at(log, str(step), "--seat", "2").output)
    p1 = seat2.index(next(x for x in seat2 if x.startswith("p1:")))
    block = seat2[p1:next(i for i, x in enumerate(seat2) if i > p1 and not x.startswith("  "))]
    assert any(re.search(r"\bhand [0-9]+ cards?\b", x) for x in block)   # p1's hand as a count
    assert not any(x.startswith("  hand: ") for x in block)
    assert "Next: p1 decides." in _at(log, str(step), "--seat", "2").output   # not the options nor the answer
    spectator = _table(_at(log, str(step)).output)
    assert sum(1 for x in spectator if x.startswith("  hand: ")) == 2


def test_the_last_step_is_the_end_and_a_turn_can_be_named(played) -> None:
    log, live = played
    steps = sum(1 for x in log.read_text(encoding="utf-8").splitlines() if '"Answer"' in x)
    end = _at(log, str(steps))
    assert end.exit_code == 0 and f"Step {steps} of {steps}: the end of the game" in end.output
    assert end.output.splitlines()[-1] == live.splitlines()[-1]          # the winner line
    turn = _at(log, "p2:3", "--seat", "2")
    assert turn.exit_code == 0 and "in p2's turn 3 (action phase)" in turn.output
    assert re.search(r"p2 \(you\): (VP [0-9]+, )?actions 1, buys 1, coins 0", turn.output)  # the turn's set-up is done


@pytest.mark.parametrize(("at", "message"), [
    ("9999", "error: --at 9999: this log has steps 0 to "),
    ("x", "error: --at 'x': give a step, 0 to "),
    ("-1", "error: --at '-1': give a step"),
    ("p3:1", "error: --at p3:1: this game has players p1 to p2"),
    ("p2:999", "error: --at p2:999: p2 took "),
    ("p1:0", "error: --at p1:0: turns are counted from 1"),
])
def test_a_step_the_log_does_not_have_is_a_usage_error(played, at: str, message: str) -> None:
    log, _ = played
    r = CliRunner().invoke(app, ["replay", str(log), "--plain", f"--at={at}"])
    assert r.exit_code == 2, r.output
    assert message in r.output and "Traceback" not in r.output
