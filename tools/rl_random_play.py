"""Masked random play in the RL environment (issue 26's target: 1,000 games per game, no illegal action): each
game played by agents that pick uniformly among the actions their observation's mask marks legal, through the
PettingZoo AEC loop an agent uses (`last()` at every step: the observation is made each time). An action the
environment refuses (IllegalMove) or an answer the runtime refuses (IllegalAction) is counted as illegal, with
the game's seed, and the game is abandoned; the tool exits 1 if there was any. Prints per game: how many games
ended by the rules or at the turn limit, the actions taken, the time and the rates; and, when there were any,
legal actions the action space had no number for (rl/layout.py's caps) and answers the environment gave for
seats already out of the game.

    python tools/rl_random_play.py [--games 1000] [--game dominion,...] [--players 2] [--seed 0] [--max-turns T]

Needs the optional extra cardlang[rl].
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from a checkout
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

import cardlang.rl as rl  # noqa: E402
from cardlang.runtime.engine import MAX_TURNS  # noqa: E402
from cardlang.runtime.state import IllegalAction  # noqa: E402

GAMES = ["dominion", "warring-kingdom", "greedy-kingdoms", "fall-of-kingdoms"]


def play(game: str, games: int, players: int, seed: int, max_turns: int) -> dict:
    env = rl.raw_env(game, players=players, seed=seed, max_turns=max_turns)
    rng = np.random.default_rng(seed)
    out = {"finished": 0, "stopped": 0, "steps": 0, "illegal": [], "turns": [], "forced": 0, "unnumbered": 0}
    start = time.perf_counter()
    for g in range(games):
        env.reset(seed=seed + g)
        try:
            for agent in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                out["steps"] += 1
        except (rl.IllegalMove, IllegalAction) as e:
            out["illegal"].append((seed + g, str(e)))
            continue
        result = env.match.result
        out["stopped" if result.stopped else "finished"] += 1
        out["turns"].append(result.state.turn_number)
        out["forced"] += env.forced
        out["unnumbered"] += len(env.unnumbered)
    out["seconds"] = time.perf_counter() - start
    env.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--game", default=",".join(GAMES), help="comma-separated game ids (default: the four)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0, help="the first game's seed (game k: seed + k)")
    ap.add_argument("--max-turns", type=int, default=MAX_TURNS)
    a = ap.parse_args()
    if a.games < 1 or a.max_turns < 1:
        ap.error("--games and --max-turns must be at least 1")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"masked random play, {a.players} players, seeds {a.seed}..{a.seed + a.games - 1}, turn limit "
          f"{a.max_turns}, load average {load:.2f}")
    print(f"{'game':18} {'games':>6} {'by rules':>8} {'at limit':>8} {'illegal':>7} {'actions':>9} "
          f"{'turns (median)':>14} {'seconds':>8} {'games/s':>8} {'actions/s':>9}")
    bad = 0
    for game in a.game.split(","):
        r = play(game, a.games, a.players, a.seed, a.max_turns)
        bad += len(r["illegal"])
        turns = statistics.median(r["turns"]) if r["turns"] else 0
        s = r["seconds"]
        print(f"{game:18} {a.games:>6} {r['finished']:>8} {r['stopped']:>8} {len(r['illegal']):>7} "
              f"{r['steps']:>9,} {turns:>14} {s:>8.1f} {a.games / s:>8.2f} {r['steps'] / s:>9,.0f}", flush=True)
        if r["unnumbered"] or r["forced"]:
            print(f"  legal actions without a number: {r['unnumbered']}; answers for seats out: {r['forced']}")
        for seed, why in r["illegal"][:5]:
            print(f"  illegal action in the game of seed {seed}: {why}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
