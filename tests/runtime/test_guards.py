"""The engine's promises to authors: loops stop, runtime errors point at the card line, bots see only
what their player may see, and the `at bottom` form works."""
from pathlib import Path

import pytest

from cardlang.compile.bots import LanguageBot
from cardlang.compile.game import load_game
from cardlang.errors import CardCompileError, ErrorList, RuleViolation
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import setup_game
from cardlang.runtime.state import Ctx


def game_with(tmp_path: Path, files: dict[str, str]):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return load_game("dominion", [tmp_path])


def play_card(game, name: str):
    state = setup_game(game, [RandomAgent(1), RandomAgent(2)], 1)
    d = game.defs_by_name[name]
    hand = state.zones[state.zone_slot["hand"]][0]
    cid = state.new_card(d, hand)
    game.abilities.run_ability(Ctx(state, 0), cid, "play")
    return state


def test_a_card_that_plays_itself_is_stopped_and_named(tmp_path: Path) -> None:
    g = game_with(tmp_path, {"loop.card": "card Echo { cost 0; types Action; on play { trigger play this; } }"})
    with pytest.raises(RuleViolation, match="'Echo' ran past the step budget"):
        play_card(g, "Echo")


def test_a_card_that_loops_forever_is_stopped(tmp_path: Path) -> None:
    g = game_with(tmp_path, {"spin.card": "card Spin { cost 0; types Action; on play { while 1 > 0 { coins += 1; } } }"})
    with pytest.raises(RuleViolation, match="'Spin' ran past the step budget") as e:
        play_card(g, "Spin")
    assert e.value.span.path.endswith("spin.card")


def test_runtime_error_outside_a_call_points_at_the_card_line(tmp_path: Path) -> None:
    g = game_with(tmp_path, {"pay.card": "card Pay {\n  cost 0; types Action;\n  on play {\n    coins -= 4;\n  }\n}\n"})
    with pytest.raises(RuleViolation) as e:
        play_card(g, "Pay")
    assert e.value.span.path.endswith("pay.card") and e.value.span.line == 4
    assert e.value.message.startswith("Pay: coins cannot go below 0")
    assert e.value.render().startswith(f"{e.value.span.path}:4:5: error: Pay: coins cannot go below 0")


def test_bots_may_not_look_into_other_players_hands_or_decks(tmp_path: Path) -> None:
    for source in ('bot "peek" { on buy { Gold if count(Gold in left.hand) > 0; } }',
                   'bot "peek" { on buy { Gold if left.deck is Gold; } }',
                   'bot "peek" { on buy { Gold if top 1 of deck is Gold; } }',      # its next draw
                   'bot "peek" { on buy { Gold if deck.cost > 5; } }'):
        with pytest.raises(ErrorList) as e:
            game_with(tmp_path, {"peek.cl": source})
        assert any(err.message.startswith(("a bot may not look into", "a bot may not read the order of"))
                   for err in e.value.errors), source


def test_bots_may_count_hidden_zones_and_read_their_own_hand(tmp_path: Path) -> None:
    g = game_with(tmp_path, {"ok.cl": 'bot "counter" { on buy { Gold if count(left.hand) > 3 and count(deck) > 0'
                                      ' and count(Gold in hand) == 0; none; } }'})
    assert "counter" in g.bots
    LanguageBot(g, "counter")


def test_move_at_bottom(tmp_path: Path) -> None:
    g = game_with(tmp_path, {"sink.card": "card Sink { cost 0; types Action; on play { move hand to deck at bottom; } }"})
    state = play_card(g, "Sink")
    deck = state.zones[state.zone_slot["deck"]][0]
    assert [state.card_def[c].name for c in deck.cards[:1]] in (["Copper"], ["Estate"], ["Sink"])
    assert len(deck.cards) == 11  # 5 left in the deck + 5 from hand + Sink itself, all at the bottom


def test_unknown_name_after_a_failed_let_is_reported_once(tmp_path: Path) -> None:
    with pytest.raises(ErrorList) as e:
        game_with(tmp_path, {"bad.card": "card Bad { cost 0; types Action; on play { let x = nosuch; draw x; } }"})
    assert [err.message for err in e.value.errors] == ["unknown name 'nosuch'"]
    assert isinstance(e.value.errors[0], CardCompileError)
