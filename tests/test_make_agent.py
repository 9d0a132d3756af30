"""agents.make_agent keeps the language bots' class after its first call (an import run at every call cost
eight times the bot it made): every game still gets its own bots, and `random` its own agent."""
from __future__ import annotations

from cardlang.agents import make_agent
from cardlang.compile.bots import LanguageBot
from cardlang.compile.game import load_game
from cardlang.runtime.decisions import RandomAgent


def test_each_game_gets_its_own_bots_from_the_kept_class() -> None:
    dominion, fall = load_game("dominion"), load_game("fall-of-kingdoms")
    first = make_agent(dominion, "big-money", 1)
    again = make_agent(dominion, "smithy-bm", 2)
    other = make_agent(fall, "honest", 3)
    assert all(type(a) is LanguageBot for a in (first, again, other))
    assert (first.name, again.name, other.name) == ("big-money", "smithy-bm", "honest")
    assert first.named_picks is not again.named_picks and other.rules is not first.rules
    assert type(make_agent(dominion, "random", 4)) is RandomAgent
