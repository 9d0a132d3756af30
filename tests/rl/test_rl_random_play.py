"""Masked random play: a few whole games of every game, each action picked among those the mask marks legal,
none refused (by the environment or by the runtime's check of the answer), every game brought to its end or
to the turn limit with the rewards the result says. tools/rl_random_play.py runs a thousand a game."""
from __future__ import annotations

import numpy as np
import pytest

import cardlang.rl as rl
from tests.rl.helpers import GAMES, random_game


@pytest.mark.parametrize("game", GAMES)
def test_masked_random_games_end_without_an_illegal_action(game: str) -> None:
    players = 4 if game == "fall-of-kingdoms" else 2
    env = rl.raw_env(game, players=players, seed=11, max_turns=80 if game == "warring-kingdom" else 400)
    rng = np.random.default_rng(5)
    for _ in range(3):
        got = random_game(env, rng)
        assert got["steps"] > 0
        assert env.agents == []  # every agent was stepped out
        assert env.unnumbered == [] and env.forced == 0  # every legal action had its number; no seat out asked
        result = env.match.result
        assert result is not None
        end = got["end"]
        assert set(end) == set(env.possible_agents)
        if result.stopped:
            assert all(trunc or reward == -1 for reward, term, trunc in end.values())
        else:
            winners = {f"p{p + 1}" for p in result.winners}
            for agent, (reward, term, trunc) in end.items():
                assert term and not trunc
                if winners and len(winners) < players:
                    assert reward == (1 if agent in winners else -1), (agent, winners, end)


def test_knocked_out_seats_are_terminated_before_the_end() -> None:
    """A game of five where seats are knocked out one by one: each is terminated as it goes (-1), the others
    play on; the last one standing gets +1."""
    env = rl.raw_env("fall-of-kingdoms", players=5, seed=1)
    rng = np.random.default_rng(0)
    env.reset()
    early = []
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            if env.match.result is None:
                early.append((agent, reward))
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert early and all(r == -1 for _, r in early)
    assert len(env.match.result.winners) == 1
