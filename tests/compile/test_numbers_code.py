"""The pass `numbers-code` (compile/counter_code.py numbers_set, compile/ir/emit_stmts.py _set_numbers): a counter
of numbers set (`dice = roll(5, 6)`, `a.dice = []`) is stored in the code when nobody is told and no checker
runs, else set by set_numbers. Games nobody watches end in the same states with the pass on and off, and play
the same dice on the way; logged games are the same."""
from __future__ import annotations

from onoff import assert_same_games, without

from cardlang.agents import make_agent
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED
from cardlang.runtime.engine import play_game
from cardlang.runtime.invariants import check_state

BOTS = ("economy", "rush")


def _code(options, label: str) -> str:
    game = load_game("warring-kingdom", options=options)
    return "".join(source_of(g) for g in game.facts.generated if g.label == label)


def test_the_dice_are_stored_in_the_code() -> None:
    on, off = _code(OPTIMISED, "verb roll_dice"), _code(without("numbers-code"), "verb roll_dice")
    assert ".counters[5][_p0] = " in on and ".check is None" in on  # (slot 5: `dice`)
    assert ".counters[5][" not in off and "set_numbers(" in off
    assert "] = ()" in _code(OPTIMISED, "verb cleanup")  # `a.dice = [];`


def _quiet_ends(game, seeds) -> list[tuple]:
    out = []
    for seed in seeds:
        agents = [make_agent(game, b, seed + j) for j, b in enumerate(BOTS)]
        r = play_game(game, agents, seed)
        check_state(r.state)
        out.append((r.winners, r.scores, r.turns, [list(row) for row in r.state.counters],
                    [(z.label, list(z.cards)) for z in r.state.all_zones()]))
    return out


def test_unwatched_games_end_the_same_with_the_pass_on_and_off() -> None:
    on, off = load_game("warring-kingdom"), load_game("warring-kingdom", options=without("numbers-code"))
    assert _quiet_ends(on, range(6)) == _quiet_ends(off, range(6))


def test_games_are_the_same_with_the_pass_on_and_off() -> None:
    assert_same_games(load_game("warring-kingdom"), load_game("warring-kingdom", options=without("numbers-code")),
                      bots=BOTS, seeds=range(4))
