"""Where a game's sources live on disk (games/<id>/, cards/<id>/, expansion folders), which files a load of a
game reads, and the key of its code-cache entry. Imports nothing of the compiler or the syntax tree, so
that a command can find (and hash) the files it would check before deciding to load anything. Knows no
particular game.
"""
from __future__ import annotations

import os
from pathlib import Path

from cardlang.syntax.cached import source_key

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
    folders: dict[str, str] = {}
    for p in paths:
        if p.is_dir():
            found = sorted(f for f in p.rglob("*") if f.suffix in suffixes and f.is_file())
        else:
            found = [p] if p.is_file() and p.suffix in suffixes else []
        for f in found:
            out.setdefault(resolved(f, folders), f)
    return list(out.values())


def resolved(path: Path, folders: dict[str, str]) -> Path:
    """`path.resolve()`, resolving each folder once (FOLDERS keeps them for the caller's next paths): the
    folder's real path and the file's name, unless the file itself is a link (a check or a load resolves
    hundreds of files in a few folders, and a full resolve looks at every folder above each one again)."""
    folder = str(path.parent)
    real = folders.get(folder)
    if real is None:
        real = folders[folder] = os.path.realpath(folder)
    full = os.path.join(real, path.name)
    return Path(os.path.realpath(full) if os.path.islink(full) else full)


def game_sources(game_id: str, extra: list[Path], replace: list[Path]) -> tuple[list[Path], ...]:
    """The files a load of GAME_ID reads, in the order it reads them: its rules, its cards (with EXTRA's),
    the cards of REPLACE, and the rules files of EXTRA and REPLACE."""
    root = project_root()
    return (source_files([root / "games" / game_id], (RULES_SUFFIX,)),
            source_files([root / "cards" / game_id] + extra, (CARD_SUFFIX,)),
            source_files(replace, (CARD_SUFFIX,)),
            source_files(extra + replace, (RULES_SUFFIX,)))


def shown_path(path: Path, cwd: Path | None = None, folders: dict[str, str] | None = None) -> str:
    """PATH as errors name it: relative to the working folder (CWD, resolved, when the caller has it) if
    it is under it. FOLDERS: the caller's folders resolved so far (`resolved`), for one that names many."""
    real = str(resolved(path, {} if folders is None else folders) if path.name else path.resolve())
    base = str(cwd or Path.cwd().resolve())
    under = base if base.endswith(os.sep) else base + os.sep
    if real.startswith(under):
        return real[len(under):]
    return "." if real == base else str(path)


def load_key(game_id: str, extra: list[Path] | None = None, replace: list[Path] | None = None) -> bytes | None:
    """The key a load of these sources gives its entry in the code cache (CompiledGame.code_key after a
    clean load), from the files as they are now, without parsing or compiling any: what a caller may key
    what it knows of a clean load by. None when a file cannot be read as text (the load would say so)."""
    if not (project_root() / "games" / game_id / "game.cl").is_file():
        return None
    keys: list[bytes] = [game_id.encode("utf-8", "surrogatepass")]
    cwd = Path.cwd().resolve()
    folders: dict[str, str] = {}
    for label, paths in zip((None, b"cards", b"replace", b"extra rules"),
                            game_sources(game_id, extra or [], replace or [])):
        if label is not None:
            keys.append(label)
        for path in paths:  # as parse_files keys them
            try:
                data = path.read_bytes()
                data.decode("utf-8")
            except (OSError, UnicodeDecodeError):
                return None
            keys.append(source_key(data, shown_path(path, cwd, folders)))
    return b"\0".join(keys)
