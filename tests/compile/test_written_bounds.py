"""The pass `written-bounds` (compile/ir/emit_ask.py _bounds_written): a choice of names, numbers or slots whose
count is written as a number (`choose 1 from slots(board) where ...`) works out its bounds in the code, a length
and a comparison, where it called choice_bounds (and min and max inside it). The same bounds for every kind, count
and number of options; the same games with the pass on and off."""
from __future__ import annotations

import ast as py

from onoff import assert_same_games, turn_source, without

from cardlang.agents import make_agent
from cardlang.compile.game import load_game
from cardlang.compile.ir.emit_ask import _bounds_written
from cardlang.compile.pyast import name
from cardlang.primitives.values import choice_bounds
from cardlang.runtime.engine import play_game

GAME, BOTS = "warring-kingdom", ("economy", "rush")


class _Gen:
    def const(self, value):  # (the one constant the bounds' code names: len)
        assert value is len
        return name("len")


def test_the_bounds_in_the_code_are_choice_bounds() -> None:
    for kind in ("exactly", "up_to", "any"):
        for count in (None, -2, 0, 1, 3):
            code = py.Module(_bounds_written(_Gen(), kind, count, "_o", "_lo", "_hi"), [])
            run = compile(py.fix_missing_locations(code), "<bounds>", "exec")
            for n in range(5):
                names = {"_o": list(range(n))}
                exec(run, {}, names)
                assert (names["_lo"], names["_hi"]) == choice_bounds(kind, count, n), (kind, count, n)


def test_warring_kingdom_asks_its_slots_without_choice_bounds() -> None:
    on, off = turn_source(load_game(GAME)), turn_source(load_game(GAME, options=without("written-bounds")))
    assert "choice_bounds(" in off and "choice_bounds(" not in on


def _quiet(game, seed: int) -> tuple:
    r = play_game(game, [make_agent(game, b, seed + j) for j, b in enumerate(BOTS)], seed)
    return r.winners, r.scores, r.turns


def test_the_same_games_with_the_pass_off() -> None:
    fast, off = load_game(GAME), load_game(GAME, options=without("written-bounds"))
    assert_same_games(fast, off, BOTS, seeds=range(2))
    assert [_quiet(fast, s) for s in range(4)] == [_quiet(off, s) for s in range(4)]
