"""A/B test of two versions of a card set: the same bots on the same seeds, seats rotating, and a paired test.

Game g of arm A and game g of arm B share the seed, the seating and the bots' own random streams, so the two
results of a seed are strongly correlated (common random numbers): the unit of the test is the *pair*. For
the compared bot, d_g = (its share of the win in B) - (in A), in [-1, 1]. We report

- the mean of d_g with a 95% interval mean +- 1.96 sd / sqrt(n) (the paired t interval; at the hundreds to
  thousands of games a comparison plays, t and normal quantiles agree to the third digit), and
- the p-value of the exact two-sided sign test on the discordant pairs (d_g != 0): under "the edit changes
  nothing" a changed result is as likely to go either way, so the number that went up is Binomial(k, 1/2).
  With wins and losses only this is McNemar's exact test. It assumes no distribution of d_g, and pairs whose
  result did not change (most of them, when the edit is small) carry no evidence either way.

Identical arms play identical games: every d_g is 0, the interval is [0, 0] and p = 1.

`ArmOutcomes` keeps each game's win shares in game order; `merge` appends a later batch, so results from
any number of workers, merged in game order, are the same. `ArmAccumulator` collects them in the batches of
a parallel run (cardlang/parallel.py). Knows no game and no card.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from cardlang.stats import Z95, wilson


@dataclass
class ArmOutcomes:
    """Each game's share of the win per bot (seats rotating as in `simulate`), in game order."""

    players: list[str]
    start: int = 0                                   # index of the first game held
    shares: list[tuple[float, ...]] = field(default_factory=list)

    def add(self, rec: dict[str, Any]) -> None:
        n = len(self.players)
        g = rec["game"]
        if g != self.start + len(self.shares):
            raise ValueError(f"game {g} arrived out of order (expected {self.start + len(self.shares)})")
        won = [0.0] * n
        for w in rec["winners"]:
            won[(w - g) % n] = 1 / len(rec["winners"])  # seat w is played by bot (w - g) mod n
        self.shares.append(tuple(won))

    def merge(self, other: "ArmOutcomes") -> "ArmOutcomes":
        """Append OTHER, the batch of games that follows these."""
        if not other.shares:
            return self
        if not self.shares:  # an empty batch (e.g. the first of none) holds no place in the order
            self.start = other.start
        if other.start != self.start + len(self.shares):
            raise ValueError("batches must be merged in game order")
        self.shares.extend(other.shares)
        return self

    @property
    def games(self) -> int:
        return len(self.shares)

    def wins(self, b: int) -> float:
        return sum(s[b] for s in self.shares)

    def figures(self) -> dict[str, Any]:
        n = self.games
        wins = [self.wins(b) for b in range(len(self.players))]
        return {"games": n, "wins": wins, "win_rates": [w / n if n else 0.0 for w in wins],
                "win_intervals": [list(wilson(w, n)) for w in wins]}


class ArmAccumulator:
    """ArmOutcomes as an accumulator of a parallel run: made per batch as `ArmAccumulator(game, players)`,
    it adds each game's win shares as the game ends and merges with the next batch in game order."""

    json_key = "arm"

    def __init__(self, game, players: list[str]) -> None:
        self.outcomes = ArmOutcomes(list(players))

    def add(self, game_index: int, seats: list[str], result) -> None:
        if not self.outcomes.shares:
            self.outcomes.start = game_index  # a batch starts where the run cut it
        self.outcomes.add({"game": game_index, "winners": result.winners})

    def merge(self, other: "ArmAccumulator") -> None:
        self.outcomes.merge(other.outcomes)

    def to_json(self) -> dict[str, Any]:
        return self.outcomes.figures()

    def text_lines(self) -> list[str]:
        return []


def sign_test(up: int, down: int) -> float:
    """Two-sided exact p-value that UP and DOWN changes are equally likely (Binomial(k, 1/2))."""
    k = up + down
    if k == 0:
        return 1.0
    tail = sum(math.comb(k, i) for i in range(min(up, down) + 1))
    return min(1.0, 2 * tail / 2 ** k)  # exact integers until this one division


