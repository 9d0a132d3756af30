"""Per-card and per-seat statistics of many bot games, read from the runtime's generic events.

`GameObserver` listens to one game: a card *gained* is a card entering a zone a player owns from a zone they
did not own (a pile, a shared deck, another player's hand); cards created there at set-up are starting cards,
not gains. An ability *triggered* is a `Triggered` event; the end condition is the `Ended` event. Its
`record()` is a plain JSON-ready dict, written to `simulate --per-game` lines, and `CardStats.add` reads
nothing else, so every figure can be recounted from those lines.

`CardStats` keeps only sums and histograms of integers (a shared win is counted in units of 1/lcm(1..n)), so
`merge` is exact: batches of games played on any number of workers and merged give the same numbers.

The per-card win rates "if gained / if not" are descriptive (an association, never the card's effect):
shown only for groups of MIN_GROUP games, compared by Welch's t test and corrected by Holm over every
comparison of a run; the causal measure (card impact by ablation) fills `CardStats.impact`.

Knows no game, no card and no source text; imports the runtime, the seating schedule and inference.py
(scipy, for the tests).
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from cardlang.lab.inference import holm, welch_p
from cardlang.runtime.events import Created, Ended, Event, Moved, Triggered
from cardlang.runtime.state import GameState
from cardlang.simulation.seating import bot_of_seat

Z95 = 1.96


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson 95% interval of a proportion (successes may be fractional: shared wins). Written here because
    scipy's (binomtest(k, n).proportion_ci) takes whole successes only."""
    if n == 0:
        return (0.0, 0.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class GameObserver:
    """Collects one game's gains, abilities resolved and end condition from its events."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        n = state.num_players
        self.holder: dict[int, int | None] = {}            # card id -> the player whose zone holds it
        self.gained: list[dict[str, int]] = [{} for _ in range(n)]
        self.first_gain: list[dict[str, int]] = [{} for _ in range(n)]  # the player's own turn; 0 is set-up
        self.triggered: list[dict[str, dict[str, int]]] = [{} for _ in range(n)]
        self.ended_by = ""
        state.listeners.append(self.listen)

    def _holder(self, cid: int) -> int | None:
        zone = self.state.loc[cid]
        return zone.owner if zone.spec.per_player and zone.spec.owned else None

    def listen(self, e: Event) -> None:
        kind = type(e)
        if kind is Moved:
            cid = e.card_id
            now = self._holder(cid)
            if now != self.holder.get(cid):
                self.holder[cid] = now
                if now is not None:
                    name = e.card
                    got = self.gained[now]
                    got[name] = got.get(name, 0) + 1
                    self.first_gain[now].setdefault(name, self.state.turns[now])
        elif kind is Created:
            self.holder[e.card_id] = self._holder(e.card_id)
        elif kind is Triggered:
            p = e.player
            if p is not None and 0 <= p < len(self.triggered):
                by_event = self.triggered[p].setdefault(e.card, {})
                by_event[e.on] = by_event.get(e.on, 0) + 1
        elif kind is Ended:
            self.ended_by = e.reason

    def record(self) -> dict[str, Any]:
        """This game's figures, by seat (as `scores` and `turns` are in a per-game line)."""
        return {"gained": self.gained, "first_gain": self.first_gain, "triggered": self.triggered,
                "ended_by": self.ended_by}


class StatsAccumulator:
    """CardStats as an accumulator of a simulation run (cardlang/simulation/simulate.py `play_games`): made per batch
    as `StatsAccumulator(game, players)`, it watches each game's events, counts the game when it ends (and
    adds its figures to the game's per-game line) and merges with the next batch in game order, so the
    figures are the same for any number of workers. Between games it holds only sums: it crosses processes."""

    json_key = "stats"

    def __init__(self, game, players: list[str], stats: "CardStats | None" = None) -> None:
        self.stats = stats if stats is not None else CardStats(list(players))
        self.observer: GameObserver | None = None

    def watch(self, state: GameState, game_index: int, seats: list[str]) -> None:
        self.observer = GameObserver(state)

    def add(self, game_index: int, seats: list[str], result) -> dict[str, Any]:
        figures = self.observer.record()
        self.observer = None  # it holds the game's state: never carried past the game
        self.stats.add({"game": game_index, "scores": result.scores, "turns": result.turns,
                        "winners": result.winners, **figures})
        return figures

    def merge(self, other: "StatsAccumulator") -> None:
        self.stats.merge(other.stats)

    def to_json(self) -> dict[str, Any]:
        return self.stats.to_json()

    def text_lines(self) -> list[str]:
        return text_lines(self.stats)


def margin(scores: list[int]) -> int:
    """The best score minus the next best (0 on a tie for first)."""
    top = sorted(scores, reverse=True)
    return top[0] - top[1] if len(top) > 1 else 0


@dataclass
class CardLine:
    """One card, one bot: sums over games."""

    gained_games: int = 0
    copies: int = 0
    wins_gained: int = 0          # in win units (see CardStats.unit)
    wins_sq_gained: int = 0       # sum of squared win shares, in units squared (for the test's variance)
    first_turn_sum: int = 0
    triggered: Counter = field(default_factory=Counter)  # event -> times resolved

    def merge(self, o: "CardLine") -> None:
        self.gained_games += o.gained_games
        self.copies += o.copies
        self.wins_gained += o.wins_gained
        self.wins_sq_gained += o.wins_sq_gained
        self.first_turn_sum += o.first_turn_sum
        self.triggered.update(o.triggered)


@dataclass
class CardStats:
    """Sums over games: per bot and card, per seat, game lengths, score margins, end conditions."""

    players: list[str]
    games: int = 0
    bot_wins: list[int] = field(default_factory=list)       # in win units
    bot_wins_sq: list[int] = field(default_factory=list)    # sums of squared win shares, in units squared
    seat_wins: list[int] = field(default_factory=list)
    cards: list[dict[str, CardLine]] = field(default_factory=list)  # per bot
    lengths: Counter = field(default_factory=Counter)        # total turns -> games
    margins: Counter = field(default_factory=Counter)        # winning margin -> games
    ended_by: Counter = field(default_factory=Counter)
    # The causal measure: bot label -> card -> the change in its win rate when the card is taken out of the
    # game (card impact by ablation, paired on seeds), filled by the lab's ablation run; shown as `impact`.
    impact: dict[str, dict[str, Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        n = len(self.players)
        self.bot_wins = self.bot_wins or [0] * n
        self.bot_wins_sq = self.bot_wins_sq or [0] * n
        self.seat_wins = self.seat_wins or [0] * n
        self.cards = self.cards or [{} for _ in range(n)]

    @property
    def unit(self) -> int:
        """A whole win, in units that split evenly among any number of tied winners."""
        return math.lcm(*range(1, len(self.players) + 1))

    def add(self, rec: dict[str, Any]) -> None:
        """Count one game from its per-game record (seated as `simulate` seats game g: seating.py)."""
        n = len(self.players)
        bot = bot_of_seat(n, rec["game"])
        share = self.unit // len(rec["winners"]) if rec["winners"] else 0
        won = [0] * n
        for w in rec["winners"]:
            won[w] = share
        self.games += 1
        self.lengths[sum(rec["turns"])] += 1
        self.margins[margin(rec["scores"])] += 1
        self.ended_by[rec.get("ended_by") or "unknown"] += 1
        for seat in range(n):
            b = bot[seat]
            self.seat_wins[seat] += won[seat]
            self.bot_wins[b] += won[seat]
            self.bot_wins_sq[b] += won[seat] ** 2
            lines = self.cards[b]
            first = rec["first_gain"][seat]
            for name, copies in rec["gained"][seat].items():
                line = lines.setdefault(name, CardLine())
                line.gained_games += 1
                line.copies += copies
                line.wins_gained += won[seat]
                line.wins_sq_gained += won[seat] ** 2
                line.first_turn_sum += first[name]
            for name, events in rec["triggered"][seat].items():
                lines.setdefault(name, CardLine()).triggered.update(events)

    def merge(self, other: "CardStats") -> "CardStats":
        """Add OTHER's games (a later batch) to these."""
        self.games += other.games
        for i in range(len(self.players)):
            self.bot_wins[i] += other.bot_wins[i]
            self.bot_wins_sq[i] += other.bot_wins_sq[i]
            self.seat_wins[i] += other.seat_wins[i]
            for name, line in other.cards[i].items():
                self.cards[i].setdefault(name, CardLine()).merge(line)
        self.lengths.update(other.lengths)
        self.margins.update(other.margins)
        self.ended_by.update(other.ended_by)
        return self

    # ---- figures
    def card_rows(self, b: int) -> list[dict[str, Any]]:
        """Bot B's figures for every card it gained or resolved, most often gained first. The win rates when
        gained and when not are descriptive (an association, not the card's effect); each is given only for a
        group of at least MIN_GROUP games, and the two are compared (Welch's t test, `p_value`) only when
        both are. `note` says why a row has no comparison. Holm's correction over every comparison of the
        run is added by `holm_rows` (to_json and the tables do)."""
        u, n = self.unit, self.games
        rows = []
        for name, line in self.cards[b].items():
            k = line.gained_games
            wins_not = (self.bot_wins[b] - line.wins_gained) / u
            big_in, big_out = k >= MIN_GROUP, n - k >= MIN_GROUP
            rows.append({
                "card": name,
                "gained_share": k / n if n else 0.0,
                "mean_copies": line.copies / k if k else 0.0,
                # gained in every game: the rate "if gained" is the bot's own win rate, nothing of the card
                "win_rate_gained": line.wins_gained / u / k if big_in and k < n else None,
                "win_interval_gained": list(wilson(line.wins_gained / u, k)) if big_in and k < n else None,
                "win_rate_not_gained": wins_not / (n - k) if big_out else None,
                "win_interval_not_gained": list(wilson(wins_not, n - k)) if big_out else None,
                "p_value": self._welch(b, line) if big_in and big_out else None,
                "note": _note(k, n),
                "mean_first_gain_turn": line.first_turn_sum / k if k else None,
                "triggered": dict(sorted(line.triggered.items())),
                "impact": self.impact.get(self.bot_label(b), {}).get(name),
            })
        rows.sort(key=lambda r: (-r["gained_share"], r["card"]))
        return rows

    def _welch(self, b: int, line: CardLine) -> float:
        """Welch's two-sided t test of the win share in games with the card against games without it, from
        the integer sums (so batches merged in any way give the same p)."""
        u, n, k = self.unit, self.games, line.gained_games
        groups = []
        for count, s1, s2 in ((k, line.wins_gained, line.wins_sq_gained),
                              (n - k, self.bot_wins[b] - line.wins_gained, self.bot_wins_sq[b] - line.wins_sq_gained)):
            m = s1 / u / count
            groups.append((m, max(0.0, (s2 / u / u - count * m * m) / (count - 1)), count))
        return welch_p(*groups[0], *groups[1])

    def holm_rows(self) -> list[list[dict[str, Any]]]:
        """card_rows of every bot, with `p_holm`: the p-values corrected for all the comparisons made (Holm)."""
        table = [self.card_rows(b) for b in range(len(self.players))]
        tested = [r for rows in table for r in rows if r["p_value"] is not None]
        for r, adjusted in zip(tested, holm([r["p_value"] for r in tested])):
            r["p_holm"] = adjusted
        for rows in table:
            for r in rows:
                r.setdefault("p_holm", None)
        return table

    def seat_rows(self) -> list[dict[str, Any]]:
        u, n = self.unit, self.games
        return [{"seat": j + 1, "win_rate": w / u / n if n else 0.0, "win_interval": list(wilson(w / u, n))}
                for j, w in enumerate(self.seat_wins)]

    def to_json(self) -> dict[str, Any]:
        def hist(c: Counter) -> dict[str, int]:
            return {str(k): c[k] for k in sorted(c)}
        return {
            "games": self.games,
            "cards": {self.bot_label(i): rows for i, rows in enumerate(self.holm_rows())},
            "cards_note": CARDS_NOTE,
            "seats": self.seat_rows(),
            "game_length": hist(self.lengths),
            "score_margin": hist(self.margins),
            "ended_by": dict(self.ended_by.most_common()),
        }

    def bot_label(self, i: int) -> str:
        name = self.players[i]
        return name if self.players.count(name) == 1 else f"{name} #{i + 1}"


MIN_GROUP = 20  # fewer games than this with (or without) a card: no win rate for that group, no comparison
CARDS_NOTE = ("win % if gained / if not is descriptive, an association and not the card's effect (winning decks "
              "buy what winning takes; a card that scores wins by definition); Holm p: Welch's t test of the two, "
              "corrected by Holm for every comparison in the run; the effect of a card is measured by taking it out "
              "of the game (card impact)")


def _note(k: int, n: int) -> str:
    """Why a card's row has no comparison of win rates ('' when it has one)."""
    if k == 0:
        return "never gained (a starting card, or only resolved)"
    if k == n:
        return "gained in every game"
    if n - k < MIN_GROUP:
        return f"not gained in only {n - k} game{'s' if n - k > 1 else ''}"
    if k < MIN_GROUP:
        return f"gained in only {k} game{'s' if k > 1 else ''}"
    return ""


def quantile(hist: Counter, q: float) -> float:
    """The Q-quantile of a histogram's values (lower of the two middle ones for the median of an even count)."""
    n = sum(hist.values())
    if not n:
        return 0.0
    seen = 0
    for k in sorted(hist):
        seen += hist[k]
        if seen >= q * n:
            return float(k)
    return float(max(hist))


def mean(hist: Counter) -> float:
    n = sum(hist.values())
    return sum(k * v for k, v in hist.items()) / n if n else 0.0


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}"


def _rate(rate: float | None, iv: list[float] | None) -> str:
    return "-" if rate is None else f"{100 * rate:5.1f} ({100 * iv[0]:.1f}-{100 * iv[1]:.1f})"


def text_lines(stats: CardStats) -> list[str]:
    """The statistics as plain-text tables (what `simulate --stats` prints)."""
    out = []
    table = stats.holm_rows()
    for b, rows in enumerate(table):
        out.append("")
        out.append(f"cards of {stats.bot_label(b)} ({stats.games} games), descriptive: win % in games with the card "
                   "and without it (95% interval)")
        out.append(f"{'card':22} {'gained':>7} {'copies':>6} {'win % if gained':>18} {'win % if not':>18} "
                   f"{'Holm p':>7} {'1st turn':>8}  resolved")
        for r in rows:
            first = "-" if r["mean_first_gain_turn"] is None else f"{r['mean_first_gain_turn']:.1f}"
            resolved = ", ".join(f"{k} {v}" for k, v in r["triggered"].items()) or "-"
            gained = f"{_pct(r['gained_share'])}%" if r["gained_share"] else "-"
            p = "-" if r["p_holm"] is None else f"{r['p_holm']:.2g}"
            note = f"  ({r['note']})" if r["note"] else ""
            out.append(f"{r['card'][:22]:22} {gained:>7} {r['mean_copies']:6.2f} "
                       f"{_rate(r['win_rate_gained'], r['win_interval_gained']):>18} "
                       f"{_rate(r['win_rate_not_gained'], r['win_interval_not_gained']):>18} {p:>7} {first:>8}  "
                       f"{resolved}{note}")
    tested = [r for rows in table for r in rows if r["p_value"] is not None]
    out.append("")
    out.append(f"win rates with and without a card differ (p < 0.05) for {sum(r['p_holm'] < 0.05 for r in tested)} "
               f"of {len(tested)} comparisons after Holm's correction ({sum(r['p_value'] < 0.05 for r in tested)} "
               "before it); each with fewer than "
               f"{MIN_GROUP} games on a side is not made.")
    out.append(f"note: {CARDS_NOTE}.")
    out.append("")
    out.append("win % by seat: " + "   ".join(f"seat {r['seat']} {_rate(r['win_rate'], r['win_interval'])}"
                                              for r in stats.seat_rows()))
    L = stats.lengths
    out.append(f"game length (turns, all players): mean {mean(L):.1f}, median {quantile(L, 0.5):.0f}, "
               f"5-95% {quantile(L, 0.05):.0f}-{quantile(L, 0.95):.0f}")
    M = stats.margins
    out.append(f"winning score margin: mean {mean(M):.1f}, median {quantile(M, 0.5):.0f}; "
               + ", ".join(f"{k}: {M[k]}" for k in sorted(M)[:12]) + (" ..." if len(M) > 12 else ""))
    out.append("ended by: " + "; ".join(f"{reason} {c} ({100 * c / stats.games:.1f}%)"
                                        for reason, c in stats.ended_by.most_common()))
    return out
