"""Aggregating per-game simulation figures (``Game.summarize``) over a whole run.

A game's summary is a tree of dicts and lists whose leaves are numbers (docs/protocol.md,
"Simulation figures").  Every leaf is flattened to a path such as ``("seats", 2, "points")``,
the values of one path over all games form a column, and each column is reduced to its mean,
median, total, min and max.  A path missing from one game's summary counts as 0 there.  The
reduction depends only on the order of the games, never on how they were split among workers.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import InvalidDataError

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


class Columns:
    """Per path, the values of every game so far (0 where a game lacked the path)."""

    def __init__(self) -> None:
        self.count = 0
        self.values: dict[Path, list[float]] = {}

    def add(self, flat: FlatSummary) -> None:
        """Append one game's flattened summary."""
        for path in flat.keys() - self.values.keys():
            self.values[path] = [0.0] * self.count
        for path, column in self.values.items():
            column.append(flat.get(path, 0.0))
        self.count += 1

    def reduce(self) -> dict[str, Any]:
        """The summary tree with every leaf replaced by its statistics, paths in sorted order."""
        tree: dict[str, Any] = {}
        for path in sorted(self.values, key=_sort_key):
            _insert(tree, path, describe(self.values[path]))
        reduced: dict[str, Any] = _lists_from_indices(tree)
        return reduced


class Stats(dict[str, float]):
    """The statistics of one leaf: mean, median, total, min and max."""


def describe(values: Sequence[float]) -> Stats:
    """Mean, median, total, min and max of ``values`` (all 0 for no values)."""
    if not values:
        return Stats(dict.fromkeys(STATISTICS, 0.0))
    total = math.fsum(values)
    return Stats(
        mean=total / len(values),
        median=float(statistics.median(values)),
        total=total,
        min=min(values),
        max=max(values),
    )


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
