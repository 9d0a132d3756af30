"""Agents by name: `random`, `human`, or a bot written in the game's language. Knows no game."""
from __future__ import annotations


class UnknownAgent(ValueError):
    pass


def bot_names(game) -> list[str]:
    """The bots that may take a seat: every bot but the helpers (`helper bot "x"`), which exist to be
    extended."""
    return sorted(n for n, b in game.bots.items() if not b.helper)


def agent_names(game) -> list[str]:
    return ["human", "random"] + bot_names(game)


def make_agent(game, name: str, seed: int):
    from cardlang.compile.bots import LanguageBot
    from cardlang.runtime.decisions import RandomAgent
    if name == "random":
        return RandomAgent(seed)
    if name == "human":
        from cardlang.cli_human import HumanAgent
        return HumanAgent(game)
    if name in game.bots and not game.bots[name].helper:
        return LanguageBot(game, name, seed)
    raise UnknownAgent(name)
