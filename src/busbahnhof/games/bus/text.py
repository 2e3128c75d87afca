"""The Bus board as text for terminal play: a compact but complete Rich rendering of a view.

:func:`render_text` draws from a ``State.view(seat)`` result alone (``Bus.render_text``
delegates here): a heading that says in words what is being decided (the round, the action
area, its slot with power and step, whose turn), the clock, the action board with its markers,
per player the figures and the line as a chain of intersections, the street network (per
intersection its line ends, waiting passengers, lots and the streets to each neighbour with the
players on them), the buildings by zone and where the passengers are.  Everything fits 80
columns without cutting anything off; from about 170 columns the network is drawn in two halves
side by side.  Players keep the colours of the SVG drawing.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
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

LOOP_END = "↺"
"""Follows the seat number of a line end marked as the loop end."""


def render_text(view: Mapping[str, Any], catalog: Catalog) -> RenderableType:
    """A Rich renderable of ``view`` (a ``State.view`` result of a Bus game) in the catalog's language."""
    state = view["state"]
    return Group(
        _heading(state, catalog),
        _clock(state, catalog),
        _action_board(state, catalog),
        _players(view, catalog),
        _lines(state, catalog),
        Network(view, catalog),
        _buildings(state, catalog),
        _passengers(state, catalog),
    )


def _style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def _seat(catalog: Catalog, seat: int) -> Text:
    return Text(catalog.format_param("seat", seat), style=_style(seat))


def _title(catalog: Catalog, key: str, **params: Any) -> Text:
    return Text(catalog.text(key, **params), style="bold")


def _heading(state: Mapping[str, Any], catalog: Catalog) -> Text:
    """E.g. ``Runde 2 · Gebäude, Feld A mit Stärke 3: Schritt 1 von 3 · Spieler 1 ist am Zug``."""
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


def _action_board(state: Mapping[str, Any], catalog: Catalog) -> Group:
    """Areas in board order; each slot letter with the seat whose marker lies there."""
    title = _title(catalog, "draw.action_board_title", max_buses=state["max_buses"])
    table = Table(show_header=False, box=None)
    table.add_column(style="bold", no_wrap=True)
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
                slots.append(f"{seat + 1}  ", style=_style(seat))
        table.add_row(catalog.text(f"area.{name}"), slots)
    return Group(title, table)


def _players(view: Mapping[str, Any], catalog: Catalog) -> Table:
    """Per seat: buses, score, deliveries, time stones, action markers and line markers left."""
    state = view["state"]
    table = Table(box=None, pad_edge=False, caption=catalog.text("draw.start_mark"), caption_justify="left")
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
            name.append("\n" + catalog.text("draw.passed"), style="dim")
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


def _lines(state: Mapping[str, Any], catalog: Catalog) -> Group:
    """Every line as its intersections in order; long lines wrap between intersections."""
    table = Table(show_header=False, box=None)
    table.add_column(no_wrap=True)
    table.add_column()
    for line in state["lines"]:
        table.add_row(_seat(catalog, line["seat"]), _line_chain(line, catalog))
    return Group(_title(catalog, "draw.lines_title"), table)


def _line_chain(line: Mapping[str, Any], catalog: Catalog) -> Text:
    """The line as its intersections in order, e.g. ``10 - 9 - 14 - 15``; the marked loop end named."""
    nodes: Sequence[int] = line["intersections"]
    text = Text(" - ".join(str(node) for node in nodes) or "—")
    if line["marked_ends"]:
        marked = ", ".join(str(node) for node in line["marked_ends"])
        text.append(" (" + catalog.text("draw.loop_end") + f": {marked})", style="italic")
    return text


