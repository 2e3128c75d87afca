"""``planer``: a heuristic Bus bot that plans deliveries.

It forecasts the next clock step: which building type the passengers will want when its buses run
(the hand after this round's clock), who steps into which building at that moment (Complete
Edition; nobody moves in the 1999 short rules, see :mod:`.passengers`), and so how many willing
passengers and open buildings of that type its line will reach.  From that it values
Vrroomm markers (after the Vrroomm markers already placed, which act first and may empty what
the lines share), decides whether stopping time pays more than the time stone costs, grows its line
toward passengers, stations and buildings of the coming types (weighing everything within three
streets), builds the coming type beside its own line and the unwanted type elsewhere (valuing the
Buildings action less where the open lots lie on other players' lines), sends new
passengers to a station on its line, buys buses while M matters, and values the start bus (the
first choice of next round) well.  Everything it reads is public; it decides the same on any state
that looks the same and the same ``rng``.

Bus has almost no chance (only the start player is drawn), so a bot that always takes the first of
equally good actions replays the same game for every seed.  ``planer`` therefore treats every
action valued within :attr:`PlanerBot.tie_margin` of the best as a tie and lets the ``rng`` passed
to ``choose`` pick among them: seeded, reproducible, and as strong (measured in
``docs/games/bus.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, TypeVar

from ...bots.ismcts import FAST_ITERATIONS, Guide, IsmctsBot
from ...bots.levels import level_bots
from ...engine import Action, BotFactory, Rng, State, wrong_kind
from .actions import (
    BUILDINGS,
    BUSES,
    CLOCK,
    CLOCK_ADVANCE,
    CLOCK_STOP,
    LINE,
    PASS,
    PASSENGERS,
    START,
    VRROOMM,
    Build,
    Deliver,
    Line,
    Passenger,
    Take,
)
from .evaluation import EVALUATION
from .legal import open_zone
from .lines import LINE_MARKERS
from .passengers import after_clock
from .phases import SELECTION
from .rules import MAX_BUSES
from .state import BusState

REACH = 3
"""How many streets ahead line planning looks."""

T = TypeVar("T")


def pick_best(actions: Sequence[T], value: Callable[[T], float], margin: float, rng: Rng) -> T:
    """One of the ``actions`` whose ``value`` lies within ``margin`` of the best, drawn uniformly
    with ``rng`` (no draw when only one is that good)."""
    values = [value(action) for action in actions]
    best = max(values)
    near = [action for action, worth in zip(actions, values, strict=True) if worth >= best - margin]
    return near[0] if len(near) == 1 else rng.pick(near)


def forecast(state: BusState, seat: int, kind: int) -> tuple[int, int]:
    """(willing passengers, open buildings of ``kind``) on ``seat``'s line right after a clock
    step to ``kind`` (Bus: Uhr, Brumm)."""
    waiting, empty = after_clock(state, kind)
    touches = state.touches[seat]
    nodes = [node for node in range(len(waiting)) if touches >> node & 1]
    return sum(waiting[node] for node in nodes), sum(empty[node] for node in nodes)


def carry(waiting: list[int], empty: list[int], touches: int, buses: int) -> int:
    """Greedily carry up to ``buses`` passengers along the line ``touches`` (a bitmask), updating
    ``waiting`` and ``empty`` in place; returns how many were carried (Bus: Brumm)."""
    sources = [node for node in range(len(waiting)) if waiting[node] and touches >> node & 1]
    targets = [node for node in range(len(empty)) if empty[node] and touches >> node & 1]
    carried = 0
    while carried < buses and sources and targets:
        waiting[sources[-1]] -= 1
        empty[targets[-1]] -= 1
        if not waiting[sources[-1]]:
            sources.pop()
        if not empty[targets[-1]]:
            targets.pop()
        carried += 1
    return carried


def next_vrroomm_yield(state: BusState, seat: int, kind: int) -> int:
    """What one more Vrroomm marker of ``seat`` would carry after the markers already placed (they
    act first, from slot A, and may empty the passengers and buildings the lines share; in the 1999
    short rules each later slot runs one bus fewer)."""
    waiting, empty = after_clock(state, kind)
    rules, buses, most = state.rules, state.buses, state.max_buses()
    placed = state.slots[VRROOMM]
    for slot, other in enumerate(placed):
        carry(waiting, empty, state.touches[other], rules.vrroomm_buses(buses[other], most, slot))
    return carry(waiting, empty, state.touches[seat], rules.vrroomm_buses(buses[seat], most, len(placed)))


def deliverable(state: BusState, seat: int, kind: int) -> int:
    """How many passengers one Vrroomm marker of ``seat`` carries after a clock step to ``kind``."""
    willing, targets = forecast(state, seat, kind)
    return min(state.buses[seat], willing, targets)


def node_value(state: BusState, node: int, kind: int) -> float:
    """What an intersection offers a line: passengers, a station, buildings (the coming type most)."""
    board = state.board
    value = 1.2 * state.standing[node]
    if node in board.stations:
        value += 1.5
    for lot in board.lots_at[node]:
        building = state.building[lot]
        if building < 0:
            value += 0.25
        elif building == kind:
            value += 1.0 if not state.occupied[lot] else 0.6
        else:
            value += 0.7
    return value


def reach_value(state: BusState, seat: int, start: int, kind: int) -> float:
    """The value of intersections within :data:`REACH` streets of ``start`` that ``seat``'s line
    does not touch yet, halved per street of distance."""
    board = state.board
    touches = state.touches[seat]
    seen = {start}
    frontier = [start]
    total = 0.0 if touches >> start & 1 else node_value(state, start, kind)
    weight = 1.0
    for _ in range(REACH):
        weight *= 0.45
        following = []
        for node in frontier:
            for street in board.incident[node]:
                a, b = board.streets[street]
                other = b if a == node else a
                if other not in seen:
                    seen.add(other)
                    following.append(other)
                    if not touches >> other & 1:
                        total += weight * node_value(state, other, kind)
        frontier = following
    return total


class PlanerBot:
    """Heuristic Bus bot (see the module docstring)."""

    name = "planer"
    pass_base = 1.3
    """Selection stops when no area is worth this much (adjusted by spare markers)."""
    vrroomm_weight = 4.0
    line_weight = 1.0
    early_line_bonus = 1.2
    bus_value = 2.4
    building_weight = 0.3
    start_value = 1.3
    """The Starting player action: choosing first next round (tuned: +1.6 points per game)."""
    line_decay = 1.0
    """Line expansion is worth less as the line uses up its 25 markers (a long line reaches most)."""
    tie_margin = 0.02
    """Actions valued this close to the best count as ties, broken by the ``rng``."""

    def choose(self, state: State[Any], seat: int, rng: Rng) -> Action:
        if not isinstance(state, BusState):
            raise wrong_kind(state, BusState)
        legal = state.legal_actions()
        if state.phase == SELECTION:
            return self._select(state, seat, legal, rng)
        first = legal[0]
        margin = self.tie_margin
        if isinstance(first, Line):
            return pick_best(legal, lambda action: self._street_value(state, seat, action), margin, rng)  # type: ignore[arg-type]
        if isinstance(first, Build):
            return pick_best(legal, lambda action: self._build_value(state, seat, action), margin, rng)  # type: ignore[arg-type]
        if isinstance(first, Passenger):
            return pick_best(legal, lambda action: self._station_value(state, seat, action), margin, rng)  # type: ignore[arg-type]
        if isinstance(first, Deliver):
            return pick_best(legal, lambda action: self._deny_value(state, seat, action), margin, rng)  # type: ignore[arg-type]
        if first in (CLOCK_STOP, CLOCK_ADVANCE):
            return CLOCK_STOP if self._should_stop(state, seat) else CLOCK_ADVANCE
        return first

    # -- action selection ------------------------------------------------------------------

    def _select(self, state: BusState, seat: int, legal: Any, rng: Rng) -> Action:
        values: dict[Action, float] = {
            action: self._area_value(state, seat, action.area) for action in legal if isinstance(action, Take)
        }
        if PASS in legal:
            spare = state.markers[seat] - 2 * self._rounds_left(state, seat)
            threshold = self.pass_base - 0.15 * max(-3, min(3, spare))
            if not values or max(values.values()) < threshold:
                return PASS
        if not values:
            return PASS
        return pick_best(list(values), values.__getitem__, self.tie_margin, rng)

    @staticmethod
    def _rounds_left(state: BusState, seat: int) -> int:
        """Rounds still to come after this one, at most: the game ends with the round in which all
        but one player run out of markers (Bus: Spielende), and nobody plays past round ten."""
        others = max(state.markers[other] for other in range(state.players) if other != seat)
        return max(0, min(9 - state.round, others // 2))

    def _expected_hand(self, state: BusState, seat: int) -> int:
        """The hand when buses run this round: the same if this seat holds the clock and stopping
        would pay, else one step on."""
        coming = (state.clock + 1) % 3
        if state.slots[CLOCK] == [seat] and deliverable(state, seat, state.clock) > deliverable(state, seat, coming):
            return state.clock
        return coming

    def _area_value(self, state: BusState, seat: int, area: int) -> float:
        slots = state.slots[area]
        mine = slots.count(seat)
        power = state.max_buses() - len(slots)
        hand = self._expected_hand(state, seat)
        if area == VRROOMM:
            return self.vrroomm_weight * next_vrroomm_yield(state, seat, hand)
        if area == LINE:
            power += state.rules.line_bonus(state.players)
            streets = max(0, min(power, state.line_markers_left[seat]))
            weight = self.line_weight + (self.early_line_bonus if state.round <= 4 else 0.0)
            worn = 1.0 - self.line_decay * (1.0 - state.line_markers_left[seat] / LINE_MARKERS)
            return weight * worn * streets / (1 + mine)
        if area == BUSES:
            if state.buses[seat] >= MAX_BUSES:
                return 0.0
            wanted = min(MAX_BUSES, 2 + state.round // 2)
            willing, targets = forecast(state, seat, hand)
            crowded = min(willing, targets) > state.buses[seat]
            leader = state.buses[seat] == state.max_buses()
            return self.bus_value if state.buses[seat] < wanted or crowded else (0.6 if leader else 0.3)
        if area == CLOCK:
            coming = (state.clock + 1) % 3
            runs = max(1, state.slots[VRROOMM].count(seat))
            gain = runs * (deliverable(state, seat, state.clock) - deliverable(state, seat, coming))
            return 1.2 + gain if gain > 1 else 0.5
        if area == PASSENGERS:
            count = max(0, min(power, state.supply))
            on_line = any(state.touches[seat] >> station & 1 for station in state.board.stations)
            return (0.9 if on_line else 0.2) * count / (1 + mine)
        if area == BUILDINGS:
            zone = open_zone(state)
            if zone < 0 or power <= 0:
                return 0.0
            lots = state.board.zone_lots[zone]
            near = sum(1 for lot in lots if self._lot_nearness(state, seat, lot) > 0)
            served = self._served_by_others(state, seat, lots)
            return self.building_weight * min(power, near + 1) * (near + 1) / (near + 1 + served) / (1 + mine)
        if area == START:
            return self.start_value
        return 0.0

    @staticmethod
    def _served_by_others(state: BusState, seat: int, lots: Any) -> int:
        """Free lots among ``lots`` on another player's line: buildings there serve them too."""
        where = state.board.lot_intersection
        others = 0
        for other in range(state.players):
            if other != seat:
                others |= state.touches[other]
        return sum(1 for lot in lots if state.building[lot] < 0 and others >> where[lot] & 1)

    @staticmethod
    def _lot_nearness(state: BusState, seat: int, lot: int) -> float:
        """1 for a free lot on the seat's line, 0.5 one street away, else 0."""
        if state.building[lot] >= 0:
            return 0.0
        board = state.board
        node = board.lot_intersection[lot]
        touches = state.touches[seat]
        if touches >> node & 1:
            return 1.0
        for street in board.incident[node]:
            a, b = board.streets[street]
            if touches >> (b if a == node else a) & 1:
                return 0.5
        return 0.0

    # -- resolution --------------------------------------------------------------------------

    def _street_value(self, state: BusState, seat: int, action: Line) -> float:
        coming = (state.clock + 1) % 3
        value = reach_value(state, seat, action.to, coming)
        crowd = len(state.street_players[state.board.street_between[(action.start, action.to)]])
        return value - 0.2 * crowd

    def _build_value(self, state: BusState, seat: int, action: Build) -> float:
        node = state.board.lot_intersection[action.lot]
        coming = (state.clock + 1) % 3
        mine = bool(state.touches[seat] >> node & 1)
        others = sum(1 for other in range(state.players) if other != seat and state.touches[other] >> node & 1)
        if mine:
            value = 3.0 if action.kind == coming else (2.0 if action.kind == (coming + 1) % 3 else 1.5)
            value += 0.3 * state.standing[node] * (action.kind != coming)
        else:
            value = 1.0 if action.kind == state.clock else 0.5
        return value - 0.4 * others

    def _station_value(self, state: BusState, seat: int, action: Passenger) -> float:
        mine = state.touches[seat] >> action.station & 1
        others = sum(1 for o in range(state.players) if o != seat and state.touches[o] >> action.station & 1)
        return 2.0 * mine - 0.5 * others - 0.01 * state.standing[action.station]

    def _deny_value(self, state: BusState, seat: int, action: Deliver) -> float:
        """All deliveries score alike: take the passenger others also reach, fill what they reach."""
        node = state.board.lot_intersection[action.lot]
        touches = state.touches
        return sum(
            (touches[o] >> action.source & 1) + (touches[o] >> node & 1) for o in range(state.players) if o != seat
        )

    def _should_stop(self, state: BusState, seat: int) -> bool:
        """Play the rest of the round both ways (deliveries chosen greedily) and compare this
        seat's gain with the best opponent's, the time stone counting one point (Bus: Uhr)."""
        return self._clock_gain(state, seat, CLOCK_STOP) - 1 > self._clock_gain(state, seat, CLOCK_ADVANCE)

    @staticmethod
    def _clock_gain(state: BusState, seat: int, choice: Action) -> float:
        trial = state.clone()
        round_number = trial.round
        before = trial.deliveries.copy()
        trial.apply(choice)
        while not trial.is_over and trial.round == round_number:
            trial.apply(trial.legal_actions()[0])
        if trial.is_over and trial.end_reason == "time_stones":
            scores = [trial.deliveries[s] - trial.stones[s] for s in range(trial.players)]
            best_other = max(scores[s] for s in range(trial.players) if s != seat)
            return 100.0 if scores[seat] + 1 > best_other else -100.0
        gains = [trial.deliveries[s] - before[s] for s in range(trial.players)]
        return gains[seat] - 0.5 * max(gains[s] for s in range(trial.players) if s != seat)


HARD_ITERATIONS = 30
"""``schwer``: sampled worlds per decision (about 0.15 s on the development machine, docs/bots.md)."""
HARD_GUIDE = Guide(PlanerBot, epsilon=0.1, prior=10, cutoff=40, evaluation=EVALUATION)
"""``planer`` plays the rollouts (one random action in ten) for 40 decisions, about a round and a
half; then the score margin values the world."""


def levels() -> dict[str, BotFactory]:
    """``leicht``: ISMCTS with random rollouts and a small budget; ``mittel``: ``planer``;
    ``schwer``: ISMCTS guided by ``planer`` (docs/bots.md, "Levels")."""
    return level_bots(
        partial(IsmctsBot, FAST_ITERATIONS),
        PlanerBot,
        partial(IsmctsBot, HARD_ITERATIONS, guide=HARD_GUIDE),
    )


__all__ = ["PlanerBot", "deliverable", "forecast", "levels", "next_vrroomm_yield"]
