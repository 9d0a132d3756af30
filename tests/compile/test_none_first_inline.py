"""The pass `none-first-inline` (compile/bots.py never_none, compile/ir/emit_ask.py _cards): a choice that needs no
card (any, or up to N), put to a bot when nobody reads the game, was a call of picks_none, which asks the bot's
rule by name. Now the code answers none itself when the bot's rule is `none` first (its `nones`, with no invariant
checker), and puts the choice in full when the bot never answers it none by name before naming a card (its
`never_none`: a rule answered from the full list, or a name first with no condition): no call in either case. Only
the tags some bot of the game answers so are tested (GameSpec.none_first, GameSpec.never_none). The same games
either way, quiet or logged; the checker takes the same checkpoints."""
from __future__ import annotations

from types import SimpleNamespace

from onoff import assert_same_games, turn_source, without

from cardlang.agents import make_agent
from cardlang.compile.bots import never_none
from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED, PLAIN
from cardlang.runtime.checker import InvariantChecker
from cardlang.runtime.engine import play_game

GAME, BOTS = "warring-kingdom", ("economy", "rush")


def _pref(kind: str, cond=None):
    return SimpleNamespace(kind=kind, cond=cond)


def test_the_tags_a_bot_never_answers_none_by_name_before_a_name() -> None:
    rules = {"a": (None, [_pref("none")]), "b": (None, [_pref("name"), _pref("none")]),
             "c": (None, [_pref("highest")]), "d": (None, [_pref("name", "x > 1"), _pref("lowest")]),
             "e": (None, []), "f": (None, [_pref("name", "x > 1"), _pref("none")])}
    assert never_none(rules, OPTIMISED) == {"b", "c", "d"}  # (f: none when x <= 1; e: none, its rule's end)
    assert never_none(rules, OPTIMISED, frozenset({"a", "c", "g"})) == {"b", "c", "d", "g"}  # g: no rule
    assert never_none(rules, without("bot-by-name")) == set(rules)  # none answered by name
    assert never_none(rules, without("none-first-inline")) == set() and never_none(rules, PLAIN) == set()


def test_the_turn_tests_the_bot_before_calling_picks_none() -> None:
    game = load_game(GAME)
    bot = make_agent(game, "economy", 1)
    assert {"scrap", "release"} <= bot.nones and {"equip", "reinforce", "act"} <= bot.never_none
    assert "visit" not in bot.never_none  # `"Soldiers" if ...` first: by name, it may come to none
    dominion = load_game("dominion")  # big-money has no rule for the Chapel's trashing: asked in full, no call
    assert "chapel_trash" in make_agent(dominion, "big-money", 1).never_none
    on, off = turn_source(game), turn_source(load_game(GAME, options=without("none-first-inline")))
    assert "'scrap' in" in on and "'equip' not in" in on and "'never_none'" in on
    assert "'never_none'" not in off and "'scrap' in" not in off
    assert on.count("picks_none(") == off.count("picks_none(")  # still called where the tests cannot tell


def _quiet(game, seed: int, **kw) -> tuple:
    r = play_game(game, [make_agent(game, b, seed + j) for j, b in enumerate(BOTS)], seed, **kw)
    return r.winners, r.scores, r.turns


def test_the_same_games_quiet_and_logged_and_the_checker_checks_as_often() -> None:
    fast, off = load_game(GAME), load_game(GAME, options=without("none-first-inline"))
    assert_same_games(fast, off, BOTS, seeds=range(2))
    assert [_quiet(fast, s) for s in range(4)] == [_quiet(off, s) for s in range(4)]
    seen: dict[bool, list[str]] = {True: [], False: []}
    for on, game in ((True, fast), (False, off)):
        class Noting(InvariantChecker):
            def checkpoint(self, state, why, _on=on):
                seen[_on].append(why)
                return super().checkpoint(state, why)
        _quiet(game, 5, check=Noting())
    assert seen[True] == seen[False] and "before a decision" in seen[True]
