"""The parser's tables are cached per user (cardlang/cache.py): used from a private folder only, rebuilt
when the file is gone or broken, and never needed for a correct parse."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cardlang.cache import KEY_FILE, cache_dir

ROOT = Path(__file__).resolve().parents[2]
PARSE = "from cardlang.syntax.parser import parse; print(parse('card A { cost 1; }', 'a.card').decls[0].name)"


def _parse_in_a_new_process(env: dict) -> str:
    r = subprocess.run([sys.executable, "-c", PARSE], capture_output=True, text=True, timeout=120,
                       env={**os.environ, "PYTHONPATH": str(ROOT), **env})
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


def test_tables_are_written_once_and_reused(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    assert _parse_in_a_new_process({"CARDLANG_CACHE": str(folder)}) == "A"
    files = [f for f in folder.iterdir() if f.name != KEY_FILE]
    assert len(files) == 1 and files[0].name.startswith("grammar-")
    assert oct((folder / KEY_FILE).stat().st_mode & 0o777) == oct(0o600)
    stamp = files[0].stat().st_mtime_ns
    assert _parse_in_a_new_process({"CARDLANG_CACHE": str(folder)}) == "A"
    assert files[0].stat().st_mtime_ns == stamp  # loaded, not rebuilt
    assert oct(folder.stat().st_mode & 0o777) == oct(0o700)


def test_a_broken_or_deleted_cache_is_rebuilt(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    _parse_in_a_new_process({"CARDLANG_CACHE": str(folder)})
    (f,) = [f for f in folder.iterdir() if f.name != KEY_FILE]
    f.write_bytes(b"not a cache")
    assert _parse_in_a_new_process({"CARDLANG_CACHE": str(folder)}) == "A"
    f.unlink()
    assert _parse_in_a_new_process({"CARDLANG_CACHE": str(folder)}) == "A"


def test_a_folder_others_may_write_to_is_not_used(tmp_path: Path, monkeypatch) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    monkeypatch.setenv("CARDLANG_CACHE", str(shared))
    assert cache_dir() is None
    monkeypatch.setenv("CARDLANG_CACHE", "off")
    assert cache_dir() is None
    assert _parse_in_a_new_process({"CARDLANG_CACHE": "off"}) == "A"
