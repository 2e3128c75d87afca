"""Legal actions in words for the player choosing them (``Bus.describe_legal``): what they would do
in this position -- the slot a marker goes to and its power, and what would be wasted (from
:mod:`.preview`); what passing leaves for later rounds; what the clock choice costs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, Catalog
from .actions import AREA_NAMES, BUILDING_NAMES, BUSES, VRROOMM, Clock, Pass, Take
from .preview import area_preview
from .rules import MAX_BUSES

if TYPE_CHECKING:
    from .state import BusState


def waste_text(catalog: Catalog, state: BusState, reason: str, usable: int | None) -> str:
    """Why a marker would be wasted, wholly or in part (``waste.<reason>``)."""
    return catalog.text(
        f"waste.{reason}",
        count=usable,
        building=catalog.text(f"building.{BUILDING_NAMES[state.clock]}"),
        building2=catalog.text(f"building.{BUILDING_NAMES[(state.clock + 1) % 3]}"),
    )


def take_label(state: BusState, action: Take, catalog: Catalog, plain: str) -> str:
    """``marker on line expansion, slot D (power 2)``, plus a warning where it would be wasted;
    Busse says when it raises M ("Hattest du die meisten Busse (oder gleich viele), steigt M
    sofort", Bus: Busse); ``plain`` (the stateless description) for the other single-slot areas."""
    preview = area_preview(state, action.area)
    if preview is None:
        return plain
    area_name = catalog.text(f"area.{AREA_NAMES[action.area]}")
    power = preview["power"]
    seat, buses = state.current, state.buses
    if action.area == BUSES and buses[seat] == max(buses) < MAX_BUSES:
        label = catalog.text("legal.take_buses_m", area_name=area_name, m=buses[seat] + 1)
    elif power is None:
        label = plain
    elif action.area == VRROOMM and power > 0 and not state.rules.vrroomm_shrinks:
        label = catalog.text("legal.take_buses", area_name=area_name, slot=preview["slot"], count=power)
    else:
        label = catalog.text("legal.take_slot", area_name=area_name, slot=preview["slot"], power=power)
    if "reason" not in preview:
        return label
    waste = waste_text(catalog, state, preview["reason"], preview["usable"])
    return catalog.text("legal.waste", label=label, waste=waste)


def legal_label(state: BusState, action: Action, catalog: Catalog, plain: str) -> str:
    """``action`` (legal in ``state``) in words for the seat choosing it; ``plain`` where the
    position adds nothing."""
    if isinstance(action, Take):
        return take_label(state, action, catalog, plain)
    if isinstance(action, Pass):
        return catalog.text("legal.pass", count=state.markers[state.current])
    if isinstance(action, Clock):
        if not action.stop:
            now, then = state.clock, (state.clock + 1) % 3
            return catalog.text(
                "legal.clock_advance",
                building=catalog.text(f"building.{BUILDING_NAMES[now]}"),
                building2=catalog.text(f"building.{BUILDING_NAMES[then]}"),
            )
        left = state.stones_left - 1
        return catalog.text("legal.clock_stop_last" if left == 0 else "legal.clock_stop", count=left)
    return plain
