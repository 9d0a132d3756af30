"""The search bot plays: a whole game of every game on a tiny budget (every world it samples playable), the
same game again from the same seed, no search when one action is legal, the rollout bot's answer when the
budget cannot try each action once (with one warning) and at set-up, and the result's value for a seat."""
from __future__ import annotations

import warnings

import pytest

from cardlang.agents import make_agent
from cardlang.compile.game import load_game
from cardlang.runtime.decisions import View
from cardlang.runtime.engine import GameResult, play_game
from cardlang.runtime.events import render_event
from cardlang.runtime.state import Decision
from cardlang.search import agent as search_agent
from cardlang.search.agent import SearchAgent, SearchWarning

BOTS = {"dominion": "big-money", "warring-kingdom": "economy", "greedy-kingdoms": "reader",
        "fall-of-kingdoms": "honest"}


# Warring Kingdom's games are long and ask many questions: 10 turns of it searched are enough here (the
# suite's time), the other games are played whole
TURNS = {"warring-kingdom": 10}


def played(game, spec: str, seed: int):
    s = make_agent(game, spec, 1)
    r = play_game(game, [s, make_agent(game, BOTS[game.id], 2)], seed, log=True,
                  max_turns=TURNS.get(game.id, 1000))
    return s, r


@pytest.mark.parametrize("gid", list(BOTS))
def test_plays_a_game_of_every_game_and_again_alike(gid: str) -> None:
    game = load_game(gid)
    s, r = played(game, "search:iterations=30,cap=2", 3)
    assert s.searches > 3 and s.last["iterations"] == 30  # it searched
    assert s.errors == 0  # every sampled world played on or was refused as one the seat could not believe
    assert s.failed < s.searches * 30 / 2
    assert r.state.turn_number > 2
    _, again = played(game, "search:iterations=30,cap=2", 3)
    assert [render_event(again.state, e) for e in again.state.log] == \
        [render_event(r.state, e) for e in r.state.log]


def test_the_name_given_is_the_spec_played() -> None:
    game = load_game("dominion")
    a = make_agent(game, "search:iterations=30,rollout=random,cap=4,c=1.5", 1)
    assert isinstance(a, SearchAgent)
    assert (a.options.iterations, a.options.rollout, a.options.cap, a.options.c) == (30, "random", 4, 1.5)
    assert a.name == "search:iterations=30,rollout=random,cap=4,c=1.5"
    assert make_agent(game, "search", 1).rollout.name == "big-money"  # the game's first declared bot
    assert make_agent(game, "search:iterations=30,duel=0.25", 1).name == "search:iterations=30,duel=0.25"
    b = make_agent(game, "search:margin=0.25,overrule=1.5,duel=0.25,challenger=mean", 1)
    assert (b.options.margin, b.options.overrule, b.options.challenger) == (0.25, 1.5, "mean")
    assert b.name == "search:duel=0.25,challenger=mean,overrule=1.5,margin=0.25"


def test_the_duel_measures_the_rollout_bots_answer_and_its_challenger_alike() -> None:
    game = load_game("dominion")
    s = make_agent(game, "search:iterations=200,cap=4,duel=0.5", 1)

    def search(view, d):
        s.decide(view, d)
        return dict(s.last["visits"]), s.last["default"], s.last["played"]

    spy = Spy(game, s, search)
    play_game(game, [spy, make_agent(game, "big-money", 2)], 4)
    visits, default, played = spy.seen
    challenger = max((k for k in visits if k != default), key=lambda k: visits[k][0])
    assert abs(visits[default][0] - visits[challenger][0]) <= 1  # tried in turn until alike
    assert visits[default][0] >= 100 / 2  # (half the budget is the duel's: the two have at least half of it)
    assert played in (default, challenger)


def test_a_paired_duel_plays_the_default_and_its_challenger_on_the_same_world() -> None:
    game = load_game("dominion")
    s = make_agent(game, "search:iterations=200,cap=4,duel=0.5,paired=yes", 1)
    assert s.name == "search:iterations=200,cap=4,duel=0.5,paired=yes"
    plays: list = []  # (the root's forced action, the seed of the world dealt) of each world played
    real_play = s._play

    def play(dealer, tag, prefix, node, force, root, cap):
        got = real_play(dealer, tag, prefix, node, force, root, cap)
        plays.append((force, dealer.seed, dict(dealer.relabel)))
        return got

    s._play = play

    def search(view, d):
        plays.clear()
        s.decide(view, d)
        return list(plays), s.last["default"], s.last["pairs"]

    spy = Spy(game, s, search)
    play_game(game, [spy, make_agent(game, "big-money", 2)], 4)
    seen, default, pairs = spy.seen
    duel = seen[100:]  # the budget's second half is the duel's, played two worlds at a time
    assert len(duel) == 100 and sum(pairs.values()) == 50
    for first, second in zip(duel[::2], duel[1::2]):
        assert first[0] == default and second[0] != default and second[0] in pairs  # the default, then its challenger
        assert first[1:] == second[1:]  # on the same world: the same cards dealt, the same seed after
    assert len({w[1] for w in duel[::2]}) > 40  # and each pair on a world of its own


