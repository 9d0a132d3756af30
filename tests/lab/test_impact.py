"""`cardlang impact`: a card taken out of a bot's choices, paired on seeds; corrected intervals."""
import json

from typer.testing import CliRunner

from cardlang.cli.commands import app
from cardlang.lab.impact import paired_rows
from cardlang.lab.outcomes import Game, GameOutcomes


def test_the_card_a_bot_lives_on_decides_its_games_and_the_others_change_nothing() -> None:
    r = CliRunner().invoke(app, ["impact", "dominion", "--players", "smithy-bm,big-money", "--cards",
                                 "Smithy,Village", "--games", "80", "--workers", "1", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout.strip().splitlines()[-1])
    smithy, village = out["cards"]  # biggest change first
    assert smithy["card"] == "Smithy" and smithy["interval"][1] < 0 and smithy["p_holm"] < 0.01
    # smithy-bm never buys a Village: taking it away changes no game at all
    assert village == {**village, "difference": 0.0, "interval": [0.0, 0.0], "changed": 0, "p_value": 1.0}
    assert village["win_rate_without"] == out["win_rate"]


def _outcomes(wins: list[int]) -> GameOutcomes:
    """Two-player games in which bot 0 wins where WINS says 1."""
    return GameOutcomes(["a", "b"], [Game(g, (0, 1), (1, 0) if w else (0, 1), (0,) if w else (1,), 20, False, "x")
                                     for g, w in enumerate(wins)])


def test_intervals_are_corrected_for_the_number_of_cards() -> None:
    base = _outcomes([1, 0] * 50)
    arm = _outcomes([0, 0] * 25 + [1, 0] * 25)  # 25 of the 50 wins lost
    one = paired_rows(base, {"X": arm}, 0)[0]
    many = paired_rows(base, {"X": arm, **{f"Y{i}": base for i in range(9)}}, 0)
    ten = next(r for r in many if r["card"] == "X")
    assert one["difference"] == ten["difference"] == -0.25
    assert ten["interval"][0] < one["interval"][0] and ten["interval"][1] > one["interval"][1]  # wider
    assert ten["p_holm"] == min(1.0, 10 * ten["p_value"])  # the smallest p, times the number of cards
    assert all(r["interval"] == [0.0, 0.0] and r["p_holm"] == 1.0 for r in many if r["card"] != "X")
