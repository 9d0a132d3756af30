"""Many bot games: every seating in turn, results stream out, only running totals are kept.

A run is a range of game indices. Game g's seed is `game_seed(seed, g)` whatever else is played, so any
split of the range into batches, played anywhere, gives the same games. A batch's result (`Batch`) holds
mergeable totals and accumulators: merged in game order they are exactly those of one long run. What runs
the batches (one process, a pool, a cluster) is cardlang/simulation/parallel.py's business, not this module's.
"""
from __future__ import annotations

import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from cardlang.agents import make_agent, without
from cardlang.runtime.engine import MAX_TURNS, play_out, setup_into
from cardlang.runtime.checker import InvariantChecker
from cardlang.runtime.invariants import InvariantViolation
from cardlang.simulation.seating import bot_of_seat as _bots_by_seat


@dataclass
class Totals:
    """What a run adds up to. Wins are kept as counts per tie size, so sums never depend on the order in
    which batches are merged (float sums of thirds would)."""

    players: list[str]
    games: int = 0
    shares: list[Counter] = field(default_factory=list)  # shares[i][k]: games player i won with k winners
    ties: int = 0
    stopped: int = 0
    turn_hist: Counter = field(default_factory=Counter)  # total turns per game -> count (flat memory)
    seconds: float = 0.0                                  # timing only: never part of a result

    def __post_init__(self) -> None:
        if not self.shares:
            self.shares = [Counter() for _ in self.players]

    @property
    def wins(self) -> list[float]:
        """Wins per player, a shared win counting 1/k (summed per tie size, in a fixed order)."""
        return [sum((c / k for k, c in sorted(s.items())), 0.0) for s in self.shares]

    @property
    def outright(self) -> list[int]:
        return [s.get(1, 0) for s in self.shares]

    def add(self, bot_of_seat: list[int], result) -> None:
        self.games += 1
        self.turn_hist[sum(result.turns)] += 1
        if result.stopped:
            self.stopped += 1
        k = len(result.winners)
        if k != 1:
            self.ties += 1
        for w in result.winners:
            self.shares[bot_of_seat[w]][k] += 1

    def merge(self, other: "Totals") -> None:
        self.games += other.games
        for ours, theirs in zip(self.shares, other.shares):
            ours.update(theirs)
        self.ties += other.ties
        self.stopped += other.stopped
        self.turn_hist.update(other.turn_hist)
        self.seconds += other.seconds

    @property
    def mean_turns(self) -> float:
        n = sum(self.turn_hist.values())
        return sum(k * v for k, v in sorted(self.turn_hist.items())) / n if n else 0.0

    @property
    def median_turns(self) -> float:
        n = sum(self.turn_hist.values())
        if not n:
            return 0.0
        seen = 0
        lo = hi = None
        for k in sorted(self.turn_hist):
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
        half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
        return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Batch:
    """The result of playing games [start, stop): totals, optional per-game records, the accumulators'
    states, and the games whose invariants broke (with `check`). Plain data: it crosses process borders."""

    start: int
    stop: int
    totals: Totals
    records: list[dict] | None = None
    accumulators: list = field(default_factory=list)
    violations: list[dict] = field(default_factory=list)
    error: str | None = None  # a rendered source error that stopped the batch (nothing of it is reported)
    seconds: float = 0.0

    def merge(self, later: "Batch") -> None:
        """Append a batch that follows this one in game order."""
        self.stop = later.stop
        self.totals.merge(later.totals)
        if self.records is not None and later.records is not None:
            self.records.extend(later.records)
        for ours, theirs in zip(self.accumulators, later.accumulators):
            ours.merge(theirs)
        self.violations.extend(later.violations)
        self.seconds += later.seconds


def game_seed(seed: int, i: int) -> int:
    return random.Random(seed * 1_000_003 + i).getrandbits(31)


def seating(players: list[str], g: int) -> tuple[list[str], list[int]]:
    """Who sits where in game g: every seating in turn (cardlang/simulation/seating.py), so the order PLAYERS are
    listed in changes nothing beyond noise. Returns the bot name in each seat and, for each seat, the index
    of the bot in PLAYERS."""
    seats = _bots_by_seat(len(players), g)
    return [players[b] for b in seats], seats