class Spy:
    """Big Money that hands the search bot the first buy decision with more than one card to buy after turn
    4 and keeps what it answered."""

    name = "spy"

    def __init__(self, game, search: SearchAgent, test) -> None:
        self.bm = make_agent(game, "big-money", 1)
        self.search = search
        self.test = test
        self.seen = None

    def attach(self, state, seat) -> None:
        self.search.attach(state, seat)

    def decide(self, view: View, d: Decision) -> list[int]:
        if self.seen is None and view.rules_state.turn_number > 4 and d.tag == "buy" and len(set(d.labels)) > 3:
            self.seen = self.test(view, d)
        return self.bm.decide(view, d)


def test_one_legal_action_is_played_without_a_search(monkeypatch) -> None:
    game = load_game("dominion")
    s = make_agent(game, "search:iterations=50", 1)

    def one_option(view, d):
        monkeypatch.setattr(search_agent, "play_on", lambda *a: pytest.fail("searched a forced answer"))
        d1 = Decision(d.player, "buy", "Buy a card", "cards", d.options[:1], 1, 1, names=view.rules_state.card_def)
        return s.decide(view, d1)

    spy = Spy(game, s, one_option)
    play_game(game, [spy, make_agent(game, "big-money", 2)], 4)
    assert spy.seen == [0] and s.last is None


def test_a_budget_too_small_plays_the_rollouts_choice_and_warns_once(monkeypatch) -> None:
    game = load_game("dominion")
    s = make_agent(game, "search:iterations=2", 1)
    monkeypatch.setattr(search_agent, "_said", set())

    def answer(view, d):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", SearchWarning)
            got = s.decide(view, d)
            s.decide(view, d)
        return got, s.rollout.decide(view, d), [str(w.message) for w in caught]

    spy = Spy(game, s, answer)
    play_game(game, [spy, make_agent(game, "big-money", 2)], 4)
    got, rollouts, said = spy.seen
    assert got == rollouts and s.last is None  # no search: the rollout bot's pick
    assert said == ["search budget of 2 iterations cannot try each of a decision's actions once; the rollout bot "
                    "chooses there"]  # once


def test_the_budget_too_small_warning_is_said_once_through_the_command_line() -> None:
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-m", "cardlang", "simulate", "dominion", "--players",
                        "search:iterations=2,big-money", "--games", "2", "--workers", "1"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    line = ("warning: search budget of 2 iterations cannot try each of a decision's actions once; the rollout bot "
            "chooses there\n")
    assert r.stderr.count(line) == 1 and "Traceback" not in r.stderr, r.stderr
    assert "search:iterations=2" in r.stdout


def test_set_up_decisions_are_the_rollout_bots() -> None:
    game = load_game("dominion")
    s = make_agent(game, "search:iterations=50", 1)
    state = game.new_state(2, 1)
    state.agents = [s, make_agent(game, "big-money", 2)]
    s.attach(state, 0)
    d = Decision(0, "buy", "Buy a card", "cards", [], 0, 1)
    assert state.turn_number == 0 and s.decide(View(state, 0), d) == s.rollout.decide(View(state, 0), d)
    assert s.last is None


@pytest.mark.parametrize("winners, scores, stopped, value", [
    ([0], [5, 3], False, 1.0), ([1], [3, 5], False, 0.0), ([0, 1], [4, 4], False, 0.5), ([], [4, 4], False, 0.5),
    ([], [4, 4], True, 0.5),
])
def test_the_value_of_a_result(winners, scores, stopped, value) -> None:
    r = GameResult(winners, scores, [1, 1], None, stopped)
    assert search_agent._value(r, 0) == value


