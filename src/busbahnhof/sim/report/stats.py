"""Streaming statistics: a report reads millions of games once and keeps only running figures.

:class:`Moments` keeps count, mean and the sum of squared deviations (Welford's update), enough
for a mean's interval and for a share's Wilson interval; :class:`Histogram` counts values;
:class:`Pairing` keeps the per-game values of one side of a comparison until the other side's
game with the same number arrives (then only their difference is kept).
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Sequence

from ..intervals import CONFIDENCE, Interval, independent_difference, moments_interval, wilson_interval


class Moments:
    """Count, mean and variance of the values added so far (Welford 1962)."""

    __slots__ = ("count", "mean", "squares")

    def __init__(self) -> None:
        self.count = 0
        self.mean = 0.0
        self.squares = 0.0

    def add(self, value: float) -> None:
        """One more value."""
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self.squares += delta * (value - self.mean)

    @classmethod
    def merged(cls, parts: Sequence[Moments]) -> Moments:
        """The moments of all values of ``parts`` together (Chan, Golub and LeVeque 1979)."""
        whole = cls()
        for part in parts:
            count = whole.count + part.count
            if part.count == 0:
                continue
            delta = part.mean - whole.mean
            whole.squares += part.squares + delta * delta * whole.count * part.count / count
            whole.mean += delta * part.count / count
            whole.count = count
        return whole

    @property
    def variance(self) -> float:
        """The sample variance (0 for fewer than two values)."""
        return self.squares / (self.count - 1) if self.count > 1 else 0.0

    @property
    def total(self) -> float:
        """The sum of the values."""
        return self.mean * self.count

    def interval(self, confidence: float = CONFIDENCE) -> Interval:
        """The mean with its interval, 95 % by default (``intervals.moments_interval``)."""
        return moments_interval(self.count, self.mean, self.variance, confidence)

    def share_interval(self) -> Interval:
        """For values between 0 and 1 (wins, shares of a win): the share with its Wilson interval."""
        return wilson_interval(min(max(self.total, 0.0), float(self.count)), self.count)

    def difference(self, other: Moments, confidence: float = CONFIDENCE) -> Interval:
        """This mean minus ``other``'s, for independent samples (``intervals.independent_difference``)."""
        mine, theirs = (self.count, self.mean, self.variance), (other.count, other.mean, other.variance)
        return independent_difference(mine, theirs, confidence)


class Histogram:
    """How often each value occurred (values are rounded to 6 decimals, so shares of a win group)."""

    def __init__(self) -> None:
        self.counts: Counter[float] = Counter()

    def add(self, value: float) -> None:
        """One more value."""
        self.counts[round(value, 6)] += 1

    @property
    def count(self) -> int:
        """The number of values."""
        return sum(self.counts.values())

    def quantile(self, share: float) -> float:
        """The smallest value with at least ``share`` of all values at or below it (0 if empty)."""
        needed = share * self.count
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if seen >= needed:
                return value
        return 0.0


class Pairing:
    """Paired differences of several per-game figures between two settings played on the same seeds.

    The first setting's values are kept per game (an ``array`` of floats, 8 bytes each) until the
    second setting's game with the same number and seed comes; then only the differences'
    :class:`Moments` grow.  Games of one side without a partner are simply not paired.
    """

    def __init__(self, width: int) -> None:
        self.width = width
        self.waiting: tuple[dict[tuple[int, int], array[float]], dict[tuple[int, int], array[float]]] = ({}, {})
        self.differences = [Moments() for _ in range(width)]
        self.pairs = 0

    def add(self, side: int, game: tuple[int, int], values: Sequence[float]) -> None:
        """The figures of ``game`` (number, seed) under setting ``side`` (0 or 1); NaN marks an undefined one."""
        partner = self.waiting[1 - side].pop(game, None)
        if partner is None:
            self.waiting[side][game] = array("d", values)
            return
        self.pairs += 1
        first, second = (values, partner) if side == 0 else (partner, values)
        for moments, a, b in zip(self.differences, first, second, strict=True):
            if a == a and b == b:  # both defined (NaN != NaN)
                moments.add(a - b)
