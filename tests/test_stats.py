"""Per-card statistics (`simulate --stats`): recounted by hand from `--per-game` lines and from event logs,
and the same for games merged in batches as for one run."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from scipy import stats as stats_
from typer.testing import CliRunner

from cardlang.agents import make_agent
from cardlang.cli.commands import app
from cardlang.compile.game import load_game
from cardlang.runtime.engine import play_game
from cardlang.simulation.simulate import game_seed, simulate
from cardlang.lab.inference import holm
from cardlang.lab.stats import MIN_GROUP, CardStats, GameObserver, StatsAccumulator, _note, margin

runner = CliRunner()
BOTS = ["smithy-bm", "big-money"]
N = 48  # games of the recorded run, by these bots (they buy Estates in about half the games):
RUN_BOTS = ["smithy-bmu", "bm-ultimate"]


@pytest.fixture(scope="module")
def run_files(tmp_path_factory) -> tuple[dict, list[dict]]:
    out = tmp_path_factory.mktemp("stats") / "games.jsonl"
    r = runner.invoke(app, ["simulate", "dominion", "--players", ",".join(RUN_BOTS), "--games", str(N), "--seed", "3",
                            "--stats", "--json", "--per-game", str(out)])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    return summary, [json.loads(x) for x in out.read_text().splitlines()]


def test_per_card_figures_match_a_count_of_the_per_game_lines(run_files) -> None:
    summary, lines = run_files
    stats = summary["stats"]
    compared = 0
    assert stats["games"] == len(lines) == N
    for b, bot in enumerate(RUN_BOTS):
        rows = {r["card"]: r for r in stats["cards"][bot]}
        # By hand: find bot b's seat in each game from the seats column, then read that seat's figures.
        games_gained, copies, wins_gained, first, resolved = Counter(), Counter(), Counter(), Counter(), Counter()
        wins = 0.0
        for line in lines:
            seat = line["seats"].index(bot)
            won = 1 / len(line["winners"]) if seat in line["winners"] else 0.0
            wins += won
            for card, n in line["gained"][seat].items():
                games_gained[card] += 1
                copies[card] += n
                wins_gained[card] += won
                first[card] += line["first_gain"][seat][card]
            for card, events in line["triggered"][seat].items():
                resolved[card] += sum(events.values())
        assert set(rows) == set(games_gained) | set(resolved)
        for card, k in games_gained.items():
            r = rows[card]
            assert r["gained_share"] == pytest.approx(k / N)
            assert r["mean_copies"] == pytest.approx(copies[card] / k)
            assert r["mean_first_gain_turn"] == pytest.approx(first[card] / k)
            if MIN_GROUP <= k < N:  # a rate only for a group of MIN_GROUP games or more (and not every game)
                assert r["win_rate_gained"] == pytest.approx(wins_gained[card] / k)
                lo, hi = r["win_interval_gained"]
                assert lo <= r["win_rate_gained"] <= hi
            else:
                assert r["win_rate_gained"] is None and r["note"]
            if N - k >= MIN_GROUP:
                assert r["win_rate_not_gained"] == pytest.approx((wins - wins_gained[card]) / (N - k))
            else:
                assert r["win_rate_not_gained"] is None and r["p_value"] is None and r["note"]
            if r["p_value"] is not None:  # Welch's t test, recounted from the lines by scipy
                shares = [(1 / len(x["winners"]) if x["seats"].index(bot) in x["winners"] else 0.0,
                           card in x["gained"][x["seats"].index(bot)]) for x in lines]
                want = stats_.ttest_ind([w for w, got in shares if got], [w for w, got in shares if not got],
                                        equal_var=False)
                assert r["p_value"] == pytest.approx(want.pvalue, rel=1e-9)
                compared += 1
        for card, n in resolved.items():
            assert sum(rows[card]["triggered"].values()) == n
        if bot == "smithy-bmu":  # the one that buys Smithy plays it; bm-ultimate resolves no ability
            assert resolved["Smithy"] > 0 and games_gained["Smithy"] > 0
        else:
            assert not resolved
    assert compared > 0  # some card was gained in 20 or more games and not gained in 20 or more
    tested = [r for rows in stats["cards"].values() for r in rows if r["p_value"] is not None]
    assert [r["p_holm"] for r in tested] == pytest.approx(holm([r["p_value"] for r in tested]))
    assert all(r["p_holm"] is None for rows in stats["cards"].values() for r in rows if r["p_value"] is None)
    # Seats, lengths, margins and end conditions, counted from the same lines.
    for j, seat in enumerate(stats["seats"]):
        won = sum(1 / len(x["winners"]) for x in lines if j in x["winners"])
        assert seat["win_rate"] == pytest.approx(won / N)
    assert stats["game_length"] == {str(k): v for k, v in sorted(Counter(sum(x["turns"]) for x in lines).items())}
    assert stats["score_margin"] == {str(k): v for k, v in sorted(Counter(margin(x["scores"]) for x in lines).items())}
    assert stats["ended_by"] == dict(Counter(x["ended_by"] for x in lines))
    assert set(stats["ended_by"]) <= {"there are no Province cards in the supply",
                                      "there are at least 3 empty piles in the supply"}


def test_gains_agree_with_the_event_log_read_by_zone_labels(run_files) -> None:
    """The observer's gains, against Moved lines of the full log: a shared pile (no "pN." prefix) to a zone of
    player N, read from the labels alone."""
    _, lines = run_files
    g = load_game("dominion")
    for line in lines[:3]:
        agents = [make_agent(g, name, line["seed"] + j) for j, name in enumerate(line["seats"])]
        r = play_game(g, agents, line["seed"], log=True)
        assert r.winners == line["winners"] and r.scores == line["scores"]
        counted = [Counter(), Counter()]
        resolved = [Counter(), Counter()]
        for e in r.state.log:
            if e.kind == "Moved" and not e.src.startswith("p") and e.dst.startswith("p"):
                counted[int(e.dst[1]) - 1][e.card] += 1
            if e.kind == "Triggered":
                resolved[e.player][e.card] += 1
        assert [dict(c) for c in counted] == line["gained"]
        assert [sum(resolved[p][c] for c in resolved[p]) for p in range(2)] == \
            [sum(sum(v.values()) for v in t.values()) for t in line["triggered"]]
        assert r.state.log[-2].kind == "Ended" and r.state.log[-2].reason == line["ended_by"]


def test_batches_merged_in_game_order_give_the_same_figures() -> None:
    g = load_game("dominion")
    whole, recs = CardStats(BOTS), []
    simulate(g, BOTS, 12, 9, accumulators=[StatsAccumulator(g, BOTS, whole)], on_game=recs.append)
    parts = [CardStats(BOTS) for _ in range(3)]
    for rec in recs:
        parts[rec["game"] // 4].add(rec)
    merged = parts[0].merge(parts[1]).merge(parts[2])
    assert merged.to_json() == whole.to_json()
    assert whole.games == 12


def test_shared_wins_split_exactly_among_three() -> None:
    s = CardStats(["a", "b", "c"])
    empty = [{}, {}, {}]
    for g in range(3):
        s.add({"game": g, "winners": [0, 1, 2], "turns": [1, 1, 1], "scores": [5, 5, 5], "gained": empty,
               "first_gain": empty, "triggered": empty, "ended_by": "x"})
    assert [r["win_rate"] for r in s.seat_rows()] == [pytest.approx(1 / 3)] * 3
    assert s.margins == Counter({0: 3})


def test_starting_cards_are_not_gains() -> None:
    g = load_game("dominion")
    seen = []
    play_game(g, [make_agent(g, b, j) for j, b in enumerate(BOTS)], game_seed(1, 0),
              on_state=lambda st: seen.append(GameObserver(st)))
    rec = seen[0].record()
    assert all("Estate" not in got for got in rec["gained"])  # 3 Estates each at set-up; the bots buy none
    assert all(got.get("Province", 0) >= 0 for got in rec["gained"]) and rec["ended_by"]


@pytest.mark.parametrize("game,bots", [("fall-of-kingdoms", "honest,bluffer,honest"),
                                       ("greedy-kingdoms", "needs,palace-rusher"),
                                       ("warring-kingdom", "economy,rush")])
def test_every_game_gets_statistics_with_no_code(game: str, bots: str) -> None:
    r = runner.invoke(app, ["simulate", game, "--players", bots, "--games", "6", "--stats", "--json"])
    assert r.exit_code == 0, r.output
    stats = json.loads(r.stdout.strip().splitlines()[-1])["stats"]
    assert sum(stats["ended_by"].values()) == 6 and "unknown" not in stats["ended_by"]
    assert any(any(row["triggered"] for row in rows) for rows in stats["cards"].values())
    assert len(stats["seats"]) == len(bots.split(","))


def test_stats_text_tables() -> None:
    r = runner.invoke(app, ["simulate", "dominion", "--players", ",".join(BOTS), "--games", "8", "--stats"])
    assert r.exit_code == 0, r.output
    assert "cards of smithy-bm (8 games)" in r.stdout and "play " in r.stdout
    assert "win % by seat: seat 1" in r.stdout and "ended by: there are no Province cards" in r.stdout


def test_statistics_do_not_depend_on_the_number_of_workers(tmp_path) -> None:
    # the per-card figures are an accumulator of the parallel run: batches merged in game order
    from typer.testing import CliRunner

    from cardlang.cli.commands import app
    outs = []
    for workers in ("1", "2"):
        lines = tmp_path / f"games-{workers}.jsonl"
        r = CliRunner().invoke(app, ["simulate", "dominion", "--players", "smithy-bm,big-money", "--games", "24",
                                     "--stats", "--json", "--workers", workers, "--per-game", str(lines)])
        assert r.exit_code == 0, r.output
        obj = json.loads(r.output)
        obj.pop("games_per_second")
        outs.append((obj, lines.read_text()))
    assert outs[0] == outs[1]
    assert outs[0][0]["stats"]["games"] == 24 and '"gained"' in outs[0][1]


def test_rows_without_a_meaningful_comparison_say_why() -> None:
    """Starting cards (never gained), cards gained in every game or all but a few, and cards gained in a few
    games get no comparison, and the row says why."""
    assert _note(0, 100) == "never gained (a starting card, or only resolved)"
    assert _note(100, 100) == "gained in every game"
    assert _note(98, 100) == "not gained in only 2 games"
    assert _note(1, 100) == "gained in only 1 game"
    assert _note(50, 100) == ""
    s = CardStats(["a", "b"])
    for g in range(40):  # bot a gains X in every game and Y in the first 20; it wins the even games
        seats = [0, 1] if g % 2 == 0 else [1, 0]
        gained = [{}, {}]
        gained[seats.index(0)] = {"X": 1, **({"Y": 1} if g < 20 else {})}
        s.add({"game": g, "winners": [seats.index(0) if g % 2 == 0 else seats.index(1)], "turns": [1, 1],
               "scores": [1, 0], "gained": gained, "first_gain": [{k: 1 for k in x} for x in gained],
               "triggered": [{}, {}], "ended_by": "x"})
    rows = {r["card"]: r for r in s.holm_rows()[0]}
    assert rows["X"]["win_rate_gained"] is None and rows["X"]["win_rate_not_gained"] is None
    assert rows["X"]["note"] == "gained in every game" and rows["X"]["p_holm"] is None
    assert rows["Y"]["win_rate_gained"] == rows["Y"]["win_rate_not_gained"] == 0.5 and rows["Y"]["p_holm"] == 1.0
