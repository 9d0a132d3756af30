"""The pass `zones-kept` (compile/fnlocals.py with_zones_local): a zone of a player held in a local that a loop
reads (Warring Kingdom's `resolve`: `for s in [side.board, side.fallen, side.dead, foe.converts] where ...` at each
of its ten passes, `nearest(foe.board, ...)` at each strike) is read once before the outermost loop around it, and
so are a counter's row and a shared zone in a function that sets the player; a zone of the loop's own player
(`for p in [a, d] { ... p.dead ... }`) is not; the same games with the pass on and off."""
from __future__ import annotations

from onoff import assert_same_games, verb_source, without

from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED


def test_a_zone_of_a_parameter_read_in_a_loop_is_read_once_before_it_with_the_pass_only() -> None:
    on, off = (verb_source("warring-kingdom", o, "resolve") for o in (OPTIMISED, without("zones-kept")))
    head, loop = on.split("for _x1 in (1, 2, 3, 4, 5):", 1)
    for slot, who in (("3", "_a0"), ("6", "_a0"), ("7", "_a0"), ("8", "_a1"), ("3", "_a1")):
        assert f"= _state.zones[{slot}][{who}]\n" in head, on
    assert "= _state.counters[14]\n" in head, on  # (a row, in a function that sets the player: `for side`)
    assert "_state.zones[" not in loop and "_state.counters[" not in loop and "_kept0.cards" in loop, on
    assert "_kept" not in off and off.count("_state.zones[") >= 5, off


def test_a_zone_of_a_loops_own_player_is_read_at_each_pass() -> None:
    on = verb_source("warring-kingdom", OPTIMISED, "cleanup")
    loop = on.split("in [_a0, _a1]:", 1)[1]
    assert "_state.zones[7][_x" in loop and "_state.zones[6][_x" in loop, on
    assert "_kept0 = _state.zones[6][_a1]" in on  # (the verb's parameter's, in `critical` run in place)


def test_games_are_the_same_with_the_pass_on_and_off() -> None:
    assert_same_games(load_game("warring-kingdom"), load_game("warring-kingdom", options=without("zones-kept")),
                      bots=("economy", "rush"), seeds=range(4))
