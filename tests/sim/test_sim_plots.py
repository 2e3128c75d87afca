"""Plots of simulation reports: the plotted values are the report's, the PNG is real, labels in both languages."""

from __future__ import annotations

import itertools
import json
import struct
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from matplotlib.axes import Axes
from matplotlib.container import ErrorbarContainer
from matplotlib.patches import Rectangle
from typer.testing import CliRunner

from busbahnhof.cli import app
from busbahnhof.sim import simulate
from busbahnhof.sim.plots import build_figure, plot_report, wilson_interval

RUNS = {
    "busfahrer": (4, ["kartenzaehler", "random", "random", "random"], 80),
    "busfaktor": (3, ["heuristik", "random", "random"], 30),
    "bus": (3, ["planer", "random", "random"], 20),
}
GAME_PANEL = {"busfahrer": "questions", "busfaktor": "rounds", "bus": "markers"}
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@cache
def _report_json(game_id: str) -> str:
    players, bots, games = RUNS[game_id]
    return json.dumps(simulate(game_id, players, bots, games, seed=3))


def report(game_id: str) -> dict[str, Any]:
    """A real simulation report (computed once per game, a fresh copy each time)."""
    loaded: dict[str, Any] = json.loads(_report_json(game_id))
    return loaded


def bars(axes: Axes) -> list[Rectangle]:
    return [patch for patch in axes.patches if isinstance(patch, Rectangle)]


def bar_heights(axes: Axes) -> list[float]:
    return [bar.get_height() for bar in bars(axes)]


def error_intervals(axes: Axes) -> list[float]:
    """The low and high ends of the panel's error bars, bar by bar."""
    container = next(c for c in axes.containers if isinstance(c, ErrorbarContainer))
    segments = container.lines[2][0].get_segments()
    return [float(end[1]) for segment in segments for end in segment]


def flat(intervals: list[tuple[float, float]]) -> list[float]:
    return [end for interval in intervals for end in interval]


@pytest.mark.parametrize(
    ("successes", "trials", "expected"),
    [(5, 10, (0.2366, 0.7634)), (0, 10, (0.0, 0.2775)), (10, 10, (0.7225, 1.0)), (0, 0, (0.0, 1.0))],
)
def test_wilson_interval(successes: int, trials: int, expected: tuple[float, float]) -> None:
    assert wilson_interval(successes, trials) == pytest.approx(expected, abs=1e-4)


@pytest.mark.parametrize("game_id", sorted(RUNS))
def test_win_rates_and_points_by_seat_are_the_reports(game_id: str) -> None:
    data = report(game_id)
    games, seats = data["games"], data["summary"]["seats"]
    _, panels = build_figure(data, "en")
    assert list(panels) == ["wins", "points", GAME_PANEL[game_id]]
    wins = [seat["wins"]["total"] for seat in seats]
    assert bar_heights(panels["wins"]) == pytest.approx([won / games for won in wins])
    assert error_intervals(panels["wins"]) == pytest.approx(flat([wilson_interval(won, games) for won in wins]))
    key = "score" if game_id == "bus" else "points"
    assert bar_heights(panels["points"]) == pytest.approx([seat[key]["mean"] for seat in seats])
    labels = [tick.get_text() for tick in panels["wins"].get_xticklabels()]
    assert labels == [f"Seat {n + 1}\n{bot}" for n, bot in enumerate(data["bots"])]


def test_busfahrer_panel_shows_the_share_right_per_question() -> None:
    data = report("busfahrer")
    questions = data["summary"]["questions"]
    _, panels = build_figure(data, "de")
    shares = [questions[f"q{n}"]["right"]["total"] / questions[f"q{n}"]["asked"]["total"] for n in range(1, 5)]
    assert bar_heights(panels["questions"]) == pytest.approx(shares)
    intervals = [wilson_interval(questions[f"q{n}"]["right"]["total"], questions[f"q{n}"]["asked"]["total"])
                 for n in range(1, 5)]  # fmt: skip
    assert error_intervals(panels["questions"]) == pytest.approx(flat(intervals))
    assert [t.get_text() for t in panels["questions"].get_xticklabels()] == [f"Frage {n}" for n in range(1, 5)]


