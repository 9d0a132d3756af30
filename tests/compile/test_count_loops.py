"""The pass `count-loops` (compile/passes.py, compile/ir/emit_loops.py `_count_where_value`): a `let` of a count
of a `where` inlined in its caller (The Fall of Kingdoms' action: `let tax = count(others where
player.inflation > 0);`) is a loop counting in a local, not the length of a comprehension, which Python 3.11
makes and calls as a function each time; over the list itself, not a copy, when the condition only reads.
The same games with it off."""
from __future__ import annotations

import pytest

from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game

from onoff import assert_same_games, without

OFF = without("count-loops", "count-before")  # (count-before would count the let's count first)


@pytest.fixture(scope="module")
def games():
    return load_game("fall-of-kingdoms"), load_game("fall-of-kingdoms", options=OFF)


def test_the_actions_counts_are_loops(games):
    on, off = ("\n".join(source_of(m) for m in g.generated if m.label == "verb act") for g in games)
    assert on.count("_len([") == off.count("_len([") - 2  # tax and truce
    assert on.count(" += 1\n") >= off.count(" += 1\n") + 2
    assert on.count("in [*_state.") <= off.count("in [*_state.") - 2  # the seats' own lists, not copies


def test_the_same_games_with_it_off(games):
    assert_same_games(*games, bots=("honest", "bluffer"), seeds=range(4))