def play_games(game, players: list[str], seed: int, start: int, stop: int, *, pools=None, variants=(),
               records: bool = False, accumulators=(), check: bool = False, max_turns: int = MAX_TURNS,
               check_every: int = 1, on_game: Callable[[dict], None] | None = None, banned=()) -> Batch:
    """Play games START..STOP-1 of the run with this seed. ACCUMULATORS are fresh objects with
    `add(game_index, seats, result)` (and optionally `watch(state, game_index, seats)`, called before
    set-up, e.g. to attach a listener) and `merge(other)`; a dict that `add` returns is added to the game's
    per-game record (so its figures can be recounted from the lines). They travel between processes:
    keep no game state in them past `add`. BANNED ((bot index, card names) pairs) takes those cards out of
    those bots' choices (cardlang.agents.Without: an ablation). With CHECK, the invariants are checked after
    every mutation (in every CHECK_EVERY-th game; the others once, at the end); a game that breaks one (or
    raises) is recorded as a violation and not counted."""
    t = Totals(list(players))
    batch = Batch(start, stop, t, [] if records else None, list(accumulators))
    began = time.perf_counter()
    variants = frozenset(variants)
    for g in range(start, stop):
        s = game_seed(seed, g)
        seats, bot_of_seat = seating(players, g)
        agents = [make_agent(game, name, s + j) for j, name in enumerate(seats)]
        if banned:
            agents = without(agents, bot_of_seat, banned)
        state = game.new_state(len(agents), s)
        state.variants = variants
        checker = InvariantChecker() if check else None
        state.check = checker if check and g % check_every == 0 else None
        for a in batch.accumulators:
            watch = getattr(a, "watch", None)
            if watch is not None:
                watch(state, g, seats)
        try:
            setup_into(game, state, agents, pools=pools)
            r = play_out(game, state, max_turns)
        except Exception as e:  # noqa: BLE001 - a soak reports any failure with its seed and goes on
            if checker is None:
                raise
            batch.violations.append({"game": g, "seed": s, "seats": seats, "turn": state.turn_number,
                                     "step": checker.steps, "error": _describe(e)})
            continue
        if checker is not None:
            try:
                checker.final(state)
            except InvariantViolation as e:
                batch.violations.append({"game": g, "seed": s, "seats": seats, "turn": state.turn_number,
                                         "step": checker.steps, "error": str(e)})
                continue
        t.add(bot_of_seat, r)
        fields = [a.add(g, seats, r) for a in batch.accumulators]
        rec = None
        if records or on_game is not None:
            rec = {"game": g, "seed": s, "seats": seats, "scores": r.scores, "turns": r.turns,
                   "winners": r.winners}
            for extra in fields:
                if extra:
                    rec.update(extra)
        if records:
            batch.records.append(rec)
        if on_game is not None:
            on_game(rec)
    batch.seconds = t.seconds = time.perf_counter() - began
    return batch


def _describe(e: Exception) -> str:
    if isinstance(e, InvariantViolation):
        return str(e)
    render = getattr(e, "render", None)
    text = render() if callable(render) else str(e)
    return f"{e.__class__.__name__}: {text}"


def simulate(game, players: list[str], games: int, seed: int, *, pools=None,
             on_game: Callable[[dict], None] | None = None, progress: Callable[[int], None] | None = None,
             variants=(), accumulators=()) -> Totals:
    """Play GAMES games in this process (the plain Python call; the CLI runs batches in parallel).

    ACCUMULATORS collect what else the caller wants of each game (`play_games`): the lab's
    cardlang.lab.stats.StatsAccumulator counts each game's cards, seats and end from its events, and those
    figures go into the per-game records too."""
    def each(rec: dict) -> None:
        if on_game is not None:
            on_game(rec)
        if progress is not None:
            progress(1)
    return play_games(game, players, seed, 0, games, pools=pools, variants=variants, on_game=each,
                      accumulators=accumulators).totals
