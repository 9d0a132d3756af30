"""The optimisation passes (compile/passes.py) are listed once, each switchable, and change the code only: every
game plays the same games with and without them (results and event logs), and `cardlang compile --no-opt`
prints plainer code. The whole results golden without passes: `python tools/results_golden.py --check --no-opt`."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED, PASSES, PLAIN, SWITCHABLE, Options

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from results_golden import TABLES, play_line, table_seed  # noqa: E402


def test_passes_are_named_once_and_an_unknown_one_is_a_bug():
    names = [p.name for p in PASSES]
    assert len(names) == len(set(names))
    assert SWITCHABLE and PLAIN.passes == frozenset() and OPTIMISED.passes == SWITCHABLE
    assert all(not PLAIN.on(n) for n in SWITCHABLE) and all(OPTIMISED.on(n) for n in names)
    with pytest.raises(KeyError):
        OPTIMISED.on("no such pass")


def test_a_load_without_passes_has_cache_entries_of_its_own():
    assert load_game("dominion").code_key != load_game("dominion", options=PLAIN).code_key


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_a_game_plays_the_same_without_passes(game_id):
    """The first game of every table of the results golden (bots, random players, variants, pools), with and
    without passes: the same winners, scores, turns and sha256 of the event log."""
    fast, plain = load_game(game_id), load_game(game_id, options=PLAIN)
    assert plain.facts.options is PLAIN
    for i, table in enumerate(TABLES[game_id]):
        seed = table_seed(game_id, i, 0)
        assert play_line(plain, table, seed) == play_line(fast, table, seed)


@pytest.mark.parametrize("off", sorted(SWITCHABLE))
def test_each_pass_alone_off_plays_the_same(off):
    game_id = "dominion"  # the quickest to compile (the test above plays every game with all of them off)
    fast, one_off = load_game(game_id), load_game(game_id, options=Options(SWITCHABLE - {off}))
    for i, table in enumerate(TABLES[game_id][:1]):
        seed = table_seed(game_id, i, 0)
        assert play_line(one_off, table, seed) == play_line(fast, table, seed)


def _compile(*args: str) -> str:
    r = subprocess.run([sys.executable, "-m", "cardlang", "compile", "dominion", "--card", "Militia", *args],
                       capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_compile_no_opt_prints_the_plain_code():
    fast, plain = _compile(), _compile("--no-opt")
    assert fast != plain
    assert "_state = ctx.state" in fast and "_state = ctx.state" not in plain  # state-locals
    assert "_quiet" in fast and "_quiet" not in plain  # a lowered move's quiet path
    assert len(plain) < len(fast)


def test_simulate_no_opt_on_two_workers_gives_the_same_totals():
    """The workers load the game with the parent's passes (Job.passes) and play the same games."""
    import json

    def totals(*args: str) -> dict:
        r = subprocess.run([sys.executable, "-m", "cardlang", "simulate", "dominion", "--players",
                            "big-money,smithy-bm", "--games", "4", "--workers", "2", "--json", *args],
                           capture_output=True, text=True, cwd=ROOT, timeout=300)
        assert r.returncode == 0, r.stderr
        out = json.loads(r.stdout)
        out.pop("games_per_second")
        return out
    assert totals("--no-opt") == totals()


@pytest.mark.parametrize("off,game_id", [("sum-inline", "warring-kingdom"), ("options-at-once", "fall-of-kingdoms"),
                                         ("bot-by-name", "warring-kingdom"),
                                         ("verb-in-place", "warring-kingdom"),
                                         ("quiet-fold", "warring-kingdom"), ("quiet-fold", "dominion"),
                                         ("you-local", "warring-kingdom"), ("you-local", "greedy-kingdoms"),
                                         ("open-rows", "warring-kingdom"), ("modify-this-first", "warring-kingdom"),
                                         ("sum-modified", "warring-kingdom"),
                                         ("counter-bounds", "greedy-kingdoms"), ("bank-tests", "greedy-kingdoms"),
                                         ("zero-skip", "greedy-kingdoms"), ("same-reads", "greedy-kingdoms"),
                                         ("react-copy-late", "greedy-kingdoms"), ("react-copy-late", "warring-kingdom"),
                                         ("static-where", "greedy-kingdoms"), ("static-where", "fall-of-kingdoms"),
                                         ("exists-loops", "greedy-kingdoms"), ("exists-loops", "fall-of-kingdoms"),
                                         ("plain-count", "greedy-kingdoms")])
def test_a_pass_another_game_uses_alone_off_plays_the_same(off, game_id):
    """A pass that Dominion's code meets little or not at all (a `sum` reading a verb's names: Warring
    Kingdom's `toughness`; a choice of 14 options with conditions: The Fall of Kingdoms' action; a bot's pick by
    name from a zone of piles and another: Warring Kingdom's `buy`, taken only when nobody watches; verbs run in the caller: Warring Kingdom's `arm`, `resolve`,
    `advance`, compiled before their callers), off alone, on
    the first table of that game's results golden, logged and quiet (most passes shape only the code run when
    nobody watches)."""
    from cardlang.agents import make_agent
    from cardlang.runtime.engine import play_game
    fast, one_off = load_game(game_id), load_game(game_id, options=Options(SWITCHABLE - {off}))
    table = TABLES[game_id][0]
    for g in range(2):
        seed = table_seed(game_id, 0, g)
        assert play_line(one_off, table, seed) == play_line(fast, table, seed)

        def quiet(game):
            r = play_game(game, [make_agent(game, n, seed + j) for j, n in enumerate(table.players)], seed)
            return (r.winners, r.scores, r.turns, [list(c) for c in r.state.counters],
                    [[list(z.cards) for z in row] for row in r.state.zones])
        assert quiet(one_off) == quiet(fast)
