"""`event NAME "phrase";` in a game: how card text introduces the game's own `on NAME` abilities."""
from pathlib import Path

import pytest

from cardlang.compile.game import load_game
from cardlang.errors import CardSyntaxError, ErrorList
from cardlang.syntax.parser import parse

GAME = """
game hall {
  players 2 to 2;
  types Room;
  zone owned_rooms: per player, public;
  counter gems: per player;
  EVENTS
  setup { for p in players { create 1 Vault to p.owned_rooms; } }
  turn { trigger dawn owned_rooms; win you; }
}
"""


def make(tmp_path: Path, monkeypatch, events: str, card: str = "card Vault { types Room; on dawn { gems += 1; } }"):
    (tmp_path / "games" / "hall").mkdir(parents=True)
    (tmp_path / "cards" / "hall").mkdir(parents=True)
    (tmp_path / "games" / "hall" / "game.cl").write_text(GAME.replace("EVENTS", events), encoding="utf-8")
    (tmp_path / "cards" / "hall" / "vault.card").write_text(card, encoding="utf-8")
    monkeypatch.setenv("CARDLANG_HOME", str(tmp_path))
    return load_game("hall")


def test_the_phrase_introduces_the_ability(tmp_path, monkeypatch) -> None:
    g = make(tmp_path, monkeypatch, 'event dawn "At the start of your turn";')
    assert g.defs_by_name["Vault"].text == ["At the start of your turn: +1 Gem."]


def test_without_a_phrase_the_generic_sentence_stays(tmp_path, monkeypatch) -> None:
    g = make(tmp_path, monkeypatch, "")
    assert g.defs_by_name["Vault"].text == ["When you dawn this: +1 Gem."]


def test_a_phrase_for_an_event_nothing_fires_is_an_error(tmp_path, monkeypatch) -> None:
    with pytest.raises(ErrorList) as e:
        make(tmp_path, monkeypatch, 'event dusk "At the end of your turn";')
    err = e.value.errors[0]
    assert err.message == "no rule of this game fires 'dusk'" and err.span.line == 7


def test_an_event_described_twice_is_a_syntax_error() -> None:
    with pytest.raises(CardSyntaxError, match="event 'dawn' is described twice"):
        parse('game g { event dawn "a"; event dawn "b"; }', "g.cl")
