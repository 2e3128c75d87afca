"""Legal buildings and deliveries, and why an action is not legal (with the rule it breaks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, GameError
from .actions import (
    AREA_NAMES,
    AREA_SLOTS,
    BUILDING_NAMES,
    BUILDINGS,
    Build,
    Clock,
    Deliver,
    Line,
    Pass,
    Passenger,
    Take,
    deliver,
)
from .lines import why_not
from .passengers import riders_at, willing_sources
from .phases import PHASE_NAMES, SELECTION, SETUP_BUILDINGS
from .refusal import Refusal
from .rules import MIN_MARKERS_PER_ROUND

if TYPE_CHECKING:
    from .state import BusState


def open_zone(state: BusState) -> int:
    """The lowest zone (0-based) that still has a free lot, or -1 (Bus: Gebäude)."""
    for zone, free in enumerate(state.zone_free):
        if free:
            return zone
    return -1


def building_moves(state: BusState) -> list[Action]:
    """Bus: Gebäude -- any type on any free lot of the lowest zone with free lots."""
    zone = open_zone(state)
    if zone < 0:
        return []
    building, builds_on = state.building, state.game.board_actions.builds_on
    return [build for lot in state.board.zone_lots[zone] if building[lot] < 0 for build in builds_on[lot]]


def open_targets(state: BusState, seat: int) -> list[int]:
    """Bus: Brumm -- empty buildings of the current type at intersections the seat's line touches."""
    touches = state.touches[seat]
    where = state.board.lot_intersection
    occupied, current = state.occupied, state.clock
    return [
        lot
        for lot, kind in enumerate(state.building)
        if kind == current and not occupied[lot] and touches >> where[lot] & 1
    ]


def delivery_moves(state: BusState, seat: int) -> list[Action]:
    """Every (willing passenger, open building) pair; any pair may be chosen (Bus: Brumm)."""
    sources = willing_sources(state, seat)
    if not sources:
        return []
    targets = open_targets(state, seat)
    return [deliver(source, lot) for source in sources for lot in targets]


def nothing_reason(state: BusState) -> str:
    """Why the seat to move can do nothing more with its marker, for the log (notes 13: say why a
    decision was skipped): a key of the ``reason`` table in the locales."""
    area = PHASE_NAMES[state.phase]
    seat = state.current
    if area in ("line", "setup_second_line"):
        return "no_line_markers" if state.line_markers_left[seat] == 0 else "no_street"
    if area == "passengers":
        return "supply_empty"
    if area == "vrroomm":
        if willing_sources(state, seat):
            return "no_building"
        return "no_passenger" if state.rules.passengers_step_out else "no_willing_passenger"
    return "no_lot"


def why_no_delivery(state: BusState, seat: int, action: Deliver) -> Refusal:
    """Which condition of a delivery fails (Bus: Brumm): a waiting passenger on the seat's line,
    an empty building of the current type on the seat's line."""
    board, touches = state.board, state.touches[seat]
    source, lot = action.source, action.lot
    wanted = BUILDING_NAMES[state.clock]
    if not 0 <= source < board.intersections or not touches >> source & 1:
        return Refusal(
            f"no passenger of yours waits at {source}: it is not on your line", "source_off_line", {"source": source}
        )
    if not riders_at(state, source):
        if state.rules.passengers_step_out:
            why = f"nobody waits at {source} (passengers inside buildings do not ride)"
            return Refusal(why, "nobody_waits", {"source": source})
        return Refusal(f"there is no passenger at {source}", "nobody_there", {"source": source})
    if source not in willing_sources(state, seat):
        return Refusal(
            f"a building of type {wanted} stands at {source}; passengers there do not ride (1999)",
            "served_1999",
            {"source": source, "building": state.clock},
        )
    if not 0 <= lot < board.lots:
        return Refusal(f"there is no lot {lot}", "no_such_lot", {"lot": lot})
    if state.building[lot] < 0:
        return Refusal(f"lot {lot} has no building", "lot_empty", {"lot": lot})
    if state.building[lot] != state.clock:
        return Refusal(
            f"lot {lot} holds a building of type {BUILDING_NAMES[state.building[lot]]}, the clock asks for {wanted}",
            "wrong_building",
            {"lot": lot, "building": state.building[lot], "building2": state.clock},
        )
    if state.occupied[lot]:
        return Refusal(f"lot {lot} is already taken by a passenger", "lot_occupied", {"lot": lot})
    return Refusal(f"lot {lot} at {board.lot_intersection[lot]} is not on your line", "lot_off_line", {"lot": lot})


