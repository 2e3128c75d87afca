"""What a marker would do: the power of every slot of the action board, and for the seat choosing
actions, where its next marker on each area would go, what it would do and whether it would be
wasted, said before the marker is placed (issue 24).

The rules (Bus: Schwindende Aktionskraft): at Linienausbau, Fahrgäste and Gebäude slot A runs the
action M times, B M-1 times, ...; "ist die Kraft 0 oder weniger, passiert nichts".  M is the most
buses any player has; a bus bought this round raises M at once for the actions after Busse (Bus:
Busse), so Fahrgäste and Gebäude count it and Linienausbau (resolved before Busse) does not
(notes 5).  With five players Linienausbau gets +1 (ruling 16).  Brumm runs every bus of the
marker's owner (notes 3); in the 1999 short rules min(own buses, M - slot) (ruling 15).

Powers are what the rules give as the board stands: while Busse is still free in action selection
a player with the most buses may yet take it and raise M by one; ``m_may_rise`` says so.

Forecast of waste (``usable`` below ``power``, with a ``reason``), from the map as it stands:

* ``no_power`` -- power 0 or less: nothing happens.
* Linienausbau: ``no_line_markers`` / ``few_line_markers`` (25 line markers per player) and
  ``no_street`` (no street at either end).  A new marker on Linienausbau has the latest letter and
  acts first (slot A lies on the right), so this is exact.
* Fahrgäste: ``supply_empty`` / ``few_passengers``: the supply less what the earlier letters take
  first (slot A acts first).
* Gebäude: ``few_lots``: the new marker acts first (slot A on the right) and gets the free lots.
* Busse: ``bus_limit`` with five buses (ruling 9).
* Brumm: ``no_building``: no building of the type the clock will show (the current type if time is
  stopped, the next if it advances; Bus: Uhr resolves before Brumm) touches the seat's line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import AREA_NAMES, AREA_SLOTS, BUILDINGS, BUSES, LINE, PASSENGERS, SLOT_LETTERS, VRROOMM
from .lines import line_moves
from .phases import SELECTION
from .rules import MAX_BUSES, MIN_MARKERS_PER_ROUND

if TYPE_CHECKING:
    from .state import BusState

SHRINKING = (LINE, PASSENGERS, BUILDINGS)
"""The areas whose power falls by one per slot (Bus: Schwindende Aktionskraft)."""


def _buses_unresolved(state: BusState) -> bool:
    """Busse has not resolved yet this round: action selection, or Linienausbau resolving."""
    return state.phase in (SELECTION, LINE)


def buses_then(state: BusState, seat: int) -> int:
    """The buses ``seat`` will have once Busse has resolved this round (Bus: Busse: one more bus,
    five at most)."""
    buses = state.buses[seat]
    if _buses_unresolved(state) and state.slots[BUSES] == [seat] and buses < MAX_BUSES:
        return buses + 1
    return buses


def max_buses_then(state: BusState) -> int:
    """M for Fahrgäste, Gebäude and Brumm this round: a bus bought by a player with the most buses
    raises it ("Hattest du die meisten Busse (oder gleich viele), steigt M sofort", Bus: Busse)."""
    return max(buses_then(state, seat) for seat in range(state.players))


def m_may_rise(state: BusState) -> bool:
    """Busse is still free in action selection and M is below five: whoever takes it with the most
    buses raises M by one for Fahrgäste, Gebäude and Brumm."""
    return state.phase == SELECTION and not state.slots[BUSES] and max(state.buses) < MAX_BUSES


def slot_power(state: BusState, area: int, slot: int, seat: int, most_buses: int | None = None) -> int | None:
    """The power of ``slot`` (0 = A) of ``area`` for a marker of ``seat``: how many times the action
    runs (Bus: Schwindende Aktionskraft; Brumm: how many buses run); ``None`` for the single-slot
    areas, which act once.  ``most_buses``: :func:`max_buses_then` if the caller has it already
    (it is the same for every slot of a position)."""
    if area == LINE:
        return max(state.buses) - slot + state.rules.line_bonus(state.players)
    if area not in (PASSENGERS, BUILDINGS, VRROOMM):
        return None
    most = max_buses_then(state) if most_buses is None else most_buses
    if area == VRROOMM:
        return state.rules.vrroomm_buses(buses_then(state, seat), most, slot)
    return most - slot


def _still_to_resolve(state: BusState, area: int) -> bool:
    """``area`` is still to be carried out this round: action selection, or resolution has not got
    past it (an area carried out keeps no power: M may have risen since)."""
    return state.phase == SELECTION or 0 <= state.phase <= area


def slot_powers(state: BusState) -> dict[str, list[int | None]]:
    """Per multi-slot area the power of each slot A-F: of the marker lying there, and of a free slot
    for the seat choosing now (Brumm depends on the owner's buses); ``None`` where nobody could
    place there now, and in the areas already carried out this round."""
    chooser = state.current if state.phase_name() == "selection" else None
    most_buses = max_buses_then(state)
    powers: dict[str, list[int | None]] = {}
    for area in (*SHRINKING, VRROOMM):
        taken = state.slots[area]
        resolving = _still_to_resolve(state, area)
        row: list[int | None] = []
        for slot in range(AREA_SLOTS[area]):
            owner = taken[slot] if slot < len(taken) else chooser
            known = owner is not None and owner >= 0 and resolving
            row.append(slot_power(state, area, slot, owner, most_buses) if known and owner is not None else None)
        powers[AREA_NAMES[area]] = row
    return powers


def _earlier_power(state: BusState, area: int) -> int:
    """What the markers already on ``area`` take before a new one acts (Fahrgäste: slot A first)."""
    taken = state.slots[area]
    return sum(max(0, slot_power(state, area, slot, seat) or 0) for slot, seat in enumerate(taken))


def _reachable_building(state: BusState, seat: int) -> bool:
    """A building of the type the clock shows at Brumm (now, or the next type) touches the line."""
    wanted = {state.clock, (state.clock + 1) % 3}
    touches = state.touches[seat]
    where = state.board.lot_intersection
    return any(kind in wanted and touches >> where[lot] & 1 for lot, kind in enumerate(state.building))


def _usable(state: BusState, area: int, seat: int, power: int | None) -> tuple[int | None, str | None]:
    """How much of ``power`` a new marker of ``seat`` on ``area`` can use as the map stands, and
    why not all of it (see the module docstring)."""
    if area == BUSES:
        return (0, "bus_limit") if state.buses[seat] >= MAX_BUSES else (None, None)
    if power is None:
        return None, None
    if power <= 0:
        return 0, "no_power"
    if area == LINE:
        markers = state.line_markers_left[seat]
        if markers == 0:
            return 0, "no_line_markers"
        if not line_moves(state, seat):
            return 0, "no_street"
        return (markers, "few_line_markers") if markers < power else (power, None)
    if area == PASSENGERS:
        left = max(0, state.supply - _earlier_power(state, area))
        if left == 0:
            return 0, "supply_empty"
        return (left, "few_passengers") if left < power else (power, None)
    if area == BUILDINGS:
        free = state.free_lots()
        return (free, "few_lots") if free < power else (power, None)
    if area == VRROOMM and not _reachable_building(state, seat):
        return 0, "no_building"
    return power, None


def area_preview(state: BusState, area: int) -> dict[str, Any] | None:
    """Where the next marker of the seat choosing would go on ``area`` and what it would do:
    ``{"slot", "power"}``, with ``"usable"`` and ``"reason"`` where it would be wasted wholly or in
    part (left out otherwise: every view carries this); ``None`` when the area is full."""
    taken = len(state.slots[area])
    if taken >= AREA_SLOTS[area]:
        return None
    seat = state.current
    power = slot_power(state, area, taken, seat)
    usable, reason = _usable(state, area, seat, power)
    preview: dict[str, Any] = {"slot": SLOT_LETTERS[taken], "power": power}
    if reason is not None:
        preview.update(usable=usable, reason=reason)
    return preview


def selection_preview(state: BusState) -> dict[str, Any] | None:
    """For the seat choosing actions (Bus: Aktionen wählen): its action markers left and placed this
    round, how many it must place before it may pass, and per area :func:`area_preview`;
    ``None`` outside action selection."""
    if state.phase_name() != "selection":
        return None
    seat = state.current
    return {
        "seat": seat,
        "markers_left": state.markers[seat],
        "placed": state.placed[seat],
        "must_place": max(0, MIN_MARKERS_PER_ROUND - state.placed[seat]),
        "m_may_rise": m_may_rise(state),
        "areas": {name: area_preview(state, area) for area, name in enumerate(AREA_NAMES)},
    }


def board_preview(state: BusState) -> dict[str, Any]:
    """The view's ``"preview"`` entry: ``slot_powers`` and ``selection`` (see above)."""
    return {"slot_powers": slot_powers(state), "selection": selection_preview(state)}
