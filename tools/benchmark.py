"""Speed benchmark: games per second of each shipped game with its bots, as a ratio to a tiny hand-written
Python Big Money loop run in the same process (so the ratio is comparable across machines and loads), plus
the time to load each game and to check every source.

Load and check figures come from fresh processes, after one run has filled the user's cache (parsed files and
generated code, cardlang/cache.py) and with Python's bytecode kept as an installed package has it:
`startup_seconds` is Python starting and exiting with nothing of ours; `import_seconds` importing cardlang's
loader (cardlang.compile.game) in a new process; `load_seconds` the load_game call of each game after that
import (issue 11's "loading a game under 0.1 s once cached"), with `load_cpu_seconds` the processor time of
the same calls (less moved by other work on the machine); `check_seconds` the wall time of `cardlang check
cards games`, start-up included, as a user waits for it (once cached, a clean check of the same bytes is
answered from the cache: cardlang/cli/check.py), `check_full_seconds` the same check run in full, as the
entry point runs it when no answer for the whole check is stored (each game's clean load is remembered too),
and `check_after_edit_seconds` the check right after an edit of one card, in a copy of the project with a
cache of its own (that game is compiled again). Medians of 5 processes.

    python tools/benchmark.py [--games N] [--repeat R] [--json] [--only TARGET ...] [--no-load | --load-only]
                             [--instructions N]   # also Python bytecodes per game (sys.settrace opcodes;
                                                  # settled: the counted games played first, uncounted)
    python tools/benchmark.py --parse        # parse and check speed and linearity instead (parse_speed,
                                             # check_speed)
    python tools/benchmark.py --without PASS [PASS ...]   # also each game compiled without those passes
                                             # (compile/passes.py), timed in the same interleaved rounds: what
                                             # the passes are worth, as a ratio of games/s
    python tools/benchmark.py --search       # the search bot's speed instead (search_speed): iterations a
                                             # second at a mid-game Dominion decision, the cost of a copy

Each target and the reference are run R times, interleaved, and the medians are kept, so that a machine busy
with other work slows both alike. `--json` prints one JSON object (targets with games/s and ratio, load and
check seconds), so a regression shows as a number.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from a checkout
    sys.path.insert(0, str(ROOT))

# name -> (game, bots in seat order, how many games per run relative to --games)
TARGETS = {
    "dominion big-money mirror": ("dominion", ("big-money", "big-money"), 1.0),
    "dominion smithy-bm vs big-money": ("dominion", ("smithy-bm", "big-money"), 1.0),
    "warring-kingdom economy vs rush": ("warring-kingdom", ("economy", "rush"), 0.1),
    "greedy-kingdoms reader vs palace-rusher": ("greedy-kingdoms", ("reader", "palace-rusher"), 0.5),
    "fall-of-kingdoms honest vs bluffer": ("fall-of-kingdoms", ("honest", "bluffer"), 0.5),
}
# Targets of issue 11: at least this ratio to the hand-written loop (Dominion), or this many times the games/s
# measured before the generated backend (the others; the baseline ratios are from the closure tree).
GOALS = {"dominion big-money mirror": 0.20, "dominion smithy-bm vs big-money": 0.20}


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
    check_speed()


def check_speed() -> None:
    """Processor time of `cardlang check` of one card whose ability is N `draw 1;` lines, for growing N (a fresh
    process and cache each: parsing, checking, generating and describing it whole), and the time per line of
    the largest against the smallest (issue 24: 20,000 lines took 79 s, the rules text joined quadratically)."""
    import os
    import resource
    import tempfile
    per_line = []
    for n in (2_000, 8_000, 20_000):
        with tempfile.TemporaryDirectory() as tmp:
            card = Path(tmp) / "big.card"
            card.write_text("card Big {\n  types Action; cost 1;\n  on play {\n" + "    draw 1;\n" * n + "  }\n}\n")
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([sys.executable, "-m", "cardlang", "check", str(card), "--game", "dominion"], check=True,
                           stdout=subprocess.DEVNULL, env={**os.environ, "CARDLANG_CACHE": f"{tmp}/cache"})
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            per_line.append(cpu / n)
            print(f"check a card of {n:6} lines: {cpu:6.2f} s of processor time")
    print(f"time per line, largest / smallest: {per_line[-1] / per_line[0]:.2f} (start-up counts more for the "
          "smallest: below 1 is linear)")


def _mid_game_decision(game, searchers: list, turn: int = 20, seed: int = 3):
    """A Big Money mirror played to the first buy of p1 at or after TURN (all seats' turns) with at least six
    cards affordable, SEARCHERS (search bots) attached to p1's seat from its start; returns what was found
    there (state, view, decision, recorder) and an Event that lets the game finish (it waits in a thread of
    its own: the decision is asked inside an effect)."""
    import threading
    from cardlang.agents import make_agent
    from cardlang.runtime.engine import play_game
    from cardlang.runtime.stepping import Recorder
    found: dict = {}
    ready, release = threading.Event(), threading.Event()

    class Stop:
        name = "stop"

        def __init__(self) -> None:
            self.bm = make_agent(game, "big-money", 1)

        def attach(self, state, seat) -> None:
            for a in searchers:
                a.attach(state, seat)
            found["recorder"] = Recorder.of(state, game)

        def decide(self, view, d):
            if "decision" not in found and view.rules_state.turn_number >= turn and d.tag == "buy" \
                    and len(set(d.labels)) >= 6:
                found.update(state=view.rules_state, view=view, decision=d)
                ready.set()
                release.wait()
            return self.bm.decide(view, d)

    t = threading.Thread(target=lambda: play_game(game, [Stop(), make_agent(game, "big-money", 2)], seed),
                         daemon=True)
    t.start()
    ready.wait()
    return found, release


def search_speed(repeat: int = 3, iterations: int = 300, caps=(None, 8, 2)) -> dict:
    """The search bot at a mid-game Dominion decision (issue 26: at least 3,000 iterations a second per core;
    a copy of the position at most a quarter of an iteration): iterations a second for each rollout cap
    (None: the default), the microseconds of a copy of the position (copy_state of its turn's start),
    medians of REPEAT rounds; turns played per iteration (the same for a seed on any machine)."""
    import os
    from cardlang.agents import make_agent
    from cardlang.compile.game import load_game
    from cardlang.runtime.stepping import copy_state
    from cardlang.search.options import DEFAULT_CAP
    game = load_game("dominion")
    specs = [f"search:iterations={iterations}" + (f",cap={cap}" if cap else "") for cap in caps]
    # each spec's agents: REPEAT timed, and one more whose calls are counted
    searchers = [[make_agent(game, spec, 7 + r) for r in range(repeat + 1)] for spec in specs]
    found, release = _mid_game_decision(game, [a for row in searchers for a in row])
    state, view, decision, recorder = found["state"], found["view"], found["decision"], found["recorder"]
    cp = recorder.checkpoint()
    out: dict = {"turn": state.turn_number, "actions": len(set(decision.labels)) + 1,
                 "answers_since_turn_start": len(cp.answers), "load_average": round(os.getloadavg()[0], 2)}
    n = 2000
    copies, cpu_copies = [], []
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        for _ in range(n):
            copy_state(cp.state, rng_state=cp.rng_state)
        copies.append((time.perf_counter() - t0) / n * 1e6)
        cpu_copies.append((time.process_time() - c0) / n * 1e6)
    out["copy_us"] = round(statistics.median(copies), 1)
    out["copy_cpu_us"] = round(statistics.median(cpu_copies), 1)
    rows = []
    for cap, agents in zip(caps, searchers):
        per_s, per_cpu_s, turns = [], [], 0.0
        counted = agents.pop()
        for agent in agents:
            t0, c0 = time.perf_counter(), time.process_time()
            agent.decide(view, decision)
            per_s.append(agent.last["iterations"] / (time.perf_counter() - t0))
            per_cpu_s.append(agent.last["iterations"] / max(time.process_time() - c0, 1e-9))
            turns = agent.last["turns"] / agent.last["iterations"]
        it_us = 1e6 / statistics.median(per_s)
        cpu_it_us = 1e6 / statistics.median(per_cpu_s)
        rows.append({"cap": cap or DEFAULT_CAP, "iterations_per_s": round(statistics.median(per_s)),
                     "iterations_per_cpu_s": round(statistics.median(per_cpu_s)),
                     "iteration_us": round(it_us), "copy_share": round(out["copy_cpu_us"] / cpu_it_us, 3),
                     "turns_per_iteration": round(turns, 2),
                     "calls_per_iteration": _calls_per_iteration(counted, view, decision),
                     "checked_in_full": agents[0].last["rechecked"], "refused": agents[0].last["failed"]})
    out["rows"] = rows
    out["load_average_after"] = round(os.getloadavg()[0], 2)
    release.set()
    return out


def _calls_per_iteration(agent, view, decision) -> int:
    """Python and C calls an iteration makes (cProfile's count over one search; the same for a seed on any
    machine and load: the deterministic figure beside the timings)."""
    import cProfile
    import pstats
    prof = cProfile.Profile()
    prof.enable()
    agent.decide(view, decision)
    prof.disable()
    return round(pstats.Stats(prof).total_calls / agent.last["iterations"])


def _print_search_speed(out: dict) -> None:
    print(f"search bot at a mid-game Dominion decision (turn {out['turn']}, {out['actions']} actions, "
          f"{out['answers_since_turn_start']} answers since its turn began); load average {out['load_average']} "
          f"-> {out['load_average_after']}")
    print(f"copy of the position: {out['copy_us']:.0f} us ({out['copy_cpu_us']:.0f} us of CPU)")
    print(f"{'rollout cap (turns)':>20} {'iterations/s':>13} {'/CPU s':>7} {'us/iteration':>13} {'copy share':>11} "
          f"{'turns/iteration':>16} {'calls/iteration':>16}")
    for r in out["rows"]:
        print(f"{r['cap']:>20} {r['iterations_per_s']:>13} {r['iterations_per_cpu_s']:>7} {r['iteration_us']:>13} "
              f"{r['copy_share']:>11.3f} {r['turns_per_iteration']:>16.2f} {r['calls_per_iteration']:>16}")
    print("(target: 3,000 iterations/s per core; a copy at most 0.25 of an iteration. Wall and CPU seconds: on a "
          "busy machine the CPU figure is the one per core; copy share in CPU time)")


def _games_per_s(run, n: int) -> float:
    t0 = time.perf_counter()
    run(n)
    return n / (time.perf_counter() - t0)


def _reference(n: int) -> None:
    for s in range(n):
        hand_written_big_money(s)


def _bot_games(game, bots):
    from cardlang.agents import make_agent
    from cardlang.runtime.engine import play_game

    def run(n: int) -> None:
        for s in range(n):
            play_game(game, [make_agent(game, b, s + j) for j, b in enumerate(bots)], s)
    return run


def instructions_per_game(run, n: int, rounds: int = 6) -> float:
    """Python bytecodes executed per game by RUN(n), counted with sys.settrace's opcode events: a figure that
    does not depend on the machine's load (only Python frames count; a call into C is one instruction, and the
    reference's own hand-written loop can be counted the same way). Settled (issue 25): the very games
    counted are played once first, uncounted, so that every function of the game they reach is linked from
    the cache or generated (compile/codecache.py), every bot made and every table built once is there; then
    they are counted again until two counts in a row agree (at most ROUNDS), with the cycle collector run
    before and held off during a count (a collection could close a generator or run a finaliser at a point
    that depends on what the process did before). The figure is then play only, the same in any process
    whatever the cache held, and the same for a commit from run to run."""
    run(n)  # the counted games themselves, uncounted: every one-off thing they do is done
    counts: list[int] = []
    for _ in range(rounds):
        counts.append(_count_opcodes(run, n))
        if counts[-2:-1] == counts[-1:]:
            break
    else:
        print(f"warning: bytecodes a game not settled after {rounds} counts ({counts}): the last is shown",
              file=sys.stderr)
    return counts[-1] / n


def _count_opcodes(run, n: int) -> int:
    """Opcode events of RUN(n), the cycle collector run first and held off meanwhile."""
    import gc
    count = [0]

    def local(frame, event, arg):
        if event == "opcode":
            count[0] += 1
        return local

    def tracer(frame, event, arg):
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        return local

    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    old = sys.gettrace()
    sys.settrace(tracer)
    try:
        run(n)
    finally:
        sys.settrace(old)
        if was_enabled:
            gc.enable()
    return count[0]


def _fresh_env() -> dict:
    """The environment of a fresh process as a user's would be: bytecode kept (an installed package has its
    .pyc files; this machine may set PYTHONDONTWRITEBYTECODE, which would make every run compile cardlang's
    own modules again), in a folder of this run so the checkout is not written to."""
    import os
    import tempfile
    global _PYC
    if _PYC is None:
        _PYC = tempfile.mkdtemp(prefix="cardlang-bench-pyc-")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = _PYC
    env["PYTHONPATH"] = str(ROOT)
    return env


_PYC: str | None = None


def _in_fresh_processes(code: str, runs: int = 5) -> list[float]:
    """Run CODE (which prints seconds) in a fresh process: once to fill the caches, then RUNS times; the medians of
    each printed figure."""
    cmd = [sys.executable, "-c", code]
    env = _fresh_env()
    subprocess.run(cmd, capture_output=True, cwd=ROOT, check=False, env=env)
    rows = []
    for _ in range(runs):
        out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, check=False, env=env)
        try:
            rows.append([float(x) for x in out.stdout.split()])
        except ValueError:
            return [float("nan")]
    return [statistics.median(col) for col in zip(*rows)] if rows else [float("nan")]


def _startup_seconds() -> float:
    """Python's own start-up, with nothing of cardlang: what every command pays before any of our code."""
    times = []
    env = _fresh_env()
    for _ in range(4):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], cwd=ROOT, check=False, env=env)
        times.append(time.perf_counter() - t0)
    return statistics.median(times[1:])


