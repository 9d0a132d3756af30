"""Where cardlang keeps what it can rebuild: one folder per user, files named by a hash of what they hold.

Everything here is safe to delete (it is rebuilt on the next run). The folder is $CARDLANG_CACHE, else
$XDG_CACHE_HOME/cardlang, else ~/.cache/cardlang; CARDLANG_CACHE=off turns caching off. Entries are things
built from sources (`read_entry`/`write_entry`: the parser's tables, parsed files, generated code, the line a
clean `check` printed), checked on reading so that a damaged or stale entry is rebuilt, never used.

What the cache trusts: only its own writes. Each entry carries an HMAC of what it holds under a secret key of
this user's, made at random the first time and kept beside the entries in the file `key` (owner-only, 0600):
an entry someone else wrote or changed (a shared folder, a cache restored from elsewhere without the same
key) fails the check and is rebuilt. The folder itself is used only when it belongs to this user and nobody
else may write to it, and the key only when it is this user's regular file that nobody else may read;
otherwise the cache is not used (one warning says why) and everything is built afresh. Nothing read from the
cache is unpickled: entries hold marshal data (code objects only in an entry whose HMAC checked) and plain
data read back by cardlang's own decoders. Knows nothing of games or of the language.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import stat
import sys
import threading
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
    if not stat.S_ISDIR(st.st_mode):
        return _refused(folder, "it is not a folder")
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return _refused(folder, "others may write to it")
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        return _refused(folder, "it belongs to another user")
    if not os.access(folder, os.W_OK):
        return None
    if _secret(folder) is None:
        return None
    return folder


_warned: set[str] = set()


def _refused(folder: Path, why: str) -> None:
    """Say once why the cache folder is not used (the run goes on, building everything): once per process,
    and not again in the worker processes it starts (they inherit the note in the environment)."""
    if str(folder) not in _warned and os.environ.get("CARDLANG_CACHE_WARNED") != str(folder):
        _warned.add(str(folder))
        os.environ["CARDLANG_CACHE_WARNED"] = str(folder)
        sys.stderr.write(f"warning: cache folder {folder} is not used: {why}; everything is built afresh "
                         "(give a folder of your own in CARDLANG_CACHE, or CARDLANG_CACHE=off)\n")
    return None


# ---- the key entries are authenticated with ---------------------------------------------------------------
KEY_FILE = "key"
_KEY_BYTES = 32
_keys: dict[str, bytes] = {}
_key_lock = threading.Lock()


def _secret(folder: Path) -> bytes | None:
    """This user's secret key for FOLDER's entries, made on first use (None, with a warning, when the file
    there is not this user's own regular file of the right size that nobody else may read)."""
    known = _keys.get(str(folder))
    if known is not None:
        return known
    with _key_lock:
        path = folder / KEY_FILE
        key = _read_key(path, folder)
        if key is False:
            return None
        if key is None:  # no key yet: made whole in a file of its own, then linked into place (never half)
            tmp = folder / f".{KEY_FILE}.{os.getpid()}.{threading.get_ident()}.tmp"
            try:
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                with os.fdopen(fd, "wb") as f:
                    f.write(os.urandom(_KEY_BYTES))
                try:
                    os.link(tmp, path)
                except FileExistsError:
                    pass  # another process made it first: use theirs
            except OSError:
                return None
            finally:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
            key = _read_key(path, folder)
            if not isinstance(key, bytes):
                return None
        _keys[str(folder)] = key
        return key


def _read_key(path: Path, folder: Path) -> bytes | None | bool:
    """The key in PATH; None when there is none; False (after a warning) when it may not be trusted."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        return None
    except OSError as e:
        return bool(_refused(folder, f"its key file cannot be read ({e.strerror or e})"))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or (hasattr(os, "getuid") and st.st_uid != os.getuid()):
            return bool(_refused(folder, "its key file is not this user's own file"))
        if st.st_mode & 0o077:
            return bool(_refused(folder, "its key file may be read or written by others (it must be 0600)"))
        data = os.read(fd, _KEY_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) != _KEY_BYTES:
        return bool(_refused(folder, f"its key file is damaged (delete {path} to make a new one)"))
    return data


# ---- entries of things built from sources (parsed files, generated code) ---------------------------------
# An entry is MAGIC, the sha256 of its key, the HMAC (this user's key, sha256) of its kind, key digest and
# payload, then the payload: a file cut short, overwritten, left from another key or written by someone
# without the key reads as missing, and is rebuilt by whoever asked for it.
_MAGIC = b"cardlang cache 2\n"
_HEAD = len(_MAGIC) + 64


@lru_cache(maxsize=1)
def code_version() -> str:
    """What any cached result also depends on: this Python, and the cardlang code itself, as a hash of the
    package's own files (any release or any local edit of the compiler gives a new hash, so an entry is
    never trusted across a version change), and the installed Lark's version file.

    Reading and hashing the 2 MB of those files took 12-20 ms of every cached load, so the hash is also kept
    in the cache under the files' names, sizes and change times (`_stat_key`): the same stamps give the hash
    the same files gave. A file's change time (ctime) is set by the system at every write and no tool can
    set it back; the hash is kept only when every stamp is over `_SETTLED` seconds old, so a write within
    the clock's tick after the stamps were read cannot go unseen."""
    files = _code_files()
    stamp = _stat_key(files)
    if stamp is not None:
        kept = read_entry(VERSION_KIND, stamp[0], versioned=False)
        if kept is not None and len(kept) == 64:
            return kept.decode("ascii")
    h = hashlib.sha256(sys.version.encode())
    for rel, p in files[:-1]:
        h.update(rel.encode("utf-8", "surrogateescape") + b"\0")
        with open(p, "rb") as f:
            h.update(f.read())
    lark = files[-1][1]
    if lark is not None:
        try:
            with open(lark, "rb") as f:
                h.update(f.read())
        except OSError:
            pass
    digest = h.hexdigest()
    if stamp is not None and stamp[1]:
        write_entry(VERSION_KIND, stamp[0], digest.encode("ascii"), versioned=False)
    return digest


