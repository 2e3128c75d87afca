"""The Busfaktor: 1 part of a report: the start person's advantage, projects by size, empty stacks,
and per card how often it was drawn, played, completed, fired and discarded and how much more a
seat that held it scored than the others in the same game."""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..aggregate import FlatSummary, Path
from ..intervals import Interval, wilson_interval
from . import figures
from .context import NAN, Context, Metric, Value, figure
from .model import Cell, Figure, Section, Table
from .stats import Moments

COUNTS = ("drawn", "played", "discarded", "fired")
PROJECT_COUNTS = ("started", "completed")
SIZE_FIGURES = ("started", "completed", "points")
SHOWN = 12
"""Rows of the short card tables (holders score most, hardly matter)."""


@dataclass
class Card:
    """Running figures of one card: totals of its per-game counts and the points its holders gained."""

    kind: str = "factor"
    totals: dict[str, float] = field(default_factory=lambda: dict.fromkeys((*COUNTS, *PROJECT_COUNTS), 0.0))
    gain: Moments = field(default_factory=Moments)


def held_gain(row: FlatSummary, name: str, points: Sequence[float]) -> float:
    """Mean points of the seats that held card ``name`` minus those of the others in the same game.

    ``points`` are the game's points per seat.  NaN when every seat or no seat held it (then the
    game says nothing about the card).
    """
    holders = others = 0
    held_points = other_points = 0.0
    for seat, seat_points in enumerate(points):
        if row.get(("cards", name, "held", seat), 0.0) > 0:
            holders += 1
            held_points += seat_points
        else:
            others += 1
            other_points += seat_points
    if not holders or not others:
        return NAN
    return held_points / holders - other_points / others


def seat_points(row: FlatSummary, players: int) -> list[float]:
    """The points of every seat of a game."""
    return [row.get(("seats", seat, "points"), 0.0) for seat in range(players)]


