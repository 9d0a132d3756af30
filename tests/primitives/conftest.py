"""Fixtures for the primitive tests: `tiny` builds a small game in a temporary CARDLANG_HOME (see tiny_game.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tiny_game import TinyFactory


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TinyFactory:
    monkeypatch.setenv("CARDLANG_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return TinyFactory(tmp_path)
