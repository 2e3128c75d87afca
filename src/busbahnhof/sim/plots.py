"""Figures of a simulation report (docs/simulation.md, "Plots"), drawn with matplotlib's Agg backend.

One row of panels: the win rate of every seat with its 95 % Wilson interval, the mean points of
every seat, and one panel for the game chosen from what the report's summary contains (the share
of right answers per question, points and completions per round, or action markers per round).
Nothing here knows a game by name; labels come from ``sim/locales/<lang>.toml``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from ..engine import Catalog, Game, UnknownGameError, game_class

Z_95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""
POINT_KEYS = ("points", "score")
"""Per-seat figures read as a seat's points, first match wins (Busfahrer, Busfaktor: points; Bus: score)."""
DPI = 120
PANEL_SIZE = (5.4, 4.6)
SEAT_LABEL_SIZE = 8
INCHES_PER_CHARACTER = 0.062
"""About the width of one character of a seat label at :data:`SEAT_LABEL_SIZE` points, plus room between bars."""
SEAT_COLOURS = ("#1f6fb4", "#e0812a", "#2f9e44", "#c92a2a", "#7048a8", "#8c5a3c", "#d6439a", "#5c677d")
FIGURE_COLOUR = "#3b5b92"
SECOND_COLOUR = "#e0812a"

Summary = Mapping[str, Any]
Draw = Callable[[Axes, Mapping[str, Any], Catalog], None]


