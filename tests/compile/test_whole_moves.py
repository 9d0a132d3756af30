"""The pass `whole-moves` (compile/passes.py, compile/ir/whole_moves.py, compile/ir/emit_moves.py): Dominion's
`play hand where card is Treasure`, whose verb moves each card to the play area and adds its worth to the
coins, is one move of the list and one change of the coins by the total when nobody watches, with the loop as
written for everything else. Unwatched, watched, checked and stopped by the step budget: the same games,
the same zones card for card, the same counters and steps, with the pass on and off."""
from __future__ import annotations

import re

import pytest

from cardlang.agents import make_agent
from cardlang.compile.game import load_game
from cardlang.errors import RuleViolation
from cardlang.runtime.checker import InvariantChecker
from cardlang.runtime.engine import play_out, setup_game

from onoff import assert_same_games, turn_source, without

OFF = without("whole-moves")
BOTS = ("big-money", "smithy-bm")


@pytest.fixture(scope="module")
def games():
    return load_game("dominion"), load_game("dominion", options=OFF)


def test_the_treasures_move_in_one_go_and_the_coins_change_once(games):
    on, off = (turn_source(g) for g in games)
    # the `where`, the total and the cards that stay in one loop; then one move of them all
    one = (r"if 'Treasure' in (_df\d+)\.types:\n\s+(_t\d+)\.append\((_c\d+)\)\n"
           r"\s+_s\d+ \+= \1\.printed\['worth'\]\n\s+else:\n\s+_k\d+\.append\(\3\)")
    whole = r"for (_x\d+) in (_t\d+):\n\s+_loc\d+\[\1\] = (_d\d+)\n\s+\3\.cards\.extend\(\2\)"
    assert re.search(one, on) and re.search(whole, on)
    assert not re.search(one, off) and not re.search(whole, off)
    assert on.count(".remove(") == off.count(".remove(")  # the loop as written is kept beside it


def _snapshot(state) -> tuple:
    return ([[list(z.cards) for z in row] for row in state.zones], [z.label for z in state.loc],
            [list(r) for r in state.counters], state.steps, state.empty_known)


def _unwatched(game, seed: int, budget: int | None = None, check=None) -> tuple:
    agents = [make_agent(game, b, seed + j) for j, b in enumerate(BOTS)]
    state = setup_game(game, agents, seed, check=check)
    if budget is not None:  # (a turn's budget: steps count from 0 at each turn)
        state.step_budget = budget
    try:
        r = play_out(game, state)
        out = (r.winners, r.scores, r.turns)
    except RuleViolation as e:  # (the step budget run out: the same message, at the same place)
        out = (str(e),)
    return out + _snapshot(state)


def test_nobody_watching_the_same_zones_counters_and_steps(games):
    on, off = games
    for seed in range(3):
        assert _unwatched(on, seed) == _unwatched(off, seed)


def test_the_step_budget_stops_the_same_game_at_the_same_place(games):
    on, off = games
    ends = []
    for budget in range(2, 9):  # (a turn's steps: some stops come before or in the Treasures' loop)
        a = _unwatched(on, 2, budget)
        assert a == _unwatched(off, 2, budget)
        ends.append(a[0])
    assert any("game.cl:102:" in str(e) and "step budget" in str(e) for e in ends)  # (in `play`s loop)


def test_an_invariant_checker_sees_the_same_game(games):
    on, off = games
    assert _unwatched(on, 1, check=InvariantChecker()) == _unwatched(off, 1, check=InvariantChecker())


def test_the_same_games_with_it_off(games):
    assert_same_games(*games, bots=BOTS, seeds=range(4))

