"""The statistics of a playtest: proportions with Wilson intervals, means, and differences between two runs.

Pure functions of counts, no sampling: the same counts give the same figures.
Every interval is a two-sided 95 % interval; a difference is *significant*
when its two-sided p-value is below 0.05.

- a proportion (a seat's win rate, how often the supply runs out) gets the
  Wilson score interval, which stays inside [0, 1] and is good for small
  counts and for rates near 0 or 1;
- two proportions are compared with the pooled two-proportion z-test, and
  their difference gets Newcombe's hybrid score interval (built from the two
  Wilson intervals);
- a mean gets the normal interval; two means are compared with Welch's
  z-test (the runs hold thousands of games, so z is as good as t).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

Z95 = 1.959963984540054  # the standard normal's 97.5 % quantile
LEVEL = 0.05  # significance level of every comparison


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``trials`` (``(0, 1)`` for no trials)."""
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials))
    # At 0 and n the interval touches the bound exactly; rounding must not push it past.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def normal_p_value(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


@dataclass(frozen=True)
class Difference:
    """``a - b`` of two figures, its 95 % interval, the test's p-value and whether it is significant."""

    a: float | None
    b: float | None
    difference: float | None
    ci95: tuple[float, float] | None
    p_value: float | None

    @property
    def significant(self) -> bool:
        return self.p_value is not None and self.p_value < LEVEL

    def record(self) -> dict:
        return {
            "a": self.a,
            "b": self.b,
            "difference": self.difference,
            "ci95": None if self.ci95 is None else list(self.ci95),
            "p_value": self.p_value,
            "significant": self.significant,
        }


_NONE = Difference(None, None, None, None, None)


def proportion_difference(x1: int, n1: int, x2: int, n2: int) -> Difference:
    """``x1/n1 - x2/n2`` with Newcombe's hybrid score interval and the pooled z-test's p-value."""
    if n1 == 0 or n2 == 0:
        return _NONE
    p1, p2 = x1 / n1, x2 / n2
    (l1, u1), (l2, u2) = wilson(x1, n1), wilson(x2, n2)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    pooled = (x1 + x2) / (n1 + n2)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if spread == 0:  # both all successes or all failures: no evidence of a difference
        p_value = 1.0
    else:
        p_value = normal_p_value(d / spread)
    return Difference(p1, p2, d, (max(-1.0, low), min(1.0, high)), p_value)


@dataclass(frozen=True)
class Moments:
    """Count, mean and variance (n - 1) of a distribution given as a histogram of at least one value."""

    n: int
    mean: float
    variance: float

    @classmethod
    def of(cls, histogram: Mapping[float, int]) -> Moments | None:
        """The histogram's moments; None for an empty one, which has no mean."""
        n = sum(histogram.values())
        if n == 0:
            return None
        # Sorted, so the same histogram gives the same float sums in any order it was built.
        items = sorted(histogram.items())
        mean = math.fsum(value * count for value, count in items) / n
        if n == 1:
            return cls(n, mean, 0.0)
        squares = math.fsum(count * (value - mean) ** 2 for value, count in items)
        return cls(n, mean, squares / (n - 1))

    def ci95(self) -> tuple[float, float]:
        half = Z95 * math.sqrt(self.variance / self.n)
        return self.mean - half, self.mean + half


def mean_difference(a: Moments | None, b: Moments | None) -> Difference:
    """``a.mean - b.mean`` with Welch's normal interval and two-sided p-value."""
    if a is None or b is None:
        return _NONE
    if a.n < 2 or b.n < 2:
        return Difference(a.mean, b.mean, None, None, None)
    d = a.mean - b.mean
    spread = math.sqrt(a.variance / a.n + b.variance / b.n)
    if spread == 0:
        p_value = 1.0 if d == 0 else 0.0
    else:
        p_value = normal_p_value(d / spread)
    return Difference(a.mean, b.mean, d, (d - Z95 * spread, d + Z95 * spread), p_value)


def quantile(histogram: Mapping[float, int], q: float) -> float | None:
    """The smallest value with at least ``q`` of the observations at or below it."""
    n = sum(histogram.values())
    if n == 0:
        return None
    wanted = max(1, math.ceil(q * n))
    seen = 0
    for value, count in sorted(histogram.items()):
        seen += count
        if seen >= wanted:
            return value
    raise AssertionError("unreachable")
