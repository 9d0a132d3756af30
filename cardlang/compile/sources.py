"""Where a game's sources live on disk (games/<id>/, cards/<id>/, expansion folders) and which files a load
of a game reads. Imports nothing of the compiler, so that a command can find (and hash) the files it would
check before deciding to load anything. Knows no particular game.
"""
from __future__ import annotations

import os
from pathlib import Path

CARD_SUFFIX = ".card"
RULES_SUFFIX = ".cl"
SCENARIO_SUFFIX = ".scenario"


def project_root() -> Path:
    """Where games/ and cards/ live: $CARDLANG_HOME, or the checkout this package sits in."""
    env = os.environ.get("CARDLANG_HOME")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2]


def game_ids() -> list[str]:
    root = project_root() / "games"
    return sorted(p.name for p in root.iterdir() if (p / "game.cl").is_file()) if root.is_dir() else []


def source_files(paths: list[Path], suffixes: tuple[str, ...]) -> list[Path]:
    """The files with these suffixes among PATHS (files, or folders searched all the way down), each once:
    a file given by name is read only as what its suffix says (a loose card is not also a rules file)."""
    out: dict[Path, Path] = {}
    for p in paths:
        if p.is_dir():
            found = sorted(f for f in p.rglob("*") if f.suffix in suffixes and f.is_file())
        else:
            found = [p] if p.is_file() and p.suffix in suffixes else []
        for f in found:
            out.setdefault(f.resolve(), f)
    return list(out.values())


def game_sources(game_id: str, extra: list[Path], replace: list[Path]) -> tuple[list[Path], ...]:
    """The files a load of GAME_ID reads, in the order it reads them: its rules, its cards (with EXTRA's),
    the cards of REPLACE, and the rules files of EXTRA and REPLACE."""
    root = project_root()
    return (source_files([root / "games" / game_id], (RULES_SUFFIX,)),
            source_files([root / "cards" / game_id] + extra, (CARD_SUFFIX,)),
            source_files(replace, (CARD_SUFFIX,)),
            source_files(extra + replace, (RULES_SUFFIX,)))
