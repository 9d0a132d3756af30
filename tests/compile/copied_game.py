"""For the compiler tests: `dominion_with` loads Dominion from a copy of the shipped games and cards
with extra files added (an evil card, an evil bot), so a test can compile sources no shipped game holds;
`private_home` makes a copy of some games the project, with a cache of its own, for tests that edit a
source between loads or checks."""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Iterator

import pytest

from cardlang.compile.game import CompiledGame, load_game

ROOT = Path(__file__).resolve().parents[2]


def dominion_with(tmp_path_factory, name: str, files: dict[str, str]) -> Iterator[CompiledGame]:
    """Yield Dominion loaded from a copy of games/ and cards/ holding FILES too (path under the copy ->
    text); CARDLANG_HOME points at the copy while the fixture lives."""
    home = tmp_path_factory.mktemp(name)
    shutil.copytree(ROOT / "games", home / "games")
    shutil.copytree(ROOT / "cards", home / "cards")
    for path, text in files.items():
        (home / path).write_text(text, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:  # the game's files are read from this copy
        mp.setenv("CARDLANG_HOME", str(home))
        yield load_game("dominion")


def private_home(tmp_path: Path, monkeypatch, games: tuple[str, ...], *, cwd_in_home: bool = False) -> Path:
    """Copy these games' sources to TMP_PATH/home, make it the project (CARDLANG_HOME) with a cache of its
    own (TMP_PATH/cache), and work in TMP_PATH (or in the copy); returns the copy."""
    home = tmp_path / "home"
    for game in games:
        for part in ("games", "cards"):
            shutil.copytree(ROOT / part / game, home / part / game)
    monkeypatch.setenv("CARDLANG_HOME", str(home))
    monkeypatch.setenv("CARDLANG_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(home if cwd_in_home else tmp_path)
    return home
