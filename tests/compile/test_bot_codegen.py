"""A bot's rules become generated Python (compile/botgen.py) in which the card names and labels a designer wrote
are only ever constants, and which answers exactly as the rule reads: conditions in order, a condition
written twice tested once, names against the options' labels or the decision's filter."""
from __future__ import annotations

import ast as py

import pytest

from cardlang.compile.bots import LanguageBot, compile_bot
from cardlang.runtime.decisions import NOT_NAMED, View
from cardlang.runtime.state import Decision
from copied_game import dominion_with

SRC_NAME = r"""Evil \"Card\" \\ {x} __import__('os')"""
EVIL_NAME = """Evil "Card" \\ {x} __import__('os')"""
CARD = f'card "{SRC_NAME}" {{ cost 2; types Action; }}\n'
BOT = f'''bot "evil" extends "big-money" {{
  on buy {{
    "{SRC_NAME}" if coins >= 2 and count(Copper in hand) >= 0;
    Silver if coins >= 2 and count(Copper in hand) >= 0;
    none;
  }}
  on cellar_discard {{ Estate if count(Copper in hand) > 0; lowest card.cost; }}
  on reveal_moat {{ no if coins > 5; yes if coins >= 2; }}
}}
'''


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    yield from dominion_with(tmp_path_factory, "bot-codegen", {"cards/dominion/zz_evil.card": CARD,
                                                               "games/dominion/bots/zz_evil.cl": BOT})


def _modules(game):
    compile_bot(game, "evil").generate_all()
    return [m for m in game.generated if m.label.startswith("bot evil: ")]


def test_names_in_a_bot_are_constants(game):
    mods = _modules(game)
    assert len(mods) >= 3
    consts = []
    for m in mods:
        assert m.card is None
        for node in py.walk(m.tree):
            if isinstance(node, py.Name):
                assert node.id == "ctx" or node.id in ("range", "list") or node.id.startswith("_"), node.id
            elif isinstance(node, py.Constant):
                consts.append(node.value)
            assert not isinstance(node, (py.Import, py.ImportFrom, py.Lambda, py.Global))
        assert set(m.fn.__globals__["__builtins__"]) <= {"range", "list"}
    assert EVIL_NAME in consts


def _state(game, coins: int):
    state = game.new_state(2, 1)
    state.counters[next(c.slot for c in state.counter_specs if c.name == "coins")][0] = coins
    return state


def test_a_rule_answers_as_it_reads(game):
    bot = LanguageBot(game, "evil")
    state = _state(game, 2)
    buy = Decision(0, "buy", "Buy a card", "cards", [10, 11, 12], 0, 1, ["Copper", "Silver", EVIL_NAME])
    assert bot.decide(View(state, 0), buy) == [2]
    no_evil = Decision(0, "buy", "Buy a card", "cards", [10, 11], 0, 1, ["Copper", "Silver"])
    assert bot.decide(View(state, 0), no_evil) == [1]
    poor = _state(game, 1)
    assert bot.decide(View(poor, 0), buy) == []  # `none`
    moat = Decision(0, "reveal_moat", "Reveal Moat?", "yesno", ["yes"], 0, 1, ["yes"])
    assert bot.decide(View(state, 0), moat) == [0]
    assert bot.decide(View(_state(game, 6), 0), moat) == []
    assert bot.decide(View(poor, 0), moat) == []  # no preference holds: no
    # No rule for the tag: the fewest options allowed, in offer order.
    assert bot.decide(View(state, 0), Decision(0, "no_such_tag", "?", "cards", [1, 2, 3], 2, 3, list("abc"))) == [0, 1]


def test_lowest_weighs_the_remaining_options(game):
    bot = LanguageBot(game, "evil")
    state = _state(game, 0)
    defs = {d.name: d for d in game.defs}
    hand = state.zones[state.zone_slot["hand"]][0]
    cards = [state.new_card(defs[n], hand) for n in ("Gold", "Silver", "Estate", "Copper")]
    d = Decision(0, "cellar_discard", "Discard", "cards", cards, 0, 4, ["Gold", "Silver", "Estate", "Copper"])
    # Estate first (Copper in hand), then by lowest cost: Copper, Silver, Gold.
    assert bot.decide(View(state, 0), d) == [2, 3, 1, 0]


def test_by_name_tries_only_the_names_preferred(game):
    bot = LanguageBot(game, "evil")
    state = _state(game, 3)
    tried = []

    def find(where, name):
        tried.append(name)
        return 42 if name == "Silver" else None
    assert bot.pick_by_name(state, 0, "buy", find, None) == 42
    assert tried == [EVIL_NAME, "Silver"]
    assert bot.pick_by_name(state, 0, "cellar_discard", find, None) is NOT_NAMED  # `lowest`: options needed



def test_a_pick_by_name_reading_only_state_and_player_reads_its_parameters():
    """With the pass bot-reads-state, a rule whose conditions read the state and the player only (smithy-bm's
    `buy`: coins, what it owns) does not find the bot's context: no `ctx` in its code. It tries the names the
    rule tries with the pass off, for every number of coins and either seat."""
    from cardlang.compile.game import load_game
    from cardlang.compile.passes import SWITCHABLE, Options
    games = load_game("dominion"), load_game("dominion", options=Options(SWITCHABLE - {"bot-reads-state"}))
    bots = [LanguageBot(g, "smithy-bm") for g in games]
    on, off = (b.named_picks["buy"] for b in bots)
    assert "ctx" not in on.__code__.co_varnames and "ctx" in off.__code__.co_varnames
    for coins in range(10):
        for seat in (0, 1):
            tried: list[list[str]] = [[], []]
            for g, b, t in zip(games, bots, tried):
                state = g.new_state(2, 1)
                state.counters[next(c.slot for c in state.counter_specs if c.name == "coins")][seat] = coins
                b.named_picks["buy"](b, state, seat, lambda where, n, t=t: t.append(n), None)
            assert tried[0] == tried[1] and (coins < 3 or tried[0])
