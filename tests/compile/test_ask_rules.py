"""The pass `ask-rules` (compile/passes.py): a decision nobody reads (no log, no listener) is put to a bot answering
by compiled rules by its fields (runtime/decisions.py ask_rules, compile/bots.py LanguageBot.decide_on), its
`Decision` and prompt never built; with the pass off, with a log, a listener, a recorder (stepping) or any other
agent, the Decision is built and asked as before. Whole games play the same either way. The claim window and
`block` (primitives/challenge.py, block.py) put their questions so too, whatever the passes.
(tests/primitives/test_decision_runs.py checks each decision asked in place against its reference run, with
seats answering by rules.)"""
from __future__ import annotations

import pytest

from cardlang.agents import Without, make_agent
from cardlang.compile.bots import LanguageBot
from cardlang.compile.game import load_game
from cardlang.compile.passes import SWITCHABLE, Options
from cardlang.runtime.decisions import RandomAgent, ScriptedAgent
from cardlang.runtime.engine import play_game
from cardlang.runtime.checker import InvariantChecker
from cardlang.runtime.stepping import Recorder

GAMES = {"greedy-kingdoms": ("reader", "palace-rusher"), "fall-of-kingdoms": ("honest", "bluffer"),
         "warring-kingdom": ("economy", "rush")}
SEEDS = (1, 2)


@pytest.fixture
def counted(monkeypatch):
    """How often the bots were put a Decision (`decide`) and its fields (`decide_on`)."""
    calls = {"decide": 0, "decide_on": 0}
    decide, decide_on = LanguageBot.decide, LanguageBot.decide_on

    def counting(name, fn):
        def wrapped(self, *args):
            calls[name] += 1
            return fn(self, *args)
        return wrapped
    monkeypatch.setattr(LanguageBot, "decide", counting("decide", decide))
    monkeypatch.setattr(LanguageBot, "decide_on", counting("decide_on", decide_on))
    return calls


def _play(game, bots, seed, **kw):
    r = play_game(game, [make_agent(game, b, seed + j) for j, b in enumerate(bots)], seed, **kw)
    return r.winners, r.scores, r.turns, r.stopped


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_nobody_reads_puts_its_bots_the_fields_and_plays_the_same(game_id, counted):
    fast, off = load_game(game_id), load_game(game_id, options=Options(SWITCHABLE - {"ask-rules"}))
    for seed in SEEDS:
        counted.update(decide=0, decide_on=0)
        got = _play(fast, GAMES[game_id], seed)
        on = dict(counted)
        counted.update(decide=0, decide_on=0)
        assert _play(off, GAMES[game_id], seed) == got
        assert on["decide_on"] > 10 * max(on["decide"], 1)  # (a rare decision is still built: `choose one of`)
        if game_id != "fall-of-kingdoms":  # its claims and blocks put their fields whatever the passes
            assert counted["decide_on"] == 0 and counted["decide"] > 10
        assert _play(fast, GAMES[game_id], seed, log=True) == got


def test_a_game_someone_reads_or_records_builds_every_decision(counted):
    game, bots = load_game("fall-of-kingdoms"), GAMES["fall-of-kingdoms"]
    quiet = _play(game, bots, 3)
    counted.update(decide=0, decide_on=0)
    assert _play(game, bots, 3, log=True) == quiet
    assert counted["decide_on"] == 0 and counted["decide"] > 10
    counted.update(decide=0, decide_on=0)
    assert _play(game, bots, 3, on_state=lambda s: s.listen(lambda e: None)) == quiet
    assert counted["decide_on"] == 0 and counted["decide"] > 10
    counted.update(decide=0, decide_on=0)
    assert _play(game, bots, 3, on_state=lambda s: Recorder.of(s, game)) == quiet  # a stepped game's record
    assert counted["decide_on"] == 0 and counted["decide"] > 10


def test_the_invariant_checker_checks_the_same_code(counted):
    """The checker's checkpoint before each decision is taken on the fields' path too (no path only when off)."""
    game, bots = load_game("greedy-kingdoms"), GAMES["greedy-kingdoms"]
    seen = []

    class Noting(InvariantChecker):
        def checkpoint(self, state, why):
            seen.append(why)
            return super().checkpoint(state, why)
    checker = Noting()
    assert _play(game, bots, 4, check=checker) == _play(game, bots, 4)
    assert counted["decide_on"] > 10 and seen.count("before a decision") >= counted["decide_on"] // 2


def test_only_a_bot_answering_by_rules_is_put_the_fields():
    game = load_game("greedy-kingdoms")
    bot = make_agent(game, "reader", 1)
    assert callable(bot.decide_on)
    for other in (RandomAgent(1), ScriptedAgent([]), Without(bot, frozenset({"Temple"})),
                  make_agent(game, "random", 1)):
        assert getattr(other, "decide_on", None) is None, other
    from cardlang.cli.human import HumanAgent
    from cardlang.search.agent import SearchAgent
    assert not hasattr(HumanAgent, "decide_on") and not hasattr(SearchAgent, "decide_on")
