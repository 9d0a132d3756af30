"""What `cardlang check` looks at (the games to load, the loose files), and its record of clean checks.

A check that found no error stores the line it printed in the user's cache (cardlang/cache.py, which adds
the hash of cardlang's own code and Python's version to the key), under a key of everything the check read or
depended on: the arguments, the working folder (errors name paths relative to it), the project folder and its
games, the list of files found, and every byte of every file checked, the files each game's load reads
included. The same check of the same bytes by the same code prints the same line, so the next run prints it
from there (cli_main.py) without importing Typer or loading any game; any change of a byte, a file, an
argument or of cardlang gives another key, and the check runs in full. Checks with errors, and checks with
`--with`, are never stored: they always run. Imports neither Typer nor the compiler. Knows no game.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

from cardlang.cache import read_entry, write_entry
from cardlang.compile.sources import game_ids, game_sources, project_root, source_files

KIND = "check"
SUFFIXES = (".card", ".cl", ".scenario")


def found_files(paths: list[Path]) -> list[Path]:
    """The source files among PATHS that a check looks at."""
    return [f for f in source_files(paths, SUFFIXES) if f.is_file()]


def classify(found: list[Path], root: Path, ids: set[str], game: str | None) -> tuple[set[str], list[Path]]:
    """(the games to load, the loose files): a card or rules file under cards/<id>/ or games/<id>/ is checked
    by loading its game; anything else (scenarios, files elsewhere) is checked on its own."""
    games_to_load: set[str] = set()
    loose: list[Path] = []
    for f in found:
        parts = f.resolve().parts
        gid = None
        for folder in ("cards", "games"):
            base = (root / folder).parts
            if parts[: len(base)] == base and len(parts) > len(base) and parts[len(base)] in ids:
                gid = parts[len(base)]
        if gid is not None and f.suffix != ".scenario":
            games_to_load.add(gid)
        else:
            loose.append(f)
    if game:
        games_to_load.add(game)
    return games_to_load, loose


def clean_key(paths: list[Path], game: str | None) -> bytes | None:
    """The key of a check of PATHS (as cards of GAME, if given) without `--with`, from the files as they are
    now; None when the check would stop at a usage error (a missing path, an unknown game, nothing found)."""
    if not paths or any(not p.exists() for p in paths):
        return None
    root = project_root().resolve()
    ids = game_ids()
    if game is not None and game not in ids:
        return None
    found = found_files(paths)
    if not found:
        return None
    games_to_load, loose = classify(found, root, set(ids), game)
    extra = [f for f in loose if f.suffix == ".card"] if game else []
    h = hashlib.sha256()

    def put(*parts: str | bytes) -> None:
        for p in parts:
            h.update(p if isinstance(p, bytes) else p.encode("utf-8", "surrogateescape"))
            h.update(b"\0")

    put("check", os.getcwd(), str(root), *ids, "\1", game or "", "\1", *map(str, paths), "\1")
    put(*map(str, found), "\1", *sorted(games_to_load), "\1", *map(str, loose), "\1")
    read: list[Path] = []
    for gid in sorted(games_to_load):
        put("game", gid)
        for group in game_sources(gid, extra if gid == game else [], []):
            put("files", *map(str, group))
            read.extend(group)
    read.extend(f for f in loose if not (game and f.suffix == ".card"))
    for f in read:
        try:
            data = f.read_bytes()
        except OSError:
            return None
        put(str(f), hashlib.sha256(data).digest())
    return h.digest()


def stored_answer(key: bytes) -> str | None:
    """The line a clean check with this key printed, if one was stored."""
    data = read_entry(KIND, key)
    if data is None:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def remember(key: bytes | None, paths: list[Path], game: str | None, line: str) -> None:
    """Store LINE for a clean check keyed KEY before it ran, if the files are still what it read."""
    if key is not None and clean_key(paths, game) == key:
        write_entry(KIND, key, line.encode("utf-8"))


def answer_from_cache(args: list[str]) -> str | None:
    """The line `cardlang check ARGS` prints when the same check of the same bytes was clean before; None
    when it must run (not stored, or arguments this shortcut leaves to the full command line)."""
    paths: list[Path] = []
    game: str | None = None
    it = iter(args)
    for a in it:
        if a == "--game" or a.startswith("--game="):
            if game is not None:
                return None
            game = a[len("--game="):] if "=" in a else next(it, None)
            if not game or game.startswith("-"):
                return None
        elif a.startswith("-") or not a:  # --help, --with, `--`...: the full command line handles them
            return None
        else:
            paths.append(Path(a))
    key = clean_key(paths, game)
    return stored_answer(key) if key is not None else None
