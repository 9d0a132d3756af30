"""The balance lab's statistical tests, on scipy: the paired difference of two arms played on the same seeds
(one method for the estimate, the interval and the p-value), Welch's test of two groups from their sums,
Holm's correction for many comparisons, and sample-size advice for the paired test (the smallest difference
N games can detect, the games a difference needs).

Paired t: for per-seed values a_g and b_g of two arms on the same seeds, d_g = b_g - a_g; the estimate is the
mean of d, the interval mean +- t(0.975, n-1) * sd / sqrt(n) and the p-value that of the paired t test (what
scipy.stats.ttest_rel gives; tests/test_inference.py holds them equal), so the 95% interval excludes 0
exactly when p < 0.05. Every d_g counts with its size: a win that became a shared win is half a loss, not a
loss. The distributions come from scipy.special (the t, noncentral t and normal functions that scipy.stats
wraps): importing scipy.stats costs a command 3 to 4 times as long, more than the statistics themselves.

Imports scipy (the `cardlang[lab]` extra) on first use, not on import. Knows no game, no card, no command.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

ALPHA = 0.05
POWER = 0.8


class MissingScipy(RuntimeError):
    """scipy is not installed (the `cardlang[lab]` extra)."""


def _special():
    try:
        from scipy import special
    except ImportError:  # pragma: no cover - the test extra installs it
        raise MissingScipy("the balance lab's statistics need scipy: pip install 'cardlang[lab]'") from None
    return special


@dataclass(frozen=True)
class PairedDifference:
    """B minus A over paired seeds: the mean difference, its t interval, the paired t test's p-value, and how
    many pairs went up, down or stayed the same (ties: d = 0). `sd` is the standard deviation of one pair's
    difference (what sample-size advice needs). With fewer than 2 pairs there is no interval (None) and p is
    1; when every pair differs by the same amount the interval is that point and p is 0 (or 1 for 0)."""

    games: int
    estimate: float
    interval: tuple[float, float] | None
    p_value: float
    sd: float
    better: int
    worse: int
    same: int
    confidence: float = 0.95

    @property
    def ties(self) -> int:
        """Pairs with no difference (the test's ties)."""
        return self.same

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "difference": self.estimate,
                "difference_interval": list(self.interval) if self.interval else None, "p_value": self.p_value,
                "sd": self.sd, "better": self.better, "worse": self.worse, "same": self.same}


def paired_difference(a: Sequence[float], b: Sequence[float], confidence: float = 0.95) -> PairedDifference:
    """B - A over pairs (a[i], b[i]) of the same seed: mean difference, t interval, paired t test, ties."""
    import numpy as np
    if len(a) != len(b):
        raise ValueError(f"paired samples differ in length: {len(a)} and {len(b)}")
    d = np.asarray(b, dtype=float) - np.asarray(a, dtype=float)
    n = len(d)
    better, worse = int((d > 0).sum()), int((d < 0).sum())
    same = n - better - worse
    if n == 0:
        return PairedDifference(0, 0.0, None, 1.0, 0.0, 0, 0, 0, confidence)
    mean = float(d.mean())
    if n < 2:
        return PairedDifference(n, mean, None, 1.0, 0.0, better, worse, same, confidence)
    sd = float(d.std(ddof=1))
    if sd == 0.0:  # scipy's t is 0/0 or x/0 here: the limit of the same test
        return PairedDifference(n, mean, (mean, mean), 1.0 if mean == 0 else 0.0, 0.0, better, worse, same,
                                confidence)
    sp = _special()
    se = sd / math.sqrt(n)
    t = mean / se
    p = float(2 * sp.stdtr(n - 1, -abs(t)))
    half = float(sp.stdtrit(n - 1, 1 - (1 - confidence) / 2)) * se
    return PairedDifference(n, mean, (mean - half, mean + half), min(1.0, p), sd, better, worse, same, confidence)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values (step-down, family-wise error): reject where the adjusted value < alpha."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    out = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        out[i] = running
    return out


def welch_p(m1: float, v1: float, n1: int, m2: float, v2: float, n2: int) -> float:
    """Two-sided p of Welch's t test from each group's mean, variance and size (what
    scipy.stats.ttest_ind(equal_var=False) gives on the raw values, from sums a merge keeps exact)."""
    se2 = v1 / n1 + v2 / n2
    if se2 == 0:
        return 1.0 if m1 == m2 else 0.0
    t = (m1 - m2) / math.sqrt(se2)
    df = se2 ** 2 / ((v1 / n1) ** 2 / (n1 - 1) + (v2 / n2) ** 2 / (n2 - 1))
    return min(1.0, float(2 * _special().stdtr(df, -abs(t))))


def paired_power(games: int, difference: float, sd: float, alpha: float = ALPHA) -> float:
    """The chance that a two-sided paired t test at ALPHA on GAMES pairs finds a true mean difference
    DIFFERENCE when one pair's difference has standard deviation SD (noncentral t, both tails)."""
    if games < 2 or sd <= 0:
        return 0.0
    sp = _special()
    df = games - 1
    crit = float(sp.stdtrit(df, 1 - alpha / 2))
    nc = abs(difference) * math.sqrt(games) / sd
    upper, lower = 1 - float(sp.nctdtr(df, nc, crit)), float(sp.nctdtr(df, nc, -crit))
    # scipy's noncentral t can return nan far in a tail (of the order of 1e-80): that tail is 0 here
    return (1.0 if math.isnan(upper) else upper) + (0.0 if math.isnan(lower) else lower)


def detectable_difference(games: int, sd: float, alpha: float = ALPHA, power: float = POWER) -> float:
    """The smallest true difference that GAMES pairs detect with probability POWER (two-sided, ALPHA): the
    noncentrality at which the upper tail reaches POWER (scipy's inverse), in units of the difference. The
    lower tail (a finding in the wrong direction, under 1e-5 at any power worth asking for) is left out.
    inf for fewer than 2 games."""
    if games < 2:
        return math.inf
    if sd <= 0:
        return 0.0
    sp = _special()
    df = games - 1
    crit = float(sp.stdtrit(df, 1 - alpha / 2))
    nc = float(sp.nctdtrinc(df, 1 - power, crit))
    return nc * sd / math.sqrt(games)


def games_needed(difference: float, sd: float, alpha: float = ALPHA, power: float = POWER) -> int:
    """The fewest pairs for which paired_power reaches POWER at DIFFERENCE (at least 2)."""
    if difference == 0:
        raise ValueError("a difference of 0 cannot be detected by any number of games")
    if sd <= 0:
        return 2
    sp = _special()
    za = float(sp.ndtri(1 - alpha / 2))
    normal = ((za + float(sp.ndtri(power))) * sd / difference) ** 2  # a few games short of t's answer
    if normal > _NORMAL_ENOUGH:  # t is the normal here; its correction is za^2 / 2 (Guenther 1981)
        return math.ceil(normal + za * za / 2)
    n = max(2, math.ceil(normal))
    while paired_power(n, difference, sd, alpha) < power:
        n += 1
    while n > 2 and paired_power(n - 1, difference, sd, alpha) >= power:
        n -= 1
    return n


_NORMAL_ENOUGH = 1e6  # pairs beyond which games_needed uses the normal formula (scipy's noncentral t strays)
