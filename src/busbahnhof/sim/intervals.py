"""Confidence intervals for simulation figures: win shares, means and paired differences.

Shared by the tournament table, the simulation reports and the sweep comparison, so that every
interval Busbahnhof prints is computed the same way.  All intervals are two-sided; the default
confidence is 95 %.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

CONFIDENCE = 0.95


@dataclass(frozen=True)
class Interval:
    """An estimate with the lower and upper end of its confidence interval."""

    estimate: float
    low: float
    high: float

    def excludes(self, value: float) -> bool:
        """Whether ``value`` lies outside the interval (the difference to it is significant)."""
        return value < self.low or value > self.high


def z_score(confidence: float = CONFIDENCE) -> float:
    """The standard normal quantile for a two-sided interval (1.96 for 95 %)."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must lie between 0 and 1, not {confidence}")
    return statistics.NormalDist().inv_cdf(0.5 + confidence / 2.0)


def wilson_interval(successes: float, trials: int, confidence: float = CONFIDENCE) -> Interval:
    """The Wilson score interval of a share (Wilson 1927); ``successes`` may be fractional (shared wins).

    For no trials the estimate is 0 and the interval the whole range [0, 1].
    """
    if trials < 0 or not 0.0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return Interval(0.0, 0.0, 1.0)
    z = z_score(confidence)
    share = successes / trials
    denominator = 1.0 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(share * (1.0 - share) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact bounds at the edges, no rounding residue
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Interval(share, low, high)


def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> Interval:
    """The mean with a normal-approximation interval (mean ± z·s/√n); a single value has width 0."""
    if not values:
        raise ValueError("the mean of no values is undefined")
    mean = math.fsum(values) / len(values)
    variance = statistics.variance(values, mean) if len(values) > 1 else 0.0
    return moments_interval(len(values), mean, variance, confidence)


def moments_interval(count: int, mean: float, variance: float, confidence: float = CONFIDENCE) -> Interval:
    """:func:`mean_interval` from running figures: the count, mean and sample variance of the values.

    Streaming statistics (the report reads millions of games) keep only these three numbers.
    """
    if count < 1:
        raise ValueError("the mean of no values is undefined")
    if count == 1:
        return Interval(mean, mean, mean)
    half = z_score(confidence) * math.sqrt(max(variance, 0.0) / count)
    return Interval(mean, mean - half, mean + half)


def independent_difference(
    first: tuple[int, float, float], second: tuple[int, float, float], confidence: float = CONFIDENCE
) -> Interval:
    """The difference of two means of independent samples, each given as (count, mean, sample variance).

    Welch's normal approximation: ``m1 - m2 ± z·√(v1/n1 + v2/n2)``; for settings played on
    different seeds (on the same seeds use :func:`paired_difference`).
    """
    (n1, m1, v1), (n2, m2, v2) = first, second
    if n1 < 1 or n2 < 1:
        raise ValueError("a difference of means needs values on both sides")
    half = z_score(confidence) * math.sqrt(max(v1, 0.0) / n1 + max(v2, 0.0) / n2)
    return Interval(m1 - m2, m1 - m2 - half, m1 - m2 + half)


def paired_difference(first: Sequence[float], second: Sequence[float], confidence: float = CONFIDENCE) -> Interval:
    """The mean of ``first[i] - second[i]`` with its interval: the comparison of two settings on the same seeds."""
    if len(first) != len(second):
        raise ValueError(f"paired samples need equal lengths, got {len(first)} and {len(second)}")
    return mean_interval([a - b for a, b in zip(first, second, strict=True)], confidence)
