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
from ...games.bus.phases import OVER, PHASE_NAMES, SETUP_BUILDINGS
from ...games.bus.rules import ACTION_MARKERS, MAX_BUSES, PASSENGERS_TOTAL
from ..layout import Field, Writer
from .base import Attributes, Codec, Part, name_index

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

    def observation_parts(self) -> list[Part]:
        return [
            Part(Attributes(*TABLE), _write_table),
            Part(Attributes("stones", "deliveries"), _write_stones_and_deliveries),
            Part(Attributes("street_players"), _write_streets),
            Part(Attributes("line_nodes", "line_markers_left"), _write_lines),
            Part(Attributes("building", "occupied"), _write_lots),
            Part(Attributes("standing"), _write_standing),
            Part(Attributes("buses"), _write_buses),
            Part(Attributes("slots"), _write_action_board),
            Part(Attributes("markers", "placed", "passed"), _write_markers),
        ]


TABLE = ("phase", "round", "slot", "power", "left", "start_player", "clock", "stones_left", "supply")
Table = tuple[int, int, int, int, int, int, int, int, int]
"""Phase, round, slot, power, executions left, start player, clock hand, time stones left,
passengers in the supply."""


def _write_table(table: Table, out: Writer) -> None:
    phase, round_number, slot, power, left, start_player, clock, stones_left, supply = table
    out.one("phase", PHASE_INDEX[phase])
    out.set("round", round_number)
    if phase != OVER:  # the decision, as ``BusState.decision_info`` tells it
        resolving = phase < SETUP_BUILDINGS
        if resolving and slot >= 0:
            out.one("slot", slot)
        out.set("power", power if resolving else 0)
        out.set("left", left)
    out.one("start_player", start_player)
    out.one("clock", clock)
    out.set("time_stones_left", stones_left)
    out.set("passenger_supply", supply)


def _write_stones_and_deliveries(counts: tuple[list[int], list[int]], out: Writer) -> None:
    stones, deliveries = counts
    out.put("time_stones_taken", stones)
    out.put("deliveries", deliveries)
    out.put("scores", [delivered - taken for delivered, taken in zip(deliveries, stones, strict=True)])


def _write_streets(street_players: list[tuple[int, ...]], out: Writer) -> None:
    out.many_rows("streets", street_players)


Lines = tuple[list[list[int]], list[int]]
"""Per seat the intersections its line passes, in order, and its line markers in supply."""


def _write_lines(lines: Lines, out: Writer) -> None:
    for seat in range(len(lines[0])):
        _write_line(lines, seat, out)


def _write_line(lines: Lines, seat: int, out: Writer) -> None:
    nodes = lines[0][seat]
    out.many("line_nodes", nodes, seat)
    if nodes:
        out.many("line_ends", (nodes[0], nodes[-1]), seat)
        out.many("marked_ends", marked_ends(nodes), seat)
    out.set("line_markers_left", lines[1][seat], seat)


def _write_lots(lots: tuple[list[int], list[bool]], out: Writer) -> None:
    building, occupied = lots
    out.rows("buildings", [kind + 1 for kind in building])  # -1 (empty) -> column 0
    out.many("lot_passenger", [lot for lot, inside in enumerate(occupied) if inside])


def _write_standing(standing: list[int], out: Writer) -> None:
    out.put("standing", standing)


def _write_buses(buses: list[int], out: Writer) -> None:
    out.put("buses", buses)


def _write_action_board(slots: list[list[int]], out: Writer) -> None:
    players = out.width("action_board") - 1
    board: list[int] = []  # per slot in board order: the seat of its marker, ``players`` for empty
    for count, occupants in zip(AREA_SLOTS, slots, strict=True):
        board.extend(occupants)
        board.extend([players] * (count - len(occupants)))
    out.rows("action_board", board)


def _write_markers(markers: tuple[list[int], list[int], list[bool]], out: Writer) -> None:
    left, placed, passed = markers
    out.put("markers_left", left)
    out.put("markers_placed", placed)
    out.put("passed", passed)