def paired(a: ArmOutcomes, b: ArmOutcomes, bot: int) -> dict[str, Any]:
    """B minus A for one bot: the mean paired difference, its 95% interval and the sign test's p-value."""
    n = min(a.games, b.games)
    d = [b.shares[g][bot] - a.shares[g][bot] for g in range(n)]
    mean = sum(d) / n if n else 0.0
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n) if n else 0.0
    up = sum(1 for x in d if x > 0)
    down = sum(1 for x in d if x < 0)
    return {"player": a.players[bot], "difference": mean, "difference_interval": [mean - half, mean + half],
            "p_value": sign_test(up, down), "better": up, "worse": down, "same": n - up - down}


@dataclass
class Comparison:
    players: list[str]
    a: ArmOutcomes
    b: ArmOutcomes
    labels: tuple[str, str]

    def per_player(self) -> list[dict[str, Any]]:
        return [paired(self.a, self.b, i) for i in range(len(self.players))]

    def to_json(self) -> dict[str, Any]:
        rows = self.per_player()
        focus = rows[0]
        return {"players": self.players, "games": self.a.games,
                "a": {"arm": self.labels[0], **self.a.figures()}, "b": {"arm": self.labels[1], **self.b.figures()},
                "compared": focus["player"], "difference": focus["difference"],
                "difference_interval": focus["difference_interval"], "p_value": focus["p_value"],
                "per_player": rows,
                "test": "exact two-sided sign test on the seeds whose result changed (McNemar for win/loss); "
                        "interval: mean paired difference +- 1.96 standard errors"}


def play_arm(game, players: list[str], games: int, seed: int, *, pools=None, variants=(), stats=None,
             progress: Callable[[int], None] | None = None) -> ArmOutcomes:
    """One arm played in this process (the plain Python call; the commands run the arms in parallel, see
    cardlang/cli_simulate.py `play_arms`): GAMES games (and, given STATS, its per-card statistics)."""
    from cardlang.simulate import simulate
    out = ArmOutcomes(list(players))
    simulate(game, players, games, seed, pools=pools, on_game=out.add, progress=progress, variants=variants,
             stats=stats)
    return out


def run_compare(game_a, game_b, players: list[str], games: int, seed: int, *, labels: tuple[str, str],
                pools_a=None, pools_b=None, variants=(), progress: Callable[[int], None] | None = None,
                stats_a=None) -> Comparison:
    """Play GAMES games of each arm on the same seeds and seatings (STATS_A: statistics of arm A)."""
    a = play_arm(game_a, players, games, seed, pools=pools_a, variants=variants, stats=stats_a, progress=progress)
    b = play_arm(game_b, players, games, seed, pools=pools_b, variants=variants, progress=progress)
    return Comparison(list(players), a, b, labels)


def text_lines(c: Comparison, title: str) -> list[str]:
    a, b = c.a.figures(), c.b.figures()
    out = [f"{title}: {c.a.games} games per arm on the same seeds, seats rotating",
           f"A: {c.labels[0]}", f"B: {c.labels[1]}",
           f"{'player':20} {'A win % (95%)':>19} {'B win % (95%)':>19} {'B - A, points (95%)':>24} {'p':>9}"]
    for i, row in enumerate(c.per_player()):
        lo, hi = row["difference_interval"]
        label = c.players[i] if c.players.count(c.players[i]) == 1 else f"{c.players[i]} #{i + 1}"

        def arm(f: dict) -> str:
            iv = f["win_intervals"][i]
            return f"{100 * f['win_rates'][i]:5.1f} ({100 * iv[0]:.1f}-{100 * iv[1]:.1f})"
        diff = f"{100 * row['difference']:+5.1f} ({100 * lo:+.1f} to {100 * hi:+.1f})"
        out.append(f"{label[:20]:20} {arm(a):>19} {arm(b):>19} {diff:>24} {row['p_value']:9.2g}")
    first = c.per_player()[0]
    out.append(f"{first['player']}: result better in B on {first['better']} seeds, worse on {first['worse']}, "
               f"the same on {first['same']}")
    out.append("p: exact two-sided sign test on the seeds whose result changed (McNemar's test for win/loss)")
    return out
