"""The pass `bool-arith` (compile/passes.py, compile/ir/bool_arith.py): a condition counted as a number in
arithmetic (The Fall of Kingdoms' challenge rules: `(claims(claimant(), Saint) > 0) + ... >= 4`) is added as
the bool it is, without a call of `int`; the coercion stays where the number is read otherwise. The same
games."""
from __future__ import annotations

import pytest

from cardlang.compile.bots import compile_bot
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_ops as NO
from cardlang.compile.ir.bool_arith import bool_arith

from onoff import assert_same_games, without

OFF = without("bool-arith")
SOME = NO.Compare(">", N.Name("x"), N.Const(0))


def test_an_int_of_a_bool_in_arithmetic_is_the_bool():
    got = bool_arith(NO.Arith("+", N.Call(int, (SOME,), first=None), N.Call(int, (N.Not(N.Name("y")),), first=None)))
    assert got == NO.Arith("+", SOME, N.Not(N.Name("y")))
    assert (True + True, type(True + False), type(True * True)) == (2, int, int)  # what makes it the same


def test_an_int_read_alone_or_of_a_number_stays():
    alone = N.Call(int, (SOME,), first=None)
    assert bool_arith(alone) is alone  # (a number shown or kept: 1, not True)
    of_name = NO.Arith("+", N.Call(int, (N.Name("n"),), first=None), N.Const(1))
    assert bool_arith(of_name) is of_name  # not known to be a bool


@pytest.fixture(scope="module")
def games():
    return load_game("fall-of-kingdoms"), load_game("fall-of-kingdoms", options=OFF)


def test_the_challenge_rule_adds_its_conditions_as_bools(games):
    def rule(game) -> str:
        compile_bot(game, "honest").generate_all()  # (a bot's rules are generated when first asked)
        return "\n".join(source_of(m) for m in game.generated if m.label == "bot honest: on challenge")
    on, off = rule(games[0]), rule(games[1])
    assert off.count("_int(") == 6 and on.count("_int(") == 0


def test_the_same_games_with_it_off(games):
    assert_same_games(*games, bots=("honest", "bluffer"), seeds=range(4))
