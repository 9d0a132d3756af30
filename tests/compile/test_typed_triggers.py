"""The pass `typed-triggers` (primitives/lowering.py Reactions, primitives/core_lowering.py lower_trigger): a
`trigger EVENT x` of one card whose types the code knows (the pass known-types: Dominion's `play` run in place
over `hand where card is Treasure`) looks at nothing when no card of those types has an `on EVENT` ability. A
Treasure with an `on play` ability, written beside the game's, brings the look back; the same games either way."""
from __future__ import annotations

from pathlib import Path

from onoff import assert_same_games, without

from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game


def _looks(game) -> int:
    """How many times the game's generated code asks whether a card has an `on play` ability."""
    return sum(source_of(m).count("'play' in") for m in game.generated)


def test_a_treasure_loop_looks_for_no_play_ability() -> None:
    # (whole-moves off: with it, the Treasures' loop as written runs only where the whole move cannot, its types
    # not known there)
    fast = load_game("dominion", options=without("whole-moves"))
    off = load_game("dominion", options=without("typed-triggers", "whole-moves"))
    assert fast.spec.card_events.may(frozenset({"Action"}), "play")
    assert not fast.spec.card_events.may(frozenset({"Treasure"}), "play")
    assert 0 < _looks(fast) < _looks(off)  # (the Action loop still looks: Actions have `on play`)


def test_a_treasure_that_reacts_brings_the_look_back(tmp_path: Path) -> None:
    (tmp_path / "hoard.card").write_text("card Hoard { cost 9; types Treasure; worth 0;\n"
                                         "  on play { coins += 1; } }", encoding="utf-8")
    game = load_game("dominion", [tmp_path])
    assert game.spec.card_events.may(frozenset({"Treasure"}), "play")
    assert _looks(game) == _looks(load_game("dominion", [tmp_path], options=without("typed-triggers")))


def test_the_same_games_with_the_pass_off() -> None:
    assert_same_games("dominion", load_game("dominion", options=without("typed-triggers")),
                      bots=("big-money", "smithy-bm"), seeds=range(4))
