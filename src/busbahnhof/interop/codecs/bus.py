"""Bus: the action universe and the observation of a seat's view (Bus hides nothing).

Actions, in this order (the board of the rule options fixes the sizes; the default board has 36
intersections, 70 streets, 47 lots and the train stations 10 and 25: 1,985 actions):
``take line|buses|passengers|buildings|clock|vrroomm|start`` (7), ``pass``, ``clock stop``,
``clock advance``, ``line A-B`` for every street in both directions (street order, A-B before
B-A), ``passenger S`` per train station, ``build LOT house|office|pub`` per lot, ``deliver I LOT``
per intersection I and lot.

Observation bounds, from the rules: every supply is fixed at the start (Bus: Aufbau: 20 action
markers and 25 line markers a player, 5 buses, 15 passengers, 5 time stones, 4 with three
players, 1999: one per player).  The round is at most 20: every seat with markers places at
least one each round (Bus: Aktionen wählen: two before it may pass, and its first turn of a
round always finds one of the 27 slots free), and the game ends after a round in which at most
one seat has markers left (Bus: Spielende), so the second-largest marker count falls each
round.  A marker's power, and so the executions left, is at most M + 1 (M, the most buses, is
at most 5, Bus: Schwindende Aktionskraft; + 1 for Linienausbau with five players).  A seat
carries at most 20 x 5 passengers: each delivery is one execution of one of its Vrroomm
markers, which runs at most its buses (Bus: Brumm); the score is deliveries minus time stones.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...games.bus.actions import AREA_NAMES, AREA_SLOTS, BUILDING_NAMES, SLOT_LETTERS
from ...games.bus.board import Board
from ...games.bus.lines import LINE_MARKERS, marked_ends
from ...games.bus.rules import ACTION_MARKERS, MAX_BUSES, PASSENGERS_TOTAL
from ...games.bus.state import PHASE_NAMES, BusState
from ..layout import Field, Writer
from .base import Codec, name_index

PHASES = (
    "setup_buildings",
    "setup_first_line",
    "setup_second_line",
    "selection",
    *AREA_NAMES,
    "over",
)
SLOTS = sum(AREA_SLOTS)
PHASE_INDEX = {phase: PHASES.index(name) for phase, name in PHASE_NAMES.items()}
"""The state's phase number -> its place in ``PHASES``."""


