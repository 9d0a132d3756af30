"""`cardlang check`: what it looks at (the games to load, the loose files), the check itself, and its record
of clean checks. The check runs the same from the Typer app (sources.py) and from the entry point (main.py),
which parses the arguments of a plain check itself, so that a check needs neither Typer's option parsing nor
the other commands.

A check that found no error stores the line it printed in the user's cache (cardlang/cache.py, which adds
the hash of cardlang's own code and Python's version to the key), under a key of everything the check read or
depended on: the arguments, the working folder (errors name paths relative to it), the project folder and its
games, the list of files found, and every byte of every file checked, the files each game's load reads
included. The same check of the same bytes by the same code prints the same line, so the next run prints it
from there without loading any game; any change of a byte, a file, an argument or of cardlang gives another
key, and the check runs in full. Checks with errors, and checks with `--with`, are never stored: they always
run. A check that runs also remembers each game that loaded clean, with its number of cards, under the key of
that load (every byte it reads): after an edit of one game's card, only that game is loaded again. Imports
neither Typer nor the compiler until a check has to run. Knows no game.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

from cardlang.cache import read_entry, write_entry
from cardlang.compile.sources import game_ids, game_sources, load_key, project_root, resolved, source_files

KIND = "check"
SUFFIXES = (".card", ".cl", ".scenario")


def found_files(paths: list[Path]) -> list[Path]:
    """The source files among PATHS that a check looks at (source_files keeps files only)."""
    return source_files(paths, SUFFIXES)


def classify(found: list[Path], root: Path, ids: set[str], game: str | None) -> tuple[set[str], list[Path]]:
    """(the games to load, the loose files): a card or rules file under cards/<id>/ or games/<id>/ is checked
    by loading its game; anything else (scenarios, files elsewhere) is checked on its own."""
    games_to_load: set[str] = set()
    loose: list[Path] = []
    folders: dict[str, str] = {}
    for f in found:
        parts = resolved(f, folders).parts
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
    if not game and any(f.suffix != ".scenario" for f in loose):
        return None  # a usage error (run_check says it)
    extra = [f for f in loose if f.suffix != ".scenario"] if game else []
    h = hashlib.sha256()

    def put(label: str, items) -> None:  # a label, how many items, each item (so no two keys run together)
        items = [x if isinstance(x, bytes) else str(x).encode("utf-8", "surrogateescape") for x in items]
        h.update(f"{label}\0{len(items)}\0".encode())
        for x in items:
            h.update(len(x).to_bytes(8, "big") + x)

    put("check", [os.getcwd(), root, game or ""])
    put("games here", ids)
    put("arguments", paths)
    put("found", found)
    put("loaded", sorted(games_to_load))
    put("loose", loose)
    read: list[Path] = []
    for gid in sorted(games_to_load):
        for group in game_sources(gid, extra if gid == game else [], []):
            put(f"files of {gid}", group)
            read.extend(group)
    read.extend(f for f in loose if f.suffix == ".scenario")
    for f in read:
        try:
            data = f.read_bytes()
        except OSError:
            return None
        put("file", [str(f), hashlib.sha256(data).digest()])
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


def parse_args(args: list[str]) -> tuple[list[Path], str | None, list[Path]] | None:
    """(paths, --game, --with) of `cardlang check ARGS` as the Typer app reads them, for plain arguments:
    paths, `--game GAME` once, `--with PATH` any number of times (either also as `--opt=VALUE`). None for
    anything else (--help, an unknown option, no path...): the Typer app parses those and says what is wrong."""
    paths: list[Path] = []
    game: str | None = None
    with_: list[Path] = []
    it = iter(args)
    for a in it:
        opt, eq, value = a.partition("=")
        if opt in ("--game", "--with"):
            v = value if eq else next(it, None)
            if not v or v.startswith("-") or (opt == "--game" and game is not None):
                return None
            if opt == "--game":
                game = v
            else:
                with_.append(Path(v))
        elif a.startswith("-") or not a:
            return None
        else:
            paths.append(Path(a))
    return (paths, game, with_) if paths else None


def answer_from_cache(paths: list[Path], game: str | None, with_: list[Path]) -> tuple[str | None, bytes | None]:
    """(the line this check prints when the same check of the same bytes was clean before, else None; the
    check's key, for run_check)."""
    key = None if with_ else clean_key(paths, game)
    return (stored_answer(key) if key is not None else None), key


def _clean_load(game_id: str, extra: list[Path], replace: list[Path] | None = None) -> int | None:
    """How many cards a load of GAME_ID (with EXTRA, and REPLACE's cards in place of the game's) gave when the
    same sources loaded clean before, else None (the key is the load's own: every byte of every file it
    reads, compile/game.py's load_key)."""
    key = load_key(game_id, extra, replace)
    data = read_entry(KIND, b"game\0" + key) if key is not None else None
    return int(data) if data is not None and data.isdigit() else None


_UNKEYED = object()  # run_check computes the key itself


def run_check(paths: list[Path], game: str | None, with_: list[Path] | None, key: object = _UNKEYED,
              replace: bool = False) -> int:
    """Parse and compile the sources of PATHS (loose cards as cards of GAME, with the expansions WITH_); print
    every error, or `ok: ...`. Returns the exit code: 0 clean, 1 errors found, 2 bad usage. KEY: the check's
    key (clean_key) when the caller has just computed it. With REPLACE, the loose cards replace GAME's cards
    of the same name, as an arm of `compare --a/--b` does (a check of such an arm is never stored)."""
    from cardlang.cli.inputs import BadUsage, echo, print_errors, with_paths
    from cardlang.errors import CardLangError, ErrorList, Span

    def usage(message: str) -> int:
        echo(f"error: {message}", err=True)
        return 2
    for p in paths:
        if not p.exists():
            return usage(f"{p}: no such file or folder")
    root = project_root().resolve()
    ids = set(game_ids())
    if game and game not in ids:
        from cardlang.errors import did_you_mean
        hint = did_you_mean(game, ids)
        return usage(f"unknown game '{game}'" + (f"; {hint}" if hint else "") + f" (games: {', '.join(sorted(ids))})")
    try:
        with_paths(with_ or [])
    except BadUsage as e:
        return usage(str(e))
    found = found_files(paths)
    if not found:
        return usage(f"nothing to check: no .card, .cl or .scenario files in {', '.join(map(str, paths))}")
    if replace and not game:
        return usage("--replace checks loose cards as replacements of a game's cards: give the game with --game")
    if key is _UNKEYED:
        key = None if with_ or replace else clean_key(paths, game)
    assert key is None or isinstance(key, bytes)
    games_to_load, loose = classify(found, root, ids, game)
    # A card or rules file outside the games' folders can be checked only as part of a game: parsed alone,
    # its every error but a syntax error would pass unseen ("ok: 0 cards").
    orphans = [f for f in loose if f.suffix != ".scenario"]
    if orphans and not game:
        more = f" (and {len(orphans) - 1} more)" if len(orphans) > 1 else ""
        return usage(f"{orphans[0]}{more}: not in a game's folder, so it can only be checked as part of a game: "
                     f"add --game GAME (games: {', '.join(sorted(ids))})")
    cards = [f for f in orphans if f.suffix == ".card"]
    # with --replace the loose cards replace the game's own (an arm of a compare); rules files still join it
    extra = list(with_ or []) + ([f for f in orphans if f.suffix != ".card"] if replace else orphans)
    errors: list[CardLangError] = []
    warnings: list[CardLangError] = []
    checked = 0
    for gid in sorted(games_to_load):
        game_extra = extra if gid == game else list(with_ or [])
        game_replace = cards if replace and gid == game else None
        known = _clean_load(gid, game_extra, game_replace)
        if known is not None:  # these sources of this game loaded clean before: so they would now
            checked += known
            continue
        from cardlang.compile.game import load_game  # the compiler, only when a game must be loaded
        try:
            g = load_game(gid, game_extra, replace=game_replace, checking=True)
            checked += len(g.defs)
        except ErrorList as e:
            errors.extend(e.errors)
            continue
        from cardlang.compile.checks import warnings_of
        found_warnings = warnings_of(g)
        warnings.extend(found_warnings)
        if g.code_key is not None and not found_warnings:  # (a load with warnings runs again, to show them)
            write_entry(KIND, b"game\0" + g.code_key, str(len(g.defs)).encode())
    for f in loose:
        if f.suffix != ".scenario":
            continue  # checked with its game (orphans)
        try:
            from cardlang.compile.scenario import load_scenarios
            load_scenarios(f)
        except CardLangError as e:
            errors.append(e)
        except (OSError, UnicodeDecodeError) as e:
            errors.append(CardLangError(f"cannot read this file: {e.__class__.__name__}", Span(str(f), 1, 1, 1, 1)))
    print_errors(sorted(warnings, key=lambda w: (w.span.path, w.span.line, w.span.column)))
    if errors:
        print_errors(errors)
        echo(f"{len(errors)} error(s)" + (f", {len(warnings)} warning(s)" if warnings else ""), err=True)
        return 1
    line = f"ok: {checked} cards in {len(games_to_load)} game(s), {len(loose)} other file(s)"
    echo(line + (f", {len(warnings)} warning(s)" if warnings else ""))
    if not warnings:  # a check with warnings is never stored: it runs again, and shows them again
        remember(key, paths, game, line)
    return 0
