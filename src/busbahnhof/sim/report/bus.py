"""The Bus part of a report: how games end, deliveries and time stones by round, points by start
buildings, and which actions the players choose in each round."""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations_with_replacement

from ...engine import Catalog
from ..aggregate import FlatSummary
from ..intervals import Interval
from . import figures
from .context import NAN, Context, Metric, figure, seats_total
from .model import Cell, Figure, Section, Table
from .stats import Histogram, Moments

END_REASONS = ("time_stones", "lots_full", "markers_out")
AREAS = ("line", "buses", "passengers", "buildings", "clock", "vrroomm", "start")
BUILDINGS = ("house", "office", "pub")


class Analysis:
    """Running Bus figures of one setting."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = 0
        self.end = {reason: Moments() for reason in END_REASONS}
        self.rounds = Histogram()
        self.rounds_moments = Moments()
        self.deliveries: defaultdict[int, float] = defaultdict(float)
        self.stones: defaultdict[int, float] = defaultdict(float)
        self.actions: defaultdict[tuple[int, str], float] = defaultdict(float)
        self.by_start: defaultdict[tuple[int, tuple[str, ...]], tuple[Moments, Moments]] = defaultdict(
            lambda: (Moments(), Moments())
        )
        self.seat_figures = [{key: Moments() for key in ("deliveries", "time_stones")} for _ in range(players)]

    def add(self, row: FlatSummary) -> None:
        """One game's figures."""
        self.games += 1
        for reason, moments in self.end.items():
            moments.add(row.get(("end", reason), 0.0))
        rounds = int(row.get(("rounds",), 0.0))
        self.rounds.add(rounds)
        self.rounds_moments.add(rounds)
        for number in range(1, rounds + 1):
            key = str(number)
            self.deliveries[number] += row.get(("deliveries_by_round", key), 0.0)
            self.stones[number] += row.get(("time_stones_by_round", key), 0.0)
            for area in AREAS:
                self.actions[number, area] += row.get(("actions_by_round", key, area), 0.0)
        for seat in range(self.players):
            built = tuple(
                kind for kind in BUILDINGS for _ in range(int(row.get(("seats", seat, "start_buildings", kind), 0.0)))
            )
            score, wins = self.by_start[seat, built]
            score.add(row.get(("seats", seat, "score"), 0.0))
            wins.add(row.get(("seats", seat, "wins"), 0.0))
            for key, moments in self.seat_figures[seat].items():
                moments.add(row.get(("seats", seat, key), 0.0))

    def sections(self, context: Context) -> list[Section]:
        """The Bus sections."""
        names = Catalog(("busbahnhof.games.bus",), context.lang)
        return [self._end(context), self._rounds(context), self._start(context, names), self._actions(context, names)]

    def _end(self, context: Context) -> Section:
        t, n = context.text, context.numbers
        labels = [t(f"bus.end_{reason}") for reason in END_REASONS]
        intervals = [self.end[reason].share_interval() for reason in END_REASONS]
        image = figures.interval_bars(n, labels, [("", intervals)], t("share_of_games"), share=True)
        caption = t(
            "bus.end_caption",
            **{reason: n.share_interval(i) for reason, i in zip(END_REASONS, intervals, strict=True)},
            rounds=n.interval(self.rounds_moments.interval(), 1),
            low=n.number(self.rounds.quantile(0.05), 0),
            high=n.number(self.rounds.quantile(0.95), 0),
        )
        return Section(t("bus.end_title"), [Figure(image, t("bus.end_title"), caption)])

    def _rounds(self, context: Context) -> Section:
        t, n = context.text, context.numbers
        last = int(max(self.rounds.counts, default=0))
        xs = list(range(1, last + 1))
        games = max(self.games, 1)
        deliveries = [self.deliveries[r] / games for r in xs]
        stones = [self.stones[r] / games for r in xs]
        image = figures.lines(
            n, xs, [(t("bus.deliveries"), deliveries), (t("bus.stones"), stones)], t("round"), t("per_game")
        )
        peak = max(xs, key=lambda r: deliveries[r - 1]) if xs else 0
        stone_peak = max(xs, key=lambda r: stones[r - 1]) if xs else 0
        caption = t(
            "bus.rounds_caption",
            peak=peak,
            peak_deliveries=n.number(deliveries[peak - 1] if xs else 0, 2),
            total=n.number(sum(deliveries), 1),
            stones=n.number(sum(stones), 1),
            stone_peak=stone_peak,
            peak_stones=n.number(stones[stone_peak - 1] if xs else 0, 2),
        )
        return Section(t("bus.rounds_title"), [Figure(image, t("bus.rounds_title"), caption)])

    def _start(self, context: Context, names: Catalog) -> Section:
        t, n = context.text, context.numbers
        bots = list(dict.fromkeys(context.info.bots))
        combos = [combo for combo in combinations_with_replacement(BUILDINGS, 2) if any(
            (seat, combo) in self.by_start for seat in range(self.players))]  # fmt: skip

        def merged(combo: tuple[str, ...], bot: str | None, which: int) -> Moments:
            seats = [seat for seat in range(self.players) if bot is None or context.info.bots[seat] == bot]
            return Moments.merged(
                [self.by_start[seat, combo][which] for seat in seats if (seat, combo) in self.by_start]
            )

        combos.sort(key=lambda combo: -merged(combo, None, 0).mean)
        labels = [" + ".join(names.text(f"building.{kind}") for kind in combo) for combo in combos]
        by_bot = [(bot, [_interval(merged(combo, bot, 0)) for combo in combos]) for bot in bots]
        series = [(bot if len(bots) > 1 else "", intervals) for bot, intervals in by_bot]
        image = figures.interval_bars(
            n, [label.replace(" + ", "\n+ ") for label in labels], series, t("table.points"), share=False
        )
        rows = []
        for combo, label in zip(combos, labels, strict=True):
            for bot in bots:
                score, wins = merged(combo, bot, 0), merged(combo, bot, 1)
                if score.count == 0:
                    continue
                seats = sum(merged(other, bot, 0).count for other in combos) or 1
                rows.append((
                    Cell(label), Cell(bot), Cell(n.percent(score.count / seats), number=True),
                    Cell(n.interval(score.interval(), 2), number=True),
                    Cell(n.share_interval(wins.share_interval()), number=True),
                ))  # fmt: skip
        columns = (t("bus.start_buildings"), t("bus.bot"), t("bus.chosen"), t("table.points"), t("table.wins"))
        table = Table(t("bus.start_table"), columns, tuple(rows))
        overall = [merged(combo, None, 0).interval() for combo in combos]
        caption = ""
        if combos:
            caption = t("bus.start_caption", best=labels[0], best_points=n.interval(overall[0], 2), worst=labels[-1],
                        worst_points=n.interval(overall[-1], 2))  # fmt: skip
        seat_rows = tuple(
            (
                Cell(context.seat(seat)),
                *(
                    Cell(n.interval(self.seat_figures[seat][key].interval(), 2), number=True)
                    for key in ("deliveries", "time_stones")
                ),
            )
            for seat in range(self.players)
        )
        seat_table = Table(t("bus.seat_table"), (t("table.seat"), t("bus.deliveries"), t("bus.stones")), seat_rows)
        return Section(t("bus.start_title"), [Figure(image, t("bus.start_title"), caption), table, seat_table])

    def _actions(self, context: Context, names: Catalog) -> Section:
        t, n = context.text, context.numbers
        last = int(max(self.rounds.counts, default=0))
        xs = list(range(1, last + 1))
        games = max(self.games, 1)
        stacks = [(names.text(f"area.{area}"), [self.actions[r, area] / games for r in xs]) for area in AREAS]
        image = figures.stacked_bars(n, [str(r) for r in xs], stacks, t("bus.markers_axis"), t("round"))
        totals = {area: sum(self.actions[r, area] for r in xs) for area in AREAS}
        everything = sum(totals.values()) or 1.0
        favourite = max(AREAS, key=lambda area: totals[area])
        rarest = min(AREAS, key=lambda area: totals[area])
        caption = t(
            "bus.actions_caption",
            favourite=names.text(f"area.{favourite}"),
            favourite_share=n.percent(totals[favourite] / everything),
            rarest=names.text(f"area.{rarest}"),
            rarest_share=n.percent(totals[rarest] / everything),
        )
        caption = caption[:1].upper() + caption[1:]  # an area's name opens the sentence ("line expansion")
        return Section(t("bus.actions_title"), [Figure(image, t("bus.actions_title"), caption)])


def _interval(moments: Moments) -> Interval:
    """The mean's interval, or no bar (NaN) where no seat of a bot chose these buildings."""
    return moments.interval() if moments.count else Interval(NAN, NAN, NAN)


def metrics(context: Context) -> list[Metric]:
    """Bus figures compared between two settings."""
    t = context.text
    players = context.info.players
    result = [Metric("game", t(f"bus.end_{reason}"), True, figure("end", reason)) for reason in END_REASONS]
    result.append(Metric("game", t("bus.metric_rounds"), False, figure("rounds"), 1))
    result.append(Metric("game", t("bus.deliveries"), False, seats_total(players, "deliveries")))
    result.append(Metric("game", t("bus.stones"), False, seats_total(players, "time_stones")))
    return result
