"""Where cardlang keeps what it can rebuild: one folder per user, files named by a hash of what they hold.

Everything here is safe to delete (it is rebuilt on the next run). The folder is $CARDLANG_CACHE, else
$XDG_CACHE_HOME/cardlang, else ~/.cache/cardlang; CARDLANG_CACHE=off turns caching off. A cache file may be
loaded with pickle (Lark's tables are), so only a folder that belongs to this user and that nobody else may
write to is used: never a shared temporary folder. Two kinds of use: the Lark parser's tables
(`cache_file`), and entries of things built from sources (`read_entry`/`write_entry`: parsed files, generated
code, the line a clean `check` printed), checked on reading so that a damaged or stale entry is rebuilt, never
used. Knows nothing of games or of the language.
"""
from __future__ import annotations

import hashlib
import os
import stat
import sys
from functools import lru_cache
from pathlib import Path


def cache_dir() -> Path | None:
    """This user's cache folder (created on first use), or None when caching is off or unsafe."""
    folder = _found[_setting()] = _usable_folder()
    return folder


# The folder cache_dir found last for each setting of the variables it reads: an entry is read from there
# without looking at the folder again (a load reads one entry per source file); every write looks again.
_found: dict[tuple[str | None, ...], Path | None] = {}


def _setting() -> tuple[str | None, ...]:
    return os.environ.get("CARDLANG_CACHE"), os.environ.get("XDG_CACHE_HOME"), os.environ.get("HOME")


def _known_dir() -> Path | None:
    where = _setting()
    return _found[where] if where in _found else cache_dir()


def _usable_folder() -> Path | None:
    env = os.environ.get("CARDLANG_CACHE")
    if env is not None and env.strip().lower() in ("", "0", "off", "no", "false"):
        return None
    if env:
        folder = Path(env)
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        folder = Path(base) / "cardlang"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = folder.stat()
    except OSError:
        return None
    if not stat.S_ISDIR(st.st_mode) or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return None
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        return None
    if not os.access(folder, os.W_OK):
        return None
    return folder


def cache_file(kind: str, *parts: str) -> Path | None:
    """The cache file for KIND built from PARTS (e.g. a grammar and its options), keyed by their hash and by
    the versions that could change what is built from them; None when there is no usable cache folder."""
    folder = cache_dir()
    if folder is None:
        return None
    import lark
    h = hashlib.sha256()
    for p in (*parts, lark.__version__, sys.version):
        h.update(p.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return folder / f"{kind}-{h.hexdigest()[:20]}.cache"


# ---- entries of things built from sources (parsed files, generated code) ---------------------------------
# An entry is MAGIC, the sha256 of its key, the sha256 of its payload, then the payload: a file cut short,
# overwritten with junk or left from another key reads as missing, and is rebuilt by whoever asked for it.
_MAGIC = b"cardlang cache 1\n"
_HEAD = len(_MAGIC) + 64


@lru_cache(maxsize=1)
def code_version() -> str:
    """What any cached result also depends on: this Python, and the cardlang code itself, as a hash of the
    package's own files (any release or any local edit of the compiler gives a new hash, so an entry is
    never trusted across a version change), and the installed Lark's version file."""
    h = hashlib.sha256(sys.version.encode())
    pkg = Path(__file__).resolve().parent
    for folder, subs, names in os.walk(pkg):
        subs[:] = sorted(s for s in subs if s != "__pycache__")
        for n in sorted(names):
            if n.endswith((".py", ".lark")):
                p = os.path.join(folder, n)
                h.update(os.path.relpath(p, pkg).encode("utf-8", "surrogateescape") + b"\0")
                with open(p, "rb") as f:
                    h.update(f.read())
    try:  # Lark builds the parse trees; its __init__ holds its version (importing it would cost 50 ms)
        from importlib.util import find_spec
        spec = find_spec("lark")
        if spec is not None and spec.origin:
            with open(spec.origin, "rb") as f:
                h.update(f.read())
    except (ImportError, OSError, ValueError):
        pass
    return h.hexdigest()


def _entry(kind: str, key: bytes, folder: Path | None) -> tuple[Path, bytes] | None:
    if folder is None:
        return None
    digest = hashlib.sha256(code_version().encode() + b"\0" + key).digest()
    return folder / f"{kind}-{digest.hex()[:24]}.cache", digest


def read_entry(kind: str, key: bytes) -> bytes | None:
    """The payload stored for KEY, or None when there is none (or it is unreadable, cut short or stale)."""
    where = _entry(kind, key, _known_dir())
    if where is None:
        return None
    path, digest = where
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if data[:len(_MAGIC)] != _MAGIC or data[len(_MAGIC):len(_MAGIC) + 32] != digest:
        return None
    payload = data[_HEAD:]
    if hashlib.sha256(payload).digest() != data[len(_MAGIC) + 32:_HEAD]:
        return None
    return payload


def write_entry(kind: str, key: bytes, payload: bytes) -> None:
    """Store PAYLOAD for KEY, whole or not at all (a temporary file renamed into place); a cache that
    cannot be written is simply not used. Writing a game's code also prunes the folder (`prune`)."""
    where = _entry(kind, key, cache_dir())
    if where is None:
        return
    path, digest = where
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(_MAGIC + digest + hashlib.sha256(payload).digest() + payload)
        os.replace(tmp, path)
        if kind == "code":  # a new game build (rare): a moment to drop what no load will ask for again
            prune(path.parent, spare=path)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass


# Entries of sources or of a cardlang that are gone are never read again: every edit of a card leaves one
# behind, every edit of cardlang a whole set. Kept: the newest MAX_ENTRIES written in the last MAX_AGE.
MAX_ENTRIES = 3000
MAX_AGE = 30 * 24 * 3600
_ENTRY_KINDS = ("ast-", "code-", "check-")


def prune(folder: Path, spare: Path | None = None, keep: int | None = None, max_age: float | None = None) -> None:
    """Remove entries (not the parser's tables, nor SPARE) older than MAX_AGE, and the oldest beyond
    MAX_ENTRIES."""
    keep = MAX_ENTRIES if keep is None else keep
    max_age = MAX_AGE if max_age is None else max_age
    try:
        found = []
        with os.scandir(folder) as it:
            for e in it:
                if e.name.endswith(".cache") and e.name.startswith(_ENTRY_KINDS) and e.path != str(spare):
                    found.append((e.stat().st_mtime, e.path))
    except OSError:
        return
    found.sort(reverse=True)
    import time
    cutoff = time.time() - max_age
    for i, (mtime, p) in enumerate(found):
        if i >= keep or mtime < cutoff:
            try:
                os.unlink(p)
            except OSError:
                pass
