"""The pass `none-rules` (compile/bots.py answers_none, compile/ir/emit_ask.py _cards): a decision a bot answers by
name, whose rule for it is `none` first with no condition (Dominion's big-money: `on play_action { none; }`), is
answered none in the code when nobody reads the game and no invariant checker runs: a set test of the agent's
`nones`, no call of named_cards and of the bot's by_name. Only the tags some bot of the game answers so are
tested (GameSpec.none_first). The same games either way; the checker still takes its checkpoint."""
from __future__ import annotations

from types import SimpleNamespace

from cardlang.agents import make_agent
from cardlang.compile.bots import answers_none
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED, PLAIN, Options
from cardlang.runtime.checker import InvariantChecker
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game

WITHOUT = Options(OPTIMISED.passes - {"none-rules"})


def _pref(kind: str, cond=None):
    return SimpleNamespace(kind=kind, cond=cond)


def test_the_tags_a_bot_answers_none_whatever_the_state() -> None:
    rules = {"a": (None, [_pref("none")]), "b": (None, [_pref("none", "x > 1"), _pref("name")]),
             "c": (None, [_pref("name"), _pref("none")]), "d": (None, [_pref("none"), _pref("lowest")]),
             "e": (None, [])}
    assert answers_none(rules, OPTIMISED) == {"a"}
    assert answers_none(rules, WITHOUT) == set() and answers_none(rules, PLAIN) == set()


def _code(options: Options) -> str:
    return "\n".join(source_of(m) for m in load_game("dominion", options=options).generated)


def test_dominion_tests_the_bot_at_the_actions_it_may_refuse_and_nowhere_else() -> None:
    game = load_game("dominion")
    assert make_agent(game, "big-money", 1).nones == {"play_action"}
    assert make_agent(game, "smithy-bm", 1).nones == set()  # `Smithy; none;`: a name first
    assert game.spec.none_first == {"play_action"}
    on, off = _code(OPTIMISED), _code(WITHOUT)
    assert "'play_action' in" in on and "'nones'" in on and "'buy' in" not in on
    assert "'nones'" not in off


def _play(game, bots, seed, **kw):
    r = play_game(game, [make_agent(game, b, seed + j) if b != "random" else RandomAgent(seed) for j, b in
                         enumerate(bots)], seed, **kw)
    return r.winners, r.scores, r.turns


def test_the_same_games_with_the_pass_off_and_the_checker_checks_as_often() -> None:
    fast, off = load_game("dominion"), load_game("dominion", options=WITHOUT)
    for bots in (("big-money", "big-money"), ("smithy-bm", "big-money"), ("big-money", "random")):
        for seed in (1, 2, 3):
            assert _play(fast, bots, seed) == _play(off, bots, seed)
            assert _play(fast, bots, seed, log=True) == _play(off, bots, seed)
    seen = {True: [], False: []}
    for on, game in ((True, fast), (False, off)):
        class Noting(InvariantChecker):
            def checkpoint(self, state, why, _on=on):
                seen[_on].append(why)
                return super().checkpoint(state, why)
        _play(game, ("big-money", "smithy-bm"), 4, check=Noting())
    assert seen[True] == seen[False] and "before a decision" in seen[True]
