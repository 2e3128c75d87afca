"""What every game has: win share and points by seat, score distributions, game length, ties."""

from __future__ import annotations

from collections.abc import Sequence

from ..aggregate import FlatSummary
from . import figures
from .context import Context, Metric, figure, points_key, seat_points
from .model import Block, Cell, Figure, Heading, Paragraph, Section, Table
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


def comparison_sections(context: Context, groups: Sequence[tuple[str, Overview]]) -> list[Section]:
    """Win share by seat and game length of several settings side by side (their points are in
    each setting's own section: :func:`setting_blocks`)."""
    return [_wins(context, groups), _length(context, groups)]


def setting_blocks(context: Context, overview: Overview) -> list[Block]:
    """What the comparison leaves to a setting's own section: who won most and least, its points."""
    kind = "penalty" if context.lower_is_better else "points"
    return [
        Paragraph(_verdict(context, overview)),
        Heading(context.text(f"{kind}.title")),
        _points_figure(context, overview),
    ]


def _verdict(context: Context, overview: Overview) -> str:
    """Which seat won most and least often."""
    t, n = context.text, context.numbers
    players = context.info.players
    intervals = [wins.share_interval() for wins in overview.wins]
    best = max(range(players), key=lambda seat: intervals[seat].estimate)
    worst = min(range(players), key=lambda seat: intervals[seat].estimate)
    return t(
        "wins.caption",
        best=context.seat(best),
        best_share=n.share_interval(intervals[best]),
        worst=context.seat(worst),
        worst_share=n.share_interval(intervals[worst]),
        even=n.percent(1 / players),
        ties=n.percent(overview.ties.mean),
    )


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
    points = t("table.penalty" if context.lower_is_better else "table.points")
    if len(groups) == 1:
        _, overview = groups[0]
        section.blocks.append(Figure(image, t("wins.title"), _verdict(context, overview)))
        columns = (t("table.seat"), t("table.wins"), points)
        rows = tuple(
            (
                Cell(context.seat(seat)),
                Cell(n.share_interval(overview.wins[seat].share_interval()), number=True),
                Cell(n.interval(overview.points[seat].interval(), 2), number=True),
            )
            for seat in range(players)
        )
        section.blocks.append(Table(t("wins.table"), columns, rows, t("wins.note")))
        return section
    section.blocks.append(Figure(image, t("wins.title"), t("wins.caption_settings", even=n.percent(1 / players))))
    seats = tuple(t("seat", n=seat + 1) for seat in range(players))
    win_rows = tuple(
        (
            Cell(label),
            *(Cell(n.share_interval(wins.share_interval()), number=True) for wins in overview.wins),
            Cell(n.percent(overview.ties.mean), number=True),
        )
        for label, overview in groups
    )
    section.blocks.append(
        Table(t("wins.table_settings"), (t("table.setting"), *seats, t("table.ties")), win_rows, t("wins.note"))
    )
    point_rows = tuple(
        (Cell(label), *(Cell(n.interval(moments.interval(), 2), number=True) for moments in overview.points))
        for label, overview in groups
    )
    section.blocks.append(Table(t("wins.points_table", points=points), (t("table.setting"), *seats), point_rows))
    return section


def _points_figure(context: Context, overview: Overview, label: str = "") -> Figure:
    """How often each seat ended with so many points, with who scored most and least."""
    t, n = context.text, context.numbers
    kind = "penalty" if context.lower_is_better else "points"
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
    return Figure(image, t(f"{kind}.title"), (f"{label}: " if label else "") + caption)


def _points(context: Context, groups: Sequence[tuple[str, Overview]]) -> Section:
    kind = "penalty" if context.lower_is_better else "points"
    blocks: list[Block] = [_points_figure(context, overview, label) for label, overview in groups]
    return Section(context.text(f"{kind}.title"), blocks, anchor="points")


def _length(context: Context, groups: Sequence[tuple[str, Overview]]) -> Section:
    t, n = context.text, context.numbers
    series = [(label or t("length.games"), overview.length) for label, overview in groups]
    image = figures.distributions(n, series, t("length.axis"), t("share_of_games"))
    section = Section(t("length.title"), anchor="length")
    if len(groups) == 1:
        _, overview = groups[0]
        caption = t(
            "length.caption",
            mean=n.interval(overview.length_moments.interval(), 1),
            low=n.number(overview.length.quantile(0.05), 0),
            high=n.number(overview.length.quantile(0.95), 0),
        )
        section.blocks.append(Figure(image, t("length.title"), caption))
        return section
    section.blocks.append(Figure(image, t("length.title"), t("length.caption_settings")))
    rows = tuple(
        (
            Cell(label),
            Cell(n.interval(overview.length_moments.interval(), 1), number=True),
            Cell(
                f"{n.number(overview.length.quantile(0.05), 0)}\u2013{n.number(overview.length.quantile(0.95), 0)}",
                number=True,
            ),
        )
        for label, overview in groups
    )
    columns = (t("table.setting"), t("length.mean"), t("length.middle"))
    section.blocks.append(Table(t("length.table"), columns, rows))
    return section
