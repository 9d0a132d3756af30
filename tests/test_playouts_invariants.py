"""Seeded random-agent games for 2, 3 and 4 players: every game ends, nothing raises, and after every
mutation each card is in exactly one zone and every counter keeps its bounds; logs replay byte for byte."""
import json

import pytest

from cardlang.compile.game import load_game
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game

GAME = load_game("dominion")


def check(state) -> None:
    seen = []
    for zone in state.all_zones():
        for cid in zone.cards:
            assert state.loc[cid] is zone
        seen.extend(zone.cards)
    assert sorted(seen) == list(range(len(state.card_def))), "a card is lost or in two zones"
    for spec, row in zip(state.counter_specs, state.counters):
        for v in row:
            assert spec.minimum is None or v >= spec.minimum
            assert spec.maximum is None or v <= spec.maximum


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_and_keep_invariants(players: int) -> None:
    ended = 0
    for seed in range(100):
        pools = {"kingdom": "random"} if seed % 2 else None
        agents = [RandomAgent(seed * 7 + i) for i in range(players)]
        r = play_game(GAME, agents, seed, pools=pools, check=check if seed < 25 else None)
        check(r.state)
        ended += not r.stopped
        assert r.winners or r.stopped
    assert ended >= 95


def test_same_seed_same_decisions_give_identical_logs() -> None:
    def log(seed: int) -> bytes:
        r = play_game(GAME, [RandomAgent(1), RandomAgent(2), RandomAgent(3)], seed, log=True,
                      pools={"kingdom": "random"})
        return json.dumps(r.state.log).encode()
    assert log(11) == log(11)
    assert log(11) != log(12)
