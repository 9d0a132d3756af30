"""Python function calls per game (cProfile) of tools/benchmark.py's targets, in three ways of watching: nobody
(`plain`, the simulation's hot path), a log (`log=True`), and the per-card statistics listener (`stats`,
`simulate --stats`). Calls do not depend on the machine's load, so a change to how events are made or
told shows here as a number even on a busy machine. The bots' rules are generated first (a bot generates
each rule when first asked), so only play is counted.

    python tools/calls_per_game.py [--games N]
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for p in (str(ROOT), str(ROOT / "tools")):
    if p not in sys.path:  # run as a script from a checkout
        sys.path.insert(0, p)

from benchmark import TARGETS  # noqa: E402
from cardlang.agents import make_agent  # noqa: E402
from cardlang.compile.bots import compile_bot  # noqa: E402
from cardlang.compile.game import load_game  # noqa: E402
from cardlang.runtime.engine import play_game  # noqa: E402
from cardlang.lab.stats import GameObserver  # noqa: E402

MODES = ("plain", "log", "stats")


def _run(game, bots, n: int, mode: str) -> None:
    for s in range(n):
        agents = [make_agent(game, b, s + j) for j, b in enumerate(bots)]
        if mode == "stats":
            play_game(game, agents, s, on_state=GameObserver)
        else:
            play_game(game, agents, s, log=mode == "log")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10, help="games per target (times its share in benchmark.py)")
    a = ap.parse_args()
    print(f"{'target':42} " + " ".join(f"{m:>10}" for m in MODES))
    for name, (gid, bots, share) in TARGETS.items():
        game = load_game(gid)
        for b in bots:
            compile_bot(game, b).generate_all()
        n = max(2, int(a.games * share))
        _run(game, bots, 2, "plain")  # warm up
        row = []
        for mode in MODES:
            prof = cProfile.Profile()
            prof.enable()
            _run(game, bots, n, mode)
            prof.disable()
            row.append(pstats.Stats(prof).total_calls / n)  # type: ignore[attr-defined]
        print(f"{name:42} " + " ".join(f"{c:>10,.0f}" for c in row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
