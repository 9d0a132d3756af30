"""A/B test of two versions of a card set: the same bots on the same seeds and seatings, and a paired test.

Game g of arm A and game g of arm B share the seed, the seating and the bots' own random streams, so the two
results of a seed are strongly correlated (common random numbers): the unit of the test is the *pair*. For
the compared bot, d_g = (its share of the win in B) - (in A), in [-1, 1]: a win that became a shared win of
two is -1/2, not -1. One method gives the estimate, the interval and the p-value (cardlang/lab/inference.py):
the mean of d_g, its 95% t interval and the paired t test, so the interval leaves out 0 exactly when
p < 0.05. The seeds whose result went up, down or stayed (ties of the test) and the shared wins of each arm
are reported beside it, and sample-size advice from the spread of d_g seen: the smallest difference this
many games detect, and the games a named difference needs.

Identical arms play identical games: every d_g is 0, the interval is [0, 0] and p = 1.

`ArmOutcomes` keeps each game's win shares in game order; `merge` appends a later batch, so results from
any number of workers, merged in game order, are the same. `ArmAccumulator` collects them in the batches of
a parallel run (cardlang/simulation/parallel.py). Knows no game and no card.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from cardlang.lab.inference import ALPHA, POWER, detectable_difference, games_needed, paired_difference
from cardlang.simulation.seating import bot_of_seat
from cardlang.lab.stats import StatsAccumulator, wilson


@dataclass
class ArmOutcomes:
    """Each game's share of the win per bot (seated as `simulate` seats game g), in game order."""

    players: list[str]
    start: int = 0                                   # index of the first game held
    shares: list[tuple[float, ...]] = field(default_factory=list)

    def add(self, rec: dict[str, Any]) -> None:
        n = len(self.players)
        g = rec["game"]
        if g != self.start + len(self.shares):
            raise ValueError(f"game {g} arrived out of order (expected {self.start + len(self.shares)})")
        won = [0.0] * n
        bots = bot_of_seat(n, g)
        for w in rec["winners"]:
            won[bots[w]] = 1 / len(rec["winners"])
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


def paired(a: ArmOutcomes, b: ArmOutcomes, bot: int) -> dict[str, Any]:
    """B minus A for one bot over the seeds both arms played: inference.paired_difference of its win shares
    (mean difference, t interval, paired t test, seeds better / worse / the same), and the seeds on which it
    shared a win (a tie for first) in each arm."""
    n = min(a.games, b.games)
    xa = [s[bot] for s in a.shares[:n]]
    xb = [s[bot] for s in b.shares[:n]]
    r = paired_difference(xa, xb)
    return {"player": a.players[bot], **r.to_json(),
            "shared_a": sum(1 for x in xa if 0 < x < 1), "shared_b": sum(1 for x in xb if 0 < x < 1)}


def advice(row: dict[str, Any], difference: float | None = None, alpha: float = ALPHA,
           power: float = POWER) -> dict[str, Any]:
    """Sample-size advice from a compared bot's paired row: the smallest difference a run of this many
    games finds with probability POWER at ALPHA, and the games an arm needs for DIFFERENCE (by default the
    difference seen), both for the paired t test with the spread (sd) of a seed's difference seen here."""
    sd, n = row["sd"], row["games"]
    target = difference if difference is not None else row["difference"]
    target = 0.0 if abs(target) < 1e-12 else target  # a mean of 0 may carry a float's last digit
    return {"alpha": alpha, "power": power, "sd": sd,
            "detectable_difference": detectable_difference(n, sd, alpha, power) if sd > 0 else None,
            "for_difference": target,
            "games_needed": games_needed(target, sd, alpha, power) if sd > 0 and target else None}


TEST = ("paired t test of each seed's difference B - A in win share (a shared win counts its share); "
        "interval: its 95% t interval")