def _load_seconds(game_id: str) -> list[float]:
    """[seconds to import cardlang's loader, seconds of load_game, processor seconds of load_game, seconds of
    the first bot game after it, seconds of the same game played again] in a fresh process once the user
    cache holds the game's parsed files and code (a first run fills it): what loading a game costs a
    command, less Python's start-up. A cached load binds each function to its constants only when it first
    runs (codecache.Unbound), so the first game pays that, and making its bots; the second game shows what
    the first paid more."""
    bots = next(b for gid, b, _ in TARGETS.values() if gid == game_id)
    code = ("import time; t = time.perf_counter(); from cardlang.compile.game import load_game; "
            f"t1 = time.perf_counter(); c1 = time.process_time(); g = load_game({game_id!r}); "
            "t2 = time.perf_counter(); c2 = time.process_time(); "
            "from cardlang.agents import make_agent; from cardlang.runtime.engine import play_game\n"
            "def one():\n"
            "    t = time.perf_counter()\n"
            f"    play_game(g, [make_agent(g, b, 1 + j) for j, b in enumerate({bots!r})], 1)\n"
            "    return time.perf_counter() - t\n"
            "print(t1 - t, t2 - t1, c2 - c1, one(), one())")
    got = _in_fresh_processes(code)
    return got if len(got) == 5 else [float("nan")] * 5


