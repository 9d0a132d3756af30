"""The pass `names-first` (compile/passes.py): a decision that picks from a zone of no piles hands that zone to a
bot's pick by name (compile/asking.py named_cards_in), and a rule of many names (botgen._NAMES_FIRST_AT) gathers
the names of the zone's cards once and calls the decision's filter only for a name a card there has. It picks
what the plain pick picks, trying the same names in the same order, less those no card of the zone has."""
from __future__ import annotations

import random

import pytest

from cardlang.compile import codegen as G
from cardlang.compile.bots import LanguageBot
from cardlang.compile.game import load_game
from cardlang.compile.passes import SWITCHABLE, Options
from copied_game import dominion_with

MANY = ("Witch", "Smithy", "Village", "Market", "Festival", "Laboratory", "Moat")
BOT = '''bot "many" extends "big-money" {
  on play_action { Witch; Smithy if coins > 1; Village; Market; Festival; Laboratory; Moat; none; }
}
'''
HANDS = ("Copper", "Estate", "Smithy", "Village", "Moat", "Market", "Witch", "Gold", "Festival", "Laboratory")


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    yield from dominion_with(tmp_path_factory, "names-first", {"games/dominion/bots/zz_many.cl": BOT})


def test_a_rule_of_many_names_tries_only_the_names_a_card_of_the_zone_has(game):
    bot = LanguageBot(game, "many")
    plain, first = bot.named_picks["play_action"], bot.named_picks_in["play_action"]
    assert first is not plain
    defs = {d.name: d for d in game.defs}
    coins_slot = next(c.slot for c in game.new_state(2, 1).counter_specs if c.name == "coins")
    rng = random.Random(7)
    for _ in range(60):
        state = game.new_state(2, 1)
        state.counters[coins_slot][0] = rng.randrange(4)
        hand = state.zones[state.zone_slot["hand"]][0]
        for n in rng.sample(HANDS, rng.randrange(6)):
            state.new_card(defs[n], hand)
        refused = rng.choice(MANY)  # a name the decision's filter lets no card through with

        def find(where, name, tried):
            tried.append(name)
            got = [c for c in hand.cards if state.card_def[c].name == name]
            return got[0] if got and name != refused else None
        tried_plain: list[str] = []
        tried_first: list[str] = []
        got = plain(bot, state, 0, lambda w, n: find(w, n, tried_plain), None)
        assert first(bot, state, 0, lambda w, n: find(w, n, tried_first), None, hand) == got
        names = {state.card_def[c].name for c in hand.cards}
        assert tried_first == [n for n in tried_plain if n in names]


def test_a_rule_of_few_names_is_its_own_pick_with_a_zone(game):
    bot = LanguageBot(game, "big-money")
    assert bot.named_picks_in["play_action"] is bot.named_picks["play_action"]
    state = game.new_state(2, 1)
    assert bot.named_picks_in["play_action"](bot, state, 0, lambda w, n: 1, None, None) is None  # `none;`


def _helpers(g) -> set[str]:
    return {line.split("'")[1] for m in g.generated for line in G.source_of(m).splitlines()
            if line.startswith("#   ") and "the compiled function 'named_cards" in line}


def test_only_the_pass_hands_the_zone_and_makes_a_second_pick(game):
    off = load_game("dominion", options=Options(SWITCHABLE - {"names-first"}))  # (the fixture's copy)
    assert "named_cards_in_by_card" in _helpers(game) and "named_cards_in_by_card" not in _helpers(off)
    bot = LanguageBot(off, "many")
    assert bot.named_picks_in["play_action"] is bot.named_picks["play_action"]
