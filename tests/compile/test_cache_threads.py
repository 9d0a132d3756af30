"""Loading games at once, in threads of one process (a Dask worker with two threads does) and in processes,
into one fresh cache folder: every load gives the same game, whatever the others stored meanwhile, and the
entries they stored load again, in threads and in a fresh process (compile/codecache.py)."""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cardlang.cache import read_entry

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("dominion", "warring-kingdom", "greedy-kingdoms", "fall-of-kingdoms")
SEEDS = (1, 2)

# What a fresh process prints: each game's digest (its bots' seeded games), one line per game.
_CHILD = """
import sys
sys.path.insert(0, {tests!r})
from test_cache_threads import digest
from cardlang.compile.game import load_game
for gid in {games!r}:
    print(gid, digest(load_game(gid)))
"""


def digest(game) -> str:
    """A few seeded games between the game's first bots, with their logs, as one hash: two loads that give
    the same digest play the same."""
    from cardlang.agents import bot_names, make_agent
    from cardlang.runtime.engine import play_game
    bots = bot_names(game)
    h = hashlib.sha256()
    for seed in SEEDS:
        seats = [make_agent(game, bots[i % len(bots)], seed + i) for i in range(game.players[0])]
        r = play_game(game, seats, seed, log=True, max_turns=60)
        h.update(repr((r.winners, r.scores, r.turns, r.stopped, list(r.state.log))).encode())
    return h.hexdigest()


def _load_all_in_threads(keys: dict[str, bytes] | None = None) -> dict[str, str]:
    """Each game's digest, the games loaded and played in threads of their own; KEYS gets their cache keys."""
    from cardlang.compile.game import load_game

    def one(gid: str) -> str:
        game = load_game(gid)
        if keys is not None:
            keys[gid] = game.code_key
        return digest(game)
    with ThreadPoolExecutor(max_workers=len(GAMES)) as pool:
        return dict(zip(GAMES, pool.map(one, GAMES)))


def test_games_loaded_in_threads_into_a_fresh_cache_load_again_in_threads_and_processes(tmp_path: Path,
                                                                                         monkeypatch) -> None:
    monkeypatch.setenv("CARDLANG_CACHE", str(tmp_path / "cache"))
    keys: dict[str, bytes] = {}
    cold = _load_all_in_threads(keys)
    # each game's entry, beside its bots' (stored by the load's checks, and as their rules are first played)
    assert all(read_entry("code", keys[gid]) is not None for gid in GAMES)
    stored = _entries(tmp_path / "cache")
    assert _load_all_in_threads() == cold  # every game from its entry, in threads
    assert _entries(tmp_path / "cache") == stored  # and its bots' code: nothing to store again
    child = _CHILD.format(tests=str(Path(__file__).parent), games=GAMES)
    r = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=600, cwd=ROOT,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert dict(line.split() for line in r.stdout.splitlines()) == cold


def _entries(folder: Path) -> list[tuple[str, int]]:
    """The code entries in FOLDER, with when each was last written."""
    return sorted((p.name, p.stat().st_mtime_ns) for p in folder.glob("code-*.cache"))


def test_threads_sharing_one_cached_game_play_as_one_thread_does(tmp_path: Path, monkeypatch) -> None:
    """A Dask worker's threads share one loaded game: its modules are linked on first call and its bots
    compiled on first use, from whichever thread comes first (under the artifact's and the compiler's
    locks); every game plays as it does alone."""
    from cardlang.compile.game import load_game
    monkeypatch.setenv("CARDLANG_CACHE", str(tmp_path / "cache"))
    game = "fall-of-kingdoms"  # its bots' conditions generate modules of their own
    alone = digest(load_game(game))
    load_game(game)  # stores its bots' code too
    shared = load_game(game)
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(lambda _: digest(shared), range(4))) == [alone] * 4
