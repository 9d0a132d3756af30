"""Checks on what a person types at the command line, made before any game runs, and safe printing.

Each check returns a problem in words (or None) or raises `BadUsage`; the commands turn that
into `error: ...` and exit 2. Nothing here names a game or a card, and nothing here writes a file.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Iterable

import typer

from cardlang.errors import did_you_mean, visible

# `--with /` must not walk a whole disk to find that it holds no cards.
MAX_WITH_FILES = 20_000


class BadUsage(Exception):
    """A command-line argument that cannot work; the message says why and what to do."""


def echo(text: str = "", *, err: bool = False) -> None:
    """Print a line whose text may come from a source: control characters are shown, never sent."""
    typer.echo(visible(text), err=err)


def print_errors(errors) -> None:
    """Each error rendered with its source line and caret, and a blank line after it (on stderr)."""
    for e in errors:
        echo(e.render(), err=True)
        echo("", err=True)


def output_file(path: Path, option: str) -> None:
    """A file a command is about to write (a log, one JSON line per game): its folder must exist and be
    writable, and it must not be a folder. Character devices (/dev/null, /dev/stdout) are accepted."""
    p = Path(path)
    if p.is_dir():
        raise BadUsage(f"{option} {p}: is a folder; give a file name, e.g. {p / 'out.jsonl'}")
    if p.exists():
        mode = p.stat().st_mode
        if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
            return
        if not os.access(p, os.W_OK):
            raise BadUsage(f"{option} {p}: cannot write to this file (permission denied)")
        return
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.exists():
        raise BadUsage(f"{option} {p}: the folder {parent} does not exist; create it first")
    if not parent.is_dir():
        raise BadUsage(f"{option} {p}: {parent} is a file, not a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise BadUsage(f"{option} {p}: cannot write in {parent} (permission denied)")


def output_folder(path: Path, option: str) -> None:
    """A folder a command will write into (created if missing): it, or the nearest existing folder above
    it, must be a writable folder."""
    p = Path(path)
    probe = p
    while not probe.exists():
        if probe.parent == probe:
            break
        probe = probe.parent
    if probe.exists() and not probe.is_dir():
        what = "is not a folder" if probe == p else f"cannot be created: {probe} is a file"
        raise BadUsage(f"{option} {p}: {what}; give a folder")
    if probe.exists() and not os.access(probe, os.W_OK | os.X_OK):
        raise BadUsage(f"{option} {p}: cannot write in {probe} (permission denied)")


def with_paths(paths: Iterable[Path]) -> None:
    """`--with` names expansion folders or .card/.cl files; each must exist and hold some source."""
    for p in paths:
        if not p.exists():
            raise BadUsage(f"--with {p}: no such file or folder")
        if p.is_file():
            if p.suffix not in (".card", ".cl"):
                raise BadUsage(f"--with {p}: not a .card or .cl file")
            continue
        if not p.is_dir():
            raise BadUsage(f"--with {p}: not a file or folder")
        if not _holds_sources(p):
            raise BadUsage(f"--with {p}: no .card or .cl files in this folder "
                           f"(or more than {MAX_WITH_FILES:,} files to look through)")


def _holds_sources(folder: Path) -> bool:
    """Does FOLDER hold a source file? Raises BadUsage for a source name that a load would skip in silence
    (a link to nothing, a pipe, a device) and for a game's own rules file (game.cl), which --with cannot add."""
    seen = 0
    found = False
    for root, _dirs, files in os.walk(folder, onerror=lambda e: None):
        for f in files:
            if f.endswith((".card", ".cl")):
                _source_file(Path(root) / f, folder)
                found = True
        seen += len(files)
        if seen > MAX_WITH_FILES:
            return False
    return found


def _source_file(path: Path, folder: Path) -> None:
    try:
        mode = path.stat().st_mode
    except OSError as e:
        target = f" (a link to {os.readlink(path)})" if path.is_symlink() else ""
        raise BadUsage(f"--with {folder}: {path}{target} cannot be read: {e.strerror or e}") from None
    if not stat.S_ISREG(mode):
        what = "a pipe" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) \
            else "not a regular file"
        raise BadUsage(f"--with {folder}: {path} is {what}, not a source file")
    if path.name == "game.cl":
        raise BadUsage(f"--with {folder}: {path} is a game's own rules file; --with adds cards, verbs and bots "
                       "to the game being played, and cannot replace its rules")


def card_names(text: str, known: Iterable[str], option: str, what: str = "card") -> list[str]:
    """A comma-separated list of card names as the game spells them (any case in), each at most once;
    an unknown name gets a did-you-mean and is quoted as typed."""
    known = list(known)
    by_lower = {k.lower(): k for k in known}
    out: list[str] = []
    for raw in text.split(","):
        n = raw.strip()
        if not n:
            continue
        name = by_lower.get(n.lower())
        if name is None:
            hint = did_you_mean(n, known)
            raise BadUsage(f"{option}: '{n}' is not a {what}" + (f"; {hint}" if hint else ""))
        if name in out:
            raise BadUsage(f"{option}: '{name}' is named twice; name each card once")
        out.append(name)
    if not out:
        raise BadUsage(f"{option}: no card names given")
    return out