class Network:
    """The street network as a table: one row per intersection in id order with the line ends there
    (the viewer's own reversed, the marked loop end with :data:`LOOP_END`), the passengers waiting,
    the station or the lots (``lot:letter`` of the building, ``*`` for a passenger inside, or
    ``lot:Z<zone>`` while free) and every street as ``neighbour[seats on it]`` (``[·]`` free).
    Drawn as two halves side by side when the console is wide enough for both."""

    def __init__(self, view: Mapping[str, Any], catalog: Catalog) -> None:
        self.view = view
        self.catalog = catalog
        state = view["state"]
        self.letters = {kind: catalog.text(f"building.{kind}")[:1].upper() for kind in BUILDING_NAMES}
        self.rows = [self._row(state, node) for node in range(len(state["passengers"]["standing"]))]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[RenderableType]:
        yield _title(self.catalog, "draw.network_title")
        half = (len(self.rows) + 1) // 2
        halves = [self._table(self.rows[:half]), self._table(self.rows[half:])]
        widest = max(Measurement.get(console, options, table).maximum for table in halves)
        if 2 * widest + 3 <= options.max_width:
            both = Table.grid(padding=(0, 3))
            both.add_row(*halves)
            yield both
        else:
            yield self._table(self.rows)
        yield Text(self.catalog.text("draw.network_legend", free=FREE_STREET, loop=LOOP_END), style="dim")

    def _table(self, rows: Sequence[tuple[Text, ...]]) -> Table:
        catalog = self.catalog
        table = Table(box=None, pad_edge=False, header_style="bold")
        table.add_column(catalog.text("draw.node"), justify="right", no_wrap=True)
        table.add_column(catalog.text("draw.ends"), no_wrap=True)
        table.add_column(catalog.text("draw.waiting"), justify="right", no_wrap=True)
        table.add_column(catalog.text("draw.lots"))
        table.add_column(catalog.text("draw.streets"), ratio=1)
        for row in rows:
            table.add_row(*row)
        return table

    def _row(self, state: Mapping[str, Any], node: int) -> tuple[Text, ...]:
        own = self.view["seat"]
        on_own_line = own is not None and node in state["lines"][own]["intersections"]
        name = Text(str(node), style="bold underline" if on_own_line else "")
        ends = Text()
        for line in state["lines"]:
            if node in line["ends"]:
                seat = line["seat"]
                mark = str(seat + 1) + (LOOP_END if node in line["marked_ends"] else "")
                if ends:
                    ends.append(" ")
                ends.append(mark, style=_style(seat) + (" reverse" if seat == own else ""))
        waiting = state["passengers"]["standing"][node]
        return (
            name,
            ends,
            Text(str(waiting) if waiting else ""),
            self._lots(state, node),
            self._streets(state, node),
        )

    def _lots(self, state: Mapping[str, Any], node: int) -> Text:
        text = Text()
        if node in state["board"]["train_stations"]:
            text.append(self.catalog.text("draw.station"), style="bold")
        labels = state["board"].get("zone_labels", [])
        for lot in state["lots"]:
            if lot["intersection"] != node:
                continue
            if text:
                text.append(" ")
            text.append(f"{lot['id']}:")
            kind = lot["building"]
            if kind is None:
                zone = lot["zone"]
                text.append("Z" + (labels[zone - 1] if 0 < zone <= len(labels) else str(zone)), style="dim")
            else:
                text.append(self.letters[kind], style=f"bold {BUILDING_COLOURS[kind]}")
                if lot["passenger"]:
                    text.append("*")
        return text

    @staticmethod
    def _streets(state: Mapping[str, Any], node: int) -> Text:
        around = sorted(
            (street["b"] if street["a"] == node else street["a"], street["players"])
            for street in state["streets"]
            if node in (street["a"], street["b"])
        )
        text = Text()
        for other, seats in around:
            if text:
                text.append(" ")
            text.append(f"{other}[")
            if seats:
                for index, seat in enumerate(seats):
                    text.append(("," if index else "") + str(seat + 1), style=_style(seat))
            else:
                text.append(FREE_STREET, style="dim")
            text.append("]")
        return text


def _buildings(state: Mapping[str, Any], catalog: Catalog) -> Group:
    """Per zone: every lot as ``lot@intersection`` with its building (the initial of its name,
    e.g. H/B/K for Haus/Büro/Kneipe) and a passenger inside (*)."""
    labels = state["board"].get("zone_labels", [])
    letters = {kind: catalog.text(f"building.{kind}")[:1].upper() for kind in BUILDING_NAMES}
    table = Table(show_header=False, box=None)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    zones = sorted({lot["zone"] for lot in state["lots"]})
    for zone in zones:
        row = Text()
        for lot in state["lots"]:
            if lot["zone"] != zone:
                continue
            kind = lot["building"]
            row.append(f"{lot['id']}@{lot['intersection']}")
            row.append(letters[kind] if kind else "·", style=f"bold {BUILDING_COLOURS[kind]}" if kind else "dim")
            row.append("* " if lot["passenger"] else "  ")
        label = labels[zone - 1] if 0 < zone <= len(labels) else str(zone)
        table.add_row(catalog.text("draw.zone", zone=label), row)
    legend = "  ".join(f"{letter} = {catalog.text(f'building.{kind}')}" for kind, letter in letters.items())
    table.add_row("", Text(legend + "  * = " + catalog.text("draw.passenger_inside"), style="dim"))
    return Group(_title(catalog, "draw.buildings_title"), table)


def _passengers(state: Mapping[str, Any], catalog: Catalog) -> Text:
    """Passengers standing at intersections (stations marked) and the supply."""
    stations = set(state["board"]["train_stations"])
    standing = state["passengers"]["standing"]
    text = Text(catalog.text("draw.waiting_title") + ": ", style="bold")
    places = [
        f"{node}{'(' + catalog.text('draw.station') + ')' if node in stations else ''}×{count}"
        for node, count in enumerate(standing)
        if count
    ]
    text.append(", ".join(places) or "—")
    text.append(" · " + catalog.text("draw.supply", count=state["passengers"]["supply"]))
    return text
