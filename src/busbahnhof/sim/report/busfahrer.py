"""The Busfahrer part of a report: penalty points by phase, the four questions, who becomes
Busfahrer (and how often it is a tie), the ride and how often the draw pile runs out."""

from __future__ import annotations

from ..aggregate import FlatSummary
from ..intervals import wilson_interval
from . import figures
from .context import NAN, Context, Metric, Value, figure, seats_total
from .model import Cell, Figure, Section, Table
from .stats import Histogram, Moments

PHASES = ("points_questions", "points_pyramid", "points_ride")
QUESTIONS = ("q1", "q2", "q3", "q4")
RIDE = ("attempts", "cards_turned", "points", "pile_ran_out", "completed")


class Analysis:
    """Running Busfahrer figures of one setting."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.phases = [[Moments() for _ in PHASES] for _ in range(players)]
        self.driver = [Moments() for _ in range(players)]
        self.asked = dict.fromkeys(QUESTIONS, 0.0)
        self.right = dict.fromkeys(QUESTIONS, 0.0)
        self.ties = Moments()
        self.ride = {key: Moments() for key in RIDE}
        self.turned = Histogram()

    def add(self, row: FlatSummary) -> None:
        """One game's figures."""
        for seat in range(self.players):
            for moments, phase in zip(self.phases[seat], PHASES, strict=True):
                moments.add(row.get(("seats", seat, phase), 0.0))
            self.driver[seat].add(row.get(("seats", seat, "driver"), 0.0))
        for question in QUESTIONS:
            self.asked[question] += row.get(("questions", question, "asked"), 0.0)
            self.right[question] += row.get(("questions", question, "right"), 0.0)
        self.ties.add(row.get(("driver", "ties"), 0.0))
        for key, moments in self.ride.items():
            moments.add(row.get(("ride", key), 0.0))
        self.turned.add(row.get(("ride", "cards_turned"), 0.0))

    def sections(self, context: Context) -> list[Section]:
        """The Busfahrer sections."""
        return [self._phases(context), self._questions(context), self._driver(context), self._ride(context)]

    def _phases(self, context: Context) -> Section:
        t, n = context.text, context.numbers
        names = [t(f"busfahrer.{phase}") for phase in PHASES]
        seats = [context.seat(seat).replace(" (", "\n(") for seat in range(self.players)]
        stacks = [(names[i], [self.phases[seat][i].mean for seat in range(self.players)]) for i in range(len(PHASES))]
        image = figures.stacked_bars(n, seats, stacks, t("busfahrer.phases_axis"))
        per_game = [sum(self.phases[seat][i].mean for seat in range(self.players)) for i in range(len(PHASES))]
        total = sum(per_game) or 1.0
        biggest = max(range(len(PHASES)), key=lambda i: per_game[i])
        caption = t(
            "busfahrer.phases_caption",
            total=n.number(sum(per_game), 1),
            phase=names[biggest],
            points=n.number(per_game[biggest], 1),
            share=n.percent(per_game[biggest] / total),
        )
        rows = tuple(
            (Cell(context.seat(seat)), *(Cell(n.interval(m.interval(), 2), number=True) for m in self.phases[seat]))
            for seat in range(self.players)
        )
        table = Table(t("busfahrer.phases_table"), (t("table.seat"), *names), rows)
        return Section(t("busfahrer.phases_title"), [Figure(image, t("busfahrer.phases_title"), caption), table])

    def _questions(self, context: Context) -> Section:
        t, n = context.text, context.numbers
        intervals = [wilson_interval(self.right[q], int(self.asked[q])) for q in QUESTIONS]
        labels = [t(f"busfahrer.{q}") for q in QUESTIONS]
        image = figures.interval_bars(
            n,
            [label.replace(" ", "\n", 1) for label in labels],
            [("", intervals)],
            t("busfahrer.questions_axis"),
            share=True,
        )
        easiest = max(range(4), key=lambda i: intervals[i].estimate)
        hardest = min(range(4), key=lambda i: intervals[i].estimate)
        caption = t(
            "busfahrer.questions_caption",
            easy=labels[easiest],
            easy_share=n.share_interval(intervals[easiest]),
            hard=labels[hardest],
            hard_share=n.share_interval(intervals[hardest]),
        )
        return Section(t("busfahrer.questions_title"), [Figure(image, t("busfahrer.questions_title"), caption)])

    def _driver(self, context: Context) -> Section:
        t, n = context.text, context.numbers
        single = context.info.options.get("games", 1) == 1 and context.info.options.get("driver_tie") != "all_ride"
        intervals = [m.share_interval() if single else m.interval() for m in self.driver]
        labels = [context.seat(seat).replace(" (", "\n(") for seat in range(self.players)]
        axis = t("busfahrer.driver_axis" if single else "busfahrer.driver_axis_count")
        image = figures.interval_bars(
            n,
            labels,
            [("", intervals)],
            axis,
            share=single,
            reference=(1 / self.players, t("wins.even", share=n.percent(1 / self.players))) if single else None,
        )
        most = max(range(self.players), key=lambda seat: intervals[seat].estimate)
        shown = n.share_interval(intervals[most]) if single else n.interval(intervals[most], 2)
        ties = self.ties.share_interval() if single else self.ties.interval()
        caption = t(
            "busfahrer.driver_caption",
            seat=context.seat(most),
            share=shown,
            ties=n.share_interval(ties) if single else n.interval(ties, 2),
            rule=str(context.info.options.get("driver_tie", "")),
        )
        return Section(t("busfahrer.driver_title"), [Figure(image, t("busfahrer.driver_title"), caption)])

    def _ride(self, context: Context) -> Section:
        t, n = context.text, context.numbers
        image = figures.distributions(n, [("", self.turned)], t("busfahrer.ride_axis"), t("share_of_games"))
        ride = self.ride
        caption = t(
            "busfahrer.ride_caption",
            cards=n.interval(ride["cards_turned"].interval(), 1),
            attempts=n.number(ride["attempts"].mean, 2),
            points=n.number(ride["points"].mean, 1),
            low=n.number(self.turned.quantile(0.05), 0),
            high=n.number(self.turned.quantile(0.95), 0),
            ran_out=n.share_interval(ride["pile_ran_out"].share_interval()),
            completed=n.share_interval(ride["completed"].share_interval()),
            pile=str(context.info.options.get("empty_pile", "")),
        )
        return Section(t("busfahrer.ride_title"), [Figure(image, t("busfahrer.ride_title"), caption)])


def metrics(context: Context) -> list[Metric]:
    """Busfahrer figures compared between two settings."""
    t = context.text
    players = context.info.players
    result = [Metric("game", t(f"busfahrer.{phase}"), False, seats_total(players, phase)) for phase in PHASES]
    for question in QUESTIONS:
        label = t("busfahrer.right", question=t(f"busfahrer.{question}"))
        result.append(Metric("game", label, True, _right_share(question)))
    result += [
        Metric("game", t("busfahrer.metric_ties"), True, _any_tie),
        Metric("game", t("busfahrer.metric_cards"), False, figure("ride", "cards_turned"), 1),
        Metric("game", t("busfahrer.metric_ran_out"), True, figure("ride", "pile_ran_out")),
    ]
    return result


def _any_tie(row: FlatSummary) -> float:
    """1 if the game (any game of a match) had a tie for the Busfahrer."""
    return min(1.0, row.get(("driver", "ties"), 0.0))


def _right_share(question: str) -> Value:
    def value(row: FlatSummary) -> float:
        asked = row.get(("questions", question, "asked"), 0.0)
        return row.get(("questions", question, "right"), 0.0) / asked if asked else NAN

    return value
