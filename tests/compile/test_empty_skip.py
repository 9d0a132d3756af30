"""The pass `empty-skip` (compile/ir/emit_loops.py _unless_empty): a count or a sum written in its caller as a
comprehension skips the comprehension (a function made and called on Python 3.11) when its list is empty, and
gives the same numbers: Warring Kingdom's code has it with the pass and not without, and plays the same games."""
from __future__ import annotations

import re

from cardlang.agents import make_agent
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED, SWITCHABLE, Options
from cardlang.runtime.engine import play_game

OFF = Options(SWITCHABLE - {"empty-skip"})
_SKIP = re.compile(r"if \(_i\d+ := .*\) else 0")


def _code(options) -> str:
    return "".join(source_of(g) for g in load_game("warring-kingdom", options=options).facts.generated)


def test_the_pass_fires_with_the_pass_only() -> None:
    on, off = _code(OPTIMISED), _code(OFF)
    assert _SKIP.search(on) and "_sum([" in on and "for _c" in on
    assert not _SKIP.search(off)


def test_games_are_the_same_with_the_pass_on_and_off() -> None:
    games = [load_game("warring-kingdom", options=o) for o in (OPTIMISED, OFF)]
    for seed in range(4):
        got = []
        for game in games:
            r = play_game(game, [make_agent(game, b, seed + j) for j, b in enumerate(("economy", "rush"))], seed)
            got.append((r.winners, r.scores, r.turns, [list(c) for c in r.state.counters],
                        [[list(z.cards) for z in row] for row in r.state.zones]))
        assert got[0] == got[1]
