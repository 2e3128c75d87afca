"""The city map as data: intersections, streets, lots, train stations and start intersections.

The map is read from a JSON board file (``data/board.json`` by default, any path through the
rule option ``board``) and validated on load; every error names the file, the entry and the
field.  Besides the topology an intersection or a lot may carry drawing fields (``x``, ``y``,
``label``...): the rules ignore them and :attr:`Board.drawing` keeps them for the renderers.

Format::

    {"name": str, "zones": int,
     "intersections": [{"id": int, "lots": [{"id": int, "zone": int, ...drawing}], ...drawing}],
     "streets": [[a, b], ...],
     "train_stations": [int, ...], "start_intersections": [int, ...], ...}

Intersection ids are ``0..n-1`` in order, lot ids ``0..k-1`` in order of appearance, streets
join two different intersections and no pair twice, the map is connected, train stations have
no lots, and every zone ``1..zones`` has a lot (Bus: Aufbau, Gebäude).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from ...engine import InvalidDataError
from ...engine.userfiles import EmbeddedFile, parse_json, read_user_text

DEFAULT_BOARD = "default"
"""The option value that selects the packaged map ``data/board.json``."""


@dataclass(frozen=True)
class Board:
    """A validated city map with int-indexed adjacency tables.

    Attributes:
        name: the map's name.
        source: the file it was read from (for error messages).
        zones: number of lot zones (1..zones).
        streets: street id -> (a, b) with a < b.
        street_between: (a, b) in either order -> street id.
        incident: intersection -> street ids touching it, ascending.
        incident_mask: intersection -> the same streets as a bit mask (bit ``1 << street``).
        lot_intersection: lot id -> its intersection.
        lot_zone: lot id -> its zone (1-based).
        lots_at: intersection -> its lot ids.
        zone_lots: zone index (0-based) -> lot ids.
        stations: the train stations (new passengers arrive here).
        start_intersections: where the four start passengers stand.
        drawing: intersection id -> its drawing fields; ``lot_drawing`` likewise per lot;
            ``extra`` holds unknown top-level fields.
    """

    name: str
    source: str
    zones: int
    streets: tuple[tuple[int, int], ...]
    street_between: dict[tuple[int, int], int]
    incident: tuple[tuple[int, ...], ...]
    incident_mask: tuple[int, ...]
    lot_intersection: tuple[int, ...]
    lot_zone: tuple[int, ...]
    lots_at: tuple[tuple[int, ...], ...]
    zone_lots: tuple[tuple[int, ...], ...]
    stations: tuple[int, ...]
    start_intersections: tuple[int, ...]
    drawing: dict[int, dict[str, Any]] = field(default_factory=dict)
    lot_drawing: dict[int, dict[str, Any]] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def intersections(self) -> int:
        """Number of intersections."""
        return len(self.incident)

    @property
    def lots(self) -> int:
        """Number of lots."""
        return len(self.lot_zone)

    def to_json(self) -> dict[str, Any]:
        """The board in its file format, drawing fields included."""
        intersections = []
        for node in range(self.intersections):
            lots = [
                {"id": lot, "zone": self.lot_zone[lot], **self.lot_drawing.get(lot, {})} for lot in self.lots_at[node]
            ]
            intersections.append({"id": node, "lots": lots, **self.drawing.get(node, {})})
        return {
            "name": self.name,
            **self.extra,
            "zones": self.zones,
            "intersections": intersections,
            "streets": [list(street) for street in self.streets],
            "train_stations": list(self.stations),
            "start_intersections": list(self.start_intersections),
        }


class _Reader:
    """Validation helpers that name the file, the entry and the field in every error."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, entry: str, problem: str) -> InvalidDataError:
        return InvalidDataError(f"{self.source}: {entry}: {problem}")

    def integer(self, value: Any, entry: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(entry, f"expected a whole number, found {value!r}")
        return value

    def int_list(self, data: dict[str, Any], key: str, entry: str) -> list[int]:
        value = data.get(key)
        if not isinstance(value, list):
            raise self.fail(f"{entry}.{key}", f"expected a list of whole numbers, found {value!r}")
        return [self.integer(item, f"{entry}.{key}[{i}]") for i, item in enumerate(value)]

    def node(self, value: int, count: int, entry: str) -> int:
        if not 0 <= value < count:
            raise self.fail(entry, f"no intersection {value} (ids run 0..{count - 1})")
        return value


TOPOLOGY_KEYS = frozenset({"name", "zones", "intersections", "streets", "train_stations", "start_intersections"})


def parse_board(data: Any, source: str) -> Board:
    """Validate board-file content ``data`` read from ``source`` (Bus: Aufbau)."""
    reader = _Reader(source)
    if not isinstance(data, dict):
        raise reader.fail("file", "expected a JSON object at the top")
    name = data.get("name", Path(source).stem)
    if not isinstance(name, str):
        raise reader.fail("name", f"expected text, found {name!r}")
    zones = reader.integer(data.get("zones"), "zones")
    if zones < 1:
        raise reader.fail("zones", f"need at least one zone, found {zones}")
    raw_nodes = data.get("intersections")
    if not isinstance(raw_nodes, list) or not raw_nodes:
        raise reader.fail("intersections", "expected a non-empty list of intersections")
    count = len(raw_nodes)
    lot_intersection: list[int] = []
    lot_zone: list[int] = []
    lots_at: list[tuple[int, ...]] = []
    drawing: dict[int, dict[str, Any]] = {}
    lot_drawing: dict[int, dict[str, Any]] = {}
    for index, raw in enumerate(raw_nodes):
        entry = f"intersections[{index}]"
        if not isinstance(raw, dict):
            raise reader.fail(entry, f"expected an object, found {raw!r}")
        node_id = reader.integer(raw.get("id"), f"{entry}.id")
        if node_id != index:
            raise reader.fail(f"{entry}.id", f"ids must run 0..{count - 1} in order, found {node_id}")
        raw_lots = raw.get("lots")
        if not isinstance(raw_lots, list):
            raise reader.fail(f"{entry}.lots", f"expected a list of lots, found {raw_lots!r}")
        here: list[int] = []
        for position, raw_lot in enumerate(raw_lots):
            lot_entry = f"{entry}.lots[{position}]"
            if not isinstance(raw_lot, dict):
                raise reader.fail(lot_entry, f"expected an object with id and zone, found {raw_lot!r}")
            lot_id = reader.integer(raw_lot.get("id"), f"{lot_entry}.id")
            if lot_id != len(lot_zone):
                raise reader.fail(f"{lot_entry}.id", f"lot ids must run 0, 1, 2... in order, expected {len(lot_zone)}")
            zone = reader.integer(raw_lot.get("zone"), f"{lot_entry}.zone")
            if not 1 <= zone <= zones:
                raise reader.fail(f"{lot_entry}.zone", f"zones run 1..{zones}, found {zone}")
            lot_intersection.append(index)
            lot_zone.append(zone)
            here.append(lot_id)
            extra_lot = {k: v for k, v in raw_lot.items() if k not in ("id", "zone")}
            if extra_lot:
                lot_drawing[lot_id] = extra_lot
        lots_at.append(tuple(here))
        extra_node = {k: v for k, v in raw.items() if k not in ("id", "lots")}
        if extra_node:
            drawing[index] = extra_node
    raw_streets = data.get("streets")
    if not isinstance(raw_streets, list) or not raw_streets:
        raise reader.fail("streets", "expected a non-empty list of [a, b] pairs")
    streets: list[tuple[int, int]] = []
    street_between: dict[tuple[int, int], int] = {}
    incident: list[list[int]] = [[] for _ in range(count)]
    for index, raw in enumerate(raw_streets):
        entry = f"streets[{index}]"
        if not isinstance(raw, list) or len(raw) != 2:
            raise reader.fail(entry, f"expected a pair [a, b], found {raw!r}")
        a = reader.node(reader.integer(raw[0], entry), count, entry)
        b = reader.node(reader.integer(raw[1], entry), count, entry)
        if a == b:
            raise reader.fail(entry, f"a street must join two different intersections, found {a} twice")
        low, high = min(a, b), max(a, b)
        if (low, high) in street_between:
            raise reader.fail(
                entry, f"intersections {low} and {high} are already joined by streets[{street_between[(low, high)]}]"
            )
        street_between[(low, high)] = street_between[(high, low)] = index
        streets.append((low, high))
        incident[low].append(index)
        incident[high].append(index)
    stations = reader.int_list(data, "train_stations", "file")
    for i, station in enumerate(stations):
        reader.node(station, count, f"train_stations[{i}]")
        if lots_at[station]:
            raise reader.fail(f"train_stations[{i}]", f"train station {station} must not have lots")
    if not stations:
        raise reader.fail("train_stations", "need at least one train station")
    starts = reader.int_list(data, "start_intersections", "file")
    for i, start in enumerate(starts):
        reader.node(start, count, f"start_intersections[{i}]")
    for node in range(count):
        if not incident[node]:
            raise reader.fail(f"intersections[{node}]", "no street touches this intersection")
    _check_connected(reader, streets, count)
    zone_lots = tuple(
        tuple(lot for lot in range(len(lot_zone)) if lot_zone[lot] == zone) for zone in range(1, zones + 1)
    )
    for zone, lots in enumerate(zone_lots, start=1):
        if not lots:
            raise reader.fail("zones", f"zone {zone} has no lot")
    return Board(
        name=name,
        source=source,
        zones=zones,
        streets=tuple(streets),
        street_between=street_between,
        incident=tuple(tuple(sorted(streets_here)) for streets_here in incident),
        incident_mask=tuple(sum(1 << street for street in streets_here) for streets_here in incident),
        lot_intersection=tuple(lot_intersection),
        lot_zone=tuple(lot_zone),
        lots_at=tuple(lots_at),
        zone_lots=zone_lots,
        stations=tuple(stations),
        start_intersections=tuple(starts),
        drawing=drawing,
        lot_drawing=lot_drawing,
        extra={k: v for k, v in data.items() if k not in TOPOLOGY_KEYS},
    )


def _check_connected(reader: _Reader, streets: list[tuple[int, int]], count: int) -> None:
    """Every intersection must be reachable along the streets (a line could not reach it otherwise)."""
    neighbours: list[list[int]] = [[] for _ in range(count)]
    for a, b in streets:
        neighbours[a].append(b)
        neighbours[b].append(a)
    seen = {0}
    frontier = [0]
    while frontier:
        for other in neighbours[frontier.pop()]:
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    if len(seen) != count:
        missing = min(set(range(count)) - seen)
        raise reader.fail(f"intersections[{missing}]", "cannot be reached from intersection 0 along the streets")


BoardOption = str | EmbeddedFile
"""The rule option ``board``: ``"default"``, a path, or a board carried by content (what a path
becomes in the game's options, hence in records)."""


def load_board(board: BoardOption = DEFAULT_BOARD, source: str | None = None) -> Board:
    """The validated board of the rule option ``board`` (Bus: Aufbau).

    ``source`` names an embedded board in messages (the path it was read from) instead of its
    bare file name.  A path is read with every check of :mod:`busbahnhof.engine.userfiles`.
    """
    if isinstance(board, EmbeddedFile):
        return _parse(source or board.name, board.text)
    if board == DEFAULT_BOARD:
        resource = resources.files(__package__ or "busbahnhof.games.bus").joinpath("data", "board.json")
        return _parse("bus/data/board.json", resource.read_text(encoding="utf-8"))
    return _parse(board, read_user_text(board))


@lru_cache(maxsize=16)
def _parse(source: str, text: str) -> Board:
    return parse_board(parse_json(text, source), source)
