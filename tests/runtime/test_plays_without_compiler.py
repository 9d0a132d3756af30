"""The runtime plays the game: a compiled game holds no compiler, and playing one (bots, abilities, watchers,
modifiers, the game's own verbs) runs no method of the compiler, once its bots' rules are generated (a bot
generates each rule when first asked: compile/bots.py)."""
import cProfile
import inspect
import pstats

import pytest

from cardlang.agents import make_agent
from cardlang.compile.bots import compile_bot
from cardlang.compile.compiler import Compiler
from cardlang.compile.game import load_game
from cardlang.runtime.engine import play_game

GAMES = {"dominion": ("smithy-bm", "big-money"), "warring-kingdom": ("economy", "rush"),
         "greedy-kingdoms": ("reader", "palace-rusher"), "fall-of-kingdoms": ("honest", "bluffer")}


def _compiler_methods() -> set[tuple[str, int, str]]:
    out = set()
    for cls in Compiler.__mro__:
        for f in vars(cls).values():
            f = getattr(f, "__func__", f)
            if inspect.isfunction(f):
                c = f.__code__
                out.add((c.co_filename, c.co_firstlineno, c.co_name))
    return out


def test_a_compiled_game_has_no_compiler() -> None:
    game = load_game("dominion")
    assert not hasattr(game, "compiler")
    assert not any(isinstance(v, Compiler) for v in vars(game).values())
    assert not any(isinstance(v, Compiler) for v in vars(game.facts).values())


@pytest.mark.parametrize("gid", list(GAMES))
def test_play_calls_no_compiler_method(gid: str) -> None:
    game = load_game(gid)
    bots = GAMES[gid]
    for b in bots:  # a bot's rules are generated when first asked (compile/bots.py): all of them, first
        compile_bot(game, b).generate_all()
    prof = cProfile.Profile()
    prof.enable()
    for seed in (1, 2):
        play_game(game, [make_agent(game, b, seed + j) for j, b in enumerate(bots)], seed, log=True)
    prof.disable()
    ran = set(pstats.Stats(prof).stats)  # type: ignore[attr-defined]
    assert not ran & _compiler_methods()
