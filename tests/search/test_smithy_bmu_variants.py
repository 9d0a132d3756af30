"""examples/smithy-bmu-variants: the bots README's Strength section measures against smithy-bmu, to show how
much room Dominion's default kingdom leaves above it. Each loads, and `plays-all` (smithy-bmu playing any
Action it holds) plays smithy-bmu's own games there, so that the variants differ from it only in their buys."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardlang.cli.commands import app

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ROOT / "examples" / "smithy-bmu-variants"
NAMES = ["plays-all", "militia-second", "duchy-at-5", "duchy-at-3", "gold-first", "smithy-early", "market-at-5",
         "double-militia", "engine"]


def simulate(players: str, games: int, seed: int) -> dict:
    r = CliRunner().invoke(app, ["simulate", "dominion", "--with", str(VARIANTS), "--players", players,
                                 "--games", str(games), "--seed", str(seed), "--workers", "1", "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.output[r.output.index("{"):])


def test_plays_all_plays_smithy_bmus_games_on_the_default_kingdom() -> None:
    ours, theirs = simulate("plays-all,big-money", 60, 4), simulate("smithy-bmu,big-money", 60, 4)
    assert ours["wins"] == theirs["wins"] and ours["mean_turns"] == theirs["mean_turns"]
    assert ours["players"][0] == "plays-all"


@pytest.mark.parametrize("name", NAMES[1:])
def test_each_variant_plays_differently(name: str) -> None:
    ours, theirs = simulate(f"{name},big-money", 60, 4), simulate("smithy-bmu,big-money", 60, 4)
    assert (ours["wins"], ours["mean_turns"]) != (theirs["wins"], theirs["mean_turns"])
