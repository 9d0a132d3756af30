"""The pass `tables-kept` (compile/fnlocals.py with_tables_local): a per-card counter's table that a loop reads
(`card.ticket == 10 * f + r` at each pass of Warring Kingdom's `resolve`) is read once before the outermost loop
around it, and read from that local in the loop; the same games with the pass on and off."""
from __future__ import annotations

from onoff import assert_same_games, verb_source, without

from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED


def test_a_table_read_in_a_loop_is_read_once_before_it_with_the_pass_only() -> None:
    on, off = (verb_source("warring-kingdom", o, "resolve") for o in (OPTIMISED, without("tables-kept")))
    head, loop = on.split("for _x1 in (1, 2, 3, 4, 5):", 1)
    assert "_tab0 = _state.card_counters['ticket']" in head and "_state.card_counters[" not in loop, on
    assert ":= _tab0).values()" in loop, on  # (the guard of its filter: is any card at 10 * f + r?)
    assert "_tab0" not in off and off.count("_state.card_counters[") >= 2, off


def test_games_are_the_same_with_the_pass_on_and_off() -> None:
    assert_same_games(load_game("warring-kingdom"), load_game("warring-kingdom", options=without("tables-kept")),
                      bots=("economy", "rush"), seeds=range(4))