@dataclass
class Comparison:
    players: list[str]
    a: ArmOutcomes
    b: ArmOutcomes
    labels: tuple[str, str]
    difference: float | None = None  # the difference the designer wants to detect (sample-size advice)
    _rows: list | None = field(default=None, init=False, repr=False, compare=False)

    def per_player(self) -> list[dict[str, Any]]:
        """Each bot's paired row (computed once: the arms are complete when a Comparison is made)."""
        if self._rows is None:
            self._rows = [paired(self.a, self.b, i) for i in range(len(self.players))]
        return self._rows

    def to_json(self) -> dict[str, Any]:
        rows = self.per_player()
        focus = rows[0]
        return {"players": self.players, "games": self.a.games,
                "a": {"arm": self.labels[0], **self.a.figures()}, "b": {"arm": self.labels[1], **self.b.figures()},
                "compared": focus["player"], "difference": focus["difference"],
                "difference_interval": focus["difference_interval"], "p_value": focus["p_value"],
                "per_player": rows, "sample_size": advice(focus, self.difference), "test": TEST}


def play_arm(game, players: list[str], games: int, seed: int, *, pools=None, variants=(), stats=None,
             progress: Callable[[int], None] | None = None) -> ArmOutcomes:
    """One arm played in this process (the plain Python call; the commands run the arms in parallel, see
    cardlang/cli/simulate.py `play_arms`): GAMES games (and, given STATS, its per-card statistics)."""
    from cardlang.simulation.simulate import simulate
    out = ArmOutcomes(list(players))
    simulate(game, players, games, seed, pools=pools, on_game=out.add, progress=progress, variants=variants,
             accumulators=[StatsAccumulator(game, players, stats)] if stats is not None else [])
    return out


def run_compare(game_a, game_b, players: list[str], games: int, seed: int, *, labels: tuple[str, str],
                pools_a=None, pools_b=None, variants=(), progress: Callable[[int], None] | None = None,
                stats_a=None) -> Comparison:
    """Play GAMES games of each arm on the same seeds and seatings (STATS_A: statistics of arm A)."""
    a = play_arm(game_a, players, games, seed, pools=pools_a, variants=variants, stats=stats_a, progress=progress)
    b = play_arm(game_b, players, games, seed, pools=pools_b, variants=variants, progress=progress)
    return Comparison(list(players), a, b, labels)




def _points(x: float) -> str:
    return f"{100 * x:.1f}"


def text_lines(c: Comparison, title: str) -> list[str]:
    a, b = c.a.figures(), c.b.figures()
    rows = c.per_player()
    labels = [p if c.players.count(p) == 1 else f"{p} #{i + 1}" for i, p in enumerate(c.players)]
    width = max([20, *map(len, labels)])  # a long player name (a search bot's options) is shown whole
    out = [f"{title}: {c.a.games} games per arm on the same seeds, every seating in turn",
           f"A: {c.labels[0]}", f"B: {c.labels[1]}",
           f"{'player':{width}} {'A win % (95%)':>19} {'B win % (95%)':>19} {'B - A, points (95%)':>24} {'p':>9}"]
    for i, row in enumerate(rows):
        label = labels[i]

        def arm(f: dict) -> str:
            iv = f["win_intervals"][i]
            return f"{100 * f['win_rates'][i]:5.1f} ({100 * iv[0]:.1f}-{100 * iv[1]:.1f})"
        iv = row["difference_interval"]
        diff = f"{100 * row['difference']:+5.1f}" + (f" ({100 * iv[0]:+.1f} to {100 * iv[1]:+.1f})" if iv else "")
        out.append(f"{label:{width}} {arm(a):>19} {arm(b):>19} {diff:>24} {row['p_value']:9.2g}")
    first = rows[0]
    out.append(f"{first['player']}: result better in B on {first['better']} seeds, worse on {first['worse']}, "
               f"the same on {first['same']}; a shared win (a tie for first) in A on {first['shared_a']} seeds, "
               f"in B on {first['shared_b']}")
    out.append("p: " + TEST)
    out.append(advice_line(advice(first, c.difference), c.a.games))
    return out


def advice_line(adv: dict[str, Any], games: int) -> str:
    """Sample-size advice in words (what `compare` prints under its table)."""
    if adv["detectable_difference"] is None:
        return ("sample size: every seed gave the same result in both arms, so there is no spread to plan "
                "from")
    head = (f"sample size: {games} games an arm detect a difference of {_points(adv['detectable_difference'])} "
            f"points {100 * adv['power']:.0f}% of the time (alpha {adv['alpha']:g}; sd of a seed's difference "
            f"{adv['sd']:.2f})")
    if adv["games_needed"] is None:
        return head
    return head + (f"; {_points(abs(adv['for_difference']))} points would need {adv['games_needed']:,} games "
                   "an arm")
