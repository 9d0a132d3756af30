"""`cardlang play`, `simulate`, `cards` and `check` for The Fall of Kingdoms, and table talk between people."""
from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardlang.cli.commands import app

ROOT = Path(__file__).resolve().parents[3]
runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_cards_marks_every_reconstructed_card() -> None:
    r = run("cards", "fall-of-kingdoms")
    assert r.exit_code == 0, r.output
    blocks = r.output.split("\n† reconstructed")[0].strip().split("\n")
    entries = {}
    for line in blocks:
        if not line.startswith(" "):
            name = line.split(" [")[0]
            entries[name] = line
        else:
            entries[name] += line
    assert len(entries) == 36
    for name, text in entries.items():
        if "Destiny" in text.split("]")[0] and name not in ("The Betrayal", "Meteor Shower"):
            assert text.rstrip().endswith("†"), name
    assert "Saint [Character] Cost 2 · Blocks Kingdom Attack · \u00d74" in r.output
    assert "† reconstructed: not from a public source" in r.output


def test_check_is_clean() -> None:
    r = run("check", str(ROOT / "games" / "fall-of-kingdoms"), str(ROOT / "cards" / "fall-of-kingdoms"))
    assert r.exit_code == 0, r.output
    assert "36 cards" in r.output


def test_simulate_bots_for_2_4_and_7_players() -> None:
    for players in ("honest,bluffer", "honest,bluffer,random,random",
                    "honest,bluffer,honest,bluffer,honest,bluffer,random"):
        r = run("simulate", "fall-of-kingdoms", "--players", players, "--games", "6", "--json")
        assert r.exit_code == 0, r.output
        out = json.loads(r.output.strip().splitlines()[-1])
        assert out["games"] == 6 and sum(out["wins"]) + out["stopped"] == 6


def test_play_bots_to_the_end() -> None:
    r = run("play", "fall-of-kingdoms", "--players", "honest,bluffer,random", "--seed", "3")
    assert r.exit_code == 0, r.output
    assert "Winner: p" in r.output and "Traceback" not in r.output


def test_table_talk_reaches_the_other_person_and_no_bot() -> None:
    # p1 and p2 are people (p3 a bot). Both answer the Destiny exchange; p1 talks first.
    talk = "say I hold a Saint, leave me be\n\nsay noted\n\n"
    r = run("play", "fall-of-kingdoms", "--players", "human,human,honest", "--seed", "2", input=talk)
    assert "(you say to the table: I hold a Saint, leave me be)" in r.output
    assert "p1 says: I hold a Saint, leave me be" in r.output
    assert "(you say to the table: noted)" in r.output
    assert "Traceback" not in r.output


def test_a_person_sees_no_other_hand() -> None:
    r = run("play", "fall-of-kingdoms", "--players", "human,honest,honest", "--seed", "2", input="\n")
    lines = r.output.splitlines()
    shown = [lines[i + 1] for i, line in enumerate(lines[:-1]) if line.startswith(("p2: ", "p3: "))]
    # other seats' zones show as counts only ("Destiny hand 2 cards"), never as names ("Destiny hand: ...");
    # the Destiny exchange comes before the Characters are dealt, so the first status has no Characters yet
    assert shown and all(":" not in line for line in shown), shown
    assert any(line.startswith("  active Characters 2 cards") for line in shown), shown
    assert any(line.startswith("  active Characters: ") for line in lines)  # p1's own, by name
