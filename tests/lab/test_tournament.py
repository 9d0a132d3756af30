"""`cardlang tournament`: the ratings rank the bots as their head-to-head results do, and the figures do not
depend on the number of workers."""
import json

from typer.testing import CliRunner

from cardlang.cli.commands import app
from cardlang.lab.tournament import orders

BOTS = "big-money,smithy-bm,witch-bm"


def run(*args: str) -> dict:
    r = CliRunner().invoke(app, ["tournament", "dominion", "--bots", BOTS, "--json", *args])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_ratings_rank_the_bots_as_their_head_to_head_results_do() -> None:
    t = run("--games", "60", "--workers", "1")
    by_h2h = [b for _, b in sorted(zip(t["head_to_head"], t["bots"]), reverse=True)]
    assert [r["bot"] for r in t["ratings"]] == by_h2h
    assert by_h2h[-1] == "big-money"  # the plain strategy loses to both engines
    m = t["matrix"]
    for i in range(3):
        assert m[i][i] is None
        for j in range(3):
            if i != j:  # i against j and j against i are one set of games seen from both sides
                assert m[i][j]["games"] == m[j][i]["games"] == 60
                assert abs(m[i][j]["rate"] + m[j][i]["rate"] - 1) < 1e-12
                lo, hi = m[i][j]["interval"]
                assert lo <= m[i][j]["rate"] <= hi
    assert all(r["sigma"] > 0 for r in t["ratings"])


def test_every_seating_order_of_a_group_is_played() -> None:
    assert orders(("a", "b", "c")) == [["a", "b", "c"], ["a", "c", "b"]]
    assert orders(("a", "b")) == [["a", "b"]]


def test_same_figures_for_any_number_of_workers() -> None:
    one = run("--games", "8", "--workers", "1")
    two = run("--games", "8", "--workers", "2")
    assert one == two


def test_bad_bots_are_usage_errors() -> None:
    r = CliRunner().invoke(app, ["tournament", "dominion", "--bots", "big-money,big-money"])
    assert r.exit_code == 2 and "named twice" in r.output
    r = CliRunner().invoke(app, ["tournament", "dominion", "--bots", "big-money,nobody"])
    assert r.exit_code == 2 and "unknown player 'nobody'" in r.output
