"""The pass `create-all` (compile/passes.py, compile/ir/create_all.py): a set-up's `for d in cards where card is
Destiny { create d.copies d to destiny_pile; }` (The Fall of Kingdoms makes its Destiny pile and its House so)
is one create of every card the loop makes, their definitions a constant list in the loop's order, with the
loop as written when someone watches or a limit is met. The same cards, ids and places, watched or not."""
from __future__ import annotations

import pytest

from cardlang.agents import make_agent
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.runtime.engine import play_game

from onoff import assert_same_games, without

OFF = without("create-all")
BOTS = ("honest", "bluffer")


@pytest.fixture(scope="module")
def games():
    return load_game("fall-of-kingdoms"), load_game("fall-of-kingdoms", options=OFF)


def _setup_code(game) -> str:
    return "\n".join(source_of(m) for m in game.generated if m.label == "setup")


def test_the_set_ups_loops_of_creates_are_one_create_each(games):
    on, off = (_setup_code(g) for g in games)
    assert on.count(".card_def.extend(_defs") == 2  # the Destiny pile's and the House's
    assert ".card_def.extend(_defs" not in off
    assert "run_create(" in on  # the loop kept as written, for a watcher


def _unwatched(game, seed: int):
    state = play_game(game, [make_agent(game, b, seed + j) for j, b in enumerate(BOTS)], seed).state
    return ([d.name for d in state.card_def], [state.loc[c].label for c in range(len(state.card_def))],
            state.steps)


def test_nobody_watching_the_same_cards_in_the_same_places(games):
    on, off = games
    for seed in range(3):
        assert _unwatched(on, seed) == _unwatched(off, seed)


def test_the_same_games_with_it_off(games):
    assert_same_games(*games, bots=BOTS, seeds=range(4))
