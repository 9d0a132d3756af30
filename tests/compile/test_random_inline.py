"""The pass `random-inline` (compile/ir/emit_decisions.py _pick_random): a bot's `random` pick is
`random.Random.choice`'s own code in its rule, `_remaining[_rng._randbelow(len(_remaining))]`, not a call of
`choice`: the same numbers drawn from the bot's stream, so Greedy Kingdoms' reader (random attackers and
defenders) plays the same games with the pass on and off."""
from __future__ import annotations

import random

from onoff import assert_same_games, bot_source, without

from cardlang.compile.game import load_game

_LABEL = "bot reader: on attack_heroes"


def test_the_pick_is_choices_own_code() -> None:
    on = bot_source(load_game("greedy-kingdoms"), "reader", _LABEL)
    off = bot_source(load_game("greedy-kingdoms", options=without("random-inline")), "reader", _LABEL)
    assert "_rng._randbelow(" in on and ".choice(" not in on
    assert ".choice(" in off and "_randbelow" not in off
    # what the inline code relies on: choice draws as _randbelow of the length does, from the same stream
    a, b = random.Random(7), random.Random(7)
    items = list(range(11))
    assert [a.choice(items) for _ in range(50)] == [items[b._randbelow(len(items))] for _ in range(50)]


def test_games_are_the_same_with_the_pass_on_and_off() -> None:
    assert_same_games(load_game("greedy-kingdoms"), load_game("greedy-kingdoms", options=without("random-inline")),
                      bots=("reader", "palace-rusher"), seeds=range(4))
