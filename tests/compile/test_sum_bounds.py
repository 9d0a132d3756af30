"""The pass `sum-bounds` (compile/loops.py _sum, compile/ir/emit_loops.py _bounded): a `sum` of amounts whose size
the compiler knows (a printed property) is not checked against the 18-digit limit, since no list holds 2^40
items; its size goes on to the `+` and the counter set (`=`) it is part of (the `bounds` pass drops their tests
too). Amounts of a million or more (past 10^18 / 2^40), and amounts of no known size, are still checked; the
totals are the same."""
from pathlib import Path

import pytest
from onoff import assert_same_games, play_from_hand, without

from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED, Options

SUMMER = {"summer.card": "card Summer { cost 0; types Action; on play { coins += sum(hand, card.cost); } }"}
# a printed cost this large may pass the limit summed over a long enough list: checked
HUGE = {**SUMMER, "huge.card": "card Huge { cost 1000000; types Treasure; }"}


def _game(tmp_path: Path, cards: dict[str, str], options: Options = OPTIMISED):
    for name, text in cards.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return load_game("dominion", [tmp_path], options=options)


def _code(game, card: str) -> str:
    return "\n".join(source_of(m) for m in game.generated if m.card == card)


def _coins_after(game, hand: list[str]) -> int:
    state = play_from_hand(game, "Summer", hand)
    return state.counters[[c.name for c in state.counter_specs].index("coins")][0]


def test_a_sum_of_printed_costs_goes_unchecked(tmp_path: Path) -> None:
    (tmp_path / "on").mkdir()
    (tmp_path / "off").mkdir()
    on = _code(_game(tmp_path / "on", SUMMER), "Summer")
    off = _code(_game(tmp_path / "off", SUMMER, without("sum-bounds")), "Summer")
    assert "sum(" in on and "too_big" not in on
    assert "too_big" in off


def test_amounts_that_could_reach_the_limit_are_checked(tmp_path: Path) -> None:
    assert "too_big" in _code(_game(tmp_path, HUGE), "Summer")


@pytest.mark.parametrize("off", [False, True])
def test_the_same_totals(tmp_path: Path, off: bool) -> None:
    game = _game(tmp_path, SUMMER, without("sum-bounds") if off else OPTIMISED)
    assert _coins_after(game, ["Gold", "Province", "Copper", "Gold"]) == 6 + 8 + 0 + 6


def test_a_counter_set_to_a_known_size_is_not_tested_against_the_limit() -> None:
    def code(options) -> str:
        game = load_game("warring-kingdom", options=options)
        return "".join(source_of(g) for g in game.facts.generated if g.label == "verb toughness")
    on, off = code(OPTIMISED), code(without("sum-bounds"))
    # `value = t.hp + sum(attached(t), card.hp)`: set with no test of the number limit
    assert on.count("1000000000000000000") == 0 and off.count("1000000000000000000") > 0


def test_games_are_the_same_with_the_pass_on_and_off() -> None:
    assert_same_games(load_game("warring-kingdom"), load_game("warring-kingdom", options=without("sum-bounds")),
                      bots=("economy", "rush"), seeds=range(4))
