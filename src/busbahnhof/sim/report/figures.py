"""The report's figures, drawn with matplotlib's Agg backend and embedded as SVG ``data:`` URIs.

Every function takes the numbers and the (already translated) labels and returns the image as
a URI; matplotlib writes text into the SVG escaped, and the URI is shown through ``<img>``, so
nothing in a figure can run in the reader's browser.
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Sequence

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_svg import FigureCanvasSVG
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, MaxNLocator

from ..intervals import Interval
from .numbers import Numbers
from .stats import Histogram

COLOURS = ("#1f6fb4", "#e0812a", "#2f9e44", "#c92a2a", "#7048a8", "#8c5a3c", "#d6439a", "#5c677d")
WIDTH = 7.2
HEIGHT = 3.4
MAX_BINS = 40
MIN_BINS = 10
"""A distribution shows each value, or ranges of values where there are more values than about √games
(at least ``MIN_BINS``, at most ``MAX_BINS`` ranges), so few games do not draw a comb."""
Series = tuple[str, Sequence[Interval]]


def _new(height: float = HEIGHT, width: float = WIDTH) -> tuple[Figure, Axes]:
    figure = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasSVG(figure)
    axes = figure.subplots()
    axes.grid(axis="y", color="#e3e3e3", linewidth=0.7)
    axes.set_axisbelow(True)
    axes.spines[["top", "right"]].set_visible(False)
    return figure, axes


def _axis_numbers(axes: Axes, numbers: Numbers, share: bool) -> None:
    """Tick labels of the y axis as the report's language writes numbers (``25 %``, ``2,5``)."""
    if share:
        axes.yaxis.set_major_formatter(FuncFormatter(lambda value, _position: _percent_tick(numbers, value)))
    else:
        axes.yaxis.set_major_formatter(FuncFormatter(lambda value, _position: numbers.number(value, 1)))


def _percent_tick(numbers: Numbers, value: float) -> str:
    """A percentage tick, with one decimal where the tick is not a whole percent (12,5 %)."""
    whole = abs(100 * value - round(100 * value)) < 1e-9
    return numbers.percent(value, 0 if whole else 1)


def _legend_beside(axes: Axes) -> None:
    """The legend right of the plot, where it covers no bar or line."""
    axes.legend(fontsize=8, frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1.0))


def svg_uri(figure: Figure) -> str:
    """The figure as a ``data:image/svg+xml;base64,...`` URI (text kept as text, so it stays small)."""
    buffer = io.BytesIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "busbahnhof"}):
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    return "data:image/svg+xml;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def interval_bars(
    numbers: Numbers,
    labels: Sequence[str],
    series: Sequence[Series],
    ylabel: str,
    share: bool,
    reference: tuple[float, str] | None = None,
    xlabel: str = "",
) -> str:
    """Bars of estimates with their 95 % intervals: one group per label, one bar per series.

    ``reference`` draws a dashed line (value, legend text), e.g. the even share 1/players.
    """
    figure, axes = _new()
    count = len(series)
    width = 0.8 / count
    for number, (name, intervals) in enumerate(series):
        xs = [index + (number - (count - 1) / 2) * width for index in range(len(labels))]
        estimates = [interval.estimate for interval in intervals]
        low = [interval.estimate - interval.low for interval in intervals]
        high = [interval.high - interval.estimate for interval in intervals]
        colour = COLOURS[number % len(COLOURS)] if count > 1 else [COLOURS[i % len(COLOURS)] for i in range(len(xs))]
        axes.bar(
            xs,
            estimates,
            width * 0.92,
            color=colour,
            yerr=[low, high],
            capsize=4,
            label=name or None,
            error_kw={"elinewidth": 1.1, "ecolor": "#333333"},
        )
        for x, interval in zip(xs, intervals, strict=True):
            if math.isnan(interval.estimate):
                continue
            text = numbers.percent(interval.estimate) if share else numbers.number(interval.estimate, 2)
            axes.annotate(
                text, (x, max(interval.high, 0)), xytext=(0, 2), textcoords="offset points", ha="center", fontsize=8
            )
    if reference is not None:
        axes.axhline(reference[0], color="#555555", linestyle="--", linewidth=1, label=reference[1])
    axes.set_xticks(range(len(labels)), labels, fontsize=8)
    if xlabel:
        axes.set_xlabel(xlabel)
    axes.margins(y=0.15)
    if share:
        axes.set_ylim(bottom=0)
    _axis_numbers(axes, numbers, share)
    axes.axhline(0, color="#333333", linewidth=0.8)
    axes.set_ylabel(ylabel)
    if count > 1 or reference is not None:
        _legend_beside(axes)
    return svg_uri(figure)


