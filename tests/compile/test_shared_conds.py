"""The pass `shared-conds` (compile/passes.py, compile/ir/shared_conds.py): a read that several conditions of
one `choose` make, one of them whenever it is tested, is worked out once before them into a local (The Fall
of Kingdoms' action: the player's coins read in eleven conditions, `coins >= 5 + tax` in three,
`count(others where player.fog == 0) > 0` in three). A read made only where an `and` may skip it stays. The
same games."""
from __future__ import annotations

import pytest

from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_ask as A
from cardlang.compile.ir import nodes_ops as NO
from cardlang.compile.ir.shared_conds import shared_conds

from onoff import assert_same_games, without

OFF = without("shared-conds")
COINS = N.CounterRef(0, N.You())


def _ask(*conds) -> A.AskOption:
    return A.AskOption(None, "action", N.Const(""), False, conds, tuple(N.Const(None) for _ in conds))


def test_a_read_of_several_conditions_is_worked_out_once_first():
    rich = NO.Compare(">=", COINS, N.Const(5))
    got = shared_conds(_ask(None, rich, NO.Both(True, rich, N.Name("x")), NO.Compare(">=", COINS, N.Const(2))))
    assert [type(s) for s in got.pre] == [N.Let, N.Let]  # the coins, then `coins >= 5` reading them
    coins, rich_v = got.pre[0].var, got.pre[1].var
    assert got.pre[0].value == COINS and got.pre[1].value == NO.Compare(">=", coins, N.Const(5))
    assert got.conds[1] is rich_v and got.conds[2] == NO.Both(True, rich_v, N.Name("x"))
    assert got.conds[3] == NO.Compare(">=", coins, N.Const(2))


def test_a_read_an_and_may_skip_everywhere_stays():
    rich = NO.Compare(">=", COINS, N.Const(5))
    node = _ask(NO.Both(True, N.Name("a"), rich), NO.Both(True, N.Name("b"), rich))
    assert shared_conds(node) is node


@pytest.fixture(scope="module")
def games():
    return load_game("fall-of-kingdoms"), load_game("fall-of-kingdoms", options=OFF)


def test_the_actions_conditions_read_the_coins_once(games):
    on, off = ("\n".join(source_of(m) for m in g.generated if m.label == "turn") for g in games)
    assert off.count("_state.counters[0][ctx.you] >= ") >= 8 and on.count("_state.counters[0][ctx.you] >= ") == 0


def test_the_same_games_with_it_off(games):
    assert_same_games(*games, bots=("honest", "bluffer"), seeds=range(4))
