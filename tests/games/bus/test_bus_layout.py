"""The drawing layout of the Bus map: the real map's coordinates, lots, validation, computed layouts."""

from __future__ import annotations

import copy
import math
from typing import Any

import pytest

from busbahnhof.engine import InvalidDataError
from busbahnhof.games.bus.board import load_board, parse_board
from busbahnhof.games.bus.layout import (
    INTERSECTION_RADIUS,
    LOT_DISTANCE,
    LOT_SIZE,
    Layout,
    board_layout,
    crossing_streets,
    distance_to_segment,
    fallback_coordinates,
    is_inside,
    read_coordinates,
    streets_through_intersections,
)

STREET_CLEARANCE = 0.35
"""How far every street of the real map keeps from intersections it does not end at."""


def _real_map_json() -> dict[str, Any]:
    return load_board().to_json()


def _without_coordinates(data: dict[str, Any]) -> dict[str, Any]:
    bare = copy.deepcopy(data)
    for entry in bare["intersections"]:
        entry.pop("x", None)
        entry.pop("y", None)
    return bare


def _assert_streets_clean(layout: Layout, clearance: float) -> None:
    assert crossing_streets(layout.intersections, layout.streets) == []
    assert streets_through_intersections(layout.intersections, layout.streets, clearance) == []


def test_real_map_has_its_own_coordinates() -> None:
    layout = board_layout(load_board())
    assert not layout.computed
    assert len(layout.intersections) == 36 and len(layout.lots) == 47 and len(layout.streets) == 70


def test_real_map_streets_never_cross_nor_pass_through_intersections() -> None:
    _assert_streets_clean(board_layout(load_board()), STREET_CLEARANCE)


def test_stations_at_the_west_and_east_edges() -> None:
    board = load_board()
    points = board_layout(board).intersections
    west, east = board.stations
    xs = sorted(point[0] for point in points)
    assert points[west][0] == xs[0] < xs[1]
    assert points[east][0] == xs[-1] > xs[-2]


def test_start_intersections_around_a_central_park_in_the_middle() -> None:
    board = load_board()
    layout = board_layout(board)
    assert set(layout.park) == {layout.intersections[node] for node in board.start_intersections}
    min_x, min_y, max_x, max_y = layout.bounds()
    centre = ((min_x + max_x) / 2, (min_y + max_y) / 2)
    assert is_inside(centre, layout.park)
    for node in range(board.intersections):
        if node not in board.start_intersections:
            assert not is_inside(layout.intersections[node], layout.park), f"intersection {node} lies in the park"


def test_lots_beside_their_intersection_clear_of_streets_and_each_other() -> None:
    board = load_board()
    layout = board_layout(board)
    half = LOT_SIZE / 2
    for lot, (x, y) in enumerate(layout.lots):
        home = layout.intersections[board.lot_intersection[lot]]
        assert math.dist((x, y), home) == pytest.approx(LOT_DISTANCE)
        assert not is_inside((x, y), layout.park), f"lot {lot} lies in the park"
        for a, b in layout.streets:
            clearance = distance_to_segment((x, y), layout.intersections[a], layout.intersections[b])
            assert clearance > half * math.sqrt(2), f"lot {lot} touches street {a}-{b}"
        for node, point in enumerate(layout.intersections):
            if node != board.lot_intersection[lot]:
                assert math.dist((x, y), point) > half * math.sqrt(2) + INTERSECTION_RADIUS, (lot, node)
        for other in range(lot + 1, len(layout.lots)):
            ox, oy = layout.lots[other]
            assert abs(x - ox) >= LOT_SIZE or abs(y - oy) >= LOT_SIZE, f"lots {lot} and {other} overlap"


def test_crossing_detection_finds_a_crossing_and_a_street_through_an_intersection() -> None:
    points = [(0.0, 0.0), (2.0, 2.0), (0.0, 2.0), (2.0, 0.0), (1.0, 1.0)]
    assert crossing_streets(points, [(0, 1), (2, 3)]) == [(0, 1)]
    assert crossing_streets(points, [(0, 2), (1, 3)]) == []
    assert streets_through_intersections(points, [(0, 1)], 0.1) == [(0, 4)]


@pytest.mark.parametrize(
    ("index", "change", "field", "problem"),
    [
        (3, {"y": None}, "'y'", "missing"),
        (7, {"x": "left"}, "'x'", "finite number"),
        (0, {"x": True}, "'x'", "finite number"),
        (12, {"y": float("nan")}, "'y'", "finite number"),
        (5, {"x": 5.3, "y": 0.2}, "'x', 'y'", "intersections[1]"),
    ],
)
def test_bad_drawing_fields_name_file_entry_and_field(
    index: int, change: dict[str, Any], field: str, problem: str
) -> None:
    data = _real_map_json()
    entry = data["intersections"][index]
    for key, value in change.items():
        if value is None:
            del entry[key]
        else:
            entry[key] = value
    with pytest.raises(InvalidDataError) as error:
        board_layout(parse_board(data, "custom.json"))
    message = str(error.value)
    assert message.startswith(f"custom.json: intersections[{index}]")
    assert field in message and problem in message


def test_a_map_without_any_coordinates_is_not_an_error() -> None:
    assert read_coordinates([{"id": 0}, {"id": 1}], "map.json") is None


def test_real_topology_without_coordinates_gets_a_clean_computed_layout() -> None:
    board = parse_board(_without_coordinates(_real_map_json()), "bare.json")
    layout = board_layout(board)
    assert layout.computed
    _assert_streets_clean(layout, INTERSECTION_RADIUS)
    west, east = board.stations
    xs = [point[0] for point in layout.intersections]
    assert xs[west] == min(xs) and xs[east] == max(xs)
    assert len(set(layout.intersections)) == board.intersections


def _grid(width: int, height: int, diagonals: bool) -> list[tuple[int, int]]:
    streets = []
    for row in range(height):
        for column in range(width):
            node = row * width + column
            if column + 1 < width:
                streets.append((node, node + 1))
            if row + 1 < height:
                streets.append((node, node + width))
            if diagonals and column + 1 < width and row + 1 < height and (row + column) % 2 == 0:
                streets.append((node, node + width + 1))
    return streets


@pytest.mark.parametrize(("width", "height", "diagonals"), [(3, 3, False), (6, 6, True), (10, 10, False)])
def test_computed_layout_of_grid_like_custom_maps(width: int, height: int, diagonals: bool) -> None:
    streets = _grid(width, height, diagonals)
    west, east = (height // 2) * width, (height // 2) * width + width - 1
    points = fallback_coordinates(width * height, streets, [west, east])
    assert crossing_streets(points, streets) == []
    assert streets_through_intersections(points, streets, INTERSECTION_RADIUS) == []
    assert points[west][0] < min(p[0] for i, p in enumerate(points) if i != west)
    assert points[east][0] > max(p[0] for i, p in enumerate(points) if i != east)


def test_computed_layout_without_stations_or_cycles() -> None:
    path = [(0, 1), (1, 2), (2, 3)]
    points = fallback_coordinates(4, path, [])
    assert len(set(points)) == 4
    assert all(math.isfinite(coordinate) for point in points for coordinate in point)
