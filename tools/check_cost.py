"""What the soak's invariant checks cost: CPU milliseconds per random-agent game, unchecked and checked after
every step (as tools/soak.py plays them: seed 1, 300-turn cap), and Python function calls per game from
cProfile, which do not depend on the machine's load.

    python tools/check_cost.py [--games 40] [--repeat 3] [--calls] [CASE ...]     # CASE: GAME:PLAYERS

Unchecked and checked runs of the same games alternate, REPEAT times, and the fastest of each is kept, so
that other work on the machine slows both alike. Warring Kingdom plays a tenth of the games (its random
games run to the turn cap).
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from a checkout
    sys.path.insert(0, str(ROOT))

from cardlang.compile.game import load_game  # noqa: E402
from cardlang.simulation.simulate import play_games  # noqa: E402

CASES = ("dominion:2", "dominion:4", "greedy-kingdoms:2", "greedy-kingdoms:4", "warring-kingdom:2",
         "fall-of-kingdoms:4")
_SHARE = {"warring-kingdom": 0.1}


def _play(game, players: int, games: int, check: bool) -> None:
    b = play_games(game, ["random"] * players, 1, 0, games, check=check, max_turns=300)
    if b.violations:
        raise SystemExit(f"violation: {b.violations[0]}")


def cpu_ms(game, players: int, games: int, check: bool) -> float:
    t = time.process_time()
    _play(game, players, games, check)
    return (time.process_time() - t) / games * 1000


def calls(game, players: int, games: int, check: bool) -> float:
    prof = cProfile.Profile()
    prof.enable()
    _play(game, players, games, check)
    prof.disable()
    return pstats.Stats(prof).total_calls / games


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cases", nargs="*", default=list(CASES), metavar="CASE", help="GAME:PLAYERS")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--calls", action="store_true", help="also count Python function calls per game")
    a = ap.parse_args()
    print(f"{'case':22} {'unchecked ms':>12} {'checked ms':>10} {'ratio':>6}"
          + (f" {'calls unchecked':>15} {'calls checked':>13} {'ratio':>6}" if a.calls else ""))
    for case in a.cases:
        gid, _, n = case.partition(":")
        players = int(n)
        game = load_game(gid)
        games = max(2, int(a.games * _SHARE.get(gid, 1.0)))
        _play(game, players, 2, True)  # warm up (caches, first allocations)
        runs = [(cpu_ms(game, players, games, False), cpu_ms(game, players, games, True)) for _ in range(a.repeat)]
        plain, checked = min(r[0] for r in runs), min(r[1] for r in runs)
        row = f"{gid + ' ' + n + 'p':22} {plain:>12.1f} {checked:>10.1f} {checked / plain:>5.2f}x"
        if a.calls:
            k = max(1, games // 4)
            c0, c1 = calls(game, players, k, False), calls(game, players, k, True)
            row += f" {c0:>15,.0f} {c1:>13,.0f} {c1 / c0:>5.2f}x"
        print(row, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
