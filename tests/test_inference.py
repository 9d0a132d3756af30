"""cardlang/lab/inference.py: the paired difference (one method for estimate, interval and p-value), Holm's
correction and sample-size advice, each against scipy or a formula computed here independently."""
from __future__ import annotations

import math
import random

import numpy as np
import pytest
from scipy import stats

from cardlang.lab.inference import detectable_difference, games_needed, holm, paired_difference, paired_power


def test_identical_arms_give_an_interval_containing_zero_and_p_one() -> None:
    rng = random.Random(5)
    a = [rng.choice((0.0, 0.5, 1.0)) for _ in range(500)]
    r = paired_difference(a, a)
    assert r.estimate == 0 and r.interval == (0.0, 0.0) and r.p_value == 1.0
    assert (r.better, r.worse, r.same) == (0, 0, 500) and r.ties == 500


def test_a_win_that_becomes_a_tie_is_half_a_loss() -> None:
    """100 seeds loss -> win and 140 seeds win -> shared win, 760 unchanged: B is better by +3.0 points, and
    the test says so (a sign test counting 140 'worse' against 100 'better' said the opposite, p = 0.012)."""
    a = [0.0] * 100 + [1.0] * 140 + [0.5] * 760
    b = [1.0] * 100 + [0.5] * 140 + [0.5] * 760
    r = paired_difference(a, b)
    assert r.estimate == pytest.approx(0.03)
    lo, hi = r.interval
    assert 0 < lo < 0.03 < hi and r.p_value < 0.05
    assert (r.better, r.worse, r.same) == (100, 140, 760)


@pytest.mark.parametrize("n,seed", [(3, 1), (40, 2), (2000, 3)])
def test_agrees_with_scipy_paired_t(n: int, seed: int) -> None:
    rng = random.Random(seed)
    a = [rng.choice((0.0, 1 / 3, 0.5, 1.0)) for _ in range(n)]
    b = [x if rng.random() < 0.7 else rng.choice((0.0, 1.0)) for x in a]
    r = paired_difference(a, b)
    want = stats.ttest_rel(b, a)
    ci = want.confidence_interval(0.95)
    assert r.p_value == pytest.approx(want.pvalue, rel=1e-9)
    assert r.interval == pytest.approx((ci.low, ci.high), rel=1e-9)
    # the same test: the interval leaves out 0 exactly when p < 0.05
    assert (r.interval[0] > 0 or r.interval[1] < 0) == (r.p_value < 0.05)


def test_three_seeds_give_a_t_interval_not_a_point() -> None:
    r = paired_difference([0.0, 0.0, 1.0], [1.0, 1.0, 1.0])
    d = np.array([1.0, 1.0, 0.0])
    half = stats.t.ppf(0.975, 2) * d.std(ddof=1) / math.sqrt(3)  # t with 2 degrees of freedom: 4.30, not 1.96
    assert r.interval == pytest.approx((d.mean() - half, d.mean() + half))
    assert r.interval[0] < 0 < r.interval[1]


def test_degenerate_samples() -> None:
    assert paired_difference([], []).interval is None
    one = paired_difference([0.0], [1.0])
    assert one.interval is None and one.p_value == 1.0 and one.estimate == 1.0
    constant = paired_difference([0.0] * 5, [1.0] * 5)
    assert constant.interval == (1.0, 1.0) and constant.p_value == 0.0
    with pytest.raises(ValueError):
        paired_difference([0.0], [0.0, 1.0])


def test_holm_matches_the_step_down_rule() -> None:
    p = [0.01, 0.04, 0.03, 0.005, 0.5]
    # sorted: 0.005*5, 0.01*4, 0.03*3, 0.04*2, 0.5*1, each at least the one before
    assert holm(p) == pytest.approx([0.04, 0.09, 0.09, 0.025, 0.5])
    assert holm([]) == [] and holm([0.9, 0.9]) == [1.0, 1.0]


def _normal_games(difference: float, sd: float, alpha: float = 0.05, power: float = 0.8) -> float:
    """The textbook normal formula with Guenther's (1981) t correction: n = (z_a + z_b)^2 sd^2 / d^2 + z_a^2/2."""
    za, zb = stats.norm.ppf(1 - alpha / 2), stats.norm.ppf(power)
    return (za + zb) ** 2 * sd ** 2 / difference ** 2 + za ** 2 / 2


@pytest.mark.parametrize("difference,sd", [(0.01, 0.68), (0.05, 0.5), (0.1, 0.3), (0.02, 0.9)])
def test_games_needed_against_the_normal_formula(difference: float, sd: float) -> None:
    n = games_needed(difference, sd)
    assert abs(n - _normal_games(difference, sd)) <= 1.5
    assert paired_power(n, difference, sd) >= 0.8 > paired_power(n - 1, difference, sd)


@pytest.mark.parametrize("games,sd", [(1000, 0.68), (100, 0.5), (30000, 0.4)])
def test_detectable_difference_against_the_normal_formula(games: int, sd: float) -> None:
    za, zb = stats.norm.ppf(0.975), stats.norm.ppf(0.8)
    mde = detectable_difference(games, sd)
    assert mde == pytest.approx((za + zb) * sd / math.sqrt(games), rel=0.02)
    assert paired_power(games, mde, sd) == pytest.approx(0.8, abs=1e-5)
    assert games_needed(mde * 1.0001, sd) <= games


def test_power_by_simulation() -> None:
    """Run 4000 paired t tests of 30 normal differences with mean 0.5 sd: the share that rejects is the power."""
    rng = np.random.default_rng(7)
    d = rng.normal(0.5, 1.0, size=(4000, 30))
    t = d.mean(axis=1) / (d.std(axis=1, ddof=1) / math.sqrt(30))
    rejected = float((np.abs(t) > stats.t.ppf(0.975, 29)).mean())
    assert rejected == pytest.approx(paired_power(30, 0.5, 1.0), abs=0.025)
    assert detectable_difference(1, 1.0) == math.inf


def test_tiny_differences_need_the_normal_formulas_answer() -> None:
    """Beyond a million games t is the normal (scipy's noncentral t strays there): the formula answers."""
    assert games_needed(1e-4, 0.5) == math.ceil(_normal_games(1e-4, 0.5))
    assert games_needed(-0.002, 0.5) == games_needed(0.002, 0.5)
    with pytest.raises(ValueError):
        games_needed(0.0, 0.5)