def distributions(numbers: Numbers, series: Sequence[tuple[str, Histogram]], xlabel: str, ylabel: str) -> str:
    """Share of games per value (or per range of values, for wide spreads), one line per series."""
    figure, axes = _new()
    seen = [value for _, histogram in series for value in histogram.counts]
    low, high = math.floor(min(seen, default=0.0)), math.floor(max(seen, default=0.0))
    games = max((histogram.count for _, histogram in series), default=0)
    bins = min(MAX_BINS, max(MIN_BINS, math.isqrt(games)))
    width = 1 if high - low < bins else math.ceil((high - low + 1) / bins)
    starts = list(range(low, high + 1, width))
    for number, (name, histogram) in enumerate(series):
        total = histogram.count
        if not total:
            continue
        shares = [0.0] * len(starts)
        for value, count in histogram.counts.items():
            shares[int((math.floor(value) - low) // width)] += count / total
        centres = [start + (width - 1) / 2 for start in starts]
        axes.plot(
            centres,
            shares,
            color=COLOURS[number % len(COLOURS)],
            label=name or None,
            linewidth=1.4,
            marker="o" if len(starts) <= MAX_BINS // 2 else None,
            markersize=3,
        )
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.set_ylim(bottom=0)
    _axis_numbers(axes, numbers, share=True)
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    if len(series) > 1:
        _legend_beside(axes)
    return svg_uri(figure)


def stacked_bars(
    numbers: Numbers,
    labels: Sequence[str],
    stacks: Sequence[tuple[str, Sequence[float]]],
    ylabel: str,
    xlabel: str = "",
) -> str:
    """Stacked bars: one bar per label, one coloured part per stack (e.g. points per phase)."""
    figure, axes = _new()
    bottom = [0.0] * len(labels)
    for number, (name, values) in enumerate(stacks):
        axes.bar(range(len(labels)), values, 0.7, bottom=bottom, color=COLOURS[number % len(COLOURS)], label=name)
        bottom = [b + v for b, v in zip(bottom, values, strict=True)]
    for x, top in enumerate(bottom):
        axes.annotate(
            numbers.number(top, 1), (x, top), xytext=(0, 2), textcoords="offset points", ha="center", fontsize=8
        )
    axes.set_xticks(range(len(labels)), labels, fontsize=8)
    _axis_numbers(axes, numbers, share=False)
    axes.set_ylabel(ylabel)
    if xlabel:
        axes.set_xlabel(xlabel)
    axes.margins(y=0.12)
    _legend_beside(axes)
    return svg_uri(figure)


def lines(
    numbers: Numbers, xs: Sequence[int], series: Sequence[tuple[str, Sequence[float]]], xlabel: str, ylabel: str
) -> str:
    """One line per series over ``xs`` (e.g. deliveries per round)."""
    figure, axes = _new()
    for number, (name, values) in enumerate(series):
        axes.plot(xs, values, marker="o", markersize=3, color=COLOURS[number % len(COLOURS)], label=name)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.set_ylim(bottom=0)
    _axis_numbers(axes, numbers, share=False)
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    _legend_beside(axes)
    return svg_uri(figure)


def forest(
    numbers: Numbers,
    labels: Sequence[str],
    intervals: Sequence[Interval],
    xlabel: str,
    reference: tuple[float, str] | None = None,
) -> str:
    """One row per label: the estimate as a dot with its interval as a line, a zero line for reference.

    Rows whose interval lies wholly above (below) zero are drawn green (red); ``reference``
    draws a dashed line (value, legend text), e.g. the median of all rows.
    """
    height = max(2.0, 0.5 + 0.19 * len(labels))
    figure, axes = _new(height=height)
    axes.grid(axis="x", color="#e3e3e3", linewidth=0.7)
    axes.grid(axis="y", visible=False)
    ys = list(range(len(labels)))[::-1]
    for y, interval in zip(ys, intervals, strict=True):
        colour = "#2f9e44" if interval.low > 0 else "#c92a2a" if interval.high < 0 else "#777777"
        if math.isfinite(interval.low) and math.isfinite(interval.high):
            axes.plot([interval.low, interval.high], [y, y], color=colour, linewidth=1.4)
        axes.plot([interval.estimate], [y], "o", color=colour, markersize=4)
    axes.axvline(0, color="#333333", linewidth=0.8)
    if reference is not None:
        axes.axvline(reference[0], color="#555555", linestyle="--", linewidth=1, label=reference[1])
        axes.legend(fontsize=8, frameon=False, loc="lower right")
    axes.xaxis.set_major_formatter(FuncFormatter(lambda value, _position: numbers.number(value, 0)))
    axes.set_yticks(ys, labels, fontsize=7.5)
    axes.set_ylim(-0.7, len(labels) - 0.3)
    axes.set_xlabel(xlabel)
    return svg_uri(figure)
