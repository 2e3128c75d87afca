"""What a seat sees of a Bus game: everything (Bus has no hidden information).

``BusState._view(seat)`` returns the dict built here; it is the ``"state"`` entry of
``State.view(seat)``.  Renderers (terminal, SVG, web) draw only from it.  Keys:

``edition``
    ``"complete"`` or ``"1999"``.
``board``
    (one dict shared by every view of the same board: read only; ``State.view`` copies it)
    the map in its file format (see ``board.py``) including drawing fields: ``name``, ``zones``,
    ``intersections`` (``[{"id", "lots": [{"id", "zone", ...drawing}], ...drawing}]``),
    ``streets`` (``[[a, b], ...]``, street id = index), ``train_stations``,
    ``start_intersections``; plus ``zone_labels`` (``["1", "2", "3", "4"]``, 1999: ``A-D``) and
    ``layout``, where clients draw it (:mod:`.layout`, board units, ``y`` pointing south):
    ``{"intersections": [[x, y] per intersection id], "lots": [[x, y] per lot id], "park":
    [[x, y] corners of Central Park], "bounds": [min_x, min_y, max_x, max_y]}``, the map's own
    coordinates or a computed layout for a map without them.  It never changes at a table: the
    game's ``static_keys``, sent once per connection.
``round``
    the round number, 0 during setup.
``phase``
    ``"setup_buildings"``, ``"setup_first_line"``, ``"setup_second_line"``, ``"selection"``,
    ``"line"``, ``"passengers"``, ``"buildings"``, ``"clock"``, ``"vrroomm"`` or ``"over"``.
``decision``
    ``None`` once over, else ``{"seat", "area", "slot", "power", "left"}``: whose decision, the
    action area being resolved (``"line"``... or ``"selection"``/``"setup_..."``), its slot letter
    (``None`` outside resolution), the marker's power and how many executions are left.
``start_player``
    the seat holding the start bus.
``clock``
    ``{"hand": "house"|"office"|"pub", "time_stones_left": int, "time_stones_taken": [per seat]}``.
``streets``
    per street id ``{"id", "a", "b", "players": [seats in the order their markers were placed]}``.
``lines``
    per seat ``{"seat", "intersections": [the line's intersections in order along the line],
    "streets": [street ids in the same order], "ends": [first end, last end] (empty list before
    the first street), "marked_ends": [end intersections that touch another part of the same line
    (the loop end marked with an action marker)], "markers_left": line markers still in supply}``.
``lots``
    per lot id ``{"id", "intersection", "zone", "building": "house"|"office"|"pub"|None,
    "passenger": bool}`` (a passenger inside the building).
``passengers``
    ``{"standing": [passengers standing at each intersection id], "supply": int}``.
``buses``
    buses per seat; ``max_buses`` is M, the largest of them.
``action_board``
    per area name (``line``, ``buses``, ``passengers``, ``buildings``, ``clock``, ``vrroomm``,
    ``start``) the list of its slots from A on (6 or 1 entries), each the seat whose marker lies
    there or ``None``.
``preview``
    what markers do (``preview.py``): ``slot_powers`` (per multi-slot area the power of each slot
    A-F, ``None`` where nobody could place now) and ``selection`` (``None`` outside action
    selection, else for the seat choosing: ``seat``, ``markers_left``, ``placed``, ``must_place``,
    ``m_may_rise`` and per area ``{"slot", "power"}`` plus ``"usable"`` and ``"reason"`` where the
    marker would be wasted, or ``None`` when full).
``markers_left``, ``markers_placed``, ``passed``
    per seat: action markers in supply, markers placed this round, whether the seat is out of
    this round's selection (passed or no markers).
``deliveries``, ``scores``
    per seat: passengers carried (the position on the score track) and the score so far
    (deliveries minus time stones).
``end``
    ``None`` or the reason the game ended: ``"time_stones"``, ``"lots_full"``, ``"markers_out"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import AREA_NAMES, BUILDING_NAMES
from .layout import Layout, board_layout
from .lines import marked_ends
from .preview import board_preview

if TYPE_CHECKING:
    from .board import Board
    from .state import BusState


_MAPS: dict[int, tuple[Board, tuple[str, ...], dict[str, Any]]] = {}
"""The ``"board"`` entry per board (by identity, the board kept alive) and zone labels."""
MAX_MAPS = 32
"""Boards remembered before the cache starts anew (custom boards come and go)."""


def board_view(board: Board, zone_labels: tuple[str, ...]) -> dict[str, Any]:
    """The ``"board"`` entry: built once per board and shared by every view of it.

    It never changes during a game, and building it is half the cost of a view.  The shared
    dict must not be changed: ``State.view`` copies it (unless told ``fresh=False``, whose
    caller only reads).
    """
    known = _MAPS.get(id(board))
    if known is not None and known[0] is board and known[1] == zone_labels:
        return known[2]
    board_json = board.to_json()
    board_json["zone_labels"] = list(zone_labels)
    board_json["layout"] = layout_view(board_layout(board))
    if len(_MAPS) >= MAX_MAPS:
        _MAPS.clear()
    _MAPS[id(board)] = (board, zone_labels, board_json)
    return board_json


LAYOUT_DIGITS = 3
"""Decimals of the layout's coordinates in a view (a thousandth of a street is far below a pixel)."""


