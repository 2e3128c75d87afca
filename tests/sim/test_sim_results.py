"""Results files: column names that survive any card name, rows that read back exactly, refusals, cut batches."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from busbahnhof.engine import InvalidDataError, InvalidOptionError, load_game
from busbahnhof.sim.results import (
    FORMAT,
    KEY_COLUMNS,
    GameRow,
    ResultsWriter,
    RunInfo,
    Setting,
    column_name,
    figure_path,
    read_results,
)
from busbahnhof.sim.runner import game_figures, play_game

INFO = RunInfo(
    format=FORMAT,
    game="busfahrer",
    options={"pyramid": "4-3-2-1"},
    deck=None,
    players=2,
    bots=("random", "kartenzaehler"),
    seed=7,
    games=3,
    settings=(Setting(""),),
    created="2026-12-01T00:00:00+00:00",
)

parts = st.one_of(st.integers(min_value=0, max_value=10**6), st.text(max_size=12))


@given(st.lists(parts, min_size=1, max_size=5).map(tuple))
def test_column_names_read_back_as_their_paths(path: tuple[str | int, ...]) -> None:
    name = column_name(path)
    assert figure_path(name) == path
    assert "\n" not in name and name not in KEY_COLUMNS


def test_column_names_are_readable_where_they_can_be() -> None:
    assert column_name(("seats", 0, "wins")) == "seats[0].wins"
    assert column_name(("cards", "Kaffee.maschine [neu]", "drawn")) == "cards.Kaffee%2Emaschine %5Bneu%5D.drawn"
    assert column_name(("points_by_round", "1")) == "points_by_round.1"
    assert column_name(("index",)) == "%69ndex"


def rows_of_real_games() -> list[GameRow]:
    game = load_game("bus")  # Bus: games differ in their figures (rounds played)
    rows = []
    for index in range(6):
        figures = game_figures(game, play_game(game, 3, ["random"] * 3, 7, index))
        rows.append(GameRow("", index, 1000 + index, ("random",) * 3, figures))
    return rows


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_rows_read_back_exactly_with_their_run(tmp_path: Path, suffix: str) -> None:
    rows = rows_of_real_games()
    assert len({frozenset(row.figures) for row in rows}) > 1, "some game lacks a figure another has"
    path = tmp_path / f"run{suffix}"
    with ResultsWriter(path, INFO) as writer:
        for row in rows[:2]:
            writer.write(row)
        writer.flush()
        for row in rows[2:]:
            writer.write(row)
    info, read = read_results(path)
    assert info == INFO
    assert list(read) == rows


def test_a_fraction_and_a_huge_seed_survive_csv(tmp_path: Path) -> None:
    row = GameRow("pyramid=5-4-3-2-1", 3, 2**64 - 1, ("a", "b"), {("seats", 0, "payoff"): 1 / 3, ("x",): 1e300})
    for suffix in (".csv", ".parquet"):
        with ResultsWriter(tmp_path / f"r{suffix}", INFO) as writer:
            writer.write(row)
        assert list(read_results(tmp_path / f"r{suffix}")[1]) == [row]


def test_existing_results_are_never_overwritten_and_resume_needs_the_same_run(tmp_path: Path) -> None:
    path = tmp_path / "run.csv"
    with ResultsWriter(path, INFO) as writer:
        writer.write(rows_of_real_games()[0])
    with pytest.raises(InvalidOptionError, match="already holds results; add --resume"):
        ResultsWriter(path, INFO)
    with pytest.raises(InvalidOptionError, match="differs in seed, games"):
        ResultsWriter(path, replace(INFO, seed=8, games=4), resume=True)
    with pytest.raises(InvalidOptionError, match="differs in version"):
        ResultsWriter(path, replace(INFO, version="0.0.1"), resume=True)
    ResultsWriter(path, replace(INFO, created="later"), resume=True).close()
    assert len(list(read_results(path)[1])) == 1


def test_something_else_at_the_path_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "notes.csv"
    other.write_text("a,b\n1,2\n")
    with pytest.raises(InvalidDataError, match="not a busbahnhof results file"):
        ResultsWriter(other, INFO, resume=True)
    assert other.read_text() == "a,b\n1,2\n"
    with pytest.raises(InvalidOptionError, match=r"name a \.parquet or a \.csv file"):
        ResultsWriter(tmp_path / "run.json", INFO)
    with pytest.raises(InvalidOptionError, match="does not exist"):
        ResultsWriter(tmp_path / "missing" / "run.csv", INFO)


def test_a_csv_line_cut_by_a_kill_is_no_game_and_is_removed_on_resume(tmp_path: Path) -> None:
    path = tmp_path / "run.csv"
    rows = rows_of_real_games()
    with ResultsWriter(path, INFO) as writer:
        writer.write(rows[0])
    whole = path.stat().st_size
    with open(path, "a", encoding="utf-8") as file:
        file.write(",1,2,random,3")  # the start of a row, as a kill -9 mid-write leaves it
    assert [row.index for row in read_results(path)[1]] == [0]
    with ResultsWriter(path, INFO, resume=True) as writer:
        assert path.stat().st_size == whole
        writer.write(rows[1])
    assert list(read_results(path)[1]) == rows[:2]


def test_a_parquet_part_cut_by_a_kill_is_dropped_on_resume(tmp_path: Path) -> None:
    path = tmp_path / "run.parquet"
    rows = rows_of_real_games()
    with ResultsWriter(path, INFO) as writer:
        writer.write(rows[0])
    (path / ".part-000001.parquet.tmp").write_bytes(b"PAR1 half a part")
    assert list(read_results(path)[1]) == rows[:1]
    with ResultsWriter(path, INFO, resume=True) as writer:
        writer.write(rows[1])
    assert sorted(os.listdir(path)) == ["part-000000.parquet", "part-000001.parquet", "run.json"]
    assert list(read_results(path)[1]) == rows[:2]
