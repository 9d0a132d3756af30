"""The search bot is fair (issue 26, "Fair, proven"): on 200 positions per game, a second true position its seat
cannot tell apart from the first gives it identical choices with the same seed (tests/runtime/fairness.py, the
harness that catches an agent reading hidden cards). Its budget is small but searched: every decision of up to
24 actions is searched in sampled worlds, played out to a short cap."""
from __future__ import annotations

from functools import cache

import pytest

from cardlang.agents import make_agent
from cardlang.compile.game import load_game
from tests.runtime.fairness import check_fair, collect_positions

GAMES = ["dominion", "warring-kingdom", "greedy-kingdoms", "fall-of-kingdoms"]
# Issue 26 asks for at least 200 positions a game in CI; the first 100 alone gave 85-100 pairs the seat cannot
# tell apart (dominion 100, warring-kingdom 99, greedy-kingdoms 96, fall-of-kingdoms 85 at f7906af).
POSITIONS = 200


@cache
def game_and_positions(game_id: str):
    game = load_game(game_id)
    return game, collect_positions(game, POSITIONS, seed=3)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_search_bot_answers_alike_where_its_seat_cannot_tell(game_id: str) -> None:
    game, positions = game_and_positions(game_id)
    searched = []

    def agent(seat: int, seed: int):
        a = make_agent(game, "search:iterations=24,cap=2,rollout=random", seed)
        searched.append(a)
        return a

    report = check_fair(game, agent, positions, seed=5)
    assert report.differences == [], report.differences
    assert report.compared >= 60, (report.compared, report.skipped)
    assert sum(a.searches for a in searched) >= 20  # the answers compared came from searches, not only rollouts
    assert len(positions) == POSITIONS