def _check_seconds(full: bool = False) -> float:
    """Wall time of `cardlang check cards games` as a user runs it (a fresh process, Python's start-up
    included), once the cache is filled; FULL: the check the entry point runs when no answer is stored
    (cli/check.run_check, as after an edit of one card)."""
    run = ("[sys.executable, '-c', 'from cardlang.cli.check import parse_args, run_check; "
           "raise SystemExit(run_check(*parse_args([\"cards\", \"games\"])))']" if full else
           "[sys.executable, '-m', 'cardlang', 'check', 'cards', 'games']")
    code = (f"import subprocess, sys, time; t = time.perf_counter(); subprocess.run({run}, capture_output=True); "
            "print(time.perf_counter() - t)")
    return _in_fresh_processes(code)[0]


def _check_after_edit_seconds(game_id: str = "warring-kingdom", runs: int = 5) -> float:
    """Wall time of `cardlang check cards games` right after an edit of one card of GAME_ID (a blank line
    added, new bytes every run), in a copy of the project with a cache of its own, filled by one check of
    the unedited copy: that game is parsed (the one file) and compiled again, the others are known clean.
    (With the user's own cache, the bytes of an earlier run's edits would be found there.) Median of RUNS
    fresh processes."""
    import shutil
    import tempfile
    env = _fresh_env()
    with tempfile.TemporaryDirectory(prefix="cardlang-bench-home-") as home:
        for part in ("games", "cards"):
            shutil.copytree(ROOT / part, Path(home) / part)
        env = dict(env, CARDLANG_HOME=home, CARDLANG_CACHE=str(Path(home) / "cache"))
        cmd = [sys.executable, "-m", "cardlang", "check", "cards", "games"]
        subprocess.run(cmd, capture_output=True, cwd=home, check=False, env=env)
        card = sorted((Path(home) / "cards" / game_id).rglob("*.card"))[0]
        times = []
        for _ in range(runs):
            with open(card, "a", encoding="utf-8") as f:
                f.write("\n")
            t = time.perf_counter()
            subprocess.run(cmd, capture_output=True, cwd=home, check=False, env=env)
            times.append(time.perf_counter() - t)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="Dominion games per run (other games scale from it)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    ap.add_argument("--only", nargs="*", default=None, help="targets to run (default: all)")
    ap.add_argument("--no-load", action="store_true", help="skip the load and check timings")
    ap.add_argument("--load-only", action="store_true", help="only the load and check timings")
    ap.add_argument("--parse", action="store_true", help="measure parse and check speed instead of games per second")
    ap.add_argument("--instructions", type=int, default=0, metavar="N",
                    help="also count Python bytecodes per game over N games per target (N x share; slow)")
    ap.add_argument("--search", action="store_true", help="measure the search bot's speed instead")
    ap.add_argument("--without", nargs="+", default=None, metavar="PASS",
                    help="also time each game compiled without these passes, in the same rounds")
    args = ap.parse_args(argv)
    if args.parse:
        parse_speed()
        return 0
    if args.search:
        got = search_speed(args.repeat)
        if args.json:
            print(json.dumps(got, indent=2))
        else:
            _print_search_speed(got)
        return 0
    from cardlang.compile.game import load_game
    from cardlang.compile.passes import SWITCHABLE, Options

    unknown = sorted(set(args.without or ()) - SWITCHABLE)
    if unknown:
        print(f"error: no switchable pass {', '.join(unknown)} (compile/passes.py: {', '.join(sorted(SWITCHABLE))})",
              file=sys.stderr)
        return 2
    fewer = Options(SWITCHABLE - set(args.without)) if args.without else None
    chosen = [] if args.load_only else [t for t in TARGETS if not args.only or any(o in t for o in args.only)]
    games = {}
    rows = []
    ref_games = max(args.games * 5, 100)
    for target in chosen:
        gid, bots, scale = TARGETS[target]
        if gid not in games:
            games[gid] = load_game(gid)
        run = _bot_games(games[gid], bots)
        n = max(int(args.games * scale), 5)
        run(min(n, 5))  # warm-up
        plain = None
        if fewer is not None:
            plain = _bot_games(load_game(gid, options=fewer), bots)
            plain(min(n, 5))
        ours, ref, without = [], [], []
        for _ in range(args.repeat):  # interleaved, so that load from other work hits both alike
            ref.append(_games_per_s(_reference, ref_games))
            ours.append(_games_per_s(run, n))
            if plain is not None:
                without.append(_games_per_s(plain, n))
        o, r = statistics.median(ours), statistics.median(ref)
        rows.append({"target": target, "games": n, "games_per_s": round(o, 1), "reference_games_per_s": round(r, 1),
                     "ratio": round(o / r, 4), "goal_ratio": GOALS.get(target)})
        if plain is not None:
            w = statistics.median(without)
            rows[-1].update(without=sorted(args.without), ratio_without=round(w / r, 4), speedup=round(o / w, 3))
        if args.instructions:
            rows[-1]["instructions_per_game"] = round(instructions_per_game(run, max(1, int(args.instructions * scale))))
            rows[-1]["reference_instructions_per_game"] = round(instructions_per_game(_reference, 20))
            if plain is not None:
                rows[-1]["instructions_without"] = round(instructions_per_game(plain, max(1, int(args.instructions * scale))))
    out = {"targets": rows}
    if not args.no_load:
        out["startup_seconds"] = round(_startup_seconds(), 3)
        loads = {gid: _load_seconds(gid) for gid in TARGETS_GAMES()}
        out["import_seconds"] = round(statistics.median(got[0] for got in loads.values()), 3)
        for i, key in enumerate(("load_seconds", "load_cpu_seconds", "first_game_seconds", "next_game_seconds")):
            out[key] = {gid: round(got[i + 1], 3) for gid, got in loads.items()}
        out["check_seconds"] = round(_check_seconds(), 3)
        out["check_full_seconds"] = round(_check_seconds(full=True), 3)
        out["check_after_edit_seconds"] = round(_check_after_edit_seconds(), 3)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    if rows:
        print(f"{'target':42} {'games/s':>9} {'reference':>10} {'ratio':>7}")
    for row in rows:
        goal = f"  (goal {row['goal_ratio']:.2f})" if row["goal_ratio"] else ""
        instr = (f"  {row['instructions_per_game']:,} instructions a game (the loop "
                 f"{row['reference_instructions_per_game']:,})" if "instructions_per_game" in row else "")
        print(f"{row['target']:42} {row['games_per_s']:9.1f} {row['reference_games_per_s']:10.0f} "
              f"{row['ratio']:7.4f}{goal}{instr}")
        if "without" in row:
            instr = f", {row['instructions_without']:,} instructions a game" if "instructions_without" in row else ""
            print(f"{'':42} without {', '.join(row['without'])}: ratio {row['ratio_without']:.4f}, "
                  f"{row['speedup']:.3f}x with them{instr}")
    if "load_seconds" in out:
        print(f"python start-up: {out['startup_seconds'] * 1000:.0f} ms; importing cardlang's loader: "
              f"{out['import_seconds'] * 1000:.0f} ms (fresh processes)")
        for gid, sec in out["load_seconds"].items():
            print(f"load_game {gid}: {sec * 1000:.0f} ms (cached; {out['load_cpu_seconds'][gid] * 1000:.0f} ms "
                  f"of processor time); its first bot game {out['first_game_seconds'][gid] * 1000:.0f} ms, "
                  f"the same game again {out['next_game_seconds'][gid] * 1000:.0f} ms")
        print(f"cardlang check cards games: {out['check_seconds']:.2f} s once cached, {out['check_full_seconds']:.2f} s "
              f"run in full, {out['check_after_edit_seconds']:.2f} s after an edit of one Warring Kingdom card "
              "(fresh processes, start-up included)")
    return 0


