"""Aggregation of per-game figures: flattening, missing keys as 0, the five statistics, lists back."""

from __future__ import annotations

import json

import pytest

from busbahnhof.engine import InvalidDataError
from busbahnhof.sim import Aggregate, describe, flatten_summary


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
