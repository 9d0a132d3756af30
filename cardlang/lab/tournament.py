"""A round-robin of bots: every group of N of them (every pairing, for two-player games) plays in every
seating order, and the results give a win-rate matrix with 95% intervals and openskill ratings with their
uncertainty (Forge's round-robin, rated as online games rate players).

A group of N bots is played in each of its (N-1)! orders up to rotation; within one order the simulation
plays every seating in turn (cardlang/simulation/seating.py), so each order alone is fair, and the orders only split the
games of a group among the orders in which it can be listed. The ratings are
updated game by game in a fixed order (game k of every run in turn, then game k+1), so they too are the
same for any number of workers. Knows no game; `play` is handed in by the command.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import combinations, permutations
from typing import Any, Callable

from cardlang.lab.outcomes import GameOutcomes
from cardlang.lab.stats import wilson

# play(players, games) -> GameOutcomes of that run (the same seed for every run)
Play = Callable[[list[str], int], GameOutcomes]


def groups(bots: list[str], size: int) -> list[tuple[str, ...]]:
    """Every group of SIZE different bots, in the order they are listed."""
    return list(combinations(bots, size))


def orders(group: tuple[str, ...]) -> list[list[str]]:
    """The listing orders of a group up to rotation (the seats within a run are the simulation's business)."""
    return [[group[0], *rest] for rest in permutations(group[1:])]


@dataclass
class Tournament:
    bots: list[str]
    size: int
    games_per_group: int
    runs: list[tuple[list[str], GameOutcomes]] = field(default_factory=list)

    def pair(self, i: int, j: int) -> tuple[float, int]:
        """Bot I against bot J over every game both played: 1 when I's share of the win beat J's, 0 when
        J's beat I's, a half otherwise (both or neither won, or a shared win). Returns (points, games)."""
        a, b = self.bots[i], self.bots[j]
        points, n = 0.0, 0
        for players, out in self.runs:
            if a not in players or b not in players:
                continue
            ia, ib = players.index(a), players.index(b)
            for g in out.games:
                sa, sb = g.share(ia), g.share(ib)
                points += 1.0 if sa > sb else 0.0 if sa < sb else 0.5
                n += 1
        return points, n

    def matrix(self) -> list[list[dict[str, Any] | None]]:
        """Row I, column J: bot I's result against bot J (rate, 95% Wilson interval, games)."""
        k = len(self.bots)
        out: list[list[dict[str, Any] | None]] = [[None] * k for _ in range(k)]
        for i in range(k):
            for j in range(k):
                if i != j:
                    p, n = self.pair(i, j)
                    out[i][j] = {"rate": p / n if n else 0.0, "interval": list(wilson(p, n)), "games": n}
        return out

    def head_to_head(self) -> list[float]:
        """Each bot's mean result against the others (the row means of the matrix)."""
        m = self.matrix()
        k = len(self.bots)
        return [sum(m[i][j]["rate"] for j in range(k) if j != i) / (k - 1) for i in range(k)]

    def win_rates(self) -> list[dict[str, Any]]:
        """Each bot's share of the wins over all the games it played, with a 95% interval."""
        rows = []
        for b in self.bots:
            won, n = 0.0, 0
            for players, out in self.runs:
                if b in players:
                    won += out.wins(players.index(b))
                    n += len(out.games)
            rows.append({"bot": b, "games": n, "wins": won, "win_rate": won / n if n else 0.0,
                         "interval": list(wilson(won, n))})
        return rows

    def ratings(self, passes: int = 16) -> list[dict[str, Any]]:
        """openskill (Plackett-Luce) ratings, each game a match ranked winners first, then by score.

        A rating updated game by game weighs the last games most, so one order of the games gives an
        order-dependent answer: the games are rated in PASSES orders (the interleaved order, then seeded
        shuffles of it) and each bot's mu and sigma are the means over the passes."""
        import random

        from openskill.models import PlackettLuce
        model = PlackettLuce()
        games = list(self._interleaved())
        shuffle = random.Random(0).shuffle
        total = {b: [0.0, 0.0] for b in self.bots}
        for k in range(passes):
            if k:
                shuffle(games)
            rating = {b: model.rating(name=b) for b in self.bots}
            for players, g in games:
                seats = range(len(g.bots))
                names = [players[g.bots[s]] for s in seats]
                won = set(g.winners)
                # rank 1 for the winners; the others after them, best score first (a lower rank is better)
                key = [(0 if s in won else 1, -g.scores[s]) for s in seats]
                distinct = sorted(set(key))
                ranks = [distinct.index(key[s]) + 1 for s in seats]
                teams = model.rate([[rating[n]] for n in names], ranks=ranks)
                for n, (new,) in zip(names, teams):
                    rating[n] = new
            for b in self.bots:
                total[b][0] += rating[b].mu
                total[b][1] += rating[b].sigma
        rows = []
        for b in self.bots:
            mu, sigma = total[b][0] / passes, total[b][1] / passes
            rows.append({"bot": b, "mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma})
        return sorted(rows, key=lambda r: -r["mu"])

    def _interleaved(self):
        """The games of every run taken in turn (the first game of each run, then the second...): a rating
        updated game by game weighs recent games more, so no group may come last as a block."""
        longest = max((len(o.games) for _, o in self.runs), default=0)
        for k in range(longest):
            for players, out in self.runs:
                if k < len(out.games):
                    yield players, out.games[k]

    def to_json(self) -> dict[str, Any]:
        return {"bots": self.bots, "players": self.size, "games_per_group": self.games_per_group,
                "groups": [{"players": p, "games": len(o.games)} for p, o in self.runs],
                "matrix": self.matrix(), "head_to_head": self.head_to_head(), "win_rates": self.win_rates(),
                "ratings": self.ratings(),
                "rating_model": "openskill Plackett-Luce (mu, sigma), mean of 16 orders of the games; ordinal = mu - 3 sigma"}


def run_tournament(play: Play, bots: list[str], size: int, games: int) -> Tournament:
    """Play GAMES games of every group of SIZE bots, split evenly over the group's seating orders."""
    t = Tournament(list(bots), size, games)
    for group in groups(bots, size):
        seatings = orders(group)
        each = math.ceil(games / len(seatings))
        for players in seatings:
            t.runs.append((players, play(players, each)))
    return t


def text_lines(t: Tournament, title: str) -> list[str]:
    k = len(t.bots)
    width = max(10, *(len(b) for b in t.bots))
    games = sum(len(o.games) for _, o in t.runs)
    out = [f"{title}: tournament of {k} bots, {t.size} players a game, every group in every seating; "
           f"{games} games",
           "",
           "result of the row's bot against the column's (% of games between them; a shared result counts half)"]
    col = 17
    out.append(" " * width + "".join(f"{b[:col - 1]:>{col}}" for b in t.bots))
    m = t.matrix()
    for i, b in enumerate(t.bots):
        cells = []
        for j in range(k):
            c = m[i][j]
            cells.append(f"{'-':>{col}}" if c is None else
                         f"{100 * c['rate']:5.1f} ({100 * c['interval'][0]:.0f}-{100 * c['interval'][1]:.0f})"
                         .rjust(col))
        out.append(f"{b:{width}}" + "".join(cells))
    out.append("")
    out.append(f"{'bot':{width}} {'games':>6} {'win % (95%)':>19} {'mu':>7} {'sigma':>6} {'ordinal':>8}")
    rates = {r["bot"]: r for r in t.win_rates()}
    for r in t.ratings():
        w = rates[r["bot"]]
        rate = f"{100 * w['win_rate']:5.1f} ({100 * w['interval'][0]:.1f}-{100 * w['interval'][1]:.1f})"
        out.append(f"{r['bot']:{width}} {w['games']:6} {rate:>19} {r['mu']:7.2f} {r['sigma']:6.2f} "
                   f"{r['ordinal']:8.2f}")
    out.append("ratings: openskill Plackett-Luce (the mean of 16 orders of the games), best first; sigma is "
               "the rating's uncertainty, ordinal = mu - 3 sigma")
    return out
