"""Where the Bus board is drawn: intersection coordinates, lot positions, their validation.

The board file carries drawing coordinates (``x``, ``y``) for every intersection; they are
validated here, apart from the topology the rules read.  A custom map without coordinates gets a
computed layout (stress majorization and a greedy repair, see :func:`fallback_coordinates`), so
every map the rules accept can be drawn.  Lots are placed beside their intersection, in the widest gaps
between its streets (:func:`lot_positions`).  Coordinates are in board units, ``y`` pointing down
(south), as in SVG.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...engine import InvalidDataError
from .board import Board

Point = tuple[float, float]
Street = tuple[int, int]

LOT_DISTANCE = 0.5
"""How far a lot's centre lies from its intersection's centre, in board units."""

LOT_SIZE = 0.36
"""The side of the square a lot is drawn as, in board units."""

INTERSECTION_RADIUS = 0.17
"""The radius of the circle an intersection is drawn as, in board units."""

# Tuning of the computed layout (distances in board units, about one unit per street).
_STRESS_ROUNDS = 150
_POWER_ROUNDS = 60
_UNTANGLE_ROUNDS = 12
_UNTANGLE_GRID = (16, 10)
_CLEARANCE = 0.4
_CROSSING_WEIGHT = 10
_EDGE_MARGIN = 0.3
_NUDGES = tuple(
    (radius * math.cos(math.pi * k / 4), radius * math.sin(math.pi * k / 4))
    for radius in (0.2, 0.4, 0.7, 1.0)
    for k in range(8)
)


@dataclass(frozen=True)
class Layout:
    """Drawing positions of one map.

    Attributes:
        intersections: the centre of each intersection, indexed by intersection id.
        lots: the centre of each lot, indexed by lot id.
        streets: the streets as intersection pairs, indexed by street id.
        park: the corners of Central Park (see :func:`park_polygon`).
        computed: whether the intersection coordinates were computed (the map had none).
    """

    intersections: tuple[Point, ...]
    lots: tuple[Point, ...]
    streets: tuple[Street, ...]
    park: tuple[Point, ...]
    computed: bool

    def bounds(self) -> tuple[float, float, float, float]:
        """The smallest box ``(min_x, min_y, max_x, max_y)`` holding every intersection and lot."""
        points = self.intersections + self.lots
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        return min(xs), min(ys), max(xs), max(ys)


def board_layout(board: Board) -> Layout:
    """The layout of ``board``: its own coordinates, or a computed layout when it has none.

    Raises:
        InvalidDataError: the board's drawing fields are invalid (see :func:`read_coordinates`).
    """
    entries = [board.drawing.get(node, {}) for node in range(board.intersections)]
    coordinates = read_coordinates(entries, board.source)
    return _cached_layout(
        board.streets,
        board.lots_at,
        board.stations,
        board.start_intersections,
        None if coordinates is None else tuple(coordinates),
    )


@lru_cache(maxsize=16)
def _cached_layout(
    streets: tuple[Street, ...],
    lots_at: tuple[tuple[int, ...], ...],
    stations: tuple[int, ...],
    starts: tuple[int, ...],
    coordinates: tuple[Point, ...] | None,
) -> Layout:
    """The layout of one map's topology and coordinates (hashable, so a map is laid out once)."""
    points = list(coordinates) if coordinates else fallback_coordinates(len(lots_at), streets, stations)
    park = park_polygon(points, starts)
    return Layout(
        intersections=tuple(points),
        lots=tuple(lot_positions(points, streets, lots_at, park)),
        park=park,
        streets=streets,
        computed=coordinates is None,
    )