def TARGETS_GAMES() -> list[str]:
    return sorted({gid for gid, _, _ in TARGETS.values()})


# ---- parallel simulation (issue 12): self-contained, run as `python tools/benchmark.py parallel` ---------

def parallel_speedup(games: int = 4000, workers: int = 2) -> float:
    """Games/s of WORKERS pool processes over one worker on the same job, in the same run (target: 1.8x on
    2 cores). Measured three ways: steady rates (each side warmed up by one run first: a process plays its
    first few hundred games slower while Python specialises the hot code), the pool's first run with its
    start-up (spawning, each worker compiling the game), and the command a user types (`simulate --workers
    1` against `--workers N`, fresh processes, load included). Returns the steady ratio."""
    from cardlang.compile.game import load_game
    from cardlang.simulation.parallel import InProcess, Job, local_pool, prime, run
    job = Job("dominion", ("big-money", "smithy-bm"), 1)
    prime(job, load_game("dominion"))
    run(job, games // 4, InProcess(), 1)  # warm-up
    one = run(job, games, InProcess(), 1)
    pool = local_pool(workers)
    try:
        cold = run(job, games, pool, workers)
        warm = run(job, games, pool, workers)
    finally:
        pool.shutdown(wait=True)
    assert one.totals.wins == cold.totals.wins == warm.totals.wins
    r1, rc, rw = games / one.seconds, games / cold.seconds, games / warm.seconds
    print(f"simulate {games} Dominion games (big-money vs smithy-bm), in one process: 1 worker {r1:.0f} games/s, "
          f"{workers} workers {rw:.0f} games/s (ratio {rw / r1:.2f}); the pool's first run, start-up counted: "
          f"{rc:.0f} games/s (ratio {rc / r1:.2f})")
    cli = {}
    for n in (1, workers):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "cardlang", "simulate", "dominion", "--players", "big-money,smithy-bm",
                        "--games", str(5 * games), "--workers", str(n), "--json"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL, env=_env())
        cli[n] = 5 * games / (time.perf_counter() - t)
    print(f"cardlang simulate --games {5 * games}: --workers 1 {cli[1]:.0f} games/s, --workers {workers} "
          f"{cli[workers]:.0f} games/s (ratio {cli[workers] / cli[1]:.2f}, load and start-up included)")
    return rw / r1


