"""Agents by name: `random`, `human`, or a bot written in the game's language. Knows no game."""
from __future__ import annotations


class UnknownAgent(ValueError):
    pass


def agent_names(game) -> list[str]:
    return ["human", "random"] + sorted(game.bots)


def make_agent(game, name: str, seed: int):
    from cardlang.compile.bots import LanguageBot
    from cardlang.runtime.decisions import RandomAgent
    if name == "random":
        return RandomAgent(seed)
    if name == "human":
        from cardlang.cli_human import HumanAgent
        return HumanAgent(game)
    if name in game.bots:
        return LanguageBot(game, name, seed)
    raise UnknownAgent(name)
