"""The pass `sum-modified` (compile/loops.py _sum): `sum(ITEMS, card.P)` of a property that modifiers change is
inlined in its caller like a sum of a printed property (Warring Kingdom's `strength` then runs in place in
`arm`), and plays the same games as the generated function it replaces."""
from __future__ import annotations

from onoff import verb_source

from cardlang.agents import make_agent
from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED, SWITCHABLE, Options
from cardlang.runtime.engine import play_game

OFF = Options(SWITCHABLE - {"sum-modified"})


def test_a_sum_of_a_modified_property_is_inlined_with_the_pass_only() -> None:
    on, off = (verb_source("warring-kingdom", o, "strength") for o in (OPTIMISED, OFF))
    # (each card of the sum read by read_modified_card: the pass `lower` reads one card without a list)
    assert "_read_modified_card(ctx, _c" in on and "_run_sum(ctx)" not in on
    assert "_read_modified_card(ctx, _c" not in off and "_run_sum(ctx)" in off


def test_games_are_the_same_with_the_pass_on_and_off() -> None:
    games = [load_game("warring-kingdom", options=o) for o in (OPTIMISED, OFF)]
    for seed in range(4):
        got = []
        for game in games:
            r = play_game(game, [make_agent(game, b, seed + j) for j, b in enumerate(("rush", "economy"))], seed)
            got.append((r.winners, r.scores, r.turns, [list(c) for c in r.state.counters],
                        {k: dict(v) for k, v in r.state.card_counters.items()}))
        assert got[0] == got[1]