def _env() -> dict:
    import os
    return dict(os.environ, PYTHONPATH=str(ROOT))


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


# ---- the balance lab's statistics (issue 23): `python tools/benchmark.py stats` ---------------------------

def compare_statistics_seconds(games: int = 40_000) -> float:
    """Seconds `compare` spends on statistics after GAMES games an arm (the issue's budget: under a second at
    40,000; the exact sign test it replaced took minutes): arms of two bots, results drawn at random, one
    seed in five changed by the edit."""
    import random
    import time

    from cardlang.lab.compare import ArmOutcomes, Comparison, text_lines
    rng = random.Random(1)
    a, b = ArmOutcomes(["x", "y"]), ArmOutcomes(["x", "y"])
    for g in range(games):
        w = rng.choice(([0], [1], [0, 1]))
        a.add({"game": g, "winners": w})
        b.add({"game": g, "winners": w if rng.random() < 0.8 else rng.choice(([0], [1]))})
    began, cpu = time.perf_counter(), time.process_time()
    c = Comparison(["x", "y"], a, b, ("A", "B"))  # scipy is imported by the first test: counted here
    c.to_json()
    text_lines(c, "benchmark")
    seconds, cpu = time.perf_counter() - began, time.process_time() - cpu
    print(f"compare's statistics after {games} games an arm, importing scipy included: {cpu * 1000:.0f} ms of "
          f"processor time ({seconds * 1000:.0f} ms wall clock; budget: 1000 ms)")
    return cpu


if __name__ == "__main__":
    if sys.argv[1:2] == ["stats"]:
        compare_statistics_seconds(int(sys.argv[2]) if len(sys.argv) > 2 else 40_000)
    elif sys.argv[1:2] == ["parallel"]:
        parallel_speedup(int(sys.argv[2]) if len(sys.argv) > 2 else 4000)
        memory_by_games()
    else:
        sys.exit(main())
