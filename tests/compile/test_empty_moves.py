"""The pass empty-moves: a move of the cards in a local (a verb's parameter run in place: `discard hand` at
clean-up) that are not one card calls move_into only when there are some; a hand discarded empty calls
nothing, and the game is the same (nothing moved, nothing told, the invariant checker content)."""
from __future__ import annotations

import re

from cardlang.agents import make_agent
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.runtime.checker import InvariantChecker
from cardlang.runtime.engine import play_game
from onoff import assert_same_games, without


def _turn_code(game) -> str:
    return next(source_of(g) for g in game.generated if g.label == "turn" and g.fn is game.turn)


def test_an_empty_hand_discarded_calls_no_move() -> None:
    on, off = load_game("dominion"), load_game("dominion", options=without("empty-moves"))
    # (the move itself: move_into's call, or moves-in-code's test of a whole zone first: MoveList)
    guarded = r"elif (_p\d+):\n\s+(_k\d+_move_into\(ctx, _d\d+, \1\)|_z\d+ = _state\.loc\[\1\[0\]\])"
    assert re.search(guarded, _turn_code(on)) and not re.search(guarded, _turn_code(off))
    assert_same_games(on, off, bots=("big-money", "smithy-bm"), seeds=range(4))
    for seed in range(2):  # every card in exactly one zone at every step, told moves and all
        checker = InvariantChecker()
        r = play_game(on, [make_agent(on, "big-money", seed), make_agent(on, "smithy-bm", seed + 1)], seed,
                      check=checker)
        assert r.winners and checker.steps > 100