VERSION_KIND = "version"
_SETTLED = 2.0  # seconds: far above any file system's time stamp tick


def _code_files() -> list[tuple[str, str | None]]:
    """The files code_version hashes, in order: (name in the package, path) of each .py and .lark file, then
    ("lark", the path of Lark's __init__, whose text holds its version, or None)."""
    pkg = os.path.dirname(os.path.abspath(__file__))
    out: list[tuple[str, str | None]] = []
    cut = len(pkg) + 1
    for folder, subs, names in os.walk(pkg):
        subs[:] = sorted(s for s in subs if s != "__pycache__")
        for n in sorted(names):
            if n.endswith((".py", ".lark")):
                p = os.path.join(folder, n)
                out.append((p[cut:], p))  # (its name in the package: os.path.relpath, without its 30 us)
    origin = None
    try:  # importing Lark would cost 50 ms
        from importlib.util import find_spec
        spec = find_spec("lark")
        origin = spec.origin if spec is not None else None
    except (ImportError, ValueError):
        pass
    out.append(("lark", origin))
    return out


def _stat_key(files: list[tuple[str, str | None]]) -> tuple[bytes, bool] | None:
    """A key of FILES' names, sizes, modification and change times (nanoseconds) and inodes, with this
    Python's version; and whether all of them were changed over _SETTLED seconds ago. None when one cannot
    be read."""
    import time
    h = hashlib.sha256(sys.version.encode() + b"\0stamps\0")
    oldest_allowed = time.time_ns() - int(_SETTLED * 1e9)
    settled = True
    for rel, p in files:
        if p is None:
            h.update(b"-\0")
            continue
        try:
            st = os.stat(p)
        except OSError:
            return None
        h.update(f"{rel}\0{p}\0{st.st_size} {st.st_mtime_ns} {st.st_ctime_ns} {st.st_ino} {st.st_dev}\0"
                 .encode("utf-8", "surrogateescape"))
        if st.st_mtime_ns > oldest_allowed or st.st_ctime_ns > oldest_allowed:
            settled = False
    return h.digest(), settled


def _entry(kind: str, key: bytes, folder: Path | None, versioned: bool = True) -> tuple[Path, bytes] | None:
    if folder is None:
        return None
    digest = hashlib.sha256((code_version().encode() if versioned else b"") + b"\0" + key).digest()
    return folder / f"{kind}-{digest.hex()[:24]}.cache", digest


def _mac(folder: Path, kind: str, digest: bytes, payload: bytes) -> bytes | None:
    secret = _secret(folder)
    if secret is None:
        return None
    return hmac.digest(secret, kind.encode() + b"\0" + digest + payload, "sha256")


def sealed(path: Path, kind: str, digest: bytes, payload: bytes) -> bytes:
    """The bytes of an entry holding PAYLOAD at PATH (also what tests plant, as a faulty cardlang would)."""
    mac = _mac(path.parent, kind, digest, payload)
    assert mac is not None
    return _MAGIC + digest + mac + payload


def read_entry(kind: str, key: bytes, versioned: bool = True) -> bytes | None:
    """The payload stored for KEY, or None when there is none (or it is unreadable, cut short, stale, or
    not written by this user's cardlang: its HMAC does not check). VERSIONED=False: an entry that does not
    depend on cardlang's own code (the key says what it depends on)."""
    folder = _known_dir()
    where = _entry(kind, key, folder, versioned)
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
    mac = _mac(folder, kind, digest, payload)
    if mac is None or not hmac.compare_digest(mac, data[len(_MAGIC) + 32:_HEAD]):
        return None
    return payload


def write_entry(kind: str, key: bytes, payload: bytes, versioned: bool = True) -> None:
    """Store PAYLOAD for KEY, whole or not at all (a temporary file renamed into place); a cache that
    cannot be written is simply not used. Writing a game's code also prunes the folder (`prune`)."""
    where = _entry(kind, key, cache_dir(), versioned)
    if where is None:
        return
    path, digest = where
    mac = _mac(path.parent, kind, digest, payload)
    if mac is None:
        return
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(_MAGIC + digest + mac + payload)
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
_ENTRY_KINDS = ("ast-", "code-", "check-", "version-")


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