def test_busfaktor_panel_shows_points_and_completions_by_round() -> None:
    data = report("busfaktor")
    summary = data["summary"]
    _, panels = build_figure(data, "en")
    points, completions = (np.asarray(line.get_xydata(), dtype=float) for line in panels["rounds"].get_lines())
    rounds = list(range(1, 7))
    assert list(points[:, 0]) == rounds and list(completions[:, 0]) == rounds
    assert list(points[:, 1]) == pytest.approx([summary["points_by_round"][str(r)]["mean"] for r in rounds])
    assert list(completions[:, 1]) == pytest.approx([summary["completions_by_round"][str(r)]["mean"] for r in rounds])
    legend = panels["rounds"].get_legend()
    assert legend is not None
    assert [text.get_text() for text in legend.get_texts()] == ["Points", "Completed projects"]


def test_bus_panel_shows_markers_per_round() -> None:
    data = report("bus")
    markers = data["summary"]["markers_per_round"]
    _, panels = build_figure(data, "en")
    rounds = sorted(markers, key=int)
    assert bar_heights(panels["markers"]) == pytest.approx([markers[r]["mean"] for r in rounds])
    assert [bar.get_x() + bar.get_width() / 2 for bar in bars(panels["markers"])] == pytest.approx(
        [int(r) for r in rounds]
    )


def test_a_report_without_game_figures_gets_the_seat_panels_only() -> None:
    data = report("busfahrer")
    data["summary"] = {"seats": data["summary"]["seats"], "outcome": data["summary"]["outcome"]}
    _, panels = build_figure(data, "en")
    assert list(panels) == ["wins", "points"]


@pytest.mark.parametrize(("lang", "title", "axis"), [("de", "Siegquote", "Anteil"), ("en", "Win rate", "Share")])
def test_labels_come_in_the_chosen_language(lang: str, title: str, axis: str) -> None:
    figure, panels = build_figure(report("busfaktor"), lang)
    assert panels["wins"].get_title().startswith(title)
    assert panels["wins"].get_ylabel().startswith(axis)
    assert figure.get_suptitle().startswith("Busfaktor: 1: 30 ")


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from the PNG's IHDR chunk (checking the signature and chunk type)."""
    head = path.read_bytes()[:24]
    assert head[:8] == PNG_SIGNATURE and head[12:16] == b"IHDR"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_plot_report_writes_a_real_png(tmp_path: Path) -> None:
    out = tmp_path / "busfahrer.png"
    plot_report(report("busfahrer"), out, "de")
    width, height = png_size(out)
    assert 1200 <= width <= 4000 and 400 <= height <= 1200 and width > 2 * height
    assert out.stat().st_size > 20_000


def test_simulate_plot_option(tmp_path: Path) -> None:
    out = tmp_path / "run.png"
    result = CliRunner().invoke(
        app, ["simulate", "busfahrer", "--games", "40", "--seed", "2", "--plot", str(out), "--lang", "en"]
    )
    assert result.exit_code == 0, result.output
    assert "Figure saved" in result.stderr
    assert png_size(out)[0] > 1000


@pytest.mark.parametrize(
    ("name", "fragment"), [("missing/run.png", "does not exist"), ("run.svg", "must be named *.png")]
)
def test_simulate_refuses_a_plot_path_before_playing(tmp_path: Path, name: str, fragment: str) -> None:
    result = CliRunner().invoke(
        app, ["simulate", "busfahrer", "--games", "5", "--plot", str(tmp_path / name), "--lang", "en"]
    )
    assert result.exit_code == 2
    assert fragment in result.stderr
    assert not (tmp_path / name).exists()


MANY_SEATS = [("busfahrer", 8, "kartenzaehler"), ("busfahrer", 5, "kartenzaehler"), ("bus", 5, "planer")]


@pytest.mark.parametrize(("game_id", "players", "bot"), MANY_SEATS)
def test_seat_labels_do_not_overlap_with_many_seats(game_id: str, players: int, bot: str) -> None:
    figure, panels = build_figure(simulate(game_id, players, [bot] * players, 2, seed=1), "en")
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    figure.draw(renderer)
    for name in ("wins", "points"):
        boxes = [label.get_window_extent(renderer) for label in panels[name].get_xticklabels()]
        assert len(boxes) == players
        for left, right in itertools.pairwise(boxes):
            assert left.x1 < right.x0, f"{name}: {left} overlaps {right}"


def test_busfahrer_points_are_called_penalty_points() -> None:
    _, english = build_figure(report("busfahrer"), "en")
    _, german = build_figure(report("busfahrer"), "de")
    assert english["points"].get_title() == "Mean penalty points by seat"
    assert german["points"].get_ylabel().startswith("Strafpunkte je Partie")
    _, bus = build_figure(report("bus"), "en")
    assert bus["points"].get_title() == "Mean points by seat"
