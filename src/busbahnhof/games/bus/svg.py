"""The Bus board as a standalone SVG picture of one position, drawn from the view alone.

:func:`render_svg` is a pure function of a ``State.view(seat)`` result and a catalog (for the
labels in German or English); the web client reuses it.  The map is drawn in board units (see
:mod:`.layout`) inside one scaled group, the panel on the right in pixels: the clock, the action
board with its markers, the buses, the players' figures and a legend.  Every drawn game piece
carries a ``class`` (``line-segment``, ``building``, ``passenger``, ``slot-marker``, ``bus``,
``time-stone``, ``loop-end``, ``station``, ``lot``) and ``data-*`` attributes naming what it
shows, so tests and the web client can find them.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Catalog
from .actions import AREA_NAMES, AREA_SLOTS, BUILDING_NAMES, RIGHT_TO_LEFT, SLOT_LETTERS
from .board import parse_board
from .layout import INTERSECTION_RADIUS, LOT_SIZE, Layout, Point, board_layout

SCALE = 56.0
"""Pixels per board unit."""
MARGIN = 0.8
"""Free board units around the map."""
PANEL_WIDTH = 440.0
"""Width of the panel right of the map, in pixels."""

PLAYER_COLOURS = ("#d62828", "#1d5fd1", "#2a9d3f", "#e9a400", "#8e3fb0")
"""Line, marker and bus colour of each seat."""
BUILDING_COLOURS = {"house": "#f4a259", "office": "#6fa8dc", "pub": "#a86b3c"}
"""Fill of each building type; the shapes differ too (:func:`_building_shape`)."""
STREET_COLOUR = "#c9c4b8"
PARK_COLOUR = "#a7d49b"
INK = "#2b2b2b"
PAPER = "#f7f3ea"

LINE_WIDTH = 0.09
"""Stroke width of one player's line, in board units; lines on one street run side by side."""
PASSENGER_RADIUS = 0.065
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"


def render_svg(view: Mapping[str, Any], catalog: Catalog) -> str:
    """The position of ``view`` (a ``State.view`` result of a Bus game) as an SVG document.

    Args:
        view: the full view dict (``view["state"]`` is the Bus view of ``view.py``).
        catalog: the game's catalog in the wanted language, for every label.
    """
    state = view["state"]
    board = parse_board(state["board"], f"{state['board'].get('name', 'board')} (view)")
    layout = board_layout(board)
    min_x, min_y, max_x, max_y = layout.bounds()
    map_width = (max_x - min_x + 2 * MARGIN) * SCALE
    map_height = (max_y - min_y + 2 * MARGIN) * SCALE
    width = map_width + PANEL_WIDTH
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "font-family": FONT})
    title = ET.SubElement(root, "title")
    title.text = f"Bus: {catalog.text('draw.round', round=state['round'])}"
    paper = _el(root, "rect", x=0, y=0, width=width, fill=PAPER)
    board_group = _el(
        root,
        "g",
        {"class": "map"},
        transform=f"translate({_num((MARGIN - min_x) * SCALE)},{_num((MARGIN - min_y) * SCALE)}) scale({_num(SCALE)})",
    )
    _draw_map(board_group, state, layout, catalog)
    panel = _el(root, "g", {"class": "panel"}, transform=f"translate({_num(map_width)},0)")
    height = max(map_height, _draw_panel(panel, view, catalog) + 16)
    paper.set("height", _num(height))
    root.attrib.update(width=_num(width), height=_num(height), viewBox=f"0 0 {_num(width)} {_num(height)}")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


# -- helpers ---------------------------------------------------------------------------------


