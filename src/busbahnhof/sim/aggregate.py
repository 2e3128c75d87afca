"""Aggregating per-game simulation figures (``Game.summarize``) over a whole run.

A game's summary is a tree of dicts and lists whose leaves are numbers (docs/protocol.md,
"Simulation figures").  Every leaf is flattened to a path such as ``("seats", 2, "points")``,
and the values of one path over all games are reduced, as they stream in, to their mean,
median, total, min and max and the mean's confidence interval, in memory that does not grow
with the number of games (:class:`FigureStats`).  A path missing from one game's summary counts
as 0 there.  The result does not depend on the order in which games finish.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict
from fractions import Fraction
from typing import Any

from ..engine import InvalidDataError
from .intervals import CONFIDENCE, Interval, moments_interval, wilson_interval

Path = tuple[str | int, ...]
FlatSummary = dict[Path, float]
STATISTICS = ("mean", "median", "total", "min", "max")


def flatten_summary(summary: Mapping[str, Any], game_id: str = "") -> FlatSummary:
    """The numeric leaves of ``summary`` by path; booleans count as 0 and 1.

    Raises:
        InvalidDataError: a leaf is not a number (the message names the path).
    """
    flat: FlatSummary = {}

    def walk(node: Any, path: Path) -> None:
        if isinstance(node, dict):
            for key, child in node.items():
                walk(child, (*path, str(key)))
        elif isinstance(node, (int, float)):
            flat[path] = float(node)
        elif isinstance(node, (list, tuple)):
            for index, child in enumerate(node):
                walk(child, (*path, index))
        elif isinstance(node, Mapping):
            walk(dict(node), path)
        else:
            where = "/".join(str(part) for part in path) or "(root)"
            raise InvalidDataError(f"summarize() of {game_id or 'the game'} gave a non-number at {where}: {node!r}")

    walk(summary, ())
    return flat


MAX_BINS = 2048
"""The most distinct values a figure's median is kept exactly for; past it, values are binned."""
_LOWEST_LEVEL, _HIGHEST_LEVEL = -1100, 1100
"""Bin widths ``2**level`` tried when a figure has more than :data:`MAX_BINS` values (every double fits)."""


