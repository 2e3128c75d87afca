"""The figure of a tournament report: win share per bot with its 95 % interval, and its rating.

Two panels drawn with matplotlib's Agg backend, bots in the order of the standings (best rating
first); labels come from ``sim/locales/<lang>.toml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..engine import Catalog
from .plots import DPI, FIGURE_COLOUR, PANEL_SIZE, SEAT_COLOURS, SECOND_COLOUR, _interval_bars


def draw_win_shares(axes: Axes, report: Mapping[str, Any], catalog: Catalog) -> None:
    """Win share per bot with its Wilson interval, and the even share of one seat."""
    rows = report["standings"]
    labels = [row["bot"] for row in rows]
    shares = [row["win_share"] for row in rows]
    intervals = [(row["win_low"], row["win_high"]) for row in rows]
    colours = [SEAT_COLOURS[index % len(SEAT_COLOURS)] for index in range(len(rows))]
    _interval_bars(axes, labels, shares, intervals, colours)
    even = 1 / report["players"]
    axes.axhline(even, color="#555555", linestyle="--", linewidth=1,
                 label=catalog.text("plot.fair_share", players=report["players"]))  # fmt: skip
    axes.legend(loc="upper right", fontsize=8, frameon=False)
    axes.set_title(catalog.text("tournament_plot.wins_title"))
    axes.set_ylabel(catalog.text("plot.wins_axis"))


def draw_ratings(axes: Axes, report: Mapping[str, Any], catalog: Catalog) -> None:
    """OpenSkill mu per bot with ±3 sigma bars (the lower end is the ordinal)."""
    rows = report["standings"]
    positions = range(len(rows))
    mus = [row["mu"] for row in rows]
    spreads = [3 * row["sigma"] for row in rows]
    axes.errorbar(positions, mus, yerr=spreads, fmt="o", color=FIGURE_COLOUR, ecolor=SECOND_COLOUR, capsize=6,
                  label=catalog.text("tournament_plot.mu"))  # fmt: skip
    for x, row in zip(positions, rows, strict=True):
        axes.annotate(f"{row['mu']:.1f}", (x, row["mu"]), xytext=(8, 0), textcoords="offset points", fontsize=9,
                      va="center")  # fmt: skip
    axes.set_xticks(list(positions), [row["bot"] for row in rows])
    axes.set_xlim(-0.6, len(rows) - 0.4)
    axes.legend(loc="upper right", fontsize=8, frameon=False)
    axes.set_title(catalog.text("tournament_plot.rating_title"))
    axes.set_ylabel(catalog.text("tournament_plot.rating_axis"))


def build_tournament_figure(report: Mapping[str, Any], title: str, lang: str) -> Figure:
    """The two-panel figure of ``report`` with the heading ``title``."""
    catalog = Catalog(("busbahnhof.sim",), lang)
    figure = Figure(figsize=(2 * PANEL_SIZE[0], PANEL_SIZE[1]), layout="constrained")
    FigureCanvasAgg(figure)
    for axes, draw in zip(figure.subplots(1, 2), (draw_win_shares, draw_ratings), strict=True):
        draw(axes, report, catalog)
        axes.grid(axis="y", color="#dddddd", linewidth=0.7)
        axes.set_axisbelow(True)
        axes.spines[["top", "right"]].set_visible(False)
    figure.suptitle(
        catalog.text("tournament_plot.title", game=title, games=report["games"], players=report["players"],
                     seed=report["seed"]),
        fontsize=13,
    )  # fmt: skip
    return figure


def plot_standings(report: dict[str, Any], path: Path, title: str, lang: str) -> None:
    """Write the figure of a tournament ``report`` as a PNG file at ``path``, labels in ``lang``."""
    build_tournament_figure(report, title, lang).savefig(path, format="png", dpi=DPI)
