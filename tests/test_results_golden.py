"""The shipped games, played by their bots and by random players for fixed seeds, give exactly the results
(winners, scores, turns and the sha256 of the whole event log) pinned in tests/results/<game>.txt.

A change to how rules are compiled or run must leave these byte for byte; a change to the rules changes them
on purpose: regenerate with `python tools/regen_goldens.py results` and review the diff."""
from __future__ import annotations

import difflib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import results_golden  # noqa: E402


@pytest.mark.parametrize("game_id", sorted(results_golden.TABLES))
def test_results_match_golden(game_id):
    golden = results_golden.golden_path(game_id)
    assert golden.exists(), f"no golden {golden}; run `python tools/regen_goldens.py results {game_id}`"
    want = golden.read_text(encoding="utf-8")
    got = results_golden.render_results(game_id)
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "golden", "now", n=0))
        pytest.fail(f"results of {game_id} changed (regenerate with `python tools/regen_goldens.py results "
                    f"{game_id}` if the rules changed on purpose):\n{diff[:4000]}")


def test_every_game_has_result_tables():
    from cardlang.compile.game import game_ids
    assert sorted(results_golden.TABLES) == sorted(game_ids())