def _num(value: float) -> str:
    """A compact number for an attribute."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _el(parent: ET.Element, tag: str, attrs: Mapping[str, str] | None = None, **values: Any) -> ET.Element:
    """A child element with ``attrs`` and the keyword ``values`` (see :func:`_style`)."""
    element = ET.SubElement(parent, tag, dict(attrs or {}))
    _style(element, **values)
    return element


def _style(element: ET.Element, **values: Any) -> None:
    """Set attributes from keywords: ``_`` in a name turns into ``-``, numbers are compacted."""
    for name, value in values.items():
        element.set(name.replace("_", "-"), _num(value) if isinstance(value, float | int) else str(value))


def _text(parent: ET.Element, x: float, y: float, content: str, size: float, **values: Any) -> ET.Element:
    element = _el(parent, "text", x=x, y=y, font_size=size, fill=values.pop("fill", INK), **values)
    element.text = content
    return element


def _seat_colour(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def _building_shape(parent: ET.Element, kind: str, centre: Point, size: float, attrs: Mapping[str, str]) -> None:
    """Haus: a house with a roof; Büro: a tall block; Kneipe: a round sign."""
    x, y = centre
    half = size / 2
    fill = BUILDING_COLOURS[kind]
    style = {"fill": fill, "stroke": INK, "stroke_width": size * 0.08}
    if kind == "house":
        points = [(x - half, y + half), (x - half, y - half * 0.1), (x, y - half), (x + half, y - half * 0.1)]
        points.append((x + half, y + half))
        _el(parent, "polygon", attrs, points=" ".join(f"{_num(px)},{_num(py)}" for px, py in points), **style)
    elif kind == "office":
        _el(parent, "rect", attrs, x=x - half * 0.75, y=y - half, width=half * 1.5, height=size, **style)
    else:
        _el(parent, "circle", attrs, cx=x, cy=y, r=half, **style)


# -- the map ---------------------------------------------------------------------------------


def _draw_map(group: ET.Element, state: Mapping[str, Any], layout: Layout, catalog: Catalog) -> None:
    points = layout.intersections
    if layout.park:
        cx = sum(p[0] for p in layout.park) / len(layout.park)
        cy = sum(p[1] for p in layout.park) / len(layout.park)
        inset = [(cx + (x - cx) * 0.72, cy + (y - cy) * 0.72) for x, y in layout.park]
        _el(
            group,
            "polygon",
            {"class": "park"},
            points=" ".join(f"{_num(x)},{_num(y)}" for x, y in inset),
            fill=PARK_COLOUR,
            stroke="#7fb070",
            stroke_width=0.04,
        )
        _text(group, cx, cy + 0.08, catalog.text("draw.park"), 0.24, text_anchor="middle", fill="#3f6b35")
    streets = state["streets"]
    for street in streets:
        a, b = points[street["a"]], points[street["b"]]
        width = max(0.16, LINE_WIDTH * len(street["players"]) + 0.06)
        _el(
            group,
            "line",
            {"class": "street"},
            x1=a[0],
            y1=a[1],
            x2=b[0],
            y2=b[1],
            stroke=STREET_COLOUR,
            stroke_width=width,
            stroke_linecap="round",
        )
    for street in streets:
        _draw_line_segments(group, street, points)
    for lot in state["lots"]:
        _draw_lot(group, lot, layout, state["board"].get("zone_labels", []))
    stations = set(state["board"]["train_stations"])
    standing = state["passengers"]["standing"]
    for node, (x, y) in enumerate(points):
        if node in stations:
            _el(
                group,
                "rect",
                {"class": "station", "data-intersection": str(node)},
                x=x - 0.5,
                y=y - 0.24,
                width=1,
                height=0.48,
                rx=0.08,
                fill=INK,
            )
            label = catalog.text("draw.station_numbered", node=node)
            _text(group, x, y + 0.07, label, 0.16, text_anchor="middle", fill=PAPER, **{"class": "station-label"})
        else:
            _el(
                group,
                "circle",
                {"class": "intersection", "data-intersection": str(node)},
                cx=x,
                cy=y,
                r=INTERSECTION_RADIUS,
                fill="white",
                stroke=INK,
                stroke_width=0.03,
            )
            _text(group, x, y + 0.05, str(node), 0.14, text_anchor="middle", fill="#777777")
        _draw_standing(group, node, standing[node], (x, y), node in stations)
    for line in state["lines"]:
        for node in line["marked_ends"]:
            _draw_loop_end(group, line["seat"], node, points[node])


def _draw_line_segments(group: ET.Element, street: Mapping[str, Any], points: Sequence[Point]) -> None:
    """Every player's marker on ``street``, side by side in the order they were placed."""
    seats = street["players"]
    if not seats:
        return
    (ax, ay), (bx, by) = points[street["a"]], points[street["b"]]
    length = math.hypot(bx - ax, by - ay) or 1.0
    nx, ny = -(by - ay) / length, (bx - ax) / length
    for order, seat in enumerate(seats):
        offset = (order - (len(seats) - 1) / 2) * LINE_WIDTH
        _el(
            group,
            "line",
            {"class": "line-segment", "data-seat": str(seat), "data-street": str(street["id"])},
            x1=ax + nx * offset,
            y1=ay + ny * offset,
            x2=bx + nx * offset,
            y2=by + ny * offset,
            stroke=_seat_colour(seat),
            stroke_width=LINE_WIDTH,
        )


