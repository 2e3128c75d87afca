"""Aggregation of per-game figures: flattening, missing keys as 0, the five statistics, lists back, streaming."""

from __future__ import annotations

import json
import math
import random
import statistics

import pytest

from busbahnhof.engine import InvalidDataError
from busbahnhof.sim import Aggregate, describe, flatten_summary
from busbahnhof.sim.aggregate import MAX_BINS, FigureStats
from busbahnhof.sim.intervals import mean_interval, wilson_interval


def test_flatten_walks_dicts_and_lists_and_counts_booleans() -> None:
    flat = flatten_summary({"seats": [{"points": 3, "won": True}, {"points": 1.5, "won": False}], "ride": {"n": 2}})
    assert flat == {
        ("seats", 0, "points"): 3.0,
        ("seats", 0, "won"): 1.0,
        ("seats", 1, "points"): 1.5,
        ("seats", 1, "won"): 0.0,
        ("ride", "n"): 2.0,
    }


def test_flatten_refuses_a_non_number_and_names_the_path() -> None:
    with pytest.raises(InvalidDataError, match="questions/q1/right"):
        flatten_summary({"questions": {"q1": {"right": "yes"}}}, "busfahrer")


def test_describe_gives_mean_median_total_min_max() -> None:
    assert describe([4.0, 1.0, 2.0, 7.0]) == {"mean": 3.5, "median": 3.0, "total": 14.0, "min": 1.0, "max": 7.0}
    assert describe([]) == {"mean": 0.0, "median": 0.0, "total": 0.0, "min": 0.0, "max": 0.0}


def test_missing_keys_count_as_zero_in_either_order() -> None:
    columns = Aggregate()
    columns.add(flatten_summary({"a": 2}))
    columns.add(flatten_summary({"a": 4, "b": {"c": 6}}))
    columns.add(flatten_summary({}))
    reduced = columns.reduce()
    assert reduced["a"] == {"mean": 2.0, "median": 2.0, "total": 6.0, "min": 0.0, "max": 4.0}
    assert reduced["b"]["c"] == {"mean": 2.0, "median": 0.0, "total": 6.0, "min": 0.0, "max": 6.0}


def test_lists_come_back_as_lists_and_a_key_named_like_a_statistic_stays_a_branch() -> None:
    columns = Aggregate()
    columns.add(flatten_summary({"seats": [{"p": 1}, {"p": 3}], "total": {"max": 5}}))
    columns.add(flatten_summary({"seats": [{"p": 3}, {"p": 5}], "total": {"max": 7}}))
    reduced = json.loads(json.dumps(columns.reduce()))
    assert [seat["p"]["mean"] for seat in reduced["seats"]] == [2.0, 4.0]
    assert reduced["total"]["max"]["mean"] == 6.0


def test_statistics_do_not_depend_on_the_order_of_the_games() -> None:
    rng = random.Random(5)
    values = [rng.choice([0.0, 1.0, 1 / 3, 0.5, 2.0, 1e16, -1e16, 0.1]) for _ in range(2000)]
    shuffled = rng.sample(values, len(values))
    first, second = FigureStats(), FigureStats()
    for value in values:
        first.add(value)
    for value in shuffled:
        second.add(value)
    assert first.describe() == second.describe()
    assert first.interval() == second.interval()
    assert first.total == math.fsum(values)  # exact, unlike a running float sum
    assert first.median() == statistics.median(values)


def test_the_interval_is_wilsons_for_shares_and_the_normal_one_for_other_figures() -> None:
    shares, points = FigureStats(), FigureStats()
    for value in [1.0, 0.0, 0.0, 1.0, 0.0]:
        shares.add(value)
    for value in [3.0, 7.5, 1.0, 4.0]:
        points.add(value)
    assert shares.interval() == wilson_interval(2, 5)
    expected = mean_interval([3.0, 7.5, 1.0, 4.0])
    assert points.interval().estimate == expected.estimate
    assert points.interval().low == pytest.approx(expected.low) and points.interval().high == pytest.approx(
        expected.high
    )
    assert shares.interval(shares=False).low < 0.0  # the normal interval of a share may leave [0, 1]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_figure_with_many_distinct_values_keeps_bounded_bins_and_a_close_median(seed: int) -> None:
    rng = random.Random(seed)
    values = [rng.gauss(100.0, 15.0) for _ in range(3 * MAX_BINS)]
    stats, backwards = FigureStats(), FigureStats()
    for value in values:
        stats.add(value)
    for value in reversed(values):
        backwards.add(value)
    assert stats.level is not None and len(stats.bins) <= MAX_BINS
    width = 2.0**stats.level
    assert abs(stats.median() - statistics.median(values)) <= width
    assert stats.describe() == backwards.describe(), "the bins do not depend on the order"
    assert (stats.describe()["min"], stats.describe()["max"]) == (min(values), max(values))


def test_aggregate_memory_does_not_grow_with_the_games() -> None:
    aggregate = Aggregate()
    for game in range(20_000):
        aggregate.add({("seats", 0, "points"): float(game % 40), ("outcome", "decisions"): float(20 + game % 50)})
    assert aggregate.count == 20_000
    assert all(len(stats.bins) <= 50 for stats in aggregate.figures.values())
    assert aggregate.reduce()["seats"][0]["points"]["median"] == 19.5