def explain(state: BusState, action: Action) -> GameError:
    """Why ``action`` is not legal now, citing the rule; every reason has a message key (``illegal.*``)."""
    phase = state.phase
    expected = PHASE_NAMES[phase]
    seat = state.current
    if isinstance(action, (Take, Pass)) and phase != SELECTION:
        return state.illegal(
            action,
            f"markers are placed only during action selection, now it is {expected}",
            "Bus: Aktionen wählen",
            "selection_only",
            phase=expected,
        )
    if isinstance(action, Take):
        return state.illegal(
            action,
            f"all {AREA_SLOTS[action.area]} slot(s) of {AREA_NAMES[action.area]} are taken",
            "Bus: Aktionen wählen",
            "slots_taken",
            area=AREA_NAMES[action.area],
            slots=AREA_SLOTS[action.area],
        )
    if isinstance(action, Pass):
        return state.illegal(
            action,
            f"every player places at least {MIN_MARKERS_PER_ROUND} markers per round before passing "
            f"(placed so far: {state.placed[seat]})",
            "Bus: Aktionen wählen",
            "pass_too_early",
            minimum=MIN_MARKERS_PER_ROUND,
            placed=state.placed[seat],
        )
    if isinstance(action, Line):
        if "line" not in expected:
            return state.illegal(
                action, f"no line expansion now, it is {expected}", "Bus: Linienausbau", "no_line_now", phase=expected
            )
        return _refuse(state, action, why_not(state, seat, action), "Bus: Linienausbau")
    if isinstance(action, Build):
        if phase not in (SETUP_BUILDINGS, BUILDINGS):
            return state.illegal(
                action, f"no building now, it is {expected}", "Bus: Gebäude", "no_building_now", phase=expected
            )
        zone = open_zone(state)
        label = state.rules.zone_labels[zone] if zone >= 0 else "none"
        return state.illegal(
            action,
            f"lot {action.lot} is not a free lot of the lowest open zone ({label}); "
            f"a {BUILDING_NAMES[action.kind]} must go there",
            "Bus: Gebäude",
            "lowest_zone" if zone >= 0 else "no_free_lot",
            lot=action.lot,
            zone=label,
            building=action.kind,
        )
    if isinstance(action, Passenger):
        if expected != "passengers":
            return state.illegal(
                action,
                f"no new passengers now, it is {expected}",
                "Bus: Fahrgäste",
                "no_passengers_now",
                phase=expected,
            )
        return state.illegal(
            action,
            f"{action.station} is not a train station",
            "Bus: Fahrgäste",
            "not_a_station",
            station=action.station,
        )
    if isinstance(action, Clock):
        return state.illegal(
            action, f"the clock is not being resolved, it is {expected}", "Bus: Uhr", "no_clock_now", phase=expected
        )
    if isinstance(action, Deliver):
        if expected != "vrroomm":
            return state.illegal(
                action, f"no buses run now, it is {expected}", "Bus: Brumm", "no_vrroomm_now", phase=expected
            )
        return _refuse(state, action, why_no_delivery(state, seat, action), "Bus: Brumm")
    return state.illegal(action, f"not a Bus action for {expected}", "Bus", "not_bus_action", phase=expected)


def _refuse(state: BusState, action: Action, refusal: Refusal, rule: str) -> GameError:
    """The error for ``action`` refused for ``refusal`` under ``rule``."""
    return state.illegal(action, refusal.text, rule, refusal.key, **refusal.params)