def wilson_interval(successes: float, trials: float, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a binomial share ``successes / trials`` (``(0, 1)`` for no trials)."""
    if trials <= 0:
        return 0.0, 1.0
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


def points_key(seats: Sequence[Summary]) -> str | None:
    """The per-seat figure holding a seat's points, or ``None`` if the report has none."""
    for key in POINT_KEYS:
        if seats and all(key in seat for seat in seats):
            return key
    return None


def _seat_labels(report: Mapping[str, Any], catalog: Catalog) -> list[str]:
    return [catalog.text("plot.seat", n=seat + 1, bot=bot) for seat, bot in enumerate(report["bots"])]


def seat_panel_width(report: Mapping[str, Any], catalog: Catalog) -> float:
    """Inches for a panel with one bar per seat: wide enough that the seat labels do not overlap."""
    longest = max(len(line) for label in _seat_labels(report, catalog) for line in label.splitlines())
    return max(PANEL_SIZE[0], 1.0 + len(report["bots"]) * (longest + 1) * INCHES_PER_CHARACTER)


def _game_class(report: Mapping[str, Any]) -> type[Game[Any, Any]] | None:
    try:
        return game_class(report["game"])
    except UnknownGameError:
        return None


def _by_number(table: Mapping[str, Any]) -> list[tuple[int, Any]]:
    """The entries of a table keyed by numbers written as text ("1", "q2"), in numeric order."""
    return sorted((int(key.lstrip("q")), value) for key, value in table.items())


def _interval_bars(axes: Axes, labels: Sequence[str], shares: Sequence[float], intervals: Sequence[tuple[float, float]],
                   colours: Sequence[str]) -> None:  # fmt: skip
    """Bars of shares with asymmetric error bars for their intervals and the share written above."""
    low = [share - lo for share, (lo, _) in zip(shares, intervals, strict=True)]
    high = [hi - share for share, (_, hi) in zip(shares, intervals, strict=True)]
    axes.bar(labels, shares, color=colours, yerr=[low, high], capsize=6, error_kw={"elinewidth": 1.2})
    for x, (share, (_, hi)) in enumerate(zip(shares, intervals, strict=True)):
        axes.annotate(f"{share:.1%}", (x, hi), xytext=(0, 3), textcoords="offset points", ha="center", fontsize=9)
    top = max(hi for _, hi in intervals) * 1.12 + 0.03
    axes.set_ylim(0, top)
    axes.set_yticks([tick / 10 for tick in range(11) if tick / 10 <= top])
    axes.yaxis.set_major_formatter(lambda value, _pos: f"{value:.0%}")


def draw_wins(axes: Axes, report: Mapping[str, Any], catalog: Catalog) -> None:
    """Win rate by seat (a shared win counts for every winner) with 95 % Wilson intervals."""
    games = report["games"]
    wins = [seat["wins"]["total"] for seat in report["summary"]["seats"]]
    shares = [won / games for won in wins]
    _interval_bars(axes, _seat_labels(report, catalog), shares, [wilson_interval(w, games) for w in wins], SEAT_COLOURS)
    even = 1 / report["players"]
    axes.axhline(even, color="#555555", linestyle="--", linewidth=1, label=catalog.text("plot.fair_share",
                 players=report["players"]))  # fmt: skip
    axes.legend(loc="upper right", fontsize=8, frameon=False)
    axes.set_title(catalog.text("plot.wins_title"))
    axes.set_ylabel(catalog.text("plot.wins_axis"))


def draw_points(axes: Axes, report: Mapping[str, Any], catalog: Catalog) -> None:
    """Mean points (or score) per game by seat."""
    seats = report["summary"]["seats"]
    key = cast(str, points_key(seats))  # drawn only for reports with a points figure
    means = [seat[key]["mean"] for seat in seats]
    bars = axes.bar(_seat_labels(report, catalog), means, color=SEAT_COLOURS[: len(means)])
    axes.bar_label(bars, labels=[f"{mean:.2f}" for mean in means], padding=3, fontsize=9)
    axes.axhline(0, color="#333333", linewidth=0.8)
    axes.margins(y=0.15)
    game = _game_class(report)
    kind = "penalty" if game is not None and game.lower_is_better else "points"
    axes.set_title(catalog.text(f"plot.{kind}_title"))
    axes.set_ylabel(catalog.text(f"plot.{kind}_axis"))


def draw_questions(axes: Axes, report: Mapping[str, Any], catalog: Catalog) -> None:
    """Share of right answers per question over all seats, with 95 % Wilson intervals."""
    questions = _by_number(report["summary"]["questions"])
    right = [entry["right"]["total"] for _, entry in questions]
    asked = [entry["asked"]["total"] for _, entry in questions]
    shares = [r / a if a else 0.0 for r, a in zip(right, asked, strict=True)]
    labels = [catalog.text("plot.question", n=number) for number, _ in questions]
    intervals = [wilson_interval(r, a) for r, a in zip(right, asked, strict=True)]
    _interval_bars(axes, labels, shares, intervals, [FIGURE_COLOUR] * len(shares))
    axes.set_title(catalog.text("plot.questions_title"))
    axes.set_ylabel(catalog.text("plot.questions_axis"))


def draw_rounds(axes: Axes, report: Mapping[str, Any], catalog: Catalog) -> None:
    """Mean points per game scored in each round, and completions per round where the report has them."""
    summary = report["summary"]
    series = [("points_by_round", "plot.points_series", FIGURE_COLOUR, "o")]
    if "completions_by_round" in summary:
        series.append(("completions_by_round", "plot.completions_series", SECOND_COLOUR, "s"))
    for figure, label, colour, marker in series:
        rounds = _by_number(summary[figure])
        axes.plot([r for r, _ in rounds], [stats["mean"] for _, stats in rounds], marker=marker, color=colour,
                  label=catalog.text(label))  # fmt: skip
    axes.legend(loc="upper left", fontsize=8, frameon=False)
    axes.set_xlabel(catalog.text("plot.round"))
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_ylim(bottom=0)
    axes.set_title(catalog.text("plot.rounds_title"))
    axes.set_ylabel(catalog.text("plot.rounds_axis"))


def draw_markers(axes: Axes, report: Mapping[str, Any], catalog: Catalog) -> None:
    """Mean action markers placed per game in each round (0 in games that ended earlier)."""
    rounds = _by_number(report["summary"]["markers_per_round"])
    bars = axes.bar([r for r, _ in rounds], [stats["mean"] for _, stats in rounds], color=FIGURE_COLOUR)
    axes.bar_label(bars, fmt="%.1f", padding=3, fontsize=8)
    axes.margins(y=0.12)
    axes.set_xlabel(catalog.text("plot.round"))
    axes.set_xticks([r for r, _ in rounds])
    axes.set_title(catalog.text("plot.markers_title"))
    axes.set_ylabel(catalog.text("plot.markers_axis"))


SEAT_PANELS = ("wins", "points")
"""Panels with one bar per seat."""

GAME_PANELS: tuple[tuple[str, str, Draw], ...] = (
    ("questions", "questions", draw_questions),
    ("rounds", "points_by_round", draw_rounds),
    ("markers", "markers_per_round", draw_markers),
)
"""Game panels: (panel name, the summary figure that selects it, how it is drawn); the first match is drawn."""


def panels_for(report: Mapping[str, Any]) -> list[tuple[str, Draw]]:
    """The panels the report has figures for, in drawing order."""
    summary = report["summary"]
    panels: list[tuple[str, Draw]] = [("wins", draw_wins)]
    if points_key(summary["seats"]) is not None:
        panels.append(("points", draw_points))
    game_panel = next(((name, draw) for name, figure, draw in GAME_PANELS if figure in summary), None)
    if game_panel is not None:
        panels.append(game_panel)
    return panels


def _title(report: Mapping[str, Any], catalog: Catalog) -> str:
    game_type = _game_class(report)
    game = report["game"] if game_type is None else game_type.title
    return catalog.text("plot.title", game=game, games=report["games"], players=report["players"], seed=report["seed"])


def build_figure(report: Mapping[str, Any], lang: str) -> tuple[Figure, dict[str, Axes]]:
    """The figure of ``report`` (a result of ``busbahnhof.sim.simulate``) and its axes by panel name.

    Panel names: ``wins``, ``points``, and one of ``questions``, ``rounds``, ``markers``.
    """
    catalog = Catalog(("busbahnhof.sim",), lang)
    panels = panels_for(report)
    widths = [seat_panel_width(report, catalog) if name in SEAT_PANELS else PANEL_SIZE[0] for name, _ in panels]
    figure = Figure(figsize=(sum(widths), PANEL_SIZE[1]), layout="constrained")
    FigureCanvasAgg(figure)
    axes_list = figure.subplots(1, len(panels), squeeze=False, width_ratios=widths)[0]
    axes_by_name: dict[str, Axes] = {}
    for axes, (name, draw) in zip(axes_list, panels, strict=True):
        draw(axes, report, catalog)
        axes.grid(axis="y", color="#dddddd", linewidth=0.7)
        axes.set_axisbelow(True)
        axes.spines[["top", "right"]].set_visible(False)
        if name in SEAT_PANELS:
            axes.tick_params(axis="x", labelsize=SEAT_LABEL_SIZE)
        axes_by_name[name] = axes
    figure.suptitle(_title(report, catalog), fontsize=13)
    return figure, axes_by_name


def plot_report(report: dict[str, Any], path: Path, lang: str) -> None:
    """Write the figure of ``report`` as a PNG file at ``path`` with labels in ``lang`` (de or en)."""
    figure, _ = build_figure(report, lang)
    figure.savefig(path, format="png", dpi=DPI)