class FigureStats:
    """Streaming statistics of one figure: count, exact sums, min, max and a histogram for the median.

    Memory stays bounded however many values are added, and the result does not depend on
    their order (games finish in any order on several workers):

    - sums (and sums of squares, for intervals) are exact: whole numbers in a Python ``int``,
      other values in a ``Fraction``, rounded once at the end;
    - the median comes from a histogram of the values, exact while the figure has at most
      :data:`MAX_BINS` distinct values (every figure of the three games: counts, points,
      shares of a win).  Past that, values fall into bins of width ``2**level`` anchored at 0,
      with the smallest level that keeps at most :data:`MAX_BINS` bins for the values seen, and
      the median is its bin's midpoint (off by at most half a bin).  The bins nest, so the
      final level is the smallest that fits all values, whatever their order.
    """

    __slots__ = ("bins", "count", "high", "level", "low", "rest", "rest_sq", "whole", "whole_sq")

    def __init__(self) -> None:
        self.count = 0
        self.whole = 0
        self.whole_sq = 0
        self.rest = Fraction(0)
        self.rest_sq = Fraction(0)
        self.low = math.inf
        self.high = -math.inf
        self.bins: dict[float, int] = {}
        self.level: int | None = None

    def add(self, value: float, times: int = 1) -> None:
        """Count ``value`` (``times`` times)."""
        self.count += times
        if value.is_integer():
            whole = int(value)
            self.whole += whole * times
            self.whole_sq += whole * whole * times
        else:
            exact = Fraction(value)
            self.rest += exact * times
            self.rest_sq += exact * exact * times
        if value < self.low:
            self.low = value
        if value > self.high:
            self.high = value
        key = value if self.level is None else _bin(value, self.level)
        self.bins[key] = self.bins.get(key, 0) + times
        if len(self.bins) > MAX_BINS:
            self._coarsen()

    def _coarsen(self) -> None:
        level = _smallest_level(self.bins) if self.level is None else self.level
        if self.level is None:
            self.bins = _rebin(self.bins, lambda value: _bin(value, level))
        while len(self.bins) > MAX_BINS:
            level += 1
            self.bins = _rebin(self.bins, lambda key: int(key) >> 1)  # the bins nest: halve the bin number
        self.level = level

    @property
    def total(self) -> float:
        """The sum of the values, correctly rounded (no ``Fraction`` arithmetic for whole numbers)."""
        return float(self.whole + self.rest) if self.rest else float(self.whole)

    @property
    def mean(self) -> float:
        """The mean (0 for no values)."""
        return self.total / self.count if self.count else 0.0

    def variance(self) -> float:
        """The sample variance (0 for fewer than two values), from the exact sums."""
        if self.count < 2:
            return 0.0
        if not (self.rest or self.rest_sq):  # whole numbers: int / int is correctly rounded, as the Fraction
            spread = self.whole_sq * self.count - self.whole * self.whole
            return max(0.0, spread / (self.count * (self.count - 1)))
        first = self.whole + self.rest
        second = self.whole_sq + self.rest_sq
        return max(0.0, float((second - first * first / self.count) / (self.count - 1)))

    def median(self) -> float:
        """The median (mean of the two middle values for an even count); see the class for binned figures."""
        if not self.count:
            return 0.0
        wanted = ((self.count - 1) // 2, self.count // 2)
        found: list[float] = []
        seen = 0
        for key in sorted(self.bins):
            seen += self.bins[key]
            while len(found) < 2 and wanted[len(found)] < seen:
                found.append(self._value(key))
        return (found[0] + found[1]) / 2

    def _value(self, key: float) -> float:
        if self.level is None:
            return key
        middle = math.ldexp(2 * int(key) + 1, self.level - 1)
        return min(self.high, max(self.low, middle))

    def is_share(self) -> bool:
        """Whether every value is 0 or 1 (a share: its interval is Wilson's)."""
        return self.level is None and set(self.bins) <= {0.0, 1.0}

    def describe(self) -> Stats:
        """Mean, median, total, min and max (all 0 for no values)."""
        if not self.count:
            return Stats(dict.fromkeys(STATISTICS, 0.0))
        return Stats(mean=self.mean, median=self.median(), total=self.total, min=self.low, max=self.high)

    def interval(self, confidence: float = CONFIDENCE, shares: bool = True) -> Interval:
        """The mean with its confidence interval: Wilson's for a share (if ``shares``), else mean ± z·s/√n."""
        if shares and self.is_share():
            return wilson_interval(self.total, self.count, confidence)
        if self.count == 0:
            return Interval(self.mean, self.mean, self.mean)
        return moments_interval(self.count, self.mean, self.variance(), confidence)


def _bin(value: float, level: int) -> int:
    """The bin of width ``2**level`` (anchored at 0) that holds ``value``, computed exactly."""
    numerator, denominator = value.as_integer_ratio()
    if level < 0:
        return (numerator << -level) // denominator
    return numerator // (denominator << level)


def _rebin(bins: Mapping[float, int], key: Callable[[float], int]) -> dict[float, int]:
    merged: dict[float, int] = {}
    for value, times in bins.items():
        merged[key(value)] = merged.get(key(value), 0) + times
    return merged


def _smallest_level(values: Mapping[float, int]) -> int:
    """The smallest level whose bins hold ``values`` in at most :data:`MAX_BINS` bins (binary search)."""
    low, high = _LOWEST_LEVEL, _HIGHEST_LEVEL
    while low < high:
        middle = (low + high) // 2
        if len({_bin(value, middle) for value in values}) <= MAX_BINS:
            high = middle
        else:
            low = middle + 1
    return low


FOLD_GAMES = 1000
"""Games whose values are counted together (C speed) before they go into the statistics."""


class Aggregate:
    """Per figure (path), streaming statistics over every game added; a path a game lacks counts as 0 there.

    Games are first tallied as ``(path, value)`` pairs in a ``Counter`` (most figures take few
    values), which goes into the :class:`FigureStats` every :data:`FOLD_GAMES` games and
    before any result is read.  ``template``: paths every result has even if no game gave them
    (``Game.summary_template``: sparse per-card figures), counted as 0 in the games that lack them.
    """

    def __init__(self, template: Iterable[Path] = ()) -> None:
        self._folded = 0
        self._figures: dict[Path, FigureStats] = {path: FigureStats() for path in template}
        self._pending: Counter[tuple[Path, float]] = Counter()
        self._pending_games = 0

    @property
    def count(self) -> int:
        """Games added."""
        return self._folded + self._pending_games

    @property
    def figures(self) -> dict[Path, FigureStats]:
        """The statistics of every figure so far."""
        self._fold()
        return self._figures

    def add(self, flat: FlatSummary) -> None:
        """Count one game's flattened summary."""
        self._pending.update(flat.items())
        self._pending_games += 1
        if self._pending_games >= FOLD_GAMES:
            self._fold()

    def _fold(self) -> None:
        if not self._pending_games:
            return
        present: Counter[Path] = Counter()
        for (path, value), times in self._pending.items():
            stats = self._figures.get(path)
            if stats is None:
                stats = self._figures[path] = FigureStats()
                if self._folded:
                    stats.add(0.0, self._folded)
            stats.add(value, times)
            present[path] += times
        for path, stats in self._figures.items():
            if present[path] < self._pending_games:
                stats.add(0.0, self._pending_games - present[path])
        self._folded += self._pending_games
        self._pending_games = 0
        self._pending.clear()

    def reduce(self) -> dict[str, Any]:
        """The summary tree with every leaf replaced by its statistics, paths in sorted order."""
        return _tree({path: stats.describe() for path, stats in self.figures.items()})

    def intervals(self, confidence: float = CONFIDENCE, shares: bool = True) -> dict[str, Any]:
        """The summary tree with every leaf replaced by its mean's interval ``{estimate, low, high}``.

        ``shares``: a figure whose values are all 0 or 1 gets Wilson's interval (not for differences).
        """
        intervals = {path: Stats(asdict(stats.interval(confidence, shares))) for path, stats in self.figures.items()}
        return _tree(intervals)


class Stats(dict[str, float]):
    """The statistics of one leaf (mean, median, total, min and max; or an interval)."""


def describe(values: Sequence[float]) -> Stats:
    """Mean, median, total, min and max of ``values`` (all 0 for no values)."""
    stats = FigureStats()
    for value in values:
        stats.add(float(value))
    return stats.describe()


def _tree(leaves: Mapping[Path, Stats]) -> dict[str, Any]:
    tree: dict[str, Any] = {}
    for path in sorted(leaves, key=_sort_key):
        _insert(tree, path, leaves[path])
    reduced: dict[str, Any] = _lists_from_indices(tree)
    return reduced


def _sort_key(path: Path) -> tuple[tuple[int, str | int], ...]:
    return tuple((0, part) if isinstance(part, int) else (1, part) for part in path)


def _insert(tree: dict[Any, Any], path: Path, leaf: Stats) -> None:
    node = tree
    for part in path[:-1]:
        node = node.setdefault(part, {})
    node[path[-1]] = leaf


def _lists_from_indices(node: Any) -> Any:
    """Turn dicts keyed by list indices (ints) back into lists."""
    if isinstance(node, Stats) or not isinstance(node, dict):
        return node
    if node and all(isinstance(key, int) for key in node):
        return [_lists_from_indices(node.get(index, {})) for index in range(max(node) + 1)]
    return {key: _lists_from_indices(child) for key, child in node.items()}