def _draw_lot(group: ET.Element, lot: Mapping[str, Any], layout: Layout, zone_labels: Sequence[str]) -> None:
    x, y = layout.lots[lot["id"]]
    home = layout.intersections[lot["intersection"]]
    _el(group, "line", x1=home[0], y1=home[1], x2=x, y2=y, stroke="#9a9488", stroke_width=0.025)
    half = LOT_SIZE / 2
    zone = lot["zone"]
    label = zone_labels[zone - 1] if 0 < zone <= len(zone_labels) else str(zone)
    attrs = {"class": "lot", "data-lot": str(lot["id"]), "data-zone": label}
    _el(
        group,
        "rect",
        attrs,
        x=x - half,
        y=y - half,
        width=LOT_SIZE,
        height=LOT_SIZE,
        fill="#ebe5d6",
        stroke="#9a9488",
        stroke_width=0.02,
        stroke_dasharray="0.05 0.04",
    )
    kind = lot["building"]
    if kind is None:
        _text(group, x, y + 0.07, label, 0.2, text_anchor="middle", fill="#9a9488")
        return
    _building_shape(
        group, kind, (x, y), LOT_SIZE * 0.92, {"class": "building", "data-lot": str(lot["id"]), "data-type": kind}
    )
    if lot["passenger"]:
        _draw_passenger(
            group, (x, y + 0.04), {"class": "passenger", "data-where": "building", "data-lot": str(lot["id"])}
        )


def _draw_passenger(group: ET.Element, at: Point, attrs: Mapping[str, str], size: float = PASSENGER_RADIUS) -> None:
    """A passenger: a small figure (head and body) in ink, ``size`` its half width."""
    x, y = at
    figure = _el(group, "g", attrs)
    _el(figure, "circle", cx=x, cy=y - size * 1.1, r=size * 0.75, fill=INK)
    _el(figure, "ellipse", cx=x, cy=y + size * 0.6, rx=size, ry=size * 0.9, fill=INK)


def _draw_standing(group: ET.Element, node: int, count: int, centre: Point, is_station: bool) -> None:
    """``count`` passengers standing at an intersection, in rings around it."""
    first_ring = 0.62 if is_station else 0.3
    for index in range(count):
        ring, place = divmod(index, 10)
        radius = first_ring + 0.17 * ring
        angle = -math.pi / 2 + 2 * math.pi * place / 10 + ring * math.pi / 10
        at = (centre[0] + radius * math.cos(angle), centre[1] + radius * math.sin(angle))
        _draw_passenger(group, at, {"class": "passenger", "data-where": "intersection", "data-intersection": str(node)})


def _draw_loop_end(group: ET.Element, seat: int, node: int, at: Point) -> None:
    """The loop end of ``seat``'s line, marked with an action marker (Bus: Linienausbau, Schleife)."""
    x, y = at
    attrs = {"class": "loop-end", "data-seat": str(seat), "data-intersection": str(node)}
    marker = _el(group, "g", attrs)
    _el(
        marker,
        "circle",
        cx=x,
        cy=y,
        r=INTERSECTION_RADIUS + 0.07,
        fill="none",
        stroke=_seat_colour(seat),
        stroke_width=0.05,
        stroke_dasharray="0.08 0.05",
    )
    _el(
        marker,
        "rect",
        x=x + 0.12,
        y=y - 0.3,
        width=0.16,
        height=0.16,
        fill=_seat_colour(seat),
        stroke=INK,
        stroke_width=0.02,
    )


# -- the panel -------------------------------------------------------------------------------

ROW = 26.0
SLOT = 22.0


