"""Each game's outcome by bot, kept in game order: who sat where, the scores, the winners, how a tie for the
best score was settled. The common input of tournaments, sweeps, ablations and game metrics.

`GameOutcomes` holds plain tuples and merges a later batch by appending, so a run on any number of workers,
merged in game order, holds the same list. Knows no game; imports only the simulation's seating.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from cardlang.simulation.simulate import seating


class Game(NamedTuple):
    """One game: the bot (index in the run's players) in each seat, and its end in seat order."""

    index: int
    bots: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]   # seats
    turns: int                 # of all players
    stopped: bool
    ended_by: str

    @property
    def tie_for_best(self) -> bool:
        """Two or more seats shared the best score (whether or not the game's tie-break then settled it)."""
        best = max(self.scores)
        return sum(1 for s in self.scores if s == best) > 1

    def share(self, bot: int) -> float:
        """Bot BOT's share of this game's win (1/k for each of k winners it holds)."""
        if not self.winners:
            return 0.0
        return sum(1 for w in self.winners if self.bots[w] == bot) / len(self.winners)

    def tie_kind(self) -> str:
        """How the game ended, as far as ties go (the names `metrics` counts)."""
        if self.stopped or not self.winners:
            return "no winner (stopped)"
        if len(self.winners) > 1:
            return "shared win"
        if self.tie_for_best and self.scores[self.winners[0]] == max(self.scores):
            return "tied score, broken by the tie-break"
        return "won outright"


@dataclass
class GameOutcomes:
    players: list[str]
    games: list[Game] = field(default_factory=list)

    def merge(self, later: "GameOutcomes") -> None:
        self.games.extend(later.games)

    def shares(self, bot: int) -> list[float]:
        return [g.share(bot) for g in self.games]

    def wins(self, bot: int) -> float:
        return sum(self.shares(bot))


class OutcomeAccumulator:
    """GameOutcomes as an accumulator of a parallel run (cardlang/simulation/parallel.py Job.accumulators)."""

    json_key = "outcomes"

    def __init__(self, game, players: list[str]) -> None:
        self.outcomes = GameOutcomes(list(players))

    def add(self, game_index: int, seats: list[str], result) -> None:
        _, bot_of_seat = seating(self.outcomes.players, game_index)
        state = result.state
        self.outcomes.games.append(Game(game_index, tuple(bot_of_seat), tuple(result.scores),
                                        tuple(result.winners), sum(result.turns), bool(result.stopped),
                                        state.ended_by or ("stopped" if result.stopped else "scored")))

    def merge(self, other: "OutcomeAccumulator") -> None:
        self.outcomes.merge(other.outcomes)

    def to_json(self) -> dict[str, Any]:
        return {"games": len(self.outcomes.games)}

    def text_lines(self) -> list[str]:
        return []
