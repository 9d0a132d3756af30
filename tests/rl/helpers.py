"""Masked random play in the environment, shared by the tests."""
from __future__ import annotations

import numpy as np

GAMES = ["dominion", "warring-kingdom", "greedy-kingdoms", "fall-of-kingdoms"]


def random_game(env, rng: np.random.Generator, seed: int | None = None, record: list | None = None) -> dict:
    """Play one game of ENV (reset with SEED) by uniform picks among the actions its mask marks legal. Returns
    each agent's last reward, whether it was terminated or truncated, and how many actions were taken. With
    RECORD, appends (agent, every agent's observation vector, the action) at each step."""
    env.reset(seed=seed)
    steps, end = 0, {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            end[agent] = (reward, term, trunc)
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal), f"{agent} is asked with no legal action"
        action = int(rng.choice(legal))
        if record is not None:
            record.append((agent, [env.observe(a)["observation"] for a in env.possible_agents], action))
        env.step(action)
        steps += 1
    return {"end": end, "steps": steps}
