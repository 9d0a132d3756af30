"""Where cardlang keeps what it can rebuild: one folder per user, files named by a hash of what they hold.

Everything here is safe to delete (it is rebuilt on the next run). The folder is $CARDLANG_CACHE, else
$XDG_CACHE_HOME/cardlang, else ~/.cache/cardlang; CARDLANG_CACHE=off turns caching off. A cache file may be
loaded with pickle (Lark's tables are), so only a folder that belongs to this user and that nobody else may
write to is used: never a shared temporary folder. Knows nothing of games or of the language.
"""
from __future__ import annotations

import hashlib
import os
import stat
import sys
from pathlib import Path


def cache_dir() -> Path | None:
    """This user's cache folder (created on first use), or None when caching is off or unsafe."""
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
