"""The passes `known-types` (compile/ir/known_types.py) and `computed-inline` (compile/ir/emit.py Computed).

known-types: in a verb run in place of its call, a loop over a parameter holding a `where`'s answer of cards of
one type knows each card has it: Dominion's `play hand where card is Treasure` runs the verb `play`, whose
`if x is Treasure` is then no test. A loop that sets its card's name again knows nothing.

computed-inline: a property some card computes (Gardens' `vp`) read of a card in a local reads the printed
value in the code and calls prop_of_card only for a card whose definition computes one; the same score."""
from __future__ import annotations

import ast as py

from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.ir import known_types as KT
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir import nodes_ops as NO
from cardlang.compile.passes import OPTIMISED, Options
from cardlang.agents import make_agent
from cardlang.runtime.engine import play_game


def _turn(options: Options) -> str:
    g = load_game("dominion", options=options)
    return "\n".join(source_of(m) for m in g.generated if m.card is None and "'turn'" in source_of(m)[:200])


def test_the_treasures_played_are_not_tested_again_for_the_type_their_filter_kept() -> None:
    # (whole-moves off: with it, the loop as written runs over the `where` the whole move works out itself)
    on = _turn(Options(OPTIMISED.passes - {"whole-moves"}))
    off = _turn(Options(OPTIMISED.passes - {"known-types", "whole-moves"}))
    # the filter tests each card of the hand (kept), the verb's `if x is Treasure` over its answer goes
    assert off.count("'Treasure' in") - on.count("'Treasure' in") >= 1, on
    assert on.count("'Treasure' in") >= 1


def test_what_a_where_says_of_its_cards() -> None:
    hand = N.ZoneRef(3, N.You())
    typed = NL.Where(hand, N.DefIsType(N.DefOf(N.Name("card")), "Treasure"), "card", None)
    assert KT.where_types(typed) == frozenset({"Treasure"})
    assert KT.where_types(NL.Where(hand, N.IsType(N.Name("card"), N.Const("Action")), "card", None)) == {"Action"}
    # not of its own card, negated, or no `where`: nothing known
    assert KT.where_types(NL.Where(hand, N.DefIsType(N.DefOf(N.Name("x")), "Treasure"), "card", None)) == set()
    assert KT.where_types(NL.Where(hand, N.IsType(N.Name("card"), N.Const("Action"), True), "card", None)) == set()
    assert KT.where_types(NO.Listed(N.Name("c"))) == set()


def test_a_loop_that_sets_its_name_again_is_seen_to() -> None:
    body = [py.parse("_x1 = 3").body[0]]
    assert KT.writes(body, "_x1") and not KT.writes(body, "_x2")
    assert not KT.writes([py.parse("f(_x1)").body[0]], "_x1")


def _results(options: Options, games: int = 12) -> list:
    g = load_game("dominion", options=options)
    out = []
    for s in range(games):
        r = play_game(g, [make_agent(g, "big-money", s), make_agent(g, "smithy-bm", s + 1)], s)
        out.append((r.winners, r.scores, r.turns))
    return out


def test_the_same_games_with_either_pass_off() -> None:
    want = _results(OPTIMISED)
    assert _results(Options(OPTIMISED.passes - {"known-types"})) == want
    assert _results(Options(OPTIMISED.passes - {"computed-inline"})) == want


def test_a_computed_property_is_read_in_the_code_and_called_only_for_a_card_that_computes_one() -> None:
    def sums(options: Options) -> str:
        return "\n".join(source_of(m) for m in load_game("dominion", options=options).generated
                         if "rules: sum" in source_of(m)[:40])
    on, off = sums(OPTIMISED), sums(Options(OPTIMISED.passes - {"computed-inline"}))
    assert ".dynamic else" in on and ".props.get('vp', 0)" in on, on
    assert ".dynamic" not in off and "prop_of_card(ctx, " in off, off


def test_a_score_with_gardens_is_the_same_either_way() -> None:
    from cardlang.runtime.engine import setup_game
    from cardlang.runtime.decisions import RandomAgent
    from cardlang.runtime.state import Ctx
    scores = []
    for options in (OPTIMISED, Options(OPTIMISED.passes - {"computed-inline"})):
        g = load_game("dominion", options=options)
        state = setup_game(g, [RandomAgent(1), RandomAgent(2)], 1)
        deck = state.zones[state.zone_slot["deck"]][0]
        for _ in range(23):  # 10 + 23 cards owned: each Gardens is worth 3
            state.new_card(g.defs_by_name["Gardens"], deck)
        scores.append(g.score(Ctx(state, 0, None, {}, "score")))
    assert scores[0] == scores[1] == 3 * 23 + 3  # (the 3 Estates: 1 each)