def _draw_panel(panel: ET.Element, view: Mapping[str, Any], catalog: Catalog) -> float:
    """The panel from the top down; returns its bottom."""
    state = view["state"]
    y = _draw_heading(panel, view, catalog)
    y = _draw_clock(panel, state, catalog, y + 10)
    y = _draw_action_board(panel, state, catalog, y + 12)
    y = _draw_players(panel, view, catalog, y + 12)
    return _draw_legend(panel, catalog, y + 14)


def _draw_heading(panel: ET.Element, view: Mapping[str, Any], catalog: Catalog) -> float:
    state = view["state"]
    _text(panel, 12, 28, catalog.text("draw.round", round=state["round"]), 18, font_weight="bold")
    phase = state["phase"]
    phase_text = catalog.text("draw.over") if phase == "over" else catalog.text(f"area.{phase}")
    _text(panel, 12, 48, phase_text, 13)
    decision = state["decision"]
    if decision is not None:
        seat = decision["seat"]
        _el(panel, "circle", cx=18, cy=63, r=6, fill=_seat_colour(seat))
        _text(panel, 30, 67, catalog.text("draw.to_move", seat=seat), 13)
    elif state["end"]:
        _text(panel, 12, 67, catalog.text(f"game_over_{state['end']}"), 13)
    return 74.0


def _draw_clock(panel: ET.Element, state: Mapping[str, Any], catalog: Catalog, top: float) -> float:
    """The clock: three sectors Haus, Büro, Kneipe clockwise, the hand on the current type, the
    time stones left beside it (Bus: Uhr)."""
    clock = state["clock"]
    cx, cy, radius = 62.0, top + 52.0, 46.0
    group = _el(panel, "g", {"class": "clock", "data-hand": clock["hand"]})
    for index, kind in enumerate(BUILDING_NAMES):
        start = -math.pi / 2 + 2 * math.pi * index / 3 - math.pi / 3
        end = start + 2 * math.pi / 3
        x1, y1 = cx + radius * math.cos(start), cy + radius * math.sin(start)
        x2, y2 = cx + radius * math.cos(end), cy + radius * math.sin(end)
        arc = f"A{_num(radius)},{_num(radius)} 0 0 1 {_num(x2)},{_num(y2)}"
        path = f"M{_num(cx)},{_num(cy)} L{_num(x1)},{_num(y1)} {arc} Z"
        _el(group, "path", d=path, fill=BUILDING_COLOURS[kind], stroke=INK, stroke_width=1, opacity=0.85)
        middle = (start + end) / 2
        _building_shape(
            group, kind, (cx + radius * 0.6 * math.cos(middle), cy + radius * 0.6 * math.sin(middle)), 14, {}
        )
    hand = BUILDING_NAMES.index(clock["hand"])
    angle = -math.pi / 2 + 2 * math.pi * hand / 3
    tip = (cx + radius * 0.95 * math.cos(angle), cy + radius * 0.95 * math.sin(angle))
    _el(
        group,
        "line",
        {"class": "clock-hand"},
        x1=cx,
        y1=cy,
        x2=tip[0],
        y2=tip[1],
        stroke=INK,
        stroke_width=4,
        stroke_linecap="round",
    )
    _el(group, "circle", cx=cx, cy=cy, r=5, fill=INK)
    _text(panel, 124, top + 20, catalog.text("area.clock"), 14, font_weight="bold")
    _text(panel, 124, top + 40, catalog.text(f"building.{clock['hand']}"), 13)
    _text(panel, 124, top + 64, catalog.text("draw.time_stones_left", count=clock["time_stones_left"]), 12)
    for index in range(clock["time_stones_left"]):
        _el(panel, "circle", {"class": "time-stone"}, cx=130 + index * 18, cy=top + 80, r=7, fill="#8d8d8d", stroke=INK)
    return top + 104


