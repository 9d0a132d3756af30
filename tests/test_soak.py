"""The soak in CI: for every game and player count, 100 random-agent games (and each variant, and the game's
bots, fewer) with the invariants checked after every step in every 10th game and at the end of all of
them, no violation. The full soak (10,000 a case, every step of every game) is `python tools/soak.py`; see
README. Games stop at 300 turns (all players' turns; the engine's own limit is 1000), as in the tool, and
Warring Kingdom's at 100 here: its random games rarely end by the rules; each row reports how many games
stopped at the cap."""
from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import soak  # noqa: E402

from cardlang.compile.game import game_ids  # noqa: E402
from cardlang.runtime import checker  # noqa: E402
from cardlang.simulation.simulate import game_seed  # noqa: E402

# 100 games a case with every 10th checked at every step: as many games checked step by step as 300 with every
# 30th, and a third as many checked only at their end (those were most of the time). Each game's own
# random-agent playout tests check more games step by step; tools/soak.py is the long run.
GAMES, VARIANT_GAMES, BOT_GAMES, CAP, EVERY = 100, 10, 5, 300, 10
# Random Warring Kingdom games seldom end by the rules; in CI they stop at 100 turns to fit the suite budget.
CAPS = {"warring-kingdom": 100}


@pytest.mark.parametrize("gid", game_ids())
def test_soak_every_player_count_variant_and_bot(gid: str) -> None:
    todo = soak.cases(GAMES, BOT_GAMES, [gid], variant_games=VARIANT_GAMES)
    counts = {len(c.players) for c in todo}
    assert all(sum(c.games for c in todo if len(c.players) == n and set(c.players) == {"random"}
                   and not c.variants) >= GAMES for n in counts)
    out = io.StringIO()
    # (in this process: the suite's own workers keep the cores busy, and a pool of its own would only add the
    # start of its processes, each importing cardlang and loading the game; test_simulate_parallel runs pools)
    played, found, seconds = soak.soak(todo, workers=1, max_turns=CAPS.get(gid, CAP), check_every=EVERY, out=out)
    print(out.getvalue())  # the rows, with the time each case took (pytest -s shows them)
    assert found == [], out.getvalue()
    assert played == sum(c.games for c in todo)
    assert out.getvalue().count("\n") == len(todo) + 3


def _break_one_game(monkeypatch, seed: int, g: int, at_step: int) -> dict:
    """Make the first card move of game G from step AT_STEP on a broken one (the card is left behind in its
    old zone too: in two places), as a buggy engine would (the engine keeps every invariant, so a real
    violation cannot be produced through the language). Returns {"step": the step it broke}."""
    real = checker.InvariantChecker.moved
    target = game_seed(seed, g)
    broke: dict = {}

    def moved(self, state, cid, src, dest) -> None:
        if state.seed == target and self.steps + 1 >= at_step and not broke:
            src.cards.append(cid)
            broke["step"] = self.steps + 1
        real(self, state, cid, src, dest)
    monkeypatch.setattr(checker.InvariantChecker, "moved", moved)
    return broke


def test_a_violation_prints_the_seed_the_step_and_a_replay_command(monkeypatch) -> None:
    broke = _break_one_game(monkeypatch, 1, 3, at_step=40)
    out = io.StringIO()
    case = soak.Case("dominion", ("random", "random"), (), 6)
    played, found, _ = soak.soak([case], workers=1, out=out)
    text = out.getvalue()
    assert played == 6 and len(found) == 1, text
    (line,) = [x for x in text.splitlines() if "VIOLATION" in x]
    step = broke["step"]
    assert step >= 40 and f"VIOLATION game 3 seed {game_seed(1, 3)} " in line and f"step {step}, turn " in line
    assert "in two places" in line or "its location says" in line, line
    replay = next(x for x in text.splitlines() if "replay:" in x).split("replay: ", 1)[1]
    assert replay == ("cardlang simulate dominion --players random,random --seed 1 --start 3 --games 1 "
                      "--workers 1 --check --max-turns 300")
    # The replay command finds the same violation at the same step, in the CLI.
    again = _break_one_game(monkeypatch, 1, 3, at_step=40)
    from cardlang.cli.commands import app
    r = CliRunner().invoke(app, replay.split()[1:])
    assert r.exit_code == 1, r.output
    assert again == broke and "invariant violations: 1" in r.output and f"step {step}, turn " in r.output


def test_cases_can_be_picked_one_at_a_time() -> None:
    """`--players` and `--variant` cut the soak into cases a long run can take one by one."""
    (one,) = soak.cases(10, 0, ["dominion"], players=(4, 4), variants=["standard"])
    assert (one.label, one.games) == ("dominion 4p standard random", 10)
    wk = soak.cases(10, 4, ["warring-kingdom"], players=(2, 3))
    assert {len(c.players) for c in wk} == {2, 3} and any(c.variants for c in wk) and any(
        set(c.players) != {"random"} for c in wk)
    name = next(c.variants[0] for c in wk if c.variants)
    only = soak.cases(10, 4, ["warring-kingdom"], players=(2, 3), variants=[name])
    assert [c.variants for c in only] == [(name,), (name,)], "a variant alone: no standard case, no bots"
    assert soak._players("2-4") == (2, 4) and soak._players("3") == (3, 3)