def test_a_lead_at_the_cap_is_worth_more_than_half_and_grows_with_the_margin() -> None:
    v = [search_agent._value(GameResult([], [10 + m, 10], [1, 1], None, True), 0) for m in (-6, -1, 1, 6)]
    assert v[0] < v[1] < 0.5 < v[2] < v[3] < 1.0


def test_margin_gives_a_finished_worlds_value_a_share_moved_by_the_score_margin() -> None:
    def value(winners, scores, margin):
        return search_agent._value(GameResult(winners, scores, [1, 1], None, False), 0, margin)

    assert value([0], [30, 20], 0.0) == 1.0 and value([1], [20, 30], 0.0) == 0.0  # no margin: the bare result
    win_by_1, win_by_10 = value([0], [21, 20], 0.25), value([0], [30, 20], 0.25)
    lose_by_1, lose_by_10 = value([1], [20, 21], 0.25), value([1], [20, 30], 0.25)
    assert 0.75 < win_by_1 < win_by_10 < 1.0 and 0.0 < lose_by_10 < lose_by_1 < 0.25  # the win weighs most
    assert value([0], [20, 20], 0.25) == 0.75 + 0.25 * 0.5  # a win on the tie-break: margin 0
    assert value([0, 1], [20, 20], 1.0) == 0.5 and value([0], [30, 20], 1.0) < 1.0  # all margin
    stopped = GameResult([], [25, 20], [1, 1], None, True)  # stopped at the cap: by the margin, as before
    assert search_agent._value(stopped, 0, 0.25) == search_agent._value(stopped, 0, 0.0)


def test_a_measured_variance_overrules_sooner_than_a_wins() -> None:
    from cardlang.search.tree import Node

    node = Node()
    for key, values in (("default", [0.45, 0.55] * 20), ("other", [0.55, 0.65] * 20)):
        child = node.child(key)
        for v in values:
            child.visits, child.value, child.squares = child.visits + 1, child.value + v, child.squares + v * v
    # means 0.5 and 0.6, 40 visits each: 0.1 apart is 0.9 standard errors of a win's variance, 3.9 of these values'
    assert search_agent._better(node, "other", "default") == "default"
    assert search_agent._better(node, "other", "default", measured=True) == "other"
    assert search_agent._better(node, "other", "default", 5.0, measured=True) == "default"  # overrule=5
    assert search_agent._better(node, "other", "default", 0.5) == "other"  # overrule=0.5


def test_the_mean_challenger_is_the_best_mean_when_the_duel_begins_and_is_held() -> None:
    game = load_game("dominion")
    s = make_agent(game, "search:iterations=200,cap=4,duel=0.5,challenger=mean", 1)
    assert s.name == "search:iterations=200,cap=4,duel=0.5,challenger=mean"
    forced: list = []  # the root's action forced in each world (None before the duel)
    began: list = []   # the means the duel began from
    real_play = s._play

    def play(dealer, tag, prefix, node, force, root, cap):
        if force is not None and not began:
            began.append(node.stats())
        forced.append(force)
        return real_play(dealer, tag, prefix, node, force, root, cap)

    s._play = play

    def search(view, d):
        forced.clear()
        began.clear()
        s.decide(view, d)
        return list(forced), began[0], s.last["default"], s.last["played"]

    spy = Spy(game, s, search)
    play_game(game, [spy, make_agent(game, "big-money", 2)], 4)
    seen, before, default, played = spy.seen
    duel = [f for f in seen if f is not None]
    held = max((k for k in before if k != default), key=lambda k: (before[k][1], before[k][0]))
    assert set(duel) == {default, held} and len(duel) >= 100 - 8  # the best mean then, and only it, held
    assert played in (default, held)


def test_a_budget_in_turns_plays_worlds_until_their_turns_reach_it() -> None:
    game = load_game("dominion")
    s = make_agent(game, "search:turns=400,cap=4,duel=0.25", 1)
    assert s.name == "search:turns=400,cap=4,duel=0.25" and s.options.iterations is None

    def search(view, d):
        s.decide(view, d)
        return dict(s.last)

    spy = Spy(game, s, search)
    play_game(game, [spy, make_agent(game, "big-money", 2)], 4)
    last = spy.seen
    spent = last["turns"] + search_agent._WORLD_TURNS * last["iterations"]  # each world its turns and 4 more
    assert 400 <= spent < 400 + 4 + search_agent._WORLD_TURNS  # stopped by the first world that reached it
    assert 400 / (4 + search_agent._WORLD_TURNS) <= last["iterations"] < 400 / search_agent._WORLD_TURNS
