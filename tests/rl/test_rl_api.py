"""PettingZoo's own API test passes for every game that ships (a short run each), and the environment refuses
what it should: an action its mask does not mark, a player count the game does not allow."""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

import cardlang.rl as rl
from cardlang.rl.env import IllegalMove
from tests.rl.helpers import GAMES


# What api_test says of every environment with a dict observation (an action mask beside the vector, as
# PettingZoo's own card games have) and of agent names that are not "player_0" ("p1".."pN" are the game's own
# seat names). Any other warning (NaNs, infinities, an all-zero mask for the agent asked) fails the test.
EXPECTED = {"Observation is not a NumPy array",
            "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
            'We recommend agents to be named in the format <descriptor>_<number>, like "player_0"'}


@pytest.mark.parametrize("game", GAMES)
def test_api_test_passes(game: str) -> None:
    players = 3 if game == "fall-of-kingdoms" else 2  # three: a seat is knocked out before the end
    env = rl.env(game, players=players, seed=3, max_turns=60)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=60)
    assert {str(w.message) for w in caught} <= EXPECTED
    assert env.unwrapped.possible_agents == [f"p{i + 1}" for i in range(players)]


def test_an_unmarked_action_is_refused() -> None:
    env = rl.raw_env("dominion", players=2, seed=1)
    env.reset()
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalMove, match="not legal"):
        env.step(illegal)
    env.step(int(np.flatnonzero(mask)[0]))  # the environment is unharmed


def test_player_count_and_variants_are_checked() -> None:
    with pytest.raises(ValueError, match="2 to 4 players, not 9"):
        rl.raw_env("dominion", players=9)
    with pytest.raises(ValueError, match="no variant"):
        rl.raw_env("dominion", players=2, variants=["nonesuch"])


def test_spaces_are_fixed_per_game_and_player_count() -> None:
    a, b = rl.raw_env("greedy-kingdoms", players=3), rl.raw_env("greedy-kingdoms", players=3)
    assert a.action_space("p1").n == b.action_space("p3").n == a.layout.actions
    assert a.observation_space("p2")["observation"].shape == (a.layout.size,)
    assert rl.raw_env("greedy-kingdoms", players=4).layout.size > a.layout.size  # one more seat to see


@pytest.mark.parametrize("game", GAMES)
def test_layout_blocks_and_segments_tile_their_spaces(game: str) -> None:
    lay = rl.raw_env(game, players=2).layout
    at = 0
    for _, (start, size) in lay.blocks.items():
        assert start == at
        at += size
    assert at == lay.actions == len(lay.names)
    at = 0
    for _, start, length in lay.segments:
        assert start == at and length > 0
        at += length
    assert at == lay.size
