"""Random-agent games for every player count, 2 to 7: each ends with one kingdom standing, nothing raises, and
after every mutation every card is in one zone, every counter keeps its bounds and the 70 coins are all there.
The same seed gives the same game."""
from __future__ import annotations

import json

import pytest

from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game

from fall_helpers import check
from cardlang.runtime.events import rows


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_random_games_end_and_keep_every_card_and_coin(game, players: int) -> None:
    for seed in range(40):
        agents = [RandomAgent(seed * 11 + i) for i in range(players)]
        r = play_game(game, agents, seed, check=check)
        check(r.state)
        assert not r.stopped
        assert len(r.winners) == 1
        alive = [p for p in range(players) if not r.state.out[p]]
        assert alive == r.winners


@pytest.mark.parametrize("players", [2, 4, 7])
def test_bot_games_keep_the_invariants(game, players: int) -> None:
    from cardlang.agents import make_agent
    names = ["honest", "bluffer", "random"]
    for seed in range(10):
        agents = [make_agent(game, names[(seed + i) % 3], seed * 7 + i) for i in range(players)]
        r = play_game(game, agents, seed, check=check)
        check(r.state)
        assert r.winners or r.stopped


def test_same_seed_same_game(game) -> None:
    def log(seed: int) -> bytes:
        r = play_game(game, [RandomAgent(1), RandomAgent(2), RandomAgent(3), RandomAgent(4)], seed, log=True)
        return json.dumps(rows(r.state.log)).encode()
    assert log(5) == log(5)
    assert log(5) != log(6)


def test_same_seed_same_game_with_bots(game) -> None:
    from cardlang.agents import make_agent

    def log(seed: int) -> bytes:
        seats = ["honest", "bluffer", "random", "bluffer", "honest"]
        r = play_game(game, [make_agent(game, n, seed * 10 + i) for i, n in enumerate(seats)], seed, log=True)
        return json.dumps(rows(r.state.log)).encode()
    assert log(3) == log(3)
    assert log(3) != log(4)