def layout_view(layout: Layout) -> dict[str, Any]:
    """Where a client draws the map: the ``"layout"`` entry of the ``"board"`` (module docstring)."""

    def points(values: tuple[tuple[float, float], ...]) -> list[list[float]]:
        return [[round(x, LAYOUT_DIGITS), round(y, LAYOUT_DIGITS)] for x, y in values]

    return {
        "intersections": points(layout.intersections),
        "lots": points(layout.lots),
        "park": points(layout.park),
        "bounds": [round(value, LAYOUT_DIGITS) for value in layout.bounds()],
    }


def build_view(state: BusState, *, static: bool = True) -> dict[str, Any]:
    """The JSON-ready view described in the module docstring; with ``static=False`` without the
    game's static key and fields (``Bus.static_keys``, ``Bus.static_fields``: the board, each
    street's ends and each lot's place), as ``Game.without_static`` leaves it but built without
    them (what a table server sends with every version)."""
    board = state.board
    players = state.players
    lines = []
    for seat in range(players):
        nodes = state.line_nodes[seat]
        lines.append(
            {
                "seat": seat,
                "intersections": list(nodes),
                "streets": list(state.line_streets[seat]),
                "ends": [nodes[0], nodes[-1]] if nodes else [],
                "marked_ends": marked_ends(nodes),
                "markers_left": state.line_markers_left[seat],
            }
        )
    if static:
        view: dict[str, Any] = {
            "edition": state.rules.edition,
            "board": board_view(board, tuple(state.rules.zone_labels)),
        }
        streets = [
            {"id": street, "a": a, "b": b, "players": list(placed)}
            for street, ((a, b), placed) in enumerate(zip(board.streets, state.street_players, strict=True))
        ]
        lots = [
            {
                "id": lot,
                "intersection": board.lot_intersection[lot],
                "zone": board.lot_zone[lot],
                "building": BUILDING_NAMES[kind] if kind >= 0 else None,
                "passenger": state.occupied[lot],
            }
            for lot, kind in enumerate(state.building)
        ]
    else:
        view = {"edition": state.rules.edition}
        streets = [{"players": list(placed)} for placed in state.street_players]
        lots = [
            {"building": BUILDING_NAMES[kind] if kind >= 0 else None, "passenger": passenger}
            for kind, passenger in zip(state.building, state.occupied, strict=True)
        ]
    view.update(
        {
            "round": state.round,
            "phase": state.phase_name(),
            "decision": state.decision_info(),
            "start_player": state.start_player,
            "clock": {
                "hand": BUILDING_NAMES[state.clock],
                "time_stones_left": state.stones_left,
                "time_stones_taken": list(state.stones),
            },
            "streets": streets,
            "lines": lines,
            "lots": lots,
            "passengers": {"standing": list(state.standing), "supply": state.supply},
            "buses": list(state.buses),
            "max_buses": max(state.buses),
            "action_board": {
                name: [*state.slots[area], *([None] * (state.slot_count(area) - len(state.slots[area])))]
                for area, name in enumerate(AREA_NAMES)
            },
            "preview": board_preview(state),
            "markers_left": list(state.markers),
            "markers_placed": list(state.placed),
            "passed": list(state.passed),
            "deliveries": list(state.deliveries),
            "scores": [state.deliveries[seat] - state.stones[seat] for seat in range(players)],
            "end": state.end_reason,
        }
    )
    return view
