"""Confidence intervals against published values and their defining properties."""

from __future__ import annotations

import pytest

from busbahnhof.sim.intervals import (
    independent_difference,
    mean_interval,
    moments_interval,
    paired_difference,
    wilson_interval,
    z_score,
)


def test_z_score_of_95_percent() -> None:
    assert z_score() == pytest.approx(1.959964, abs=1e-6)
    with pytest.raises(ValueError):
        z_score(1.0)


def test_wilson_matches_the_textbook_example() -> None:
    # Newcombe (1998), Statistics in Medicine 17, table I, example: 81 of 263 -> 0.2553 to 0.3662.
    interval = wilson_interval(81, 263)
    assert interval.estimate == pytest.approx(81 / 263)
    assert interval.low == pytest.approx(0.2553, abs=1e-4)
    assert interval.high == pytest.approx(0.3662, abs=1e-4)


def test_wilson_stays_inside_zero_and_one() -> None:
    assert wilson_interval(0, 10).low == 0.0
    assert wilson_interval(10, 10).high == 1.0
    assert 0.0 < wilson_interval(0, 10).high < 0.35
    assert wilson_interval(0, 0) == wilson_interval(0, 0).__class__(0.0, 0.0, 1.0)


def test_wilson_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
    with pytest.raises(ValueError):
        wilson_interval(-1, 10)


def test_mean_interval_narrows_with_more_values() -> None:
    few = mean_interval([1.0, 2.0, 3.0, 4.0])
    many = mean_interval([1.0, 2.0, 3.0, 4.0] * 25)
    assert few.estimate == many.estimate == 2.5
    assert many.high - many.low < few.high - few.low
    assert mean_interval([7.0]) == mean_interval([7.0]).__class__(7.0, 7.0, 7.0)


def test_paired_difference_sees_a_constant_shift_as_significant() -> None:
    base = [float(v % 7) for v in range(100)]
    shifted = [v + 0.5 + (0.01 if i % 2 else -0.01) for i, v in enumerate(base)]
    difference = paired_difference(shifted, base)
    assert difference.estimate == pytest.approx(0.5)
    assert difference.excludes(0.0)
    with pytest.raises(ValueError):
        paired_difference([1.0], [1.0, 2.0])


def test_moments_interval_equals_mean_interval() -> None:
    values = [float(v % 5) * 1.5 for v in range(40)]
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    assert moments_interval(len(values), mean, variance) == pytest.approx(mean_interval(values))
    assert moments_interval(1, 3.0, 0.0) == mean_interval([3.0])


def test_independent_difference_is_welch() -> None:
    # two samples of 100 with variances 4 and 9: half width 1.96 * sqrt(0.04 + 0.09)
    difference = independent_difference((100, 5.0, 4.0), (100, 4.0, 9.0))
    assert difference.estimate == pytest.approx(1.0)
    assert difference.high - difference.estimate == pytest.approx(1.959964 * 0.13**0.5, rel=1e-5)
    assert difference.excludes(0.0)
    assert not independent_difference((100, 5.0, 4.0), (100, 4.9, 9.0)).excludes(0.0)
