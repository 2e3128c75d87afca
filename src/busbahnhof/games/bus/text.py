"""The Bus board as text for terminal play: a compact but complete Rich rendering of a view.

:func:`render_text` draws from a ``State.view(seat)`` result alone (``Bus.render_text``
delegates here), compact enough that a whole decision (position, recent log, grouped options,
prompt) fits a 50-line terminal at 110 columns:

* a heading that says in words what is being decided (round, action area, slot with power and
  step, whose turn);
* the action board with its markers and the clock (hand, time stones), beside it the players'
  figures and supplies (side by side where the console is wide enough, else one below the other);
* every line as its chain of intersections, its ends with the neighbouring intersections a line
  may grow to (``neighbour[seats with a marker on that street]``, ``[·]`` free);
* the town: the intersections with buildings of each type (``*`` a passenger inside), the free
  lots of the zone being built now, the stations and the waiting passengers with the supply.

Intersections that hold nothing a player decides on (no line end, building, free lot of the open
zone, station or passenger) are left out; the street network as a whole is the SVG drawing's
(``play --svg``).  Everything fits 80 columns without cutting anything off.  Players keep the
colours of the SVG drawing.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from ...engine import Catalog
from .actions import AREA_NAMES, BUILDING_NAMES, SLOT_LETTERS
from .svg import BUILDING_COLOURS, PLAYER_COLOURS

SEAT_STYLES = tuple(f"bold {colour}" for colour in PLAYER_COLOURS)
"""The terminal style of each seat: the SVG colour of its line, markers and buses."""

FREE_STREET = "·"
"""Shown between the brackets of a street nobody has a line marker on."""

PASSED = "–"
"""Follows the name of a player who has passed in the current selection phase."""

LOOP_END = "↺"
"""Follows a line end marked as the loop end."""


def render_text(view: Mapping[str, Any], catalog: Catalog) -> RenderableType:
    """A Rich renderable of ``view`` (a ``State.view`` result of a Bus game) in the catalog's language."""
    state = view["state"]
    return Group(
        _heading(state, catalog),
        _clock(state, catalog),
        SideBySide(_action_board(state, catalog), _players(view, catalog)),
        _lines(view, catalog),
        _town(state, catalog),
        Text(catalog.text("draw.legend_compact", free=FREE_STREET, loop=LOOP_END, passed=PASSED), style="dim"),
    )


class SideBySide:
    """Two renderables next to each other where the console is wide enough, else one below the other."""

    def __init__(self, left: RenderableType, right: RenderableType) -> None:
        self.left = left
        self.right = right

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[RenderableType]:
        widths = [Measurement.get(console, options, part).maximum for part in (self.left, self.right)]
        if sum(widths) + 3 <= options.max_width:
            both = Table.grid(padding=(0, 3))
            both.add_row(self.left, self.right)
            yield both
        else:
            yield self.left
            yield self.right


def _style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def _seat(catalog: Catalog, seat: int) -> Text:
    return Text(catalog.format_param("seat", seat), style=_style(seat))


def _heading(state: Mapping[str, Any], catalog: Catalog) -> Text:
    """E.g. ``Runde 2 · Gebäude, Feld A mit Kraft 3: Schritt 1 von 3 · Spieler 1 ist am Zug``."""
    phase = state["phase"]
    text = Text(catalog.text("draw.round", round=state["round"]), style="bold")
    text.append(" · " + (catalog.text("draw.over") if phase == "over" else catalog.text(f"area.{phase}")))
    decision = state["decision"]
    if decision is not None:
        if decision["slot"] is not None:
            power = decision["power"]
            step = power - decision["left"] + 1
            text.append(", " + catalog.text("draw.resolving", slot=decision["slot"], power=power, step=step))
        text.append(" · ")
        text.append(catalog.text("draw.to_move", seat=decision["seat"]), style=_style(decision["seat"]))
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
    """Areas in board order; each slot letter with the seat whose marker lies there (the slot being
    resolved reversed)."""
    table = Table(box=None, pad_edge=False, header_style="bold", padding=(0, 0, 0, 1))
    table.add_column(catalog.text("draw.action_board"), style="bold", no_wrap=True)
    table.add_column(catalog.text("draw.slots", max_buses=state["max_buses"]))
    decision = state["decision"]
    for name in AREA_NAMES:
        slots = Text()
        for index, seat in enumerate(state["action_board"][name]):
            active = decision is not None and decision["area"] == name and decision["slot"] == SLOT_LETTERS[index]
            if index:
                slots.append(" ")
            slots.append(f"{SLOT_LETTERS[index]}:", style="reverse" if active else "")
            if seat is None:
                slots.append("·", style="dim")
            else:
                slots.append(f"{seat + 1}", style=_style(seat))
        table.add_row(catalog.text(f"area.{name}"), slots)
    return table


