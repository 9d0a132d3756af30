"""Soak: random agents, and each game's bots, play every game at every player count it allows (and with each
variant), with the invariants (cardlang/runtime/invariants.py) checked after every step: each card in exactly
one zone, finite banks conserved, counters within their bounds. A violation prints the game, its seed, the
step and a command that replays it; the run exits 1.

    python tools/soak.py [--games 10000] [--bot-games 1000] [--game dominion] [--players 4 | 2-4]
                         [--variant standard | NAME] [--workers N] [--max-turns 300]

`--game`, `--players` and `--variant` pick the cases, so a long soak can be run a case at a time (`--game
dominion --players 4 --variant standard --bot-games 0` is one case); each row prints the time it took.

Every game stops at --max-turns (300 by default, below the engine's 1000): random agents in Warring Kingdom
throw away half their army most turns and many of their games never end, and a game past 300 turns adds
steps, not new situations. Games stopped there are counted and printed in each row, never hidden.
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardlang.compile.game import game_ids, load_game  # noqa: E402
from cardlang.simulation.parallel import InProcess, Job, RunFailed, local_pool, replay_command, run  # noqa: E402


@dataclass
class Case:
    game: str
    players: tuple[str, ...]
    variants: tuple[str, ...]
    games: int

    @property
    def label(self) -> str:
        who = "random" if set(self.players) == {"random"} else ",".join(self.players)
        return f"{self.game} {len(self.players)}p {'+'.join(self.variants) or 'standard'} {who}"


def cases(games: int, bot_games: int, only: list[str] | None = None, variant_games: int | None = None,
          players: tuple[int, int] | None = None, variants: list[str] | None = None) -> list[Case]:
    """Every game, player count and variant with random agents (GAMES each; VARIANT_GAMES for a variant),
    and the game's bots in groups that fill the seats (BOT_GAMES in all per player count, shared by the
    groups so that every bot plays). PLAYERS (lowest, highest) keeps only those player counts; VARIANTS
    only those variants ("standard": none; the bots play the standard game)."""
    out: list[Case] = []
    for gid in only or game_ids():
        g = load_game(gid)
        lo, hi = g.players
        if players is not None:
            lo, hi = max(lo, players[0]), min(hi, players[1])
        bots = sorted(n for n, b in g.bots.items() if not b.helper)  # helpers (`helper bot`) take no seat
        standard = variants is None or "standard" in variants
        for n in range(lo, hi + 1):
            if standard:
                out.append(Case(gid, ("random",) * n, (), games))
            for name, v in g.spec.variants.items():
                if (v.players is None or v.players[0] <= n <= v.players[1]) and (variants is None or name in variants):
                    out.append(Case(gid, ("random",) * n, (name,), variant_games or games))
            if bots and bot_games and standard:
                groups = max(1, -(-len(bots) // n))
                for k in range(groups):
                    seats = tuple(bots[(k * n + j) % len(bots)] for j in range(n))
                    out.append(Case(gid, seats, (), max(1, bot_games // groups)))
    return out


def soak(todo: list[Case], *, workers: int, seed: int = 1, max_turns: int = 300, check_every: int = 1,
         out=sys.stdout) -> tuple[int, list[tuple[Case, dict]], float]:
    """Play every case; print a row for each. Returns (games played, violations, seconds)."""
    pool = InProcess() if workers <= 1 else local_pool(workers)
    began = time.perf_counter()
    played = 0
    found: list[tuple[Case, dict]] = []
    print(f"soak: seed {seed}, turn cap {max_turns}, invariants after every step"
          + (f" of every {check_every}th game (the others at their end)" if check_every > 1 else "")
          + f", {workers} worker(s)", file=out)
    print(f"{'case':52} {'games':>6} {'at cap':>6} {'broken':>6} {'seconds':>8}", file=out)
    try:
        for c in todo:
            job = Job(c.game, c.players, seed, variants=c.variants, check=True, max_turns=max_turns,
                      check_every=check_every)
            t0 = time.perf_counter()
            o = run(job, c.games, pool, max(1, workers), local=not isinstance(pool, InProcess))
            if o.partial:
                raise KeyboardInterrupt
            played += o.totals.games + len(o.violations)
            print(f"{c.label:52} {c.games:>6} {o.totals.stopped:>6} {len(o.violations):>6} "
                  f"{time.perf_counter() - t0:>8.1f}", file=out, flush=True)
            for v in o.violations:
                found.append((c, v))
                print(f"  VIOLATION game {v['game']} seed {v['seed']} seats {','.join(v['seats'])} turn "
                      f"{v['turn']}: {v['error']}\n    replay: {replay_command(job, v['game'])}", file=out)
    finally:
        pool.shutdown(wait=True)
    seconds = time.perf_counter() - began
    print(f"{played} games, {len(found)} violation(s), {seconds:.0f} s", file=out)
    return played, found, seconds


def _players(text: str) -> tuple[int, int]:
    """`4` or `2-4`."""
    lo, _, hi = text.partition("-")
    try:
        low, high = int(lo), int(hi or lo)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a player count (N) or a range (LO-HI)") from None
    if not 1 <= low <= high:
        raise argparse.ArgumentTypeError(f"{text!r}: player counts go from 1 up, lowest first")
    return low, high


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000, help="random-agent games per game, player count, variant")
    ap.add_argument("--bot-games", type=int, default=None, help="bot games per game and player count "
                    "(default: a tenth of --games)")
    ap.add_argument("--game", action="append", help="only this game (repeat for several)")
    ap.add_argument("--players", type=_players, default=None, metavar="N|LO-HI",
                    help="only this player count, or these (default: every count the game allows)")
    ap.add_argument("--variant", action="append", help="only this variant, `standard` for none (repeat for several)")
    ap.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    ap.add_argument("--max-turns", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    from cardlang.cli.simulate import default_workers
    unknown = [g for g in a.game or () if g not in game_ids()]
    if unknown:
        print(f"error: unknown game {', '.join(unknown)} (games: {', '.join(game_ids())})", file=sys.stderr)
        return 2
    bot_games = a.games // 10 if a.bot_games is None else a.bot_games
    todo = cases(a.games, bot_games, a.game, players=a.players, variants=a.variant)
    known = {"standard"} | {v for gid in a.game or game_ids() for v in load_game(gid).spec.variants}
    unknown = sorted(set(a.variant or ()) - known)
    if unknown or not todo:
        what = f"unknown variant {', '.join(unknown)} (variants: {', '.join(sorted(known))})" if unknown else \
            "no case has these players and variants"
        print(f"error: {what}", file=sys.stderr)
        return 2
    try:
        _, found, _ = soak(todo, workers=a.workers or default_workers(), seed=a.seed, max_turns=a.max_turns)
    except RunFailed as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
