"""Issue 24: the user's cache (cardlang/cache.py) under attack: an entry or key planted or changed by someone
else is never run, and the folder is refused (with one warning) when it is not the user's own. Each case in a
child process with a memory limit and a timeout. Loads in threads of one process never mixing their entries:
tests/compile/test_cache_threads.py."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.io_child import ROOT, limits


def python(code: str, cache: Path, timeout: float = 240) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), CARDLANG_CACHE=str(cache))
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, text=True, capture_output=True,
                          timeout=timeout, preexec_fn=limits())


@pytest.fixture(scope="module")
def filled(tmp_path_factory) -> tuple[Path, dict]:
    """A cache holding Dominion's entries (filled once for this module), and the results of a run with it."""
    cache = tmp_path_factory.mktemp("filled") / "cache"
    r = python("from cardlang.compile.game import load_game; load_game('dominion'); print('ok')", cache)
    assert r.stdout.strip() == "ok", r.stderr
    return cache, _results(_play(cache))


def _fill(cache: Path, filled: tuple[Path, dict]) -> dict:
    """A copy of the filled cache at CACHE (the permissions kept); the results of a run with it."""
    import shutil
    shutil.copytree(filled[0], cache)
    return filled[1]


def _play(cache: Path, code: int = 0, workers: str = "1") -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), CARDLANG_CACHE=str(cache))
    r = subprocess.run([sys.executable, "-m", "cardlang", "simulate", "dominion", "--players", "big-money,smithy-bm",
                        "--games", "4", "--workers", workers, "--json"], cwd=ROOT, env=env, text=True,
                       capture_output=True, timeout=240, preexec_fn=limits())
    assert r.returncode == code, r.stderr
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr
    return r


def _results(r: subprocess.CompletedProcess) -> dict:
    import json
    obj = json.loads(r.stdout.strip().splitlines()[-1])
    obj.pop("games_per_second")
    return obj


def _planted(cache: Path, marker: Path) -> None:
    """Rewrite every entry as someone who can write the folder but has not the key would: code objects that
    leave MARKER behind, or a pickle that does, with the unkeyed hash the cache used to check."""
    import hashlib
    import marshal
    import pickle

    from cardlang import cache as C
    evil = compile(f"open({str(marker)!r}, 'a').write('code ran')", "<planted>", "exec")

    class Evil:
        def __reduce__(self):
            return (exec, (f"open({str(marker)!r}, 'a').write('pickle ran')",))
    for f in cache.glob("*.cache"):
        whole = f.read_bytes()
        head = whole[:len(C._MAGIC) + 32]
        if f.name.startswith("code-"):
            fmt, stored, facts = marshal.loads(whole[C._HEAD:])
            payload = marshal.dumps((fmt, [(a, b, names, evil, *rest) for a, b, names, _, *rest in stored], facts))
        else:
            payload = pickle.dumps(Evil())
        f.write_bytes(head + hashlib.sha256(payload).digest() + payload)


def test_planted_code_or_pickles_are_never_run(tmp_path: Path, filled) -> None:
    cache = tmp_path / "cache"
    clean = _fill(cache, filled)
    marker = tmp_path / "ran"
    _planted(cache, marker)
    assert _results(_play(cache)) == clean
    assert not marker.exists(), marker.read_text()
    _planted(cache, marker)  # the same again, with a key the planter made himself
    (cache / "key").write_bytes(b"k" * 32)
    (cache / "key").chmod(0o600)
    assert _results(_play(cache)) == clean
    assert not marker.exists(), marker.read_text()


def test_a_folder_others_may_write_to_is_refused_with_one_warning(tmp_path: Path, filled) -> None:
    cache = tmp_path / "cache"
    clean = _fill(cache, filled)
    marker = tmp_path / "ran"
    _planted(cache, marker)
    cache.chmod(0o777)
    r = _play(cache, workers="2")  # (not again in each worker)
    assert _results(r) == clean and not marker.exists()
    assert r.stderr.count("warning: cache folder") == 1 and "others may write to it" in r.stderr


def test_a_key_others_may_read_is_refused(tmp_path: Path, filled) -> None:
    cache = tmp_path / "cache"
    _fill(cache, filled)
    (cache / "key").chmod(0o644)
    r = _play(cache)
    assert r.stderr.count("warning: cache folder") == 1 and "key file may be read" in r.stderr


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="gives the folder to another user")
def test_a_folder_of_another_user_is_refused(tmp_path: Path, filled) -> None:
    cache = tmp_path / "cache"
    _fill(cache, filled)
    os.chown(cache, 65534, 65534)
    r = _play(cache)
    assert r.stderr.count("warning: cache folder") == 1 and "belongs to another user" in r.stderr
