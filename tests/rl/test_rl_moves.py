"""Each kind of decision's atomic actions land on their fixed numbers: yes/no, stop, a card by definition, a
hidden card by position, a player counted from the decider, an option by its place, a die by its place, a
grid slot by column and row."""
from __future__ import annotations

import cardlang.rl as rl
from cardlang.rl.moves import numbered
from cardlang.runtime.state import Decision


def _env(game: str = "dominion"):
    env = rl.raw_env(game, players=2, seed=2)
    env.reset()
    return env, env.layout, env.match.state


def _start(lay, block: str) -> int:
    return lay.blocks[block][0]


def test_yes_no_and_stop() -> None:
    env, lay, state = _env()
    d = Decision(0, "t", "", "yesno", ["yes"], 0, 1, ["yes"])
    assert sorted(numbered(lay, state, d, ())) == [_start(lay, "stop"), _start(lay, "yes")]


def test_players_from_the_decider() -> None:
    env, lay, state = _env()
    d = Decision(1, "t", "", "players", [0, 1], 1, 1, ["p1", "p2"])
    got = numbered(lay, state, d, ())
    assert got[_start(lay, "player") + 1].label == "p1"  # p1 is one seat after p2
    assert got[_start(lay, "player")].label == "p2"      # p2 itself


def test_options_by_their_place_and_numbers_by_theirs() -> None:
    env, lay, state = _env()
    d = Decision(0, "t", "", "options", [2, 0], 1, 1, ["c", "a"])
    assert sorted(numbered(lay, state, d, ())) == [_start(lay, "option"), _start(lay, "option") + 2]
    dice = Decision(0, "t", "", "numbers", [3, 3, 5], 0, 1, ["3", "3", "5"])
    got = numbered(lay, state, dice, ())
    assert sorted(got) == [_start(lay, "stop"), _start(lay, "option"), _start(lay, "option") + 2]  # one "3"


def test_cards_seen_by_definition_hidden_by_position() -> None:
    env, lay, state = _env()
    mine = list(state.zones[state.zone_slot["hand"]][0].cards)
    theirs = list(state.zones[state.zone_slot["hand"]][1].cards)
    d = Decision(0, "t", "", "cards", mine, 1, 1, names=state.card_def)
    kinds = {state.card_def[c].index for c in mine}
    assert sorted(numbered(lay, state, d, ())) == sorted(_start(lay, "card") + k for k in kinds)
    d = Decision(0, "t", "", "cards", theirs, 1, 2, names=state.card_def)
    got = numbered(lay, state, d, ())
    assert sorted(got) == [_start(lay, "hidden") + i for i in range(len(theirs))]
    assert all(not a.label.startswith(("Copper", "Estate")) for a in got.values())
    after = numbered(lay, state, d, (0,))  # one picked: the rest, and stop
    assert sorted(after) == [_start(lay, "stop")] + [_start(lay, "hidden") + i for i in range(1, len(theirs))]


def test_slots_by_column_and_row() -> None:
    env, lay, state = _env("warring-kingdom")
    cols = lay.grid[0]
    d = Decision(0, "t", "", "slots", [(1, 1), (3, 2)], 1, 1, ["column 1, row 1", "column 3, row 2"])
    assert sorted(numbered(lay, state, d, ())) == [_start(lay, "slot"), _start(lay, "slot") + cols + 2]
