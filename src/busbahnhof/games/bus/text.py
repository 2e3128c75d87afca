"""The Bus board as text for terminal play: a compact but complete Rich rendering of a view.

:func:`render_text` draws from a ``State.view(seat)`` result alone (``Bus.render_text``
delegates here): the round and whose decision it is, the clock, the action board with its
markers, per player the figures and the line as a chain of intersections, the buildings by
zone and where the passengers are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...engine import Catalog
from .actions import AREA_NAMES, BUILDING_NAMES, SLOT_LETTERS

SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta")
"""The terminal style of each seat, matching the SVG colours."""


def render_text(view: Mapping[str, Any], catalog: Catalog) -> RenderableType:
    """A Rich renderable of ``view`` (a ``State.view`` result of a Bus game) in the catalog's language."""
    state = view["state"]
    return Group(
        _heading(state, catalog),
        _clock(state, catalog),
        _action_board(state, catalog),
        _players(view, catalog),
        _buildings(state, catalog),
        _passengers(state, catalog),
    )


def _seat(catalog: Catalog, seat: int) -> Text:
    return Text(catalog.format_param("seat", seat), style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def _heading(state: Mapping[str, Any], catalog: Catalog) -> Text:
    phase = state["phase"]
    text = Text(catalog.text("draw.round", round=state["round"]), style="bold")
    text.append(" · " + (catalog.text("draw.over") if phase == "over" else catalog.text(f"area.{phase}")))
    decision = state["decision"]
    if decision is not None:
        text.append(" · ")
        text.append(catalog.text("draw.to_move", seat=decision["seat"]), style=SEAT_STYLES[decision["seat"] % 5])
        if decision["slot"] is not None:
            text.append(f" ({decision['slot']}, {decision['power']} / {decision['left']})")
    elif state["end"]:
        text.append(" · " + catalog.text(f"game_over_{state['end']}"))
    return text


def _clock(state: Mapping[str, Any], catalog: Catalog) -> Text:
    clock = state["clock"]
    text = Text(catalog.text("area.clock") + ": ", style="bold")
    text.append(catalog.text(f"building.{clock['hand']}"))
    text.append(" · " + catalog.text("draw.time_stones_left", count=clock["time_stones_left"]))
    text.append(" " + "●" * clock["time_stones_left"])
    return text


def _action_board(state: Mapping[str, Any], catalog: Catalog) -> Table:
    """Areas in board order; each slot letter with the seat whose marker lies there."""
    table = Table(title=catalog.text("draw.action_board"), show_header=False, box=None, title_justify="left")
    table.add_column(style="bold")
    table.add_column()
    decision = state["decision"]
    for name in AREA_NAMES:
        slots = Text()
        for index, seat in enumerate(state["action_board"][name]):
            active = decision is not None and decision["area"] == name and decision["slot"] == SLOT_LETTERS[index]
            slots.append(f"{SLOT_LETTERS[index]}:", style="reverse" if active else "")
            if seat is None:
                slots.append("·  ", style="dim")
            else:
                slots.append(f"{seat + 1}  ", style=SEAT_STYLES[seat % len(SEAT_STYLES)])
        table.add_row(catalog.text(f"area.{name}"), slots)
    return table


def _players(view: Mapping[str, Any], catalog: Catalog) -> Table:
    """Per seat: buses, score, deliveries, time stones, markers left and the line."""
    state = view["state"]
    table = Table(box=None, pad_edge=False)
    table.add_column("")
    for key in ("draw.buses", "draw.score", "draw.deliveries", "draw.time_stones"):
        table.add_column(catalog.text(key, max_buses=state["max_buses"]), justify="right")
    table.add_column(catalog.text("draw.action_markers"), justify="right")
    table.add_column(catalog.text("draw.line_markers"), justify="right")
    table.add_column(catalog.text("draw.line"))
    for seat in range(view["players"]):
        name = _seat(catalog, seat)
        if seat == state["start_player"]:
            name.append(" ★")
        if state["passed"][seat] and state["phase"] == "selection":
            name.append(" (" + catalog.text("draw.passed") + ")", style="dim")
        line = state["lines"][seat]
        table.add_row(
            name,
            str(state["buses"][seat]),
            str(state["scores"][seat]),
            str(state["deliveries"][seat]),
            str(state["clock"]["time_stones_taken"][seat]),
            str(state["markers_left"][seat]),
            str(line["markers_left"]),
            _line_chain(line, catalog),
        )
    return table


def _line_chain(line: Mapping[str, Any], catalog: Catalog) -> Text:
    """The line as its intersections in order, e.g. ``10-9-14-15``; the marked loop end starred."""
    nodes: Sequence[int] = line["intersections"]
    text = Text("-".join(str(node) for node in nodes) or "—")
    if line["marked_ends"]:
        marked = ", ".join(str(node) for node in line["marked_ends"])
        text.append(" (" + catalog.text("draw.loop_end") + f": {marked})", style="italic")
    return text


def _buildings(state: Mapping[str, Any], catalog: Catalog) -> Table:
    """Per zone: every lot as ``lot@intersection`` with its building (the initial of its name,
    e.g. H/B/K for Haus/Büro/Kneipe) and a passenger inside (*)."""
    labels = state["board"].get("zone_labels", [])
    letters = {kind: catalog.text(f"building.{kind}")[:1].upper() for kind in BUILDING_NAMES}
    table = Table(title=catalog.text("area.buildings"), show_header=False, box=None, title_justify="left")
    table.add_column(style="bold")
    table.add_column()
    zones = sorted({lot["zone"] for lot in state["lots"]})
    for zone in zones:
        row = Text()
        for lot in state["lots"]:
            if lot["zone"] != zone:
                continue
            kind = lot["building"]
            row.append(f"{lot['id']}@{lot['intersection']}")
            row.append(letters[kind] if kind else "·", style="bold" if kind else "dim")
            row.append("* " if lot["passenger"] else "  ")
        label = labels[zone - 1] if 0 < zone <= len(labels) else str(zone)
        table.add_row(catalog.text("draw.zone", zone=label), row)
    legend = "  ".join(f"{letter} = {catalog.text(f'building.{kind}')}" for kind, letter in letters.items())
    table.add_row("", Text(legend + "  * = " + catalog.text("draw.passenger_inside"), style="dim"))
    return table


def _passengers(state: Mapping[str, Any], catalog: Catalog) -> Text:
    """Passengers standing at intersections (stations marked) and the supply."""
    stations = set(state["board"]["train_stations"])
    standing = state["passengers"]["standing"]
    text = Text(catalog.text("area.passengers") + ": ", style="bold")
    places = [
        f"{node}{'(' + catalog.text('draw.station') + ')' if node in stations else ''}×{count}"
        for node, count in enumerate(standing)
        if count
    ]
    text.append(", ".join(places) or "—")
    text.append(" · " + catalog.text("draw.supply", count=state["passengers"]["supply"]))
    return text
