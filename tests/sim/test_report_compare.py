"""``--compare``: significant differences are marked, equal figures are not; paired on the same seeds."""

from __future__ import annotations

import re
import statistics
from pathlib import Path

import pytest
from report_helpers import write_results

from busbahnhof.engine import GameError
from busbahnhof.sim.report import compare_document, render_html
from busbahnhof.sim.report.stats import Histogram, Moments, Pairing

PYRAMIDS = (("pyramid=4-3-2-1", {"pyramid": "4-3-2-1"}), ("pyramid=5-4-3-2-1", {"pyramid": "5-4-3-2-1"}))


def rows(html: str) -> dict[str, str]:
    """Each table row of the differences table by its first cell's text."""
    found = {}
    for row in re.findall(r"<tr>(.*?)</tr>", html):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        if cells:
            found[cells[0]] = row
    return found


def test_a_bigger_pyramid_is_marked_and_the_same_questions_are_not(tmp_path: Path) -> None:
    """Same seeds: the questions of Phase 1 are dealt alike, the pyramid of 15 cards gives more points."""
    path = write_results(tmp_path / "sweep.parquet", "busfahrer", 30, settings=PYRAMIDS)
    html = render_html(compare_document([path], "en"))
    assert "paired over 30 games played on the same seeds" in html
    table = rows(html)
    assert "marked" in table["Phase 2: pyramid"] and ">yes<" in table["Phase 2: pyramid"]
    assert "+" in re.findall(r'class="num marked">([^<]*)<', table["Phase 2: pyramid"])[0]
    for same in ("Phase 1: questions", "Right answers: Red or black", "Right answers: Suit"):
        assert "marked" not in table[same] and ">yes<" not in table[same], same


def test_two_equal_settings_differ_nowhere(tmp_path: Path) -> None:
    same = (("a", {"pyramid": "4-3-2-1"}), ("b", {"pyramid": "4-3-2-1"}))
    path = write_results(tmp_path / "same.csv", "busfahrer", 20, settings=same)
    html = render_html(compare_document([path], "de"))
    assert not any("marked" in row for row in rows(html).values())
    assert "0 von 20 Kennzahlen unterscheiden sich signifikant" in html


def test_two_files_on_other_seeds_are_compared_as_independent_samples(tmp_path: Path) -> None:
    small = write_results(tmp_path / "small.parquet", "busfahrer", 30, seed=1, options={"pyramid": "4-3-2-1"})
    big = write_results(tmp_path / "big.parquet", "busfahrer", 30, seed=2, options={"pyramid": "5-4-3-2-1"})
    html = render_html(compare_document([small, big], "en"))
    assert "independent samples" in html and "big.parquet − small.parquet" in html
    assert "marked" in rows(html)["Phase 2: pyramid"]


def test_compare_needs_two_settings(tmp_path: Path) -> None:
    path = write_results(tmp_path / "one.csv", "busfahrer", 2)
    with pytest.raises(GameError, match="exactly two settings"):
        compare_document([path], "en")
    with pytest.raises(GameError, match="--setting 'nope'"):
        compare_document([path], "en", ["nope"])


def test_moments_match_the_statistics_module() -> None:
    values = [3.0, 7.5, -1.0, 4.25, 4.25, 10.0]
    moments = Moments()
    for value in values:
        moments.add(value)
    assert moments.count == 6 and moments.mean == pytest.approx(statistics.mean(values))
    assert moments.variance == pytest.approx(statistics.variance(values))
    assert moments.total == pytest.approx(sum(values))


def test_pairing_pairs_games_by_number_and_seed_in_any_order() -> None:
    pairing = Pairing(2)
    pairing.add(0, (0, 11), [1.0, float("nan")])
    pairing.add(1, (1, 12), [5.0, 1.0])
    pairing.add(1, (0, 11), [4.0, 2.0])
    pairing.add(0, (1, 12), [3.0, 1.0])
    pairing.add(0, (2, 99), [0.0, 0.0])
    assert pairing.pairs == 2
    assert pairing.differences[0].count == 2 and pairing.differences[0].mean == pytest.approx((-3.0 - 2.0) / 2)
    assert pairing.differences[1].count == 1, "a figure undefined in one game is not paired there"


def test_histogram_quantiles() -> None:
    histogram = Histogram()
    for value in [1, 2, 2, 3, 3, 3, 10]:
        histogram.add(value)
    assert histogram.count == 7
    assert histogram.quantile(0.05) == 1 and histogram.quantile(0.5) == 3 and histogram.quantile(0.95) == 10


def test_merged_moments_equal_the_moments_of_all_values() -> None:
    parts = [[1.0, 2.0, 4.0], [], [10.0], [3.0, 3.5]]
    moments = []
    for values in parts:
        part = Moments()
        for value in values:
            part.add(value)
        moments.append(part)
    whole = Moments.merged(moments)
    everything = [value for values in parts for value in values]
    assert whole.count == len(everything) and whole.mean == pytest.approx(statistics.mean(everything))
    assert whole.variance == pytest.approx(statistics.variance(everything))


def test_two_decks_compare_their_cards(tmp_path: Path) -> None:
    """The example decks of docs/examples: three events made stronger; every card figure is compared."""
    examples = Path(__file__).parents[2] / "docs" / "examples"
    decks = tuple(
        (f"deck={name}", {"deck": str(examples / name)})
        for name in ("busfaktor-standard.toml", "busfaktor-variante.toml")
    )
    path = write_results(tmp_path / "decks.parquet", "busfaktor", 6, settings=decks)
    html = render_html(compare_document([path], "en"))
    assert "The 15 card figures that differ most" in html and "of the 148 card figures" in html
    card_rows = [label for label in rows(html) if label.endswith(("played per game", "point difference of holders"))]
    assert len(card_rows) == 15 and "Bonferroni" in html
