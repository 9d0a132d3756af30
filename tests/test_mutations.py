"""Broken sources against every command: mutated copies of each game's files (characters deleted, junk
inserted, truncated, keywords swapped, braces unbalanced, 10,000-deep nesting, binary, non-UTF-8, empty),
and runaway cards (a huge `create`, verbs calling each other, oversized files).

Each game runs in one child process (tests/mutants.py) under a memory limit (setrlimit) and a timeout, so
a hang or a memory blow-up fails the test, naming the case, without a timing assertion. Every command's
answer is judged: never an internal error or a traceback; exit 1 with `path:line:col: error:` when the
sources do not load (as `check` says), 0 or 1 when they do; the runaway cases name the card and line.
"""
from __future__ import annotations

import json
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "game.cl").is_file())
MEMORY = 1536 * 1024 * 1024  # bytes of address space for one child: ten times what loading a game takes
TIMEOUT = 240  # seconds for one child's whole batch: a hang, not slowness (it needs about 15 s of CPU)
ERROR_LINE = re.compile(r"^\S+:\d+:\d+: error: ", re.M)


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _cache(game: str, tmp_path: Path) -> str:
    """The suite's own cache folder, the game's files parsed into it, so that the child parses only the file it
    mutated (its copies have the same paths, relative to its working folder, and the same bytes): what a mutant
    stores is keyed by its own bytes, so it never stands for the game's. A folder of the test's own when the
    suite's cache is off."""
    from cardlang.cache import cache_dir
    from cardlang.compile.game import game_sources, parse_files
    folder = cache_dir()
    if folder is None:
        return str(tmp_path / "cache")
    if game in GAMES:
        errors: list = []
        for paths in game_sources(game, [], []):
            parse_files(paths, errors)
        assert not errors, errors
    return str(folder)


def run_child(*args: str, tmp_path: Path) -> list[dict]:
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "mutants.py"), *args, str(tmp_path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_limit,
                            cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                                           "CARDLANG_CACHE": _cache(args[0], tmp_path)})
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        last = [json.loads(x) for x in out.splitlines() if x.startswith("{")][-1:]
        pytest.fail(f"timed out after {TIMEOUT}s in {last}")
    lines = [json.loads(x) for x in out.splitlines() if x.startswith("{")]
    if proc.returncode != 0:
        last = lines[-1] if lines else None
        pytest.fail(f"child ended with {proc.returncode} (memory limit?) in {last}\n{err[-2000:]}")
    return [x for x in lines if not x.get("start")]


def judge(results: list[dict]) -> None:
    broken = {r["case"]: r["exit"] == 1 for r in results if r["command"] == "check"}
    problems = []
    for r in results:
        out, code, what = r["output"], r["exit"], f"{r['case']} {r['command']}"
        if "internal error" in out or "Traceback" in out:
            problems.append(f"{what}: {out[-600:]}")
        elif broken[r["case"]] and r["command"] != "test" and code != 1:
            problems.append(f"{what}: exit {code} although check found errors\n{out[-600:]}")
        elif broken[r["case"]] and not ERROR_LINE.search(out):
            problems.append(f"{what}: no path:line:col error line\n{out[-600:]}")
        elif code not in (0, 1):
            problems.append(f"{what}: exit {code}\n{out[-600:]}")
    assert not problems, "\n\n".join(problems)
    assert sum(broken.values()) >= len(broken) // 2, "most mutants should break the game"


@pytest.mark.parametrize("game", GAMES)
def test_mutated_sources_never_reach_internal_error(game: str, tmp_path: Path) -> None:
    results = run_child(game, tmp_path=tmp_path)
    assert len({r["case"] for r in results}) == 9
    assert {r["command"] for r in results} == {"check", "test", "cards", "play", "simulate", "sheets",
                                               "primitives"}
    judge(results)


def test_runaway_cards_stop_with_the_card_and_line(tmp_path: Path) -> None:
    results = {r["case"]: r for r in run_child("--runaway", tmp_path=tmp_path)}
    for case, r in results.items():
        assert "internal error" not in r["output"] and "Traceback" not in r["output"], (case, r["output"])
        assert r["exit"] == r["expect_exit"], (case, r["output"])
        for needle in r["expect"]:
            assert needle in r["output"], (case, needle, r["output"])
    assert set(results) == {"create", "card-limit", "dice", "verb-cycle-run", "verb-cycle-check", "big-file",
                            "long-sum", "deep"}