def read_coordinates(entries: Sequence[Mapping[str, Any]], source: str) -> list[Point] | None:
    """The ``x``/``y`` of every intersection entry (indexed by id), or ``None`` when no entry has any.

    Raises:
        InvalidDataError: some entries have coordinates and others not, a coordinate is not a
            finite number, or two intersections share a position.
    """
    drawn = [("x" in entry or "y" in entry) for entry in entries]
    if not any(drawn):
        return None
    points: list[Point] = []
    for index, entry in enumerate(entries):
        name = f"{source}: intersections[{index}]"
        for field in ("x", "y"):
            if field not in entry:
                raise InvalidDataError(
                    f"{name}: field {field!r} is missing "
                    "(give every intersection x and y, or none for a computed layout)"
                )
            value = entry[field]
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise InvalidDataError(f"{name}: field {field!r} must be a finite number, not {value!r}")
        points.append((float(entry["x"]), float(entry["y"])))
    seen: dict[Point, int] = {}
    for index, point in enumerate(points):
        if point in seen:
            raise InvalidDataError(
                f"{source}: intersections[{index}]: fields 'x', 'y' repeat the position of intersections[{seen[point]}]"
            )
        seen[point] = index
    return points


# -- geometry --------------------------------------------------------------------------------


def _orientation(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments ``ab`` and ``cd`` cross properly (at one point inside both)."""
    return _orientation(c, d, a) * _orientation(c, d, b) < 0 and _orientation(a, b, c) * _orientation(a, b, d) < 0


def distance_to_segment(p: Point, a: Point, b: Point) -> float:
    """The distance of point ``p`` from segment ``ab``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def crossing_streets(points: Sequence[Point], streets: Sequence[Street]) -> list[tuple[int, int]]:
    """Every pair of street ids whose segments cross properly."""
    found = []
    for first, (a, b) in enumerate(streets):
        for second in range(first + 1, len(streets)):
            c, d = streets[second]
            if len({a, b, c, d}) == 4 and segments_cross(points[a], points[b], points[c], points[d]):
                found.append((first, second))
    return found


def streets_through_intersections(
    points: Sequence[Point], streets: Sequence[Street], clearance: float
) -> list[tuple[int, int]]:
    """Every ``(street id, intersection id)`` where the street passes closer than ``clearance``
    to an intersection that is not one of its ends."""
    found = []
    for street, (a, b) in enumerate(streets):
        for node, point in enumerate(points):
            if node not in (a, b) and distance_to_segment(point, points[a], points[b]) < clearance:
                found.append((street, node))
    return found


# -- lots ------------------------------------------------------------------------------------


def _neighbours(count: int, streets: Sequence[Street]) -> list[list[int]]:
    around: list[list[int]] = [[] for _ in range(count)]
    for a, b in streets:
        around[a].append(b)
        around[b].append(a)
    return around


def park_polygon(points: Sequence[Point], starts: Sequence[int]) -> tuple[Point, ...]:
    """Central Park: the start intersections ordered around their centre (empty for fewer than
    three), the area the start passengers stand around (Bus: Aufbau)."""
    if len(starts) < 3:
        return ()
    corners = [points[node] for node in starts]
    cx = sum(p[0] for p in corners) / len(corners)
    cy = sum(p[1] for p in corners) / len(corners)
    return tuple(sorted(corners, key=lambda p: math.atan2(p[1] - cy, p[0] - cx)))


def is_inside(point: Point, polygon: Sequence[Point]) -> bool:
    """Whether ``point`` lies inside ``polygon`` (even-odd rule; an empty polygon holds nothing)."""
    inside = False
    x, y = point
    for (x1, y1), (x2, y2) in zip(polygon, [*polygon[1:], *polygon[:1]], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _gap_angles(centre: Point, others: Sequence[Point], lots: int, park: Sequence[Point]) -> list[float]:
    """Directions for ``lots`` lots around ``centre``: the widest gaps between its streets get
    the lots, each gap's lots spread evenly inside it; gaps opening into the park come last."""
    if lots == 0:
        return []
    angles = sorted({math.atan2(p[1] - centre[1], p[0] - centre[0]) for p in others})
    if not angles:
        return [-math.pi / 2 + 2 * math.pi * i / lots for i in range(lots)]
    gaps = []
    for i, start in enumerate(angles):
        width = (angles[(i + 1) % len(angles)] - start) % (2 * math.pi) or 2 * math.pi
        middle = start + width / 2
        probe = (centre[0] + LOT_DISTANCE * math.cos(middle), centre[1] + LOT_DISTANCE * math.sin(middle))
        gaps.append((start, width, not is_inside(probe, park)))
    shares = [0] * len(gaps)
    for _ in range(lots):
        best = max(range(len(gaps)), key=lambda g: (gaps[g][2], gaps[g][1] / (shares[g] + 1), -g))
        shares[best] += 1
    directions: list[float] = []
    for (start, width, _outside), share in zip(gaps, shares, strict=True):
        directions.extend(start + width * (k + 1) / (share + 1) for k in range(share))
    return directions


def lot_positions(
    points: Sequence[Point], streets: Sequence[Street], lots_at: Sequence[Sequence[int]], park: Sequence[Point] = ()
) -> list[Point]:
    """The centre of every lot: beside its intersection, in the widest gaps between its streets,
    outside the park where there is room.

    Returns:
        positions indexed by lot id (``lots_at`` lists, per intersection, the ids of its lots).
    """
    around = _neighbours(len(points), streets)
    count = sum(len(ids) for ids in lots_at)
    positions: list[Point] = [(0.0, 0.0)] * count
    for node, ids in enumerate(lots_at):
        centre = points[node]
        directions = _gap_angles(centre, [points[n] for n in around[node]], len(ids), park)
        for lot, angle in zip(ids, directions, strict=True):
            positions[lot] = (
                centre[0] + LOT_DISTANCE * math.cos(angle),
                centre[1] + LOT_DISTANCE * math.sin(angle),
            )
    return positions


# -- the computed layout for maps without coordinates ---------------------------------------


def _graph_distances(around: Sequence[Sequence[int]]) -> list[list[int]]:
    """Street counts between all intersections (unconnected pairs: the intersection count)."""
    count = len(around)
    table = []
    for start in range(count):
        distance = [count] * count
        distance[start] = 0
        queue = deque([start])
        while queue:
            node = queue.popleft()
            for other in around[node]:
                if distance[other] == count and other != start:
                    distance[other] = distance[node] + 1
                    queue.append(other)
        table.append(distance)
    return table


def _classical_scaling(distances: Sequence[Sequence[int]]) -> list[Point]:
    """Classical multidimensional scaling: the two main axes of the double-centred squared
    street counts, found by power iteration; the start for :func:`_stress_majorization`."""
    count = len(distances)
    squares = [[d * d for d in row] for row in distances]
    means = [sum(row) / count for row in squares]
    overall = sum(means) / count
    centred = [[-0.5 * (squares[i][j] - means[i] - means[j] + overall) for j in range(count)] for i in range(count)]
    units: list[list[float]] = []
    scales: list[float] = []
    for axis in range(2):
        vector = [math.cos(1.7 * i + axis) for i in range(count)]
        eigenvalue = 0.0
        for _ in range(_POWER_ROUNDS):
            image = [sum(a * b for a, b in zip(row, vector, strict=True)) for row in centred]
            for unit in units:
                overlap = sum(a * b for a, b in zip(image, unit, strict=True))
                image = [a - overlap * b for a, b in zip(image, unit, strict=True)]
            eigenvalue = math.sqrt(sum(a * a for a in image))
            if eigenvalue == 0.0:
                break
            vector = [a / eigenvalue for a in image]
        units.append(vector)
        scales.append(math.sqrt(eigenvalue))
    return [(units[0][i] * scales[0], units[1][i] * scales[1]) for i in range(count)]


def _stress_majorization(around: Sequence[Sequence[int]]) -> list[Point]:
    """Positions whose distances approximate the street counts between intersections
    (stress majorization with weights 1/d², started from :func:`_classical_scaling`)."""
    distances = _graph_distances(around)
    points = _classical_scaling(distances)
    for _ in range(_STRESS_ROUNDS):
        moved = []
        for i, (xi, yi) in enumerate(points):
            sum_x = sum_y = total = 0.0
            for j, (xj, yj) in enumerate(points):
                if i == j:
                    continue
                target = distances[i][j]
                weight = 1.0 / (target * target)
                length = math.hypot(xi - xj, yi - yj) or 1e-9
                sum_x += weight * (xj + target * (xi - xj) / length)
                sum_y += weight * (yj + target * (yi - yj) / length)
                total += weight
            moved.append((sum_x / total, sum_y / total))
        points = moved
    return points


def _turned(points: Sequence[Point], west: int, east: int) -> list[Point]:
    """``points`` rotated about ``west`` so that ``east`` lies due east of it."""
    ox, oy = points[west]
    angle = -math.atan2(points[east][1] - oy, points[east][0] - ox)
    cos, sin = math.cos(angle), math.sin(angle)
    return [(ox + (x - ox) * cos - (y - oy) * sin, oy + (x - ox) * sin + (y - oy) * cos) for x, y in points]


def fallback_coordinates(count: int, streets: Sequence[Street], stations: Sequence[int]) -> list[Point]:
    """A computed layout for a map without drawing coordinates.

    Classical scaling and then stress majorization place intersections so that their distances
    follow the number of streets between them (one street is about one board unit), which draws city-like maps
    with few crossings; the drawing is turned so that the first two stations lie west and
    east (at the edges), and a greedy repair (:func:`_untangle`) then moves intersections away from crossings
    and from streets passing by them.
    """
    if count == 0:
        return []
    around = _neighbours(count, streets)
    points = _stress_majorization(around)
    fixed = set(stations[:2])
    if len(fixed) == 2:
        points = _at_the_edges(_turned(points, stations[0], stations[1]), stations[0], stations[1])
    return _untangle(points, around, streets, fixed)


def _at_the_edges(points: list[Point], west: int, east: int) -> list[Point]:
    """``points`` with ``west`` moved west of every other intersection and ``east`` east of
    them, where they are not already (keeping their ``y``)."""
    others = [x for node, (x, _y) in enumerate(points) if node not in (west, east)]
    if others:
        points[west] = (min(points[west][0], min(others) - _EDGE_MARGIN), points[west][1])
        points[east] = (max(points[east][0], max(others) + _EDGE_MARGIN), points[east][1])
    return points


def _badness(
    points: Sequence[Point], around: Sequence[Sequence[int]], streets: Sequence[Street], node: int, at: Point
) -> int:
    """How bad ``node`` placed at ``at`` is: its streets crossing others (weighing most),
    its streets passing by an intersection, other streets passing by it, intersections too
    close to it."""
    conflicts = 0
    for other, point in enumerate(points):
        if other != node and math.dist(point, at) < _CLEARANCE:
            conflicts += 1
    for a, b in streets:
        if node not in (a, b) and distance_to_segment(at, points[a], points[b]) < _CLEARANCE:
            conflicts += 1
    for neighbour in around[node]:
        end = points[neighbour]
        for a, b in streets:
            if a in (node, neighbour) or b in (node, neighbour):
                continue
            if segments_cross(at, end, points[a], points[b]):
                conflicts += _CROSSING_WEIGHT
        for other, point in enumerate(points):
            if other not in (node, neighbour) and distance_to_segment(point, at, end) < _CLEARANCE:
                conflicts += 1
    return conflicts


def _untangle(
    points: list[Point], around: Sequence[Sequence[int]], streets: Sequence[Street], fixed: set[int]
) -> list[Point]:
    """Greedy repair of a drawing: each movable intersection with conflicts (see :func:`_badness`)
    moves to the point nearby or on a grid over the drawing (strictly between its west and east
    edges) where it has the fewest, round after round until nothing improves."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    columns, rows = _UNTANGLE_GRID
    left, right = min(xs), max(xs)
    grid = [
        (left + (right - left) * (i + 0.5) / columns, min(ys) + (max(ys) - min(ys)) * (j + 0.5) / rows)
        for i in range(columns)
        for j in range(rows)
    ]
    for _ in range(_UNTANGLE_ROUNDS):
        moved = False
        for node in range(len(points)):
            if node in fixed:
                continue
            current = _badness(points, around, streets, node, points[node])
            if current == 0:
                continue
            best_score, best_point = current, points[node]
            x, y = points[node]
            nearby = [(x + dx, y + dy) for dx, dy in _NUDGES if left < x + dx < right]
            for candidate in [*nearby, *grid]:
                score = _badness(points, around, streets, node, candidate)
                if score < best_score:
                    best_score, best_point = score, candidate
            if best_point != points[node]:
                points[node] = best_point
                moved = True
        if not moved:
            break
    return points
