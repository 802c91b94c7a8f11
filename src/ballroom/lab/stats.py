"""Confidence intervals for win rates and means, without SciPy.

A seat's "wins" may be fractional (a shared win counts ``1/k``), so the
Wilson interval is applied to the mean share; that is the usual score
interval when no win is shared and a close, slightly wide one when some are.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The normal quantile for a two-sided 95% interval."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A proportion or mean with its 95% confidence interval."""

    value: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        return f"{self.value:.1%} [{self.low:.1%}, {self.high:.1%}]"

    def excludes(self, reference: float) -> bool:
        """Whether ``reference`` lies outside the interval (a significant difference)."""
        return reference < self.low or reference > self.high


def wilson(successes: float, n: int, z: float = Z95) -> Estimate:
    """Wilson score interval for ``successes`` out of ``n`` (fractional successes allowed)."""
    if n <= 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = min(p, max(0.0, centre - half))
    high = max(p, min(1.0, centre + half))
    return Estimate(p, low, high, n)


def mean_interval(values: Sequence[float], z: float = Z95) -> Estimate:
    """The mean with a normal-approximation interval (for game lengths and the like)."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)
