"""The pass `moves-in-code` (compile/passes.py, primitives/core_lowering.py lower_move, compile/ir/emit_moves.py
MoveTop and MoveZone): where quiet-moves calls move_top_quiet or move_zone_quiet, their own case runs in the code
itself (Dominion's clean-up `move inplay to discard` and its `draw 5`), and the call only for what they hand
on (a refill, a checker told); a move of two cards or more in a local that are all of their zone's cards
(`discard hand`: the hand's copy) moves that zone in the code (MoveList), else calls move_into. Unwatched, checked and watched: the same games, the same zones card for card,
the same places (`loc`) and steps, with the pass on and off."""
from __future__ import annotations

import re

import pytest

from cardlang.agents import make_agent
from cardlang.compile.game import load_game
from cardlang.runtime.checker import InvariantChecker
from cardlang.runtime.engine import play_out, setup_game

from onoff import assert_same_games, turn_source, without

OFF = without("moves-in-code")
BOTS = ("big-money", "smithy-bm")


@pytest.fixture(scope="module")
def games():
    return load_game("dominion"), load_game("dominion", options=OFF)


def test_the_clean_up_and_the_draw_move_in_the_code_and_call_only_for_the_rest(games):
    on, off = (turn_source(g) for g in games)
    draw = (r"(_t\d+) = (_h\d+)\[-(_\w+):\]\n\s+del \2\[-\3:\]\n\s+\1\.reverse\(\)\n\s+(_d\d+)\.cards\.extend\(\1\)"
            r"\n\s+(_loc\d+) = _state\.loc\n\s+for (_x\d+) in \1:\n\s+\5\[\6\] = \4\n\s+else:\n"
            r"\s+_k\d+_move_top_quiet\(ctx, \4, _z\d+, \3\)")
    whole = (r"(_d\d+)\.cards\.extend\((_h\d+)\)\n\s+(_loc\d+) = _state\.loc\n\s+for (_x\d+) in \2:\n"
             r"\s+\3\[\4\] = \1\n\s+\2\.clear\(\)\n\s+else:\n\s+_k\d+_move_zone_quiet\(ctx, \1, _z\d+\)")
    hand = (r"(_z\d+) = _state\.loc\[(_p\d+)\[0\]\]\n\s+(_h\d+) = \1\.cards\n\s+if \3 == \2 and .*\1 is not (_d\d+)\):\n"
            r"\s+\4\.cards\.extend\(\3\)\n(.*\n){3}\s+\3\.clear\(\)\n(.*\n){2}\s+else:\n\s+_k\d+_move_into\(ctx, \4, \2\)")
    assert re.search(draw, on) and re.search(whole, on) and re.search(hand, on)
    assert not re.search(draw, off) and not re.search(whole, off) and not re.search(hand, off)
    assert "move_top_quiet(ctx" in off and "move_zone_quiet(ctx" in off


def _snapshot(state) -> tuple:
    return ([[list(z.cards) for z in row] for row in state.zones], [z.label for z in state.loc],
            [list(r) for r in state.counters], state.steps, state.empty_known)


def _unwatched(game, seed: int, check=None) -> tuple:
    agents = [make_agent(game, b, seed + j) for j, b in enumerate(BOTS)]
    state = setup_game(game, agents, seed, check=check)
    r = play_out(game, state)
    return (r.winners, r.scores, r.turns) + _snapshot(state)


def test_nobody_watching_the_same_zones_places_and_steps(games):
    on, off = games
    for seed in range(3):
        assert _unwatched(on, seed) == _unwatched(off, seed)


def test_an_invariant_checker_sees_the_same_game(games):
    on, off = games
    assert _unwatched(on, 1, check=InvariantChecker()) == _unwatched(off, 1, check=InvariantChecker())


def test_the_same_games_with_it_off(games):
    assert_same_games(*games, bots=BOTS, seeds=range(4))
