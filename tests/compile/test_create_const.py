"""The pass `create-const` (compile/passes.py, compile/ir/emit_stmts.py `_create_cards`): a `create` of a count
written in the source does not test the count's sign, and `create 1` appends the card to the state's tables
and the zone, not a list of one made to extend them. The same games."""
from __future__ import annotations

import pytest

from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game

from onoff import assert_same_games, without


@pytest.fixture(scope="module")
def games():
    return load_game("greedy-kingdoms"), load_game("greedy-kingdoms", options=without("create-const"))


def test_a_create_of_one_appends(games):
    on, off = ("\n".join(source_of(m) for m in g.generated if m.label == "setup") for g in games)
    assert ".card_def.append(" in on and "and 1 >= 0" not in on
    assert ".card_def.append(" not in off and "and 1 >= 0" in off
    assert on.count(".card_def.extend(") == off.count(".card_def.extend(") - on.count(".card_def.append(")


def test_the_same_games_with_it_off(games):
    assert_same_games(*games, bots=("reader", "palace-rusher"), seeds=range(4))
