"""The pass `quiet-moves` (primitives/core_lowering.py lower_move, primitives/core.py move_top_quiet and
move_zone_quiet): a draw or a move of a whole zone in a verb's statements run in place of its call (only when
nobody watches), in a game of no grid, to a declared zone of no piles, calls the version that tests neither
the log, the listeners, cells nor piles again; the verb's own function (called when someone watches) keeps
the full one. Both versions leave the same zones, and hand what they cannot do to the full one."""
from __future__ import annotations

import pytest

from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED, Options
from cardlang.primitives.core import move_top_into, move_top_quiet, move_zone_into, move_zone_quiet
from cardlang.runtime.checker import InvariantChecker
from cardlang.runtime.state import CardDef, CounterSpec, Ctx, GameState, ZoneSpec

WITHOUT = Options(OPTIMISED.passes - {"quiet-moves"})


def test_dominion_draws_and_cleans_up_by_the_quiet_versions_in_place_only() -> None:
    mods = load_game("dominion").generated
    turn = "\n".join(source_of(m) for m in mods if "'turn'" in source_of(m)[:200])
    assert "move_top_quiet(ctx" in turn and "move_zone_quiet(ctx" in turn
    verb = "\n".join(source_of(m) for m in mods if source_of(m).startswith("# 'verb draw'"))
    assert "move_top_into(ctx" in verb and "quiet" not in verb  # (its function runs when someone watches)
    off = "\n".join(source_of(m) for m in load_game("dominion", options=WITHOUT).generated)
    assert "_quiet(ctx" not in off


def _state(deck: int, discard: int) -> GameState:
    specs = [ZoneSpec("deck", True, slot=0), ZoneSpec("hand", True, slot=1), ZoneSpec("discard", True, slot=2)]
    specs[0].refill = "discard"
    state = GameState(defs=[], zone_specs=specs, counter_specs=[CounterSpec("coins", True, slot=0)],
                      num_players=2, seed=5)
    d = CardDef(0, "Copper", frozenset({"Treasure"}))
    state.defs.append(d)
    for _ in range(deck):
        state.new_card(d, state.zones[0][0])
    for _ in range(discard):
        state.new_card(d, state.zones[2][0])
    return state


def _seen(state: GameState) -> tuple:
    return ([list(z.cards) for row in state.zones for z in row], [state.loc[c].label for c in range(len(state.loc))],
            state.rng.random())


@pytest.mark.parametrize("deck,discard,n", [(7, 0, 5), (3, 6, 5), (0, 0, 5), (2, 0, 5), (4, 4, 0)])
@pytest.mark.parametrize("checked", [False, True], ids=["plain", "checked"])
def test_a_quiet_draw_and_a_whole_zone_move_leave_what_the_full_ones_do(deck, discard, n, checked) -> None:
    got = []
    for top, whole in ((move_top_into, move_zone_into), (move_top_quiet, move_zone_quiet)):
        state = _state(deck, discard)
        if checked:
            state.check = InvariantChecker()
        ctx = Ctx(state, 0)
        top(ctx, state.zones[1][0], state.zones[0][0], n)
        whole(ctx, state.zones[2][0], state.zones[1][0])
        top(ctx, state.zones[1][0], state.zones[0][0], n)
        got.append(_seen(state))
    assert got[0] == got[1]
