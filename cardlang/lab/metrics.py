"""Game metrics (in the spirit of Ludii's): first-seat advantage at each player count, tested against fair
seats with a chi-square; ties and how they were settled; game length and its spread; lead changes and how
early the winner took the lead for good; and sentences saying when a figure stands out.

Reads GameOutcomes (cardlang/lab/outcomes.py) and, for the lead, a CurveAccumulator's histograms. Knows no
game; scipy does the test.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Any

from cardlang.lab.outcomes import GameOutcomes
from cardlang.lab.stats import wilson

SEAT_P = 0.01        # a seat advantage is worth a sentence below this p ...
SEAT_POINTS = 0.05   # ... and when a seat's win rate is this far from a fair share
TIE_RATE = 0.05      # games that end in a tie (shared or broken) worth a sentence


def seats(out: GameOutcomes) -> dict[str, Any]:
    """Win rate by seat (a shared win counts a share) and the chi-square test of the outright wins against
    equal seats. Every bot sits in every seat equally often (the run's seating), so a difference is the
    seats'."""
    from scipy import stats
    n = len(out.games)
    k = len(out.players)
    shares = [0.0] * k
    outright = [0] * k
    for g in out.games:
        for w in g.winners:
            shares[w] += 1 / len(g.winners)
        if len(g.winners) == 1:
            outright[g.winners[0]] += 1
    total = sum(outright)
    if total and any(outright):
        chi2, p = stats.chisquare(outright)
        chi2, p = float(chi2), float(p)
    else:
        chi2, p = 0.0, 1.0
    return {"players": k, "games": n, "fair": 1 / k,
            "seats": [{"seat": s + 1, "win_rate": shares[s] / n if n else 0.0,
                       "interval": list(wilson(shares[s], n)), "outright_wins": outright[s]} for s in range(k)],
            "chi2": chi2, "p_value": p, "dof": k - 1}


def ties(out: GameOutcomes) -> dict[str, int]:
    c = Counter(g.tie_kind() for g in out.games)
    order = ["won outright", "tied score, broken by the tie-break", "shared win", "no winner (stopped)"]
    return {k: c[k] for k in order if c[k]}


def length(out: GameOutcomes) -> dict[str, float]:
    t = sorted(g.turns for g in out.games)
    n = len(t)
    if not n:
        return {}
    mean = sum(t) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in t) / (n - 1)) if n > 1 else 0.0

    def q(p: float) -> float:
        return float(t[min(n - 1, max(0, math.ceil(p * n) - 1))])
    rounds = mean / len(out.players)
    return {"mean": mean, "sd": sd, "cv": sd / mean if mean else 0.0, "median": q(0.5), "p5": q(0.05),
            "p95": q(0.95), "min": float(t[0]), "max": float(t[-1]), "mean_rounds": rounds}


def lead(curves) -> dict[str, Any] | None:
    """Lead changes per game and decisiveness, from a CurveAccumulator (None when the game has no score)."""
    if curves is None or not curves.lead_changes:
        return None
    lc = curves.lead_changes
    n = sum(lc.values())
    dec = curves.decided
    m = sum(dec.values())
    return {"games": n, "mean_lead_changes": sum(k * v for k, v in lc.items()) / n,
            "no_lead_change": lc[0] / n,
            "lead_changes": {str(k): lc[k] for k in sorted(lc)},
            # the winner led for good from the k-th tenth of the game's turns (0: from the start)
            "winner_led_for_good_from": {str(k): dec[k] for k in sorted(dec)},
            "decided_in_first_half": sum(v for k, v in dec.items() if k < 5) / m if m else 0.0}


def notes(by_count: dict[int, dict[str, Any]], tie_counts: dict[str, int], games: int,
          lead_figures: dict[str, Any] | None, length_figures: dict[str, float]) -> list[str]:
    """Sentences about what stands out (and, when nothing does, that it does not)."""
    out = []
    for count, s in sorted(by_count.items()):
        best = max(s["seats"], key=lambda r: abs(r["win_rate"] - s["fair"]))
        off = best["win_rate"] - s["fair"]
        if s["p_value"] < SEAT_P and abs(off) >= SEAT_POINTS:
            out.append(f"Seat advantage at {count} players: seat {best['seat']} wins {100 * best['win_rate']:.1f}% "
                       f"of the games where a fair seat would win {100 * s['fair']:.1f}% "
                       f"({'+' if off > 0 else ''}{100 * off:.1f} points; chi-square p = {s['p_value']:.2g}, "
                       f"{s['games']} games).")
        else:
            rates = ", ".join(f"{100 * r['win_rate']:.0f}%" for r in s["seats"])
            if s["p_value"] < SEAT_P:
                out.append(f"A small seat difference at {count} players: seats win {rates} (chi-square p = "
                           f"{s['p_value']:.2g}: real, but no seat is {100 * SEAT_POINTS:.0f} points from a fair "
                           f"{100 * s['fair']:.1f}%).")
            else:
                out.append(f"No seat advantage stands out at {count} players (chi-square p = {s['p_value']:.2g}; "
                           f"seats win {rates}).")
    tied = sum(v for k, v in tie_counts.items() if k != "won outright")
    if games and tied / games >= TIE_RATE:
        parts = ", ".join(f"{k} {v}" for k, v in tie_counts.items() if k != "won outright")
        out.append(f"Ties stand out: {100 * tied / games:.1f}% of the games did not have one clear best "
                   f"({parts}).")
    stopped = tie_counts.get("no winner (stopped)", 0)
    if stopped:
        out.append(f"{stopped} game(s) reached the turn limit with no winner: the bots may stall each other.")
    if length_figures and length_figures["cv"] > 0.5:
        out.append(f"Game length varies widely: {length_figures['mean']:.1f} turns on average, with a standard "
                   f"deviation of {length_figures['sd']:.1f} ({100 * length_figures['cv']:.0f}% of the mean).")
    if lead_figures is not None and lead_figures["no_lead_change"] >= 0.8:
        out.append(f"The lead rarely changes: in {100 * lead_figures['no_lead_change']:.0f}% of the games the "
                   "first player to lead on score kept the lead (a runaway leader?).")
    return out
