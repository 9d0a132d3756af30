"""Issue 24: outputs that cannot be written end in one `error:` line naming the option, the file and the
reason, checked before the run where that can be known, and never leave half a file behind."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.io_child import cardlang

FULL = Path("/dev/full")


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full")
def test_play_log_on_a_full_disk() -> None:
    r = cardlang("play", "dominion", "--players", "big-money,big-money", "--quiet", "--log", FULL, code=1)
    assert "error: --log /dev/full: cannot write: No space left on device" in r.stderr


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full")
@pytest.mark.parametrize("workers", ["1", "2"])
def test_per_game_on_a_full_disk(workers: str) -> None:
    r = cardlang("simulate", "dominion", "--players", "big-money,big-money", "--games", "40", "--workers", workers,
                 "--per-game", FULL, code=1)
    assert "error: --per-game /dev/full: cannot write: No space left on device" in r.stderr
    assert r.stdout == "", "no totals of a run whose records were lost"


def test_a_log_that_fails_half_way_leaves_no_file(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    r = cardlang("play", "dominion", "--players", "big-money,big-money", "--quiet", "--log", log, code=1,
                 file_size=20_000)
    assert f"error: --log {log}: cannot write: File too large" in r.stderr
    assert list(tmp_path.iterdir()) == [], "neither the log nor its temporary file is left"


def test_per_game_that_fails_half_way_keeps_the_old_file(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    out.write_text("old\n")
    r = cardlang("simulate", "dominion", "--players", "big-money,big-money", "--games", "200", "--workers", "1",
                 "--per-game", out, code=1, file_size=5_000)
    assert "cannot write: File too large" in r.stderr
    assert out.read_text() == "old\n" and list(tmp_path.iterdir()) == [out]


def test_a_log_written_whole_is_in_place(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    cardlang("play", "dominion", "--players", "big-money,big-money", "--quiet", "--log", log, code=0)
    assert log.read_text().count('"event": "Header"') == 1
    assert [p.name for p in tmp_path.iterdir()] == ["game.jsonl"]


@pytest.mark.parametrize("folder", ["/sys/x", "/proc/x"])
def test_sheets_into_a_folder_that_cannot_be_made(folder: str) -> None:
    if not Path(folder).parent.is_dir():
        pytest.skip(f"no {Path(folder).parent}")
    r = cardlang("sheets", "dominion", "-o", folder, code=2)
    assert f"error: --out {folder}: cannot create this folder" in r.stderr


def test_an_existing_file_keeps_its_permissions_and_a_file_in_a_closed_folder_is_written(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text("old\n")
    log.chmod(0o600)
    cardlang("play", "dominion", "--players", "big-money,big-money", "--quiet", "--log", log, code=0)
    assert oct(log.stat().st_mode & 0o777) == oct(0o600) and "Header" in log.read_text()
    tmp_path.chmod(0o500)  # the file may be written, its folder not: written in place
    try:
        import os
        if os.access(tmp_path, os.W_OK):
            pytest.skip("running as a user who may write anywhere")
        cardlang("play", "dominion", "--players", "big-money,big-money", "--quiet", "--log", log, code=0)
    finally:
        tmp_path.chmod(0o700)