def _draw_action_board(panel: ET.Element, state: Mapping[str, Any], catalog: Catalog, top: float) -> float:
    """The seven action areas in board (= resolution) order with their slots; slot A of line
    expansion and buildings lies on the right (Bus: Aktionen ausführen)."""
    _text(panel, 12, top + 12, catalog.text("draw.action_board"), 14, font_weight="bold")
    decision = state["decision"]
    y = top + 22
    for area, name in enumerate(AREA_NAMES):
        _text(panel, 12, y + 16, catalog.text(f"area.{name}"), 12)
        slots = state["action_board"][name]
        for index in range(AREA_SLOTS[area]):
            column = AREA_SLOTS[area] - 1 - index if area in RIGHT_TO_LEFT else index
            x = 150 + column * (SLOT + 6)
            active = decision is not None and decision["area"] == name and decision["slot"] == SLOT_LETTERS[index]
            _el(
                panel,
                "rect",
                {"class": "slot"},
                x=x,
                y=y,
                width=SLOT,
                height=SLOT,
                rx=3,
                fill="white",
                stroke=INK if active else "#9a9488",
                stroke_width=3 if active else 1,
            )
            seat = slots[index] if index < len(slots) else None
            if seat is None:
                _text(panel, x + SLOT / 2, y + 15, SLOT_LETTERS[index], 11, text_anchor="middle", fill="#9a9488")
            else:
                attrs = {
                    "class": "slot-marker",
                    "data-area": name,
                    "data-slot": SLOT_LETTERS[index],
                    "data-seat": str(seat),
                }
                _el(panel, "circle", attrs, cx=x + SLOT / 2, cy=y + SLOT / 2, r=8, fill=_seat_colour(seat), stroke=INK)
        y += ROW
    return y


def _draw_players(panel: ET.Element, view: Mapping[str, Any], catalog: Catalog, top: float) -> float:
    """Per seat: colour, name, buses, score, deliveries, time stones, action and line markers left."""
    state = view["state"]
    columns = (
        ("draw.buses", 112),
        ("draw.score", 215),
        ("draw.deliveries", 260),
        ("draw.time_stones", 305),
        ("draw.action_markers", 350),
        ("draw.line_markers", 395),
    )
    for index, (key, x) in enumerate(columns[1:]):
        _text(panel, x, top + 10 + 12 * (index % 2), catalog.text(key), 10, text_anchor="middle")
    _text(panel, columns[0][1], top + 22, catalog.text(columns[0][0], max_buses=state["max_buses"]), 10)
    y = top + 28
    for seat in range(view["players"]):
        colour = _seat_colour(seat)
        _el(panel, "rect", x=12, y=y + 3, width=14, height=14, fill=colour, stroke=INK)
        name = catalog.format_param("seat", seat)
        if seat == state["start_player"]:
            name += " ★"
        weight = "bold" if state["passed"][seat] is False and state["phase"] == "selection" else "normal"
        _text(panel, 32, y + 15, name, 12, font_weight=weight)
        for index in range(state["buses"][seat]):
            bus = {"class": "bus", "data-seat": str(seat)}
            _el(panel, "rect", bus, x=112 + index * 15, y=y + 5, width=12, height=9, rx=2, fill=colour, stroke=INK)
        line = state["lines"][seat]
        figures = (
            state["scores"][seat],
            state["deliveries"][seat],
            state["clock"]["time_stones_taken"][seat],
            state["markers_left"][seat],
            line["markers_left"],
        )
        for (_key, x), figure in zip(columns[1:], figures, strict=True):
            _text(
                panel, x, y + 15, str(figure), 12, text_anchor="middle", **{"class": "figure", "data-seat": str(seat)}
            )
        y += 24
    supply = state["passengers"]["supply"]
    _draw_passenger(panel, (18, y + 12), {"class": "supply"}, size=6)
    _text(panel, 32, y + 17, catalog.text("draw.supply", count=supply), 12)
    return y + 26


def _draw_legend(panel: ET.Element, catalog: Catalog, top: float) -> float:
    _text(panel, 12, top + 12, catalog.text("draw.legend"), 14, font_weight="bold")
    y = top + 30
    for index, kind in enumerate(BUILDING_NAMES):
        x = 12 + index * 100
        _building_shape(panel, kind, (x + 8, y), 16, {"class": "legend"})
        _text(panel, x + 22, y + 5, catalog.text(f"building.{kind}"), 12)
    y += 26
    _el(panel, "rect", x=12, y=y - 8, width=20, height=14, rx=2, fill=INK)
    _text(panel, 40, y + 4, catalog.text("draw.station"), 12)
    loop = _el(panel, "g")
    _el(loop, "circle", cx=122, cy=y, r=8, fill="none", stroke=INK, stroke_width=2, stroke_dasharray="4 2")
    _text(panel, 138, y + 4, catalog.text("draw.loop_end"), 12)
    return y + 10
