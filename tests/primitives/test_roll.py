"""Dice: `roll(N, SIDES[, P])` from the game's one RNG, logged; numbers values (lists, loops, choose, where,
count) and `numbers` counters; outcomes queued by a test come first and are logged the same way."""
import random

import pytest

from cardlang.errors import RuleViolation
from cardlang.runtime import dice as D
from cardlang.runtime.decisions import ScriptedAgent

from field_game import field
from cardlang.runtime import events as E


def test_rolls_come_from_the_game_rng_and_are_logged(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="dice = roll(5, 6);")
    s = g.state(seed=7)
    g.run(s)
    rng = random.Random(7)
    expected = tuple(rng.randint(1, 6) for _ in range(5))
    assert s.counters[g.game.spec.counters["dice"].slot][0] == expected
    assert g.events(s, "Rolled") == [E.Rolled(0, 6, expected)]


def test_fixed_dice_come_first_then_the_rng(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="dice = roll(3, 6, right);")
    s = g.state(seed=7)
    s.fixed_dice.extend([6, 6])
    g.run(s)
    got = s.counters[g.game.spec.counters["dice"].slot][0]
    assert got[:2] == (6, 6) and got[2] == random.Random(7).randint(1, 6)
    assert g.events(s, "Rolled")[0].player == 1       # rolled for p2


def test_a_fixed_die_outside_the_faces_is_refused() -> None:
    from cardlang.runtime.state import GameState, IllegalAction
    s = GameState(defs=[], zone_specs=[], counter_specs=[], num_players=2, seed=1)
    s.fixed_dice.append(7)
    with pytest.raises(IllegalAction, match="shows 7, but the dice have 6 faces"):
        D.roll(s, 0, 1, 6)


def test_numbers_values_and_counters(tmp_path, monkeypatch) -> None:
    probe = ("dice = [1, 6, 3, 6]; "
             "tally += count(dice where number == 6) * 10; "
             "for d in dice { tally += d; } "
             "dice -= [6]; dice += roll(1, 6); "
             "let x = choose 1 from dice as reroll; "
             "dice -= x;")
    g = field(tmp_path, monkeypatch, probe=probe)
    s = g.state()
    s.fixed_dice.append(2)
    s.agents = [ScriptedAgent(["3"]), ScriptedAgent([])]
    g.run(s)
    assert s.counters[g.game.spec.counters["tally"].slot][0] == 20 + 16
    assert s.counters[g.game.spec.counters["dice"].slot][0] == (1, 6, 2)


def test_taking_a_number_that_is_not_there_is_a_rule_violation(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="dice = [1, 2]; dice -= [5];")
    with pytest.raises(RuleViolation, match="dice holds no 5"):
        g.run(g.state())


def test_rules_text(tmp_path, monkeypatch) -> None:
    from cardlang.primitives import CORE
    assert CORE.get("roll").describe({"count": "5", "sides": "6"}) == "roll 5 dice"


def test_a_huge_number_of_dice_is_refused_before_any_roll() -> None:
    from cardlang.runtime.state import GameState, IllegalAction
    s = GameState(defs=[], zone_specs=[], counter_specs=[], num_players=2, seed=1)
    with pytest.raises(IllegalAction, match="rolling 1,000,000,000 dice would pass the step budget"):
        D.roll(s, 0, 1_000_000_000, 6)
    assert s.steps == 0
    D.roll(s, 0, 5, 6)
    assert s.steps == 5  # each die is a step of the turn's budget


@pytest.mark.parametrize("sides", [1, 2, 6, 7, 20, 1000])
def test_a_roll_draws_what_randint_draws_and_leaves_the_rng_where_it_would(sides) -> None:
    from cardlang.runtime.state import GameState
    s = GameState(defs=[], zone_specs=[], counter_specs=[], num_players=2, seed=3)
    rng = random.Random(3)
    assert D.roll(s, 0, 50, sides) == tuple(rng.randint(1, sides) for _ in range(50))
    assert s.rng.getstate() == rng.getstate()


def test_counting_the_dice_equal_to_a_number(tmp_path, monkeypatch) -> None:
    # `count(dice where number == X)`, X a number or a name, is the list's own count (compile/loops.py);
    # `number == number` is every die, counted by the loop
    probe = ("dice = [1, 6, 3, 6, 3]; let n = 3; "
             "tally += count(dice where number == n) + 10 * count(dice where 6 == number) "
             "+ 100 * count(dice where number == number) + 1000 * count(dice where number == 4);")
    g = field(tmp_path, monkeypatch, probe=probe)
    s = g.state()
    g.run(s)
    assert s.counters[g.game.spec.counters["tally"].slot][0] == 2 + 20 + 500


def test_setting_numbers_of_another_player_and_none(tmp_path, monkeypatch) -> None:
    # `P.dice = NUMBERS` is one call of set_numbers in the generated code: P's row, the numbers as a tuple
    g = field(tmp_path, monkeypatch, probe="dice = [4, 4]; right.dice = [2, 5]; dice = []; right.dice += [1];")
    s = g.state()
    g.run(s)
    assert s.counters[g.game.spec.counters["dice"].slot] == [(), (2, 5, 1)]


def test_adding_and_taking_numbers_of_another_player(tmp_path, monkeypatch) -> None:
    # `P.dice += / -= NUMBERS` is one call of change_numbers in the generated code: P's row, not the caller's
    g = field(tmp_path, monkeypatch, probe="dice = [3]; right.dice = [2, 5, 2]; right.dice -= [2]; "
                                           "right.dice += [6, 1]; dice -= [3];")
    s = g.state()
    g.run(s)
    assert s.counters[g.game.spec.counters["dice"].slot] == [(), (5, 2, 6, 1)]


def test_a_roll_of_written_numbers_calls_roll_itself_and_rolls_the_same_unlowered(tmp_path, monkeypatch):
    # (dice.py's lowering: roll(state, ctx.you, 5, 6) in the code, not roll_for_you; a count worked out still
    # goes through roll_for_you, which reads its player after the count)
    import collections
    import sys
    from cardlang.compile.game import load_game
    from cardlang.compile.passes import SWITCHABLE, Options
    from field_game import Field
    g = field(tmp_path, monkeypatch, probe="dice = roll(5, 6); tally = count(roll(tally + 2, 6));")
    plain = Field(load_game("field", options=Options(SWITCHABLE - {"lower"})))
    rolled = []
    for game, wrapped in ((g, 1), (plain, 2)):
        s = game.state(seed=7)
        called = collections.Counter()
        sys.setprofile(lambda frame, event, arg: called.update([frame.f_code.co_name]) if event == "call" else None)
        try:
            game.run(s)
        finally:
            sys.setprofile(None)
        assert called["roll"] == 2 and called["roll_for_you"] == wrapped
        rolled.append(g.events(s, "Rolled"))
    assert rolled[0] == rolled[1] and [e.values for e in rolled[0]][0] != ()
