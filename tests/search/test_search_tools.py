"""The search bot's tools on tiny runs: tools/search_strength.py plays a pairing with seats alternated and gives
a Wilson interval; `compare` with the search bot on both arms of a card no bot names runs (the real run:
README, "A card no bot names")."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from typer.testing import CliRunner

from cardlang.cli.commands import app

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

KINGDOM = "Lantern Fair,Market,Militia,Mine,Moat,Remodel,Smithy,Village,Woodcutter,Workshop"


def test_search_strength_plays_a_tiny_pairing(capsys) -> None:
    import search_strength
    assert search_strength.main(["--games", "2", "--search", "search:iterations=20,cap=2,rollout={best}",
                                 "--only", "greedy-kingdoms", "--against", "random", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    (row,) = out["rows"]
    assert row["search"] == "search:iterations=20,cap=2,rollout=palace-rusher" and row["opponent"] == "random"
    assert row["games"] == 2 and 0 <= row["low"] <= row["rate"] <= row["high"] <= 1 and row["bar"] == 0.95


def test_search_strength_refuses_a_bad_spec(capsys) -> None:
    import search_strength
    assert search_strength.main(["--games", "2", "--search", "search:iterations=0", "--only", "dominion"]) == 2
    assert "error: dominion: search bot option iterations=0" in capsys.readouterr().err


def test_compare_runs_the_search_bot_on_both_arms_of_a_new_card() -> None:
    r = CliRunner().invoke(app, [
        "compare", "dominion", "--with", str(ROOT / "examples/search-card"),
        "--b", str(ROOT / "examples/search-card-strong"), "--players",
        "search:iterations=20,cap=2,rollout=witch-bm,big-money", "--games", "2", "--workers", "1",
        "--kingdom", KINGDOM, "--json"])
    assert r.exit_code == 0, r.output
    got = json.loads(r.output[r.output.index("{"):])
    assert got["games"] == 2 and "search:iterations=20,cap=2,rollout=witch-bm" in json.dumps(got)