class BusCodec(Codec):
    """Bus's encoding over the board of the game's options."""

    @property
    def board(self) -> Board:
        board: Board = getattr(self.game, "board")  # noqa: B009 - the Bus game object carries its board
        return board

    def action_names(self) -> Iterable[str]:
        board = self.board
        yield from (f"take {area}" for area in AREA_NAMES)
        yield from ("pass", "clock stop", "clock advance")
        for a, b in board.streets:
            yield from (f"line {a}-{b}", f"line {b}-{a}")
        yield from (f"passenger {station}" for station in board.stations)
        for lot in range(len(board.lot_intersection)):
            yield from (f"build {lot} {kind}" for kind in BUILDING_NAMES)
        for intersection in range(len(board.incident)):
            yield from (f"deliver {intersection} {lot}" for lot in range(len(board.lot_intersection)))

    def fields(self) -> list[Field]:
        """The fields with the bounds the rules set (Bus: Aufbau gives every supply; the rest below)."""
        board = self.board
        p, inter, streets, lots = self.players, len(board.incident), len(board.streets), len(board.lot_intersection)
        stones = getattr(self.game, "rules").time_stones(p)  # noqa: B009 - the Bus game object carries its rules
        power = MAX_BUSES + 1
        deliveries = ACTION_MARKERS * MAX_BUSES
        return [
            Field("phase", (len(PHASES),), 1, f"one-hot: {', '.join(PHASES)}"),
            Field("round", (1,), ACTION_MARKERS, "the round, 0 during setup"),
            Field("slot", (len(SLOT_LETTERS),), 1, "one-hot: the slot (A-F) of the action being resolved"),
            Field("power", (1,), power, "the resolving marker's power"),
            Field("left", (1,), power, "executions left in the current decision"),
            Field("start_player", (p,), 1, "one-hot: the seat holding the start bus"),
            Field("clock", (len(BUILDING_NAMES),), 1, f"one-hot: the clock hand ({', '.join(BUILDING_NAMES)})"),
            Field("time_stones_left", (1,), stones, "time stones in the supply"),
            Field("time_stones_taken", (p,), stones, "time stones per seat"),
            Field("streets", (streets, p), 1, "per street (board order) the seats with a line marker on it"),
            Field("line_nodes", (p, inter), 1, "per seat the intersections its line passes"),
            Field("line_ends", (p, inter), 1, "per seat the two ends of its line"),
            Field("marked_ends", (p, inter), 1, "per seat its line ends marked as loop ends"),
            Field("line_markers_left", (p,), LINE_MARKERS, "line markers per seat in supply"),
            Field("buildings", (lots, len(BUILDING_NAMES) + 1), 1, "per lot one-hot: empty, house, office, pub"),
            Field("lot_passenger", (lots,), 1, "per lot whether a passenger is inside its building"),
            Field("standing", (inter,), PASSENGERS_TOTAL, "passengers standing at each intersection"),
            Field("passenger_supply", (1,), PASSENGERS_TOTAL, "passengers in the supply"),
            Field("buses", (p,), MAX_BUSES, "buses per seat"),
            Field(
                "action_board",
                (SLOTS, p + 1),
                1,
                "per slot (areas in board order, slots from A) one-hot: seat 0..P-1, or empty",
            ),
            Field("markers_left", (p,), ACTION_MARKERS, "action markers per seat in supply"),
            Field("markers_placed", (p,), ACTION_MARKERS, "action markers per seat placed this round"),
            Field("passed", (p,), 1, "per seat whether it is out of this round's selection"),
            Field("deliveries", (p,), deliveries, "passengers carried per seat"),
            Field(
                "scores", (p,), deliveries, "score per seat so far (deliveries minus time stones)", low=-float(stones)
            ),
        ]

    def fill(self, view: dict[str, Any], seat: int, out: Writer) -> None:
        p = self.players
        out.one("phase", name_index(PHASES, view["phase"]))
        out.set("round", view["round"])
        decision = view["decision"]
        if decision is not None:
            if decision["slot"] is not None:
                out.one("slot", SLOT_LETTERS.index(decision["slot"]))
            out.set("power", decision["power"] or 0)
            out.set("left", decision["left"] or 0)
        out.one("start_player", view["start_player"])
        clock = view["clock"]
        out.one("clock", BUILDING_NAMES.index(clock["hand"]))
        out.set("time_stones_left", clock["time_stones_left"])
        out.put("time_stones_taken", clock["time_stones_taken"])
        for street in view["streets"]:
            if street["players"]:
                out.many("streets", street["players"], street["id"])
        for line in view["lines"]:
            s = line["seat"]
            out.many("line_nodes", line["intersections"], s)
            out.many("line_ends", line["ends"], s)
            out.many("marked_ends", line["marked_ends"], s)
            out.set("line_markers_left", line["markers_left"], s)
        for lot in view["lots"]:
            kind = lot["building"]
            out.one("buildings", 0 if kind is None else BUILDING_NAMES.index(kind) + 1, lot["id"])
            if lot["passenger"]:
                out.one("lot_passenger", lot["id"])
        out.put("standing", view["passengers"]["standing"])
        out.set("passenger_supply", view["passengers"]["supply"])
        out.put("buses", view["buses"])
        row = 0
        for area in AREA_NAMES:
            for occupant in view["action_board"][area]:
                out.one("action_board", p if occupant is None else occupant, row)
                row += 1
        for name in ("markers_left", "markers_placed", "passed", "deliveries", "scores"):
            out.put(name, view[name])

    def write(self, state: BusState, seat: int, out: Writer) -> None:
        p = self.players
        out.one("phase", PHASE_INDEX[state.phase])
        out.set("round", state.round)
        decision = state.decision_info()
        if decision is not None:
            if decision["slot"] is not None:
                out.one("slot", SLOT_LETTERS.index(decision["slot"]))
            out.set("power", decision["power"] or 0)
            out.set("left", decision["left"] or 0)
        out.one("start_player", state.start_player)
        out.one("clock", state.clock)
        out.set("time_stones_left", state.stones_left)
        out.put("time_stones_taken", state.stones)
        out.many_rows("streets", state.street_players)
        lines = state.line_nodes
        out.many_rows("line_nodes", lines)
        out.many_rows("line_ends", [(nodes[0], nodes[-1]) if nodes else () for nodes in lines])
        out.many_rows("marked_ends", [marked_ends(nodes) for nodes in lines])
        out.put("line_markers_left", state.line_markers_left)
        out.rows("buildings", [kind + 1 for kind in state.building])  # -1 (empty) -> column 0
        out.many("lot_passenger", [lot for lot, inside in enumerate(state.occupied) if inside])
        out.put("standing", state.standing)
        out.set("passenger_supply", state.supply)
        out.put("buses", state.buses)
        board: list[int] = []  # per slot in board order: the seat of its marker, p for empty
        for area, occupants in enumerate(state.slots):
            board.extend(occupants)
            board.extend([p] * (state.slot_count(area) - len(occupants)))
        out.rows("action_board", board)
        out.put("markers_left", state.markers)
        out.put("markers_placed", state.placed)
        out.put("passed", state.passed)
        out.put("deliveries", state.deliveries)
        scores = [delivered - stones for delivered, stones in zip(state.deliveries, state.stones, strict=True)]
        out.put("scores", scores)
