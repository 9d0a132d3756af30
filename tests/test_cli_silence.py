"""Issue 24: command-line input that used to be accepted in silence is a clear `error:` line, exit 2."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.io_child import ROOT, cardlang


@pytest.mark.parametrize("players", ["big-money,,big-money", "big-money,big-money,", ","])
def test_an_empty_player_name(players: str) -> None:
    r = cardlang("simulate", "dominion", "--players", players, "--games", "2", code=2)
    assert "error: --players" in r.stderr and "empty" in r.stderr


def test_sheets_into_an_empty_folder_name(tmp_path: Path) -> None:
    r = cardlang("sheets", "dominion", "-o", "", code=2, cwd=tmp_path)
    assert "error: --out: no folder given" in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_primitives_of_an_empty_game() -> None:
    r = cardlang("primitives", "--game", "", code=2)
    assert "error: unknown game ''" in r.stderr and r.stdout == ""


def test_check_of_a_loose_card_without_a_game(tmp_path: Path) -> None:
    card = tmp_path / "two.card"
    card.write_text("card X {\n  types Actoin;\n  cost 1;\n  on play { draw zz; }\n}\n")
    r = cardlang("check", card, code=2)
    assert "not in a game's folder" in r.stderr and "add --game GAME" in r.stderr
    assert "ok:" not in r.stdout
    r = cardlang("check", card, "--game", "dominion", code=1)
    assert "two.card:2:3: error: 'Actoin' is not a card type of this game" in r.stderr
    assert "two.card:4:18: error: unknown name 'zz'" in r.stderr


def test_check_of_a_loose_rules_file_with_a_game(tmp_path: Path) -> None:
    rules = tmp_path / "verbs.cl"
    rules.write_text("verb twice(n) { draw nn; }\n")
    r = cardlang("check", rules, "--game", "dominion", code=1)
    assert "verbs.cl:1:22: error:" in r.stderr


def _dangling(d: Path) -> None:
    (d / "x.card").symlink_to(d / "nowhere.card")


def _fifo(d: Path) -> None:
    os.mkfifo(d / "x.card")


def _zero(d: Path) -> None:
    (d / "x.card").symlink_to("/dev/zero")


def _game(d: Path) -> None:
    (d / "game.cl").write_text((ROOT / "games/dominion/game.cl").read_text())


@pytest.mark.parametrize("make, said", [(_dangling, "cannot be read"), (_fifo, "is a pipe"), (_zero, "is a device"),
                                        (_game, "is a game's own rules file")])
def test_with_a_folder_of_no_usable_source(tmp_path: Path, make, said: str) -> None:
    folder = tmp_path / "exp"
    folder.mkdir()
    make(folder)
    r = cardlang("simulate", "dominion", "--players", "big-money,big-money", "--games", "2", "--with", folder,
                 code=2, timeout=30)
    assert f"error: --with {folder}: " in r.stderr and said in r.stderr