class Analysis:
    """Running Busfaktor figures of one setting."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = 0
        self.cards: dict[str, Card] = {}
        self.positions = [(Moments(), Moments()) for _ in range(players)]
        self.sizes: defaultdict[int, dict[str, float]] = defaultdict(lambda: dict.fromkeys(SIZE_FIGURES, 0.0))
        self.routes: dict[Path, tuple[dict[Any, float], Any] | tuple[()]] = {}
        self.stack_empty = Moments()
        self.reshuffled = Moments()
        self.reshuffles = Moments()
        self.secured = Moments()
        self.cooperations = Moments()

    def add(self, row: FlatSummary) -> None:
        """One game's figures."""
        self.games += 1
        for path, value in row.items():
            route = self.routes.get(path)
            if route is None:
                route = self.routes[path] = self._route(path)
            if route:
                totals, key = route
                totals[key] += value
        points = seat_points(row, self.players)
        for name, card in self.cards.items():
            gain = held_gain(row, name, points)
            if gain == gain:
                card.gain.add(gain)
        for position, (won, position_points) in enumerate(self.positions):
            won.add(row.get(("positions", position, "won"), 0.0))
            position_points.add(row.get(("positions", position, "points"), 0.0))
        self.stack_empty.add(row.get(("project_stack_empty",), 0.0))
        reshuffles = row.get(("reshuffles",), 0.0)
        self.reshuffles.add(reshuffles)
        self.reshuffled.add(float(reshuffles > 0))
        self.secured.add(row.get(("absicherungen_fired",), 0.0))
        self.cooperations.add(row.get(("cooperations_begun",), 0.0))

    def _route(self, path: Path) -> tuple[dict[Any, float], Any] | tuple[()]:
        """Where the figure at ``path`` is summed: a card's totals or a project size's; ``()`` for elsewhere.

        Worked out once per figure (a Busfaktor game has some 700), then looked up for every game.
        """
        head = path[0]
        if head == "cards" and len(path) == 3 and path[2] in COUNTS:
            card = self._card(str(path[1]))
            if path[2] == "fired":
                card.kind = "event"
            return card.totals, path[2]
        if head == "projects" and path[2] in PROJECT_COUNTS:
            card = self._card(str(path[1]))
            card.kind = "project"
            return card.totals, path[2]
        if head == "project_sizes" and path[2] in SIZE_FIGURES:
            return self.sizes[int(path[1])], path[2]
        return ()

    def _card(self, name: str) -> Card:
        card = self.cards.get(name)
        if card is None:
            card = self.cards[name] = Card()
        return card

    def sections(self, context: Context) -> list[Section]:
        """The Busfaktor sections."""
        return [self._start(context), self._sizes(context), self._stacks(context), *self._cards(context)]

    def _start(self, context: Context) -> Section:
        t, n = context.text, context.numbers
        labels = [t("busfaktor.position", n=position + 1) for position in range(self.players)]
        wins = [won.share_interval() for won, _ in self.positions]
        even = 1 / self.players
        image = figures.interval_bars(
            n, labels, [("", wins)], t("wins.axis"), share=True, reference=(even, t("wins.even", share=n.percent(even)))
        )
        verdict = (
            "busfaktor.start_more"
            if wins[0].low > even
            else "busfaktor.start_less"
            if wins[0].high < even
            else "busfaktor.start_even"
        )
        caption = (
            t(
                "busfaktor.start_caption",
                share=n.share_interval(wins[0]),
                even=n.percent(even),
                points=n.interval(self.positions[0][1].interval(), 2),
                last_points=n.interval(self.positions[-1][1].interval(), 2),
            )
            + " "
            + t(verdict)
        )
        return Section(t("busfaktor.start_title"), [Figure(image, t("busfaktor.start_title"), caption)])

    def _sizes(self, context: Context) -> Section:
        t, n = context.text, context.numbers
        sizes = sorted(self.sizes)
        games = max(self.games, 1)
        rates = [wilson_interval(self.sizes[s]["completed"], int(self.sizes[s]["started"])) for s in sizes]
        image = figures.interval_bars(
            n,
            [str(s) for s in sizes],
            [("", rates)],
            t("busfaktor.completed_axis"),
            share=True,
            xlabel=t("busfaktor.sizes_axis"),
        )
        rows = tuple(
            (
                Cell(str(size), number=True),
                Cell(n.number(self.sizes[size]["started"] / games, 2), number=True),
                Cell(n.share_interval(rate), number=True),
                Cell(n.number(self.sizes[size]["points"] / games, 2), number=True),
            )
            for size, rate in zip(sizes, rates, strict=True)
        )
        table = Table(
            t("busfaktor.sizes_table"),
            (
                t("busfaktor.size"),
                t("busfaktor.started_per_game"),
                t("busfaktor.completed_share"),
                t("busfaktor.points_per_game"),
            ),
            rows,
        )
        caption = ""
        if sizes:
            caption = t(
                "busfaktor.sizes_caption",
                small=sizes[0],
                small_rate=n.share_interval(rates[0]),
                large=sizes[-1],
                large_rate=n.share_interval(rates[-1]),
            )
        return Section(t("busfaktor.sizes_title"), [Figure(image, t("busfaktor.sizes_title"), caption), table])

    def _stacks(self, context: Context) -> Section:
        t, n = context.text, context.numbers
        rows = (
            (Cell(t("busfaktor.stack_empty")), Cell(n.share_interval(self.stack_empty.share_interval()), number=True)),
            (Cell(t("busfaktor.reshuffled")), Cell(n.share_interval(self.reshuffled.share_interval()), number=True)),
            (Cell(t("busfaktor.reshuffles")), Cell(n.interval(self.reshuffles.interval(), 2), number=True)),
            (Cell(t("busfaktor.secured")), Cell(n.interval(self.secured.interval(), 2), number=True)),
            (Cell(t("busfaktor.cooperations")), Cell(n.interval(self.cooperations.interval(), 2), number=True)),
        )
        return Section(
            t("busfaktor.stacks_title"),
            [Table(t("busfaktor.stacks_table"), ("", t("per_game_or_share")), rows, t("busfaktor.stacks_note"))],
        )

    def _gains(self) -> list[tuple[str, Card, Interval]]:
        measured = [(name, card, card.gain.interval()) for name, card in self.cards.items() if card.gain.count > 1]
        return sorted(measured, key=lambda item: -item[2].estimate)

    def _cards(self, context: Context) -> list[Section]:
        t, n = context.text, context.numbers
        gains = self._gains()
        median = statistics.median(gain.estimate for _, _, gain in gains) if gains else 0.0
        image = figures.forest(
            n,
            [name for name, _, _ in gains],
            [gain for _, _, gain in gains],
            t("busfaktor.gain_axis"),
            reference=(median, t("busfaktor.median")),
        )
        better = sum(1 for _, _, gain in gains if gain.low > 0)
        worse = sum(1 for _, _, gain in gains if gain.high < 0)
        caption = t("busfaktor.gain_caption", cards=len(gains), better=better, worse=worse)
        if gains:
            top_gain = n.interval(gains[0][2], 2, signed=True)
            caption += " " + t("busfaktor.gain_top", card=gains[0][0], gain=top_gain, median=n.number(median, 2))
        gain_section = Section(t("busfaktor.gain_title"), [Figure(image, t("busfaktor.gain_title"), caption)])
        top = gains[:SHOWN]
        gain_section.blocks.append(self._table(context, t("busfaktor.top_table"), top))
        dull = sorted(
            (item for item in gains if not item[2].excludes(0.0)),
            key=lambda item: (self._played_share(item[1]), abs(item[2].estimate)),
        )[:SHOWN]
        gain_section.blocks.append(self._table(context, t("busfaktor.dull_table"), dull, t("busfaktor.dull_note")))
        everything = Section(t("busfaktor.cards_title"), anchor="cards")
        everything.blocks.append(
            self._table(
                context, t("busfaktor.cards_table"), gains, t("busfaktor.cards_note", games=n.count(self.games))
            )
        )
        return [gain_section, everything]

    def _played_share(self, card: Card) -> float:
        return card.totals["played"] / card.totals["drawn"] if card.totals["drawn"] else 0.0

    def _table(self, context: Context, caption: str, cards: list[tuple[str, Card, Interval]], note: str = "") -> Table:
        t, n = context.text, context.numbers
        games = max(self.games, 1)
        columns = (
            t("busfaktor.card"),
            t("busfaktor.kind"),
            t("busfaktor.drawn"),
            t("busfaktor.played"),
            t("busfaktor.completed"),
            t("busfaktor.fired"),
            t("busfaktor.discarded"),
            t("busfaktor.gain"),
        )
        rows = []
        for name, card, gain in cards:
            per_game = {key: n.number(card.totals[key] / games, 2) for key in COUNTS}
            completed = (
                n.share_interval(wilson_interval(card.totals["completed"], int(card.totals["started"])))
                if card.kind == "project"
                else ""
            )
            rows.append(
                (
                    Cell(name),
                    Cell(t(f"busfaktor.kind_{card.kind}")),
                    Cell(per_game["drawn"], number=True),
                    Cell(per_game["played"], number=True),
                    Cell(completed, number=True),
                    Cell(per_game["fired"] if card.kind == "event" else "", number=True),
                    Cell(per_game["discarded"], number=True),
                    Cell(n.interval(gain, 2, signed=True), number=True, marked=gain.excludes(0.0)),
                )
            )
        return Table(caption, columns, tuple(rows), note)


def metrics(context: Context, analysis: Analysis) -> list[Metric]:
    """Busfaktor figures compared between two settings: the start person, the stacks, every card."""
    t = context.text
    players = context.info.players
    result = [
        Metric("game", t("busfaktor.metric_start"), True, figure("positions", 0, "won")),
        Metric("game", t("busfaktor.stack_empty"), True, figure("project_stack_empty")),
        Metric("game", t("busfaktor.reshuffles"), False, figure("reshuffles")),
    ]
    for name in sorted(analysis.cards):
        result.append(Metric("cards", t("busfaktor.metric_played", card=name), False, figure("cards", name, "played")))
        result.append(Metric("cards", t("busfaktor.metric_gain", card=name), False, _gain_of(name, players)))
    return result


def _gain_of(name: str, players: int) -> Value:
    def value(row: FlatSummary) -> float:
        return held_gain(row, name, seat_points(row, players))

    return value
