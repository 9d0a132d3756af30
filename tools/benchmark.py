"""Speed benchmark: big-money mirror games per second in cardlang, against a tiny hand-written Python
Big Money loop run in the same process, so the ratio is comparable across machines.

    python tools/benchmark.py [--games N]
    python tools/benchmark.py --parse        # parse speed and linearity instead (see parse_speed)
"""
from __future__ import annotations

import argparse
import random
import time


def hand_written_big_money(seed: int) -> int:
    """The reference: two Big Money players, plain Python lists, no language, no log. Returns turns."""
    rng = random.Random(seed)
    worth = {"C": 1, "S": 2, "G": 3, "E": 0, "D": 0, "P": 0}
    supply = {"P": 8, "G": 30, "S": 40}
    decks, discards, hands = [], [], []
    for _ in range(2):
        deck = ["C"] * 7 + ["E"] * 3
        rng.shuffle(deck)
        decks.append(deck)
        discards.append([])
        hands.append([])

    def draw(p: int, n: int) -> None:
        for _ in range(n):
            if not decks[p]:
                if not discards[p]:
                    return
                decks[p], discards[p] = discards[p], []
                rng.shuffle(decks[p])
            hands[p].append(decks[p].pop())

    for p in range(2):
        draw(p, 5)
    turns = 0
    p = 0
    while True:
        turns += 1
        coins = sum(worth[c] for c in hands[p])
        buy = "P" if coins >= 8 else "G" if coins >= 6 else "S" if coins >= 3 else None
        if buy and supply[buy] > 0:
            supply[buy] -= 1
            discards[p].append(buy)
        discards[p].extend(hands[p])
        hands[p] = []
        draw(p, 5)
        if supply["P"] == 0:
            return turns
        p = 1 - p


def parse_speed() -> None:
    """Parse time of one card of N plain statements for growing N (kilobytes per second, and the time per
    kilobyte of the largest against the smallest: about 1 when parsing is linear), and the time to get
    the parser's tables: analysing the grammar against loading them from the cache."""
    import tempfile

    from lark import Lark

    from cardlang.syntax import parser as P

    grammar = P._GRAMMAR.read_text(encoding="utf-8")
    opts = dict(parser="lalr", propagate_positions=True, maybe_placeholders=True)
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        Lark(grammar, **opts)
        build = time.perf_counter() - t0
        Lark(grammar, cache=f"{tmp}/g.cache", **opts)
        t0 = time.perf_counter()
        Lark(grammar, cache=f"{tmp}/g.cache", **opts)
        cached = time.perf_counter() - t0
    print(f"parser tables: {build * 1000:.0f} ms to build, {cached * 1000:.0f} ms from the cache")
    P.parse("card A { cost 1; }", "warm.card")
    per_kb = []
    for n in (500, 2_000, 8_000):  # the largest stays under the size limit (parser.MAX_SOURCE_BYTES)
        body = "".join(f"    if coins > {i % 7} {{ draw 1; }} else {{ coins += 1; }}\n" for i in range(n))
        text = "card Big {\n  types Action; cost 1;\n  on play {\n" + body + "  }\n}\n"
        t0 = time.perf_counter()
        P.parse(text, "big.card")
        dt = time.perf_counter() - t0
        kb = len(text) / 1024
        per_kb.append(dt / kb)
        print(f"parse {n:6} statements ({kb:6.0f} KB): {dt:6.2f} s, {kb / dt:6.0f} KB/s")
    print(f"time per KB, largest / smallest: {per_kb[-1] / per_kb[0]:.2f} (1.0 = linear)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--parse", action="store_true", help="measure parse speed instead of games per second")
    args = ap.parse_args()
    if args.parse:
        parse_speed()
        return
    from cardlang.compile.bots import LanguageBot
    from cardlang.compile.game import load_game
    from cardlang.runtime.engine import play_game

    t0 = time.perf_counter()
    game = load_game("dominion")
    load_s = time.perf_counter() - t0

    t0 = time.perf_counter()
    for s in range(args.games):
        play_game(game, [LanguageBot(game, "big-money"), LanguageBot(game, "big-money")], s)
    ours = args.games / (time.perf_counter() - t0)

    ref_games = args.games * 5
    t0 = time.perf_counter()
    for s in range(ref_games):
        hand_written_big_money(s)
    ref = ref_games / (time.perf_counter() - t0)

    print(f"load and compile all Dominion sources: {load_s * 1000:.0f} ms")
    print(f"cardlang big-money mirror:   {ours:8.0f} games/s")
    print(f"hand-written Python loop:    {ref:8.0f} games/s")
    print(f"ratio cardlang / hand-written: {ours / ref:.3f}")


# ---- parallel simulation (issue 12): self-contained, run as `python tools/benchmark.py parallel` ---------

def parallel_speedup(games: int = 2000, workers: int = 2) -> float:
    """Games/s of `workers` pool processes over one in-process worker, same job, same run (target: 1.8x
    on 2 cores). Printed twice: with the pool's start-up (spawning, compiling the game in each worker)
    counted, as a user waits for it, and on a warm pool (the steady rate of a long run). Returns the warm
    ratio."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from cardlang.compile.game import load_game
    from cardlang.parallel import InProcess, Job, local_pool, prime, run
    job = Job("dominion", ("big-money", "smithy-bm"), 1)
    prime(job, load_game("dominion"))
    one = run(job, games, InProcess(), 1)
    pool = local_pool(workers)
    try:
        cold = run(job, games, pool, workers)
        warm = run(job, games, pool, workers)
    finally:
        pool.shutdown(wait=True)
    assert one.totals.wins == cold.totals.wins == warm.totals.wins
    r1, rc, rw = games / one.seconds, games / cold.seconds, games / warm.seconds
    print(f"simulate {games} Dominion games (big-money vs smithy-bm): 1 worker {r1:.0f} games/s; {workers} "
          f"workers {rc:.0f} games/s with start-up (ratio {rc / r1:.2f}), {rw:.0f} games/s warm "
          f"(ratio {rw / r1:.2f})")
    return rw / r1


def memory_by_games(counts=(2000, 20000), workers: int = 2) -> dict[int, float]:
    """Peak memory (MB, the largest process) of `cardlang simulate` for each game count, in fresh
    processes: flat when the totals and the batch window, not the games, fill memory."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    out = {}
    for n in counts:
        code = ("import resource, subprocess, sys; subprocess.run([sys.executable, '-m', 'cardlang', 'simulate', "
                f"'dominion', '--players', 'big-money,big-money', '--games', '{n}', '--workers', '{workers}', "
                "'--json'], check=True, stdout=subprocess.DEVNULL); "
                "print(max(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, 0))")
        r = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True,
                           env=dict(os.environ, PYTHONPATH=str(root)))
        out[n] = int(r.stdout.strip()) / 1024
        print(f"simulate {n} Dominion games on {workers} workers: peak {out[n]:.0f} MB")
    return out


if __name__ == "__main__":
    import sys as _sys
    if _sys.argv[1:2] == ["parallel"]:
        parallel_speedup(int(_sys.argv[2]) if len(_sys.argv) > 2 else 2000)
        memory_by_games()
    else:
        main()
