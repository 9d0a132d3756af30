"""The pass `offered-first` (compile/passes.py): a bot's preference of names under a condition tests first
whether one of its names is offered in the pick, and computes the condition only then (The Fall of Kingdoms'
`on block { Saint if count(Saint in active) > 0 or count(Saint in ashes) <= 1; ... }` is offered one or two of
its five names). The same picks, so the same games; a condition that may draw randomness is left as written."""
from __future__ import annotations

import pytest

from cardlang.compile.botgen import may_draw
from cardlang.compile.bots import compile_bot
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game

from onoff import assert_same_games, without

OFF = without("offered-first")


@pytest.fixture(scope="module")
def games():
    return load_game("fall-of-kingdoms"), load_game("fall-of-kingdoms", options=OFF)


def _block_rule(game) -> str:
    compile_bot(game, "bluffer").generate_all()  # (a bot's rules are generated when first asked)
    return next(source_of(m) for m in game.generated if m.label == "bot bluffer: on block")


def test_the_name_offered_is_tested_before_the_condition(games):
    on, off = (_block_rule(g) for g in games)
    first, count = on.index("if 'Saint' in _first:"), on.index("count_named_in(")
    assert first < count  # the name first, then the condition's counts
    assert off.index("count_named_in(") < off.index("if 'Saint' in _first:")


def test_the_same_games_with_it_off(games):
    assert_same_games(*games, bots=("honest", "bluffer"))


def test_a_condition_that_may_draw_randomness_is_left_as_written():
    count = ("Func", "count", (("NameRef", "hand"),))
    assert not may_draw(("Compare", ">", count, ("IntLit", 0)))
    assert may_draw(("Compare", ">", ("Func", "roll", (("IntLit", 1), ("IntLit", 6))), ("IntLit", 0)))
    assert may_draw(("Func", "no_such_function", ()))  # not known: as written
