"""The pass `gridless` (compile/ir/emit_calls.py gridless, primitives/core_lowering.py, ir/emit_stmts.py
_move_one): in a game that declares no grid zone, the move of one card in the code tests neither zone for a
grid's cells (no zone of such a game has any); the same move, the same zones, as with the tests. A game with a
grid keeps them."""
from __future__ import annotations

import ast as py

from cardlang.compile import codegen as G
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit_calls import gridless
from cardlang.compile.ir.emit_stmts import emit_stmts
from cardlang.compile.passes import OPTIMISED, PLAIN, Options
from cardlang.runtime import zones as Z
from cardlang.runtime.state import CardDef, CounterSpec, Ctx, GameState, ZoneSpec


def _state() -> GameState:
    zones = [ZoneSpec("hand", True, slot=0), ZoneSpec("supply", False, slot=1)]
    state = GameState(defs=[], zone_specs=zones, counter_specs=[CounterSpec("coins", True, slot=0)],
                      num_players=2, seed=1)
    knight = CardDef(0, "Knight", frozenset({"Unit"}))
    state.defs.append(knight)
    for p in (0, 1):
        state.new_card(knight, state.zones[0][p])
    return state


def test_a_move_in_a_game_with_no_grid_tests_no_cells_and_moves_the_same() -> None:
    calls = []

    def move_into(ctx, dest, cards):  # the reference (called when the code does not move the card itself)
        calls.append(list(cards))
        for c in cards:
            Z.move(ctx.state, c, dest)

    want = _state()
    Z.move(want, 1, want.zones[1][0])
    for grid_free in (False, True):
        for plain in (False, True):
            state = _state()
            body = (N.MoveOne(N.Const(1), N.ZoneRef(1, N.Const(0)), move_into, dest_plain=plain,
                              gridless=grid_free),)
            g = G.build_function("gridless test", None, lambda gen: emit_stmts(gen, body))
            g.fn(Ctx(state, 1, 1))
            code = py.unparse(g.tree)
            assert ("cells" not in code) == grid_free, code
            assert calls == [] and state.loc[1] is state.zones[1][0]
            assert [z.cards for z in state.all_zones()] == [z.cards for z in want.all_zones()]


def test_a_game_is_gridless_when_none_of_its_zones_is_a_grid_and_the_pass_is_on() -> None:
    flat = (ZoneSpec("hand", True, slot=0), ZoneSpec("supply", False, slot=1))
    board = ZoneSpec("board", True, slot=2)
    board.grid = (5, 3)
    assert gridless(flat, OPTIMISED)
    assert not gridless(flat + (board,), OPTIMISED)
    assert not gridless(flat, PLAIN) and not gridless(flat, Options(OPTIMISED.passes - {"gridless"}))


def test_a_shipped_game_with_no_grid_moves_cards_in_its_code_without_testing_cells() -> None:
    game = load_game("dominion")
    code = "".join(source_of(g) for g in game.facts.generated)
    assert "_state.loc[" in code and ".cells is None" not in code
