"""Python function calls (cProfile) of a fresh compile: `load_game` in a new process with an empty cache, parsing
included, for each game. Calls do not depend on the machine's load (issue 25's target: Greedy Kingdoms under
7.5M). Each game is measured in a child process of its own, so nothing another load made is reused.

    python tools/compile_calls.py [GAME ...]
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("dominion", "warring-kingdom", "greedy-kingdoms", "fall-of-kingdoms")
CHILD = """
import cProfile, pstats, sys
from cardlang.compile.game import load_game
pr = cProfile.Profile()
pr.enable()
load_game(sys.argv[1])
pr.disable()
print(pstats.Stats(pr).total_calls)
"""


def fresh_compile_calls(game: str) -> int:
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, CARDLANG_CACHE=cache, PYTHONPATH=str(ROOT))
        out = subprocess.run([sys.executable, "-c", CHILD, game], env=env, capture_output=True, text=True,
                             check=True)
        return int(out.stdout.split()[-1])


def main() -> None:
    for game in sys.argv[1:] or GAMES:
        print(f"{game:18} {fresh_compile_calls(game) / 1e6:.2f}M calls")


if __name__ == "__main__":
    main()
