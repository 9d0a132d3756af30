"""Issue 24: the user's cache (cardlang/cache.py) under threads and under attack. Loads in threads of one
process never mix their entries; an entry or key planted or changed by someone else is never run, and the
folder is refused (with one warning) when it is not the user's own. Each case in a child process with a
memory limit and a timeout."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.io_child import ROOT, limits

GAMES = ["dominion", "warring-kingdom", "greedy-kingdoms", "fall-of-kingdoms"]


def python(code: str, cache: Path, timeout: float = 240) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), CARDLANG_CACHE=str(cache))
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, text=True, capture_output=True,
                          timeout=timeout, preexec_fn=limits())


def test_games_loaded_in_threads_into_a_fresh_cache_load_again(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    threads = python(f"""
import threading
from cardlang.compile.game import load_game
failed = []
def load(g):
    try:
        load_game(g)
    except BaseException as e:
        failed.append((g, repr(e)))
ts = [threading.Thread(target=load, args=(g,)) for g in {GAMES!r}]
[t.start() for t in ts]
[t.join() for t in ts]
print(failed)
""", cache)
    assert threads.returncode == 0 and threads.stdout.strip() == "[]", threads.stdout + threads.stderr
    again = python(f"""
from cardlang.compile.game import load_game
from cardlang.simulate import play_games
for g in {GAMES!r}:
    game = load_game(g)
    bots = (["random"] * game.players[0])
    play_games(game, bots, 1, 0, 2)
print("ok")
""", cache)
    assert again.returncode == 0 and again.stdout.strip() == "ok", again.stdout + again.stderr