def _players(view: Mapping[str, Any], catalog: Catalog) -> Table:
    """Per seat: buses, score, deliveries, time stones, action markers and line markers left."""
    state = view["state"]
    table = Table(box=None, pad_edge=False, header_style="bold", padding=(0, 0, 0, 1))
    table.add_column("", no_wrap=True)
    for key in ("draw.bus_count", "draw.score", "draw.deliveries", "draw.time_stones"):
        table.add_column(catalog.text(key), justify="right", no_wrap=True)
    table.add_column(catalog.text("draw.action_markers"), justify="right", no_wrap=True)
    table.add_column(catalog.text("draw.line_markers"), justify="right", no_wrap=True)
    for seat in range(view["players"]):
        name = _seat(catalog, seat)
        if seat == state["start_player"]:
            name.append(" ★")
        if state["passed"][seat] and state["phase"] == "selection":
            name.append(" " + PASSED, style="dim")
        table.add_row(
            name,
            str(state["buses"][seat]),
            str(state["scores"][seat]),
            str(state["deliveries"][seat]),
            str(state["clock"]["time_stones_taken"][seat]),
            str(state["markers_left"][seat]),
            str(state["lines"][seat]["markers_left"]),
        )
    return table


def _lines(view: Mapping[str, Any], catalog: Catalog) -> Table:
    """Every line as its intersections in order (the viewer's own underlined), then each end with
    the neighbouring intersections off the line and who has a marker on the street there."""
    state = view["state"]
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column(catalog.text("draw.line"), no_wrap=True)
    table.add_column(catalog.text("draw.lines_title"), ratio=1)
    for line in state["lines"]:
        seat = line["seat"]
        own = seat == view["seat"]
        text = Text(style="underline" if own else "")
        text.append("-".join(str(node) for node in line["intersections"]) or "—")
        for end in line["ends"]:
            text.append("  ")
            text.append(f"{end}{LOOP_END if end in line['marked_ends'] else ''}", style=_style(seat))
            text.append(" ▸ ")
            text.append_text(_neighbours(state, end, line["intersections"]))
        table.add_row(_seat(catalog, seat), text)
    return table


def _neighbours(state: Mapping[str, Any], node: int, line: list[int]) -> Text:
    """The streets from ``node`` to intersections off ``line``, as ``neighbour[seats on it]``."""
    around = sorted(
        (street["b"] if street["a"] == node else street["a"], street["players"])
        for street in state["streets"]
        if node in (street["a"], street["b"])
    )
    text = Text()
    for other, seats in around:
        if other in line:
            continue
        if text:
            text.append(" ")
        text.append(f"{other}[")
        if seats:
            for index, seat in enumerate(seats):
                text.append(("," if index else "") + str(seat + 1), style=_style(seat))
        else:
            text.append(FREE_STREET, style="dim")
        text.append("]")
    return text or Text("—", style="dim")


def _town(state: Mapping[str, Any], catalog: Catalog) -> Table:
    """Buildings by type at their intersections (``*`` a passenger inside), the free lots of the
    zone being built now as ``lot@intersection``, the waiting passengers, the stations and the supply."""
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column(ratio=1)
    lots = state["lots"]
    for kind in BUILDING_NAMES:
        built = Text()
        for lot in lots:
            if lot["building"] == kind:
                built.append(" " if built else "")
                built.append(f"{lot['intersection']}{'*' if lot['passenger'] else ''}")
        table.add_row(Text(catalog.text(f"building.{kind}"), style=f"bold {BUILDING_COLOURS[kind]}"), built or "—")
    free = [lot for lot in lots if lot["building"] is None]
    if free:
        zone = min(lot["zone"] for lot in free)
        labels = state["board"].get("zone_labels", [])
        label = labels[zone - 1] if 0 < zone <= len(labels) else str(zone)
        places = " ".join(f"{lot['id']}@{lot['intersection']}" for lot in free if lot["zone"] == zone)
        table.add_row(catalog.text("draw.free_lots", zone=label), places)
    stations = set(state["board"]["train_stations"])
    standing = state["passengers"]["standing"]
    waiting = Text(", ".join(f"{node}×{count}" for node, count in enumerate(standing) if count) or "—")
    waiting.append(" · " + catalog.text("draw.stations") + ": " + ", ".join(str(node) for node in sorted(stations)))
    waiting.append(" · " + catalog.text("draw.supply", count=state["passengers"]["supply"]))
    table.add_row(catalog.text("draw.waiting"), waiting)
    return table
