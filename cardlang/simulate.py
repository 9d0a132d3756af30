"""Many bot games in one process: seats rotate, results stream out, only running totals are kept."""
from __future__ import annotations

import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterator

from cardlang.agents import make_agent
from cardlang.runtime.engine import play_game
from cardlang.stats import GameObserver


@dataclass
class Totals:
    players: list[str]
    games: int = 0
    wins: list[float] = field(default_factory=list)      # shared wins count as a fraction
    outright: list[int] = field(default_factory=list)
    ties: int = 0
    stopped: int = 0
    turn_hist: Counter = field(default_factory=Counter)  # total turns per game -> count (flat memory)
    seconds: float = 0.0

    @property
    def mean_turns(self) -> float:
        n = sum(self.turn_hist.values())
        return sum(k * v for k, v in self.turn_hist.items()) / n if n else 0.0

    @property
    def median_turns(self) -> float:
        n = sum(self.turn_hist.values())
        if not n:
            return 0.0
        seen = 0
        keys = sorted(self.turn_hist)
        lo = hi = None
        for k in keys:
            seen += self.turn_hist[k]
            if lo is None and seen >= (n + 1) // 2:
                lo = k
            if seen >= n // 2 + 1:
                hi = k
                break
        return (lo + hi) / 2 if n % 2 == 0 else float(lo)

    def interval(self, i: int) -> tuple[float, float]:
        """Wilson 95% interval of player i's win rate (shared wins counted fractionally)."""
        n = self.games
        if n == 0:
            return (0.0, 0.0)
        p = self.wins[i] / n
        z = 1.96
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
        return (max(0.0, centre - half), min(1.0, centre + half))


def game_seed(seed: int, i: int) -> int:
    return random.Random(seed * 1_000_003 + i).getrandbits(31)


def simulate(game, players: list[str], games: int, seed: int, *, pools=None,
             on_game: Callable[[dict], None] | None = None, progress: Callable[[int], None] | None = None,
             variants=(), stats=None) -> Totals:
    """Play GAMES games; bot i sits in seat (i + g) mod n in game g, so no bot keeps the first seat.

    STATS (a cardlang.stats.CardStats) also counts each game's cards, seats and end, from its events, and
    those figures go into the per-game records too."""
    n = len(players)
    t = Totals(players, wins=[0.0] * n, outright=[0] * n)
    start = time.perf_counter()
    for g in range(games):
        s = game_seed(seed, g)
        seats = [players[(j - g) % n] for j in range(n)]        # seat j is played by this bot
        bot_of_seat = [(j - g) % n for j in range(n)]
        agents = [make_agent(game, name, s + j) for j, name in enumerate(seats)]
        seen: list = []
        r = play_game(game, agents, s, pools=pools, variants=variants,
                      on_state=None if stats is None else lambda st: seen.append(GameObserver(st)))
        t.games += 1
        t.turn_hist[sum(r.turns)] += 1
        if r.stopped:
            t.stopped += 1
        if len(r.winners) != 1:
            t.ties += 1
        for w in r.winners:
            t.wins[bot_of_seat[w]] += 1 / len(r.winners)
            if len(r.winners) == 1:
                t.outright[bot_of_seat[w]] += 1
        if on_game is not None or stats is not None:
            rec = {"game": g, "seed": s, "seats": seats, "scores": r.scores, "turns": r.turns,
                   "winners": r.winners}
            if stats is not None:
                rec.update(seen[0].record())
                stats.add(rec)
            if on_game is not None:
                on_game(rec)
        if progress is not None:
            progress(1)
    t.seconds = time.perf_counter() - start
    return t
