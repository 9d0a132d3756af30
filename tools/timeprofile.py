"""Where a game's time goes, by function, sampled: the share of samples each function was running (self) and
was on the stack (inclusive), over bot games played as tools/benchmark.py plays them.

cProfile charges each call its own bookkeeping (about a microsecond here), so a game of many small calls looks
spent in them; a count of bytecodes misses what a bytecode costs (a C call, a dict, a cache miss). This samples
instead: a thread wakes the playing thread's frames every switch interval (sys.setswitchinterval, 50 us) and
counts where they stand. Python stops a thread only at its checks (a call, a backward jump), so a sample falls
on the next check after the work: shares by function are sound, by instruction they are not. Generated code
is named by its source span (`game.cl:144:18`: the turn of Greedy Kingdoms' battle phase); `cardlang compile
GAME` prints it.

    python tools/timeprofile.py GAME BOT [BOT ...] [--games 150] [--rounds 4] [--top 40]

The games are played once before sampling (bot code generated, caches filled), then ROUNDS times sampled.
"""
from __future__ import annotations

import argparse
import collections
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _name(code) -> str:
    """FILE:LINE:FUNCTION; generated code by its source span (its file is `<cardlang PATH:LINE:COL>`)."""
    where = code.co_filename.rsplit("/", 1)[-1]
    if code.co_filename.startswith("<cardlang "):
        return f"{where.rstrip('>')}:{code.co_name}"
    return f"{where}:{code.co_firstlineno}:{code.co_name}"


def sample(run, rounds: int, interval: float = 5e-5) -> tuple[int, collections.Counter, collections.Counter]:
    """(samples, self counts, inclusive counts) by function of ROUNDS calls of RUN in this thread."""
    own, incl = collections.Counter(), collections.Counter()
    main, stop, total = threading.get_ident(), threading.Event(), [0]

    def sampler() -> None:
        while not stop.is_set():
            frame = sys._current_frames().get(main)
            if frame is not None:
                total[0] += 1
                own[_name(frame.f_code)] += 1
                seen = set()
                while frame is not None:
                    seen.add(_name(frame.f_code))
                    frame = frame.f_back
                incl.update(seen)
            time.sleep(0)  # (hands the interpreter back: the playing thread runs until its next check)

    old = sys.getswitchinterval()
    sys.setswitchinterval(interval)
    thread = threading.Thread(target=sampler, daemon=True)
    thread.start()
    try:
        for _ in range(rounds):
            run()
    finally:
        stop.set()
        thread.join()
        sys.setswitchinterval(old)
    return total[0], own, incl


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("bots", nargs="+")
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--top", type=int, default=40)
    args = ap.parse_args(argv)
    from cardlang.agents import make_agent
    from cardlang.compile.game import load_game
    from cardlang.runtime.engine import play_game

    game = load_game(args.game)

    def run() -> None:
        for s in range(args.games):
            play_game(game, [make_agent(game, b, s + j) for j, b in enumerate(args.bots)], s)

    run()
    t0 = time.perf_counter()
    n, own, incl = sample(run, args.rounds)
    per_game = (time.perf_counter() - t0) / (args.games * args.rounds)
    print(f"{n} samples, {per_game * 1e3:.2f} ms a game while sampled")
    for title, counts in (("self", own), ("inclusive", incl)):
        print(f"== {title}")
        for fn, k in counts.most_common(args.top):
            print(f"{100 * k / n:5.1f}%  {fn}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
