"""``planer``: a heuristic Bus bot that plans deliveries.

It looks one clock step ahead: which building type the passengers will want when its buses
run (the hand after this round's clock), how many willing passengers and open buildings of that
type its line reaches, and whether stopping time pays more than the time stone costs.  It grows
its line toward passengers, stations and buildings of the coming types, builds the coming type
beside its own line (and the type nobody wants next elsewhere), and buys buses while M matters.
Everything it reads is public; it decides the same on any state that looks the same.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, Rng, State
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
from .legal import open_zone
from .rules import MAX_BUSES
from .state import SELECTION, BusState


def deliverable(state: BusState, seat: int, kind: int) -> int:
    """How many passengers ``seat`` could carry to buildings of ``kind`` with its buses now."""
    touches = state.touches[seat]
    board = state.board
    waiting = 0
    for node, count in enumerate(state.standing):
        if count and touches >> node & 1:
            waiting += count
    for lot, occupied in enumerate(state.occupied):
        if occupied and state.building[lot] != kind and touches >> board.lot_intersection[lot] & 1:
            waiting += 1
    targets = sum(
        1
        for lot, building in enumerate(state.building)
        if building == kind and touches >> board.lot_intersection[lot] & 1
    )
    return min(state.buses[seat], waiting, targets)


def node_value(state: BusState, seat: int, node: int, kind: int) -> float:
    """What reaching ``node`` is worth to ``seat``'s line: passengers, stations, buildings, lots."""
    board = state.board
    value = 1.5 * state.standing[node]
    if node in board.stations:
        value += 1.2
    for lot in board.lots_at[node]:
        building = state.building[lot]
        if building < 0:
            value += 0.3
        elif not state.occupied[lot]:
            value += 1.0 if building == kind else 0.5
        else:
            value += 0.6
    if state.touches[seat] >> node & 1:
        value *= 0.1
    return value


class PlanerBot:
    """Heuristic Bus bot (see the module docstring)."""

    name = "planer"

    def choose(self, state: State[Any], seat: int, rng: Rng) -> Action:
        assert isinstance(state, BusState)
        legal = state.legal_actions()
        if state.phase == SELECTION:
            return self._select(state, seat, legal)
        first = legal[0]
        if isinstance(first, Line):
            return max(legal, key=lambda action: self._street_value(state, seat, action))  # type: ignore[arg-type]
        if isinstance(first, Build):
            return max(legal, key=lambda action: self._build_value(state, seat, action))  # type: ignore[arg-type]
        if isinstance(first, Passenger):
            return max(legal, key=lambda action: self._station_value(state, seat, action))  # type: ignore[arg-type]
        if isinstance(first, Deliver):
            return max(legal, key=lambda action: self._deny_value(state, seat, action))  # type: ignore[arg-type]
        if first in (CLOCK_STOP, CLOCK_ADVANCE):
            return CLOCK_STOP if self._should_stop(state, seat) else CLOCK_ADVANCE
        return first

    # -- action selection ------------------------------------------------------------------

    def _select(self, state: BusState, seat: int, legal: Any) -> Action:
        values: dict[Action, float] = {}
        for action in legal:
            if isinstance(action, Take):
                values[action] = self._area_value(state, seat, action.area)
        best = max(values, key=values.__getitem__, default=PASS)
        if PASS in legal:
            rounds_left = max(1.0, state.markers[seat] / 2.5)
            threshold = 1.0 + 0.15 * (8 - rounds_left)
            if not values or values[best] < threshold:
                return PASS
        return best

    def _area_value(self, state: BusState, seat: int, area: int) -> float:
        slots = state.slots[area]
        mine = slots.count(seat)
        m = state.max_buses()
        coming = (state.clock + 1) % 3
        if area == VRROOMM:
            expected = max(
                deliverable(state, seat, coming),
                deliverable(state, seat, state.clock) if state.slots[CLOCK] == [seat] else 0,
            )
            return 3.0 * expected / (1 + mine)
        power = m - len(slots)
        if area == LINE:
            power += state.rules.line_bonus(state.players)
            return 0.9 * max(0, min(power, state.line_markers_left[seat])) / (1 + mine) + (
                0.8 if state.round <= 3 else 0
            )
        if area == BUSES:
            return 2.2 if state.buses[seat] < min(MAX_BUSES, 2 + state.round // 2) else 0.2
        if area == CLOCK:
            gain = deliverable(state, seat, state.clock) - deliverable(state, seat, coming)
            return 1.5 + gain if gain > 0 else 0.6
        if area == PASSENGERS:
            on_line = any(state.touches[seat] >> station & 1 for station in state.board.stations)
            return 0.8 * max(0, min(power, state.supply)) * (1.5 if on_line else 0.3) / (1 + mine)
        if area == BUILDINGS:
            zone = open_zone(state)
            if zone < 0:
                return 0.0
            near = sum(
                1
                for lot in state.board.zone_lots[zone]
                if state.building[lot] < 0 and state.touches[seat] >> state.board.lot_intersection[lot] & 1
            )
            return 0.7 * max(0, min(power, near + 1)) / (1 + mine)
        if area == START:
            return 0.5
        return 0.0

    # -- resolution --------------------------------------------------------------------------

    def _street_value(self, state: BusState, seat: int, action: Line) -> float:
        board = state.board
        coming = (state.clock + 1) % 3
        value = node_value(state, seat, action.to, coming)
        for street in board.incident[action.to]:
            a, b = board.streets[street]
            other = b if a == action.to else a
            value += 0.35 * node_value(state, seat, other, coming)
        crowd = len(state.street_players[board.street_between[(action.start, action.to)]])
        return value - 0.3 * crowd + 0.001 * (action.to + action.start) / 100

    def _build_value(self, state: BusState, seat: int, action: Build) -> float:
        node = state.board.lot_intersection[action.lot]
        coming = (state.clock + 1) % 3
        mine = bool(state.touches[seat] >> node & 1)
        others = sum(1 for other in range(state.players) if other != seat and state.touches[other] >> node & 1)
        if mine:
            value = 3.0 if action.kind == coming else (1.5 if action.kind == (coming + 1) % 3 else 1.0)
        else:
            value = 1.0 if action.kind == (coming + 1) % 3 else 0.5
        return value - 0.5 * others - 0.001 * action.lot

    def _station_value(self, state: BusState, seat: int, action: Passenger) -> float:
        mine = state.touches[seat] >> action.station & 1
        others = sum(
            1 for other in range(state.players) if other != seat and state.touches[other] >> action.station & 1
        )
        return 2.0 * mine - 0.5 * others - 0.01 * state.standing[action.station]

    def _deny_value(self, state: BusState, seat: int, action: Deliver) -> float:
        """All deliveries score alike; take the passenger others also reach, fill what they reach."""
        node = state.board.lot_intersection[action.lot]
        others = range(state.players)
        return (
            sum((state.touches[o] >> action.source & 1) + (state.touches[o] >> node & 1) for o in others if o != seat)
            - 0.001 * action.lot
        )

    def _should_stop(self, state: BusState, seat: int) -> bool:
        if state.stones_left == 1:
            scores = [state.deliveries[s] - state.stones[s] for s in range(state.players)]
            mine = scores[seat] - 1
            return all(mine > scores[s] for s in range(state.players) if s != seat)
        if state.slots[VRROOMM].count(seat) == 0:
            return False
        runs = state.slots[VRROOMM].count(seat)
        gain = runs * (deliverable(state, seat, state.clock) - deliverable(state, seat, (state.clock + 1) % 3))
        return gain >= 2
