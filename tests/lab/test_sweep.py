"""`cardlang sweep`: naming one number of one card, editing only its literal, and a monotone sweep of
Smithy's draw."""
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardlang.cli.commands import app
from cardlang.lab.sweep import SweepError, edited_source, find_number, parse_values


def test_values() -> None:
    assert parse_values("2..5") == [2, 3, 4, 5]
    assert parse_values("1..2, 6") == [1, 2, 6]
    for bad in ("5..2", "a", "2,2", "1..999"):
        with pytest.raises(SweepError):
            parse_values(bad)


CARD = 'card Twice {\n  cost 3; types Action;\n  on play { draw 2; add 1 coins; draw 1; }\n}\n'


def number(tmp_path: Path, spec: str):
    p = tmp_path / "twice.card"
    p.write_text(CARD)
    return find_number(p, "twice.card", "Twice", spec)


def test_names_a_number_and_edits_only_its_characters(tmp_path: Path) -> None:
    assert number(tmp_path, "cost").value == 3
    first = number(tmp_path, "draw#1")
    assert first.value == 2
    assert edited_source(first, 12) == CARD.replace("draw 2;", "draw 12;")
    assert number(tmp_path, "draw#2").value == 1
    assert number(tmp_path, "add").value == 1
    at = number(tmp_path, "@3:39")
    assert at.value == 1 and edited_source(at, 4) == CARD.replace("draw 1;", "draw 4;")


def test_ambiguous_or_missing_numbers_say_what_there_is(tmp_path: Path) -> None:
    with pytest.raises(SweepError, match=r"2 numbers by that name \(@3:18, @3:39\)"):
        number(tmp_path, "draw")
    with pytest.raises(SweepError, match="numbers it has: cost, draw, add"):
        number(tmp_path, "trash")
    with pytest.raises(SweepError, match="calls draw 2 time"):
        number(tmp_path, "draw#3")


def test_a_sweep_of_smithys_draw_is_monotone() -> None:
    r = CliRunner().invoke(app, ["sweep", "dominion", "--card", "Smithy", "--number", "draw", "--values", "2..5",
                                 "--players", "smithy-bm,big-money", "--games", "100", "--workers", "1", "--json"])
    assert r.exit_code == 0, r.output
    s = json.loads(r.stdout.strip().splitlines()[-1])
    rates = [row["win_rate"] for row in s["rows"]]
    assert [row["value"] for row in s["rows"]] == [2, 3, 4, 5]
    assert rates == sorted(rates) and rates[0] < rates[-1] - 0.1
    now = next(row for row in s["rows"] if row["value"] == 3)  # the card as shipped: no difference
    assert now["difference"] == 0 and now["difference_interval"] == [0.0, 0.0]


def test_unknown_card_or_number_is_a_usage_error() -> None:
    base = ["sweep", "dominion", "--values", "2..3", "--players", "smithy-bm,big-money"]
    r = CliRunner().invoke(app, base + ["--card", "Smithee", "--number", "draw"])
    assert r.exit_code == 2 and "did you mean" in r.output
    r = CliRunner().invoke(app, base + ["--card", "Smithy", "--number", "gain"])
    assert r.exit_code == 2 and "numbers it has: cost, draw" in r.output
