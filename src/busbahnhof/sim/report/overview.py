"""What every game has: win share and points by seat, score distributions, game length, ties."""

from __future__ import annotations

from collections.abc import Sequence

from ..aggregate import FlatSummary
from . import figures
from .context import Context, Metric, figure, points_key, seat_points
from .model import Cell, Figure, Section, Table
from .stats import Histogram, Moments

DECISIONS = ("outcome", "decisions")
TIE = ("outcome", "tie")


class Overview:
    """Running figures of the games of one setting."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = 0
        self.wins = [Moments() for _ in range(players)]
        self.points = [Moments() for _ in range(players)]
        self.points_seen = [Histogram() for _ in range(players)]
        self.length = Histogram()
        self.length_moments = Moments()
        self.ties = Moments()

    def add(self, row: FlatSummary) -> None:
        """One game's figures."""
        self.games += 1
        key = points_key(row)
        for seat in range(self.players):
            self.wins[seat].add(row.get(("seats", seat, "wins"), 0.0))
            points = row.get(("seats", seat, key), 0.0)
            self.points[seat].add(points)
            self.points_seen[seat].add(points)
        decisions = row.get(DECISIONS, 0.0)
        self.length.add(decisions)
        self.length_moments.add(decisions)
        self.ties.add(row.get(TIE, 0.0))


def metrics(context: Context) -> list[Metric]:
    """The overview's figures compared between two settings."""
    t = context.text
    points = t("metric.penalty" if context.lower_is_better else "metric.points")
    result: list[Metric] = []
    for seat in range(context.info.players):
        name = context.seat(seat)
        result.append(Metric("overview", t("metric.wins", seat=name), True, figure("seats", seat, "wins")))
        result.append(Metric("overview", f"{points}: {name}", False, seat_points(seat)))
    result.append(Metric("overview", t("metric.decisions"), False, figure(*DECISIONS), 1))
    result.append(Metric("overview", t("metric.ties"), True, figure(*TIE)))
    return result


def sections(context: Context, groups: Sequence[tuple[str, Overview]]) -> list[Section]:
    """Win share by seat, points, game length: one series per group (setting)."""
    return [_wins(context, groups), _points(context, groups), _length(context, groups)]


def _wins(context: Context, groups: Sequence[tuple[str, Overview]]) -> Section:
    t, n = context.text, context.numbers
    players = context.info.players
    labels = [context.seat(seat).replace(" (", "\n(") for seat in range(players)]
    series = [(label, [wins.share_interval() for wins in overview.wins]) for label, overview in groups]
    image = figures.interval_bars(
        n,
        labels,
        series,
        t("wins.axis"),
        share=True,
        reference=(1 / players, t("wins.even", share=n.percent(1 / players))),
    )
    section = Section(t("wins.title"), anchor="wins")
    captions = []
    for label, overview in groups:
        intervals = [wins.share_interval() for wins in overview.wins]
        best = max(range(players), key=lambda seat: intervals[seat].estimate)
        worst = min(range(players), key=lambda seat: intervals[seat].estimate)
        prefix = f"{label}: " if label else ""
        captions.append(
            prefix
            + t(
                "wins.caption",
                best=context.seat(best),
                best_share=n.share_interval(intervals[best]),
                worst=context.seat(worst),
                worst_share=n.share_interval(intervals[worst]),
                even=n.percent(1 / players),
                ties=n.percent(overview.ties.mean),
            )
        )
    section.blocks.append(Figure(image, t("wins.title"), " ".join(captions)))
    points = t("table.penalty" if context.lower_is_better else "table.points")
    columns = [t("table.seat")]
    for label, _ in groups:
        suffix = f" ({label})" if label else ""
        columns += [t("table.wins") + suffix, points + suffix]
    rows = []
    for seat in range(players):
        cells = [Cell(context.seat(seat))]
        for _, overview in groups:
            cells.append(Cell(n.share_interval(overview.wins[seat].share_interval()), number=True))
            cells.append(Cell(n.interval(overview.points[seat].interval(), 2), number=True))
        rows.append(tuple(cells))
    section.blocks.append(Table(t("wins.table"), tuple(columns), tuple(rows), t("wins.note")))
    return section


def _points(context: Context, groups: Sequence[tuple[str, Overview]]) -> Section:
    t, n = context.text, context.numbers
    kind = "penalty" if context.lower_is_better else "points"
    section = Section(t(f"{kind}.title"), anchor="points")
    for label, overview in groups:
        series = [(context.seat(seat), overview.points_seen[seat]) for seat in range(overview.players)]
        image = figures.distributions(n, series, t(f"{kind}.axis"), t("share_of_games"))
        means = [overview.points[seat].interval() for seat in range(overview.players)]
        high = max(range(overview.players), key=lambda seat: means[seat].estimate)
        low = min(range(overview.players), key=lambda seat: means[seat].estimate)
        everyone = [value for histogram in overview.points_seen for value in histogram.counts]
        caption = t(
            f"{kind}.caption",
            high=context.seat(high),
            high_mean=n.interval(means[high], 2),
            low=context.seat(low),
            low_mean=n.interval(means[low], 2),
            min=n.number(min(everyone, default=0), 0),
            max=n.number(max(everyone, default=0), 0),
        )
        section.blocks.append(Figure(image, t(f"{kind}.title"), (f"{label}: " if label else "") + caption))
    return section


def _length(context: Context, groups: Sequence[tuple[str, Overview]]) -> Section:
    t, n = context.text, context.numbers
    series = [(label or t("length.games"), overview.length) for label, overview in groups]
    image = figures.distributions(n, series, t("length.axis"), t("share_of_games"))
    captions = []
    for label, overview in groups:
        captions.append(
            (f"{label}: " if label else "")
            + t(
                "length.caption",
                mean=n.interval(overview.length_moments.interval(), 1),
                low=n.number(overview.length.quantile(0.05), 0),
                high=n.number(overview.length.quantile(0.95), 0),
            )
        )
    return Section(t("length.title"), [Figure(image, t("length.title"), " ".join(captions))], anchor="length")
