"""The same seed and actions give identical observations, for every seat at every step; another seed gives
another game."""
from __future__ import annotations

import numpy as np
import pytest

import cardlang.rl as rl
from tests.rl.helpers import GAMES, random_game


def _trace(game: str, seed: int, actions_seed: int) -> list:
    env = rl.raw_env(game, players=3, seed=0, max_turns=30)
    record: list = []
    random_game(env, np.random.default_rng(actions_seed), seed=seed, record=record)
    return record


def _same(a: list, b: list) -> bool:
    return len(a) == len(b) and all(x[0] == y[0] and x[2] == y[2] and all(np.array_equal(p, q) for p, q in
                                                                           zip(x[1], y[1])) for x, y in zip(a, b))


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_and_actions_same_observations(game: str) -> None:
    first = _trace(game, seed=21, actions_seed=4)
    assert len(first) > 10
    assert _same(first, _trace(game, seed=21, actions_seed=4))
    assert not _same(first, _trace(game, seed=22, actions_seed=4))


def test_resets_without_a_seed_follow_the_constructor_seed() -> None:
    def seeds(seed: int) -> list[int]:
        env = rl.raw_env("dominion", players=2, seed=seed)
        out = []
        for _ in range(3):
            env.reset()
            out.append(env.seed)
        return out
    assert seeds(5) == seeds(5) and seeds(5)[0] == 5 and len(set(seeds(5))) == 3
