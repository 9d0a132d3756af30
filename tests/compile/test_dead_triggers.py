"""The pass `dead-triggers` (compile/calls.py _trigger, compile/ir/emit_calls.py, primitives/core_lowering.py
lower_trigger): a `trigger EVENT CARDS` for an event no card of the game has an `on EVENT` ability for works
out its cards and looks through none of them (Dominion's `trigger gain got`: no base-set card reacts to a
gain). A card with such an ability, written beside the game's, brings the look back; the same games either way."""
from __future__ import annotations

from pathlib import Path

from cardlang.agents import make_agent
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED, Options
from cardlang.runtime.engine import play_game

WITHOUT = Options(OPTIMISED.passes - {"dead-triggers"})


def _code(game) -> str:
    return "\n".join(source_of(m) for m in game.generated)


def test_a_trigger_no_card_reacts_to_looks_through_no_card() -> None:
    game = load_game("dominion")
    assert "gain" not in game.spec.card_events and "play" in game.spec.card_events
    assert "'gain' in" not in _code(game) and "'play' in" in _code(game)
    assert "'gain' in" in _code(load_game("dominion", options=WITHOUT))


def test_a_card_that_reacts_brings_the_look_back_and_runs(tmp_path: Path) -> None:
    (tmp_path / "hoard.card").write_text("card Hoard { cost 9; types Treasure; worth 0;\n"
                                         "  on gain { coins += 0; } }", encoding="utf-8")
    game = load_game("dominion", [tmp_path])
    assert "gain" in game.spec.card_events and "'gain' in" in _code(game)


def _play(game, seed: int):
    r = play_game(game, [make_agent(game, "big-money", seed), make_agent(game, "smithy-bm", seed + 1)], seed,
                  log=True)
    return r.winners, r.scores, r.turns, [str(e) for e in r.state.log]


def test_the_same_games_and_logs_with_the_pass_off() -> None:
    fast, off = load_game("dominion"), load_game("dominion", options=WITHOUT)
    for seed in (1, 2, 3):
        assert _play(fast, seed) == _play(off, seed)
