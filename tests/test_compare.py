"""`cardlang compare`: two versions of a card set on the same seeds, and a paired test of the difference."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardlang.cli import app
from cardlang.compare import ArmAccumulator, ArmOutcomes, paired, sign_test
from cardlang.compile.game import load_game

ROOT = Path(__file__).resolve().parents[1]
SMITHY = (ROOT / "cards" / "dominion" / "smithy.card").read_text(encoding="utf-8")
runner = CliRunner()


def compare(*args: str) -> dict:
    r = runner.invoke(app, ["compare", "dominion", "--players", "smithy-bm,big-money", *args, "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout.strip().splitlines()[-1])


@pytest.fixture
def smithy4(tmp_path: Path) -> Path:
    """An expansion folder whose Smithy draws 4 (the designer's edit)."""
    folder = tmp_path / "smithy4"
    folder.mkdir()
    assert "draw 3;" in SMITHY
    (folder / "smithy.card").write_text(SMITHY.replace("draw 3;", "draw 4;"), encoding="utf-8")
    return folder


def test_identical_arms_show_no_difference(tmp_path: Path) -> None:
    copy = tmp_path / "smithy.card"  # one card file, replacing the card of the same name by an exact copy
    copy.write_text(SMITHY, encoding="utf-8")
    j = compare("--a", str(copy), "--games", "150", "--seed", "4")
    assert j["a"]["wins"] == j["b"]["wins"] and j["a"]["games"] == j["b"]["games"] == 150
    lo, hi = j["difference_interval"]
    assert lo <= 0 <= hi and j["difference"] == 0 and j["p_value"] == 1.0
    assert j["compared"] == "smithy-bm" and j["per_player"][0]["same"] == 150


def test_a_stronger_smithy_is_detected(smithy4: Path) -> None:
    """Smithy drawing 4 instead of 3: about +10 points for the bot that buys it. 1000 games an arm (2000 games)
    detect it reliably at this seed; README shows the same at 3000 an arm."""
    j = compare("--b", str(smithy4), "--games", "1000", "--seed", "2")
    lo, hi = j["difference_interval"]
    assert lo > 0.02, j["difference_interval"]
    assert j["p_value"] < 1e-4
    assert j["b"]["win_rates"][0] > j["a"]["win_rates"][0]
    big = j["per_player"][1]
    assert big["difference"] < 0 and big["difference_interval"][1] < 0


def test_the_replaced_card_keeps_its_place(smithy4: Path) -> None:
    base, edited = load_game("dominion"), load_game("dominion", replace=[smithy4])
    assert [d.name for d in base.defs] == [d.name for d in edited.defs]  # so a seed deals the same kingdom
    assert base.defs_by_name["Smithy"].text != edited.defs_by_name["Smithy"].text
    assert "+4 Cards" in " ".join(edited.defs_by_name["Smithy"].text)


def test_sign_test_is_exact() -> None:
    assert sign_test(0, 0) == 1.0
    assert sign_test(10, 0) == pytest.approx(2 / 2 ** 10)
    assert sign_test(3, 7) == sign_test(7, 3) == pytest.approx(2 * (1 + 10 + 45 + 120) / 1024)
    assert sign_test(5, 5) == 1.0
    assert 0 < sign_test(2000, 1800) < 0.01  # big counts stay exact integers until the last division


def test_paired_difference_and_merge_in_game_order() -> None:
    def arm(results: list[int], start: int = 0) -> ArmOutcomes:
        a = ArmOutcomes(["x", "y"], start=start)
        for g, w in enumerate(results, start):
            a.add({"game": g, "winners": [(w + g) % 2]})  # bot w won game g, in its rotated seat
        return a
    a, b = arm([0, 0, 1, 1]), arm([0, 1, 0, 1])
    row = paired(a, b, 0)
    assert (row["better"], row["worse"], row["same"]) == (1, 1, 2) and row["difference"] == 0
    merged = arm([0, 1]).merge(arm([0, 1], start=2))
    assert merged.shares == b.shares
    with pytest.raises(ValueError):
        arm([0]).merge(arm([0], start=3))


def test_compare_text_and_bad_arms(smithy4: Path, tmp_path: Path) -> None:
    r = runner.invoke(app, ["compare", "dominion", "--players", "smithy-bm,big-money", "--b", str(smithy4),
                            "--games", "30"])
    assert r.exit_code == 0, r.output
    assert "B - A, points (95%)" in r.stdout and "sign test" in r.stdout and str(smithy4) in r.stdout
    r = runner.invoke(app, ["compare", "dominion", "--players", "smithy-bm,big-money", "--b", "nowhere"])
    assert r.exit_code == 2 and "error: --b nowhere: no such file or folder" in r.output
    bad = tmp_path / "bad.card"
    bad.write_text('card Smithy {\n  cost 4; types Action; tags Kingdom;\n  on play { drwa 4; }\n}\n')
    r = runner.invoke(app, ["compare", "dominion", "--players", "smithy-bm,big-money", "--b", str(bad)])
    assert r.exit_code == 1 and "bad.card:3:13: error: unknown verb 'drwa'" in r.output
    assert "Traceback" not in r.output


def test_compare_gives_the_same_figures_for_any_number_of_workers(smithy4: Path, tmp_path: Path) -> None:
    """Both arms run on the parallel path; the workers load arm B's replaced cards from their paths, so a
    pool of two gives the very same JSON as this process (and B is really the edited arm there too)."""
    copy = tmp_path / "smithy.card"  # arm A: one card file replacing the card of the same name
    copy.write_text(SMITHY, encoding="utf-8")
    args = ("--a", str(copy), "--b", str(smithy4), "--games", "16", "--seed", "3")
    one, two = compare(*args, "--workers", "1"), compare(*args, "--workers", "2")
    assert one == two
    assert one["per_player"][0]["better"] + one["per_player"][0]["worse"] > 0  # the arms did differ


def test_arm_outcomes_collected_in_batches_equal_one_run() -> None:
    """ArmAccumulator per batch, merged in game order (an empty batch anywhere), is the run played at once."""
    from cardlang.simulate import play_games
    g = load_game("dominion")
    bots = ["smithy-bm", "big-money"]

    def batch(a: int, b: int) -> ArmAccumulator:
        return play_games(g, bots, 7, a, b, accumulators=[ArmAccumulator(g, bots)]).accumulators[0]
    whole = batch(0, 6)
    parts = batch(0, 0)
    for a, b in ((0, 2), (2, 2), (2, 5), (5, 6)):
        parts.merge(batch(a, b))
    assert parts.outcomes.shares == whole.outcomes.shares and parts.outcomes.start == 0
    assert parts.to_json() == whole.to_json()
