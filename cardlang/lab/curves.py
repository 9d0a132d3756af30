"""Per-turn curves, read from the runtime's generic events: for every bot, at the end of each of its turns,
its score, each counter the game declares per player (its value then, and the most it held during the
turn: coins to spend, say), the cards in each of its zones and all the cards it owns. Plus, per game, the
lead changes and how early the winner took the lead for good.

`CurveAccumulator` listens only in the games of a run that asks for curves (it adds a listener at
`watch`); a run without it has no listener, so the simulation's hot path is unchanged. Its figures are
histograms of whole numbers (bot, quantity, turn) -> value -> games, so merging batches is exact and the
curves are the same for any number of workers. Knows no game; reads only zone and counter specs.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from cardlang.runtime import events as E
from cardlang.runtime.state import Ctx
from cardlang.simulation.simulate import seating


def quantities(game, state) -> list[tuple[str, str, Any]]:
    """What is measured: (name, kind, what) with kind "score", "counter" (end of turn), "peak" (most in the
    turn), "zone" (cards in it) or "owned" (cards in all the player's own zones)."""
    out: list[tuple[str, str, Any]] = []
    if game.score is not None:
        out.append(("score", "score", None))
    for spec in state.counter_specs:
        if spec.per_player and not spec.per_card and not spec.numbers and not spec.quiet:
            out.append((f"{spec.name} (most in the turn)", "peak", spec.slot))
            out.append((f"{spec.name} (end of turn)", "counter", spec.slot))
    owned = [s.slot for s in state.zone_specs if s.per_player and s.owned and not s.quiet and s.grid is None]
    for spec in state.zone_specs:
        if spec.slot in owned:
            out.append((f"cards in {spec.name}", "zone", spec.slot))
    if len(owned) > 1:
        out.append(("cards owned", "owned", tuple(owned)))
    return out


class _Watcher:
    """One game: samples the player whose turn ends, and the leader after every turn."""

    def __init__(self, acc: "CurveAccumulator", state, bot_of_seat: list[int]) -> None:
        self.acc, self.state, self.bots = acc, state, bot_of_seat
        self.what = acc.what
        self.peak_slots = {spec.name: i for i, (_, kind, spec_slot) in enumerate(self.what) if kind == "peak"
                           for spec in [state.counter_specs[spec_slot]]}
        self.player: int | None = None
        self.turn = 0
        self.peaks: dict[int, int] = {}
        self.start: dict[int, int] = {}
        self.leaders: list[int | None] = []  # the sole leader by score after each turn (None: a tie)
        state.listeners.append(self.listen)

    def listen(self, e: E.Event) -> None:
        kind = type(e)
        if kind is E.Counter:
            i = self.peak_slots.get(e.counter)
            if i is not None and e.player == self.player and e.new > e.old:
                held = self.peaks.get(i)
                if held is None or e.new > held:
                    self.peaks[i] = e.new
        elif kind is E.Turn:
            self.close()
            self.player, self.turn = e.player, e.turn
            # the most a counter rose to during the turn (coins to spend); what it holds as the turn starts
            # may be the last turn's, reset in this turn's first step, so it counts only when the counter
            # never rises in the turn (actions: one, spent)
            self.peaks = {}
            self.start = {i: self.state.counter_value(self.what[i][2], self.player) for i in self.peak_slots.values()}
        elif kind is E.Ended:
            self.close()
            self.player = None

    def close(self) -> None:
        p = self.player
        if p is None:
            return
        state, game = self.state, self.acc.game
        score = [game.score(Ctx(state, q, None, {}, "score")) for q in range(state.num_players)] \
            if game.score is not None else None
        row = []
        for i, (_, kind, what) in enumerate(self.what):
            if kind == "score":
                row.append(score[p])
            elif kind == "peak":
                held = self.peaks.get(i)
                row.append(self.start[i] if held is None else held)
            elif kind == "counter":
                row.append(state.counter_value(what, p))
            elif kind == "zone":
                row.append(len(state.zones[what][p].cards))
            else:
                row.append(sum(len(state.zones[s][p].cards) for s in what))
        self.acc.sample(self.bots[p], self.turn, row)
        if score is not None:
            best = max(score)
            top = [q for q in range(len(score)) if score[q] == best]
            self.leaders.append(top[0] if len(top) == 1 else None)


class CurveAccumulator:
    """Per-turn curves of a run, as an accumulator (cardlang/simulation/parallel.py Job.accumulators)."""

    json_key = "curves"

    def __init__(self, game, players: list[str]) -> None:
        self.game = game
        self.players = list(players)
        self.what: list[tuple[str, str, Any]] | None = None
        self.names: list[str] = []
        # (bot, quantity index, turn) -> Counter(value -> games)
        self.hist: dict[tuple[int, int, int], Counter] = {}
        self.lead_changes: Counter = Counter()     # changes of the sole leader per game -> games
        self.decided: Counter = Counter()          # tenth of the game after which the winner led for good
        self.watcher: _Watcher | None = None

    def __getstate__(self) -> dict:
        d = dict(self.__dict__)
        d["game"] = d["watcher"] = d["what"] = None  # no compiled game and no game state cross processes
        return d

    def watch(self, state, game_index: int, seats: list[str]) -> None:
        if self.what is None:
            self.what = quantities(self.game, state)
            self.names = [n for n, _, _ in self.what]
        _, bot_of_seat = seating(self.players, game_index)
        self.watcher = _Watcher(self, state, bot_of_seat)

    def sample(self, bot: int, turn: int, row: list[int]) -> None:
        hist = self.hist
        for i, v in enumerate(row):
            key = (bot, i, turn)
            c = hist.get(key)
            if c is None:
                c = hist[key] = Counter()
            c[v] += 1

    def add(self, game_index: int, seats: list[str], result) -> dict[str, Any]:
        w, self.watcher = self.watcher, None
        if w is None or self.game.score is None:
            return {}
        leaders = w.leaders
        changes, last = 0, None
        for who in leaders:
            if who is not None:
                if last is not None and who != last:
                    changes += 1
                last = who
        self.lead_changes[changes] += 1
        if len(result.winners) == 1 and leaders:
            winner = result.winners[0]
            since = len(leaders)
            while since > 0 and leaders[since - 1] == winner:
                since -= 1
            self.decided[min(9, 10 * since // len(leaders))] += 1
        return {"lead_changes": changes}

    def merge(self, other: "CurveAccumulator") -> None:
        if not self.names:
            self.names = other.names
        for k, c in other.hist.items():
            self.hist.setdefault(k, Counter()).update(c)
        self.lead_changes.update(other.lead_changes)
        self.decided.update(other.decided)

    # ---- figures
    def curve(self, bot: int, quantity: int, min_games: int = 1) -> list[dict[str, Any]]:
        """Per own turn: games still going, mean, and the 10% and 90% quantiles (the band)."""
        out = []
        turn = 1
        while (bot, quantity, turn) in self.hist:
            c = self.hist[(bot, quantity, turn)]
            n = sum(c.values())
            if n < min_games:
                break
            values = sorted(c)
            out.append({"turn": turn, "games": n, "mean": sum(v * k for v, k in c.items()) / n,
                        "low": _quantile(values, c, n, 0.1), "high": _quantile(values, c, n, 0.9)})
            turn += 1
        return out

    def to_json(self) -> dict[str, Any]:
        return {"quantities": self.names,
                "curves": {self.players[b] if self.players.count(self.players[b]) == 1 else f"{self.players[b]} #{b + 1}":
                           {name: self.curve(b, i) for i, name in enumerate(self.names)}
                           for b in range(len(self.players))},
                "lead_changes": {str(k): self.lead_changes[k] for k in sorted(self.lead_changes)},
                "winner_led_for_good_from_tenth": {str(k): self.decided[k] for k in sorted(self.decided)}}

    def text_lines(self) -> list[str]:
        return []


def _quantile(values: list[int], c: Counter, n: int, q: float) -> float:
    seen = 0
    for v in values:
        seen += c[v]
        if seen >= q * n:
            return float(v)
    return float(values[-1])
