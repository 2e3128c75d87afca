"""``--compare``: two settings (two results files, or two settings of one sweep) side by side.

Every per-game figure (:class:`~.context.Metric`) is compared as second minus first with its
95 % interval: paired (the mean of the per-game differences, ``intervals.paired_difference``
from running sums) when both settings played the same games (same numbers and seeds), else as
independent samples (``intervals.independent_difference``).  A difference whose interval
excludes 0 is marked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ...engine import InvalidOptionError
from ..intervals import CONFIDENCE, Interval
from . import overview
from .build import Group, document, facts, game_metrics, read_groups, stream_rows
from .context import Context, Metric
from .model import Cell, Document, Paragraph, Section, Table
from .stats import Moments, Pairing

CARDS_SHOWN = 15
"""Card figures listed in a comparison at least: those that changed most, significant or not."""


@dataclass(frozen=True)
class Difference:
    """One figure under both settings and their difference (second minus first)."""

    metric: Metric
    first: Moments
    second: Moments
    difference: Interval | None

    @property
    def significant(self) -> bool:
        """Whether the difference's interval excludes 0."""
        return self.difference is not None and self.difference.excludes(0.0)

    @property
    def strength(self) -> float:
        """How far the interval lies from 0, in half-widths (for sorting the strongest first)."""
        if self.difference is None:
            return 0.0
        half = (self.difference.high - self.difference.low) / 2
        if half > 0:
            return abs(self.difference.estimate) / half
        return float("inf") if self.difference.estimate else 0.0


def _negated(interval: Interval) -> Interval:
    return Interval(-interval.estimate, -interval.high, -interval.low)


def _family(metric: Metric) -> str:
    """The table a figure is shown in: its differences' intervals hold together for the whole table."""
    return "cards" if metric.table == "cards" else "main"


def differences(context: Context, groups: Sequence[Group]) -> tuple[list[Difference], int]:
    """Every metric under both groups with its difference, and the number of games paired (0: independent).

    The intervals of the differences are simultaneous 95 % intervals for the figures of one
    table (Bonferroni: each at ``1 - 0.05 / m`` for ``m`` figures), so that with 150 card
    figures a marked difference is not one of the seven that chance alone would mark.
    """
    metrics = game_metrics(context, groups)
    sides = ([Moments() for _ in metrics], [Moments() for _ in metrics])
    pairing = Pairing(len(metrics))
    for number, row in stream_rows(groups):
        values = [metric.value(row.figures) for metric in metrics]
        for moments, value in zip(sides[number], values, strict=True):
            if value == value:
                moments.add(value)
        pairing.add(number, (row.index, row.seed), values)
    paired = pairing.pairs if pairing.pairs and pairing.pairs == min(group.games for group in groups) else 0
    family = Counter(_family(metric) for metric in metrics)
    result = []
    for index, metric in enumerate(metrics):
        first, second = sides[0][index], sides[1][index]
        confidence = 1.0 - (1.0 - CONFIDENCE) / family[_family(metric)]
        interval: Interval | None = None
        if paired and pairing.differences[index].count > 1:
            interval = _negated(pairing.differences[index].interval(confidence))
        elif not paired and first.count > 1 and second.count > 1:
            interval = second.difference(first, confidence)
        result.append(Difference(metric, first, second, interval))
    return result, paired


def compare_document(paths: Sequence[Path], lang: str, settings: Sequence[str] = ()) -> Document:
    """The comparison of exactly two settings.

    Raises:
        GameError: not exactly two settings, files of different games, bad files.
    """
    groups = read_groups(paths, settings)
    if len(groups) != 2:
        labels = ", ".join(repr(group.setting or group.path.name) for group in groups)
        raise InvalidOptionError(
            f"--compare needs exactly two settings (two files, or --setting twice), found {len(groups)}: {labels}",
            key="report.error_compare",
            params={"count": len(groups), "labels": labels},
        )
    first, second = groups
    if first.label == second.label:
        first.label, second.label = "A", "B"
    context = Context(lang, first.info)
    t, n = context.text, context.numbers
    found, paired = differences(context, groups)
    how = t("compare.paired", games=n.count(paired)) if paired else t("compare.independent")
    sections = [_summary_section(context, found, first.label, second.label, how)]
    sections += _difference_sections(context, found, first.label, second.label)
    sections += overview.sections(context, [(group.label, group.overview) for group in groups])
    title = t("compare.title", game=context.title, first=first.label, second=second.label)
    subtitle = t("compare.subtitle", first=first.label, second=second.label, how=how)
    return document(context, title, subtitle, facts(context, groups), sections)


def _value(context: Context, metric: Metric, moments: Moments) -> str:
    if moments.count == 0:
        return "–"
    if metric.share:
        return context.numbers.share_interval(moments.share_interval())
    return context.numbers.interval(moments.interval(), metric.digits)


def _difference_text(context: Context, item: Difference) -> str:
    if item.difference is None:
        return "–"
    n = context.numbers
    if item.metric.share:
        scaled = Interval(
            *(100 * value for value in (item.difference.estimate, item.difference.low, item.difference.high))
        )
        return n.interval(scaled, 1, signed=True) + context.text("compare.points_of_percent")
    return n.interval(item.difference, item.metric.digits, signed=True)


def _table(context: Context, caption: str, items: Sequence[Difference], first: str, second: str, note: str) -> Table:
    t = context.text
    rows = tuple(
        (
            Cell(item.metric.label, marked=item.significant),
            Cell(_value(context, item.metric, item.first), number=True),
            Cell(_value(context, item.metric, item.second), number=True),
            Cell(_difference_text(context, item), number=True, marked=item.significant),
            Cell(t("compare.yes") if item.significant else "", marked=item.significant),
        )
        for item in items
    )
    columns = (
        t("compare.figure"),
        first,
        second,
        t("compare.difference", first=first, second=second),
        t("compare.significant"),
    )
    return Table(caption, columns, rows, note)


def _ordered(items: Sequence[Difference]) -> list[Difference]:
    return sorted(items, key=lambda item: (not item.significant, -item.strength))


def _summary_section(context: Context, found: Sequence[Difference], first: str, second: str, how: str) -> Section:
    t = context.text
    significant = [item for item in found if item.significant]
    text = t("compare.summary", count=len(significant), total=len(found), how=how)
    items = [item for item in found if item.metric.table != "cards"]
    table = _table(
        context, t("compare.main_table"), _ordered(items), first, second, t("compare.note", count=len(items))
    )
    section = Section(t("compare.summary_title"), anchor="differences")
    section.blocks += [Paragraph(text), table]
    return section


def _difference_sections(context: Context, found: Sequence[Difference], first: str, second: str) -> list[Section]:
    """The card figures that changed most (the significant ones first and highlighted)."""
    cards = [item for item in found if item.metric.table == "cards"]
    if not cards:
        return []
    t = context.text
    significant = sum(1 for item in cards if item.significant)
    shown = _ordered(cards)[: max(CARDS_SHOWN, significant)]
    note = t("compare.cards_note", significant=significant, count=len(cards))
    table = _table(context, t("compare.cards_table", shown=len(shown)), shown, first, second, note)
    return [Section(t("compare.cards_title"), [table], anchor="cards")]
