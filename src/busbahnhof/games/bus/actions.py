"""Bus actions, their notation and the constants of the action board.

Notation (one decision each):

* ``take line|buses|passengers|buildings|clock|vrroomm|start`` -- place an action marker;
  ``pass`` -- stop placing for this round (Bus: Aktionen wählen);
* ``line 14-15`` -- one street of line expansion, from the line end at 14 to 15 (Bus: Linienausbau);
* ``passenger 10`` -- a new passenger at train station 10 (Bus: Fahrgäste);
* ``build 12 pub`` -- a building of type house/office/pub on lot 12 (Bus: Gebäude);
* ``clock stop`` / ``clock advance`` (Bus: Uhr);
* ``deliver 14 27`` -- a bus carries a passenger from intersection 14 into the building on lot 27
  (Bus: Brumm).

Actions the rules generate are interned: the constructors below return one shared object per
value, so legality checks hit identity first and a replayed game holds the very same objects.
Parsing looks the tables up but never adds to them, so bad input cannot grow them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...engine import Action

if TYPE_CHECKING:
    from .board import Board

# The action areas in board order, which is also the resolution order (Bus: Aktionen ausführen).
LINE, BUSES, PASSENGERS, BUILDINGS, CLOCK, VRROOMM, START = range(7)
AREA_NAMES = ("line", "buses", "passengers", "buildings", "clock", "vrroomm", "start")
AREA_SLOTS = (6, 1, 6, 6, 1, 6, 1)
"""Slots per area: the multi-slot actions have A-F, Buses, Clock and Starting player one."""
RIGHT_TO_LEFT = frozenset({LINE, BUILDINGS})
"""Areas whose slot A lies on the right: the last chooser acts first (Bus: Aktionen ausführen)."""
SLOT_LETTERS = "ABCDEF"

HOUSE, OFFICE, PUB = range(3)
BUILDING_NAMES = ("house", "office", "pub")
"""Building types in clock order: Haus -> Büro -> Kneipe -> Haus (Bus: Uhr)."""


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Place an action marker on the lowest free slot of an area (Bus: Aktionen wählen)."""

    area: int

    def __str__(self) -> str:
        return f"take {AREA_NAMES[self.area]}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Stop placing markers for the rest of this selection phase (Bus: Aktionen wählen)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Line(Action):
    """One line marker on the street from the line end at ``start`` to ``to`` (Bus: Linienausbau)."""

    start: int
    to: int

    def __str__(self) -> str:
        return f"line {self.start}-{self.to}"


@dataclass(frozen=True, slots=True)
class Passenger(Action):
    """A new passenger from the supply to train station ``station`` (Bus: Fahrgäste)."""

    station: int

    def __str__(self) -> str:
        return f"passenger {self.station}"


@dataclass(frozen=True, slots=True)
class Build(Action):
    """A building of type ``kind`` on lot ``lot`` (Bus: Gebäude, Aufbau)."""

    lot: int
    kind: int

    def __str__(self) -> str:
        return f"build {self.lot} {BUILDING_NAMES[self.kind]}"


@dataclass(frozen=True, slots=True)
class Clock(Action):
    """Stop time with a time stone, or advance the clock hand (Bus: Uhr)."""

    stop: bool

    def __str__(self) -> str:
        return "clock stop" if self.stop else "clock advance"


@dataclass(frozen=True, slots=True)
class Deliver(Action):
    """A bus carries the passenger at ``source`` into the empty building on ``lot`` (Bus: Brumm)."""

    source: int
    lot: int

    def __str__(self) -> str:
        return f"deliver {self.source} {self.lot}"


PASS = Pass()
TAKES = tuple(Take(area) for area in range(len(AREA_NAMES)))
CLOCK_STOP = Clock(True)
CLOCK_ADVANCE = Clock(False)

_LINES: dict[tuple[int, int], Line] = {}
_PASSENGERS: dict[int, Passenger] = {}
_BUILDS: dict[tuple[int, int], Build] = {}
_DELIVERIES: dict[tuple[int, int], Deliver] = {}


def line(start: int, to: int) -> Line:
    """The interned :class:`Line` action."""
    key = (start, to)
    action = _LINES.get(key)
    if action is None:
        action = _LINES[key] = Line(start, to)
    return action


def passenger(station: int) -> Passenger:
    """The interned :class:`Passenger` action."""
    action = _PASSENGERS.get(station)
    if action is None:
        action = _PASSENGERS[station] = Passenger(station)
    return action


def build(lot: int, kind: int) -> Build:
    """The interned :class:`Build` action."""
    key = (lot, kind)
    action = _BUILDS.get(key)
    if action is None:
        action = _BUILDS[key] = Build(lot, kind)
    return action


@dataclass(frozen=True, slots=True)
class BoardActions:
    """The interned actions of one map by where they happen, built once per game, so that legal
    move generation looks its actions up instead of making them.

    Attributes:
        lines_from: intersection -> a subset of its streets as a bit mask (``1 << street``) ->
            the ``line`` actions from there along those streets, by street id.
        builds_on: lot -> its ``build`` actions, one per building type in type order.
        new_passengers: the ``passenger`` actions of the train stations, in the map's order.
    """

    lines_from: tuple[LinesAlong, ...]
    builds_on: tuple[tuple[Build, ...], ...]
    new_passengers: tuple[Passenger, ...]


class LinesAlong(dict[int, tuple[Line, ...]]):
    """The ``line`` actions from one intersection along a subset of its streets, by the subset as a
    bit mask (``1 << street``), in street order; each subset's tuple is made when first asked for
    (an intersection with many streets has very many subsets, a game meets few of them)."""

    def __init__(self, exits: tuple[tuple[int, Line], ...]) -> None:
        super().__init__()
        self.exits = exits
        """The intersection's streets, ascending, each with the action along it."""

    def __missing__(self, mask: int) -> tuple[Line, ...]:
        moves = self[mask] = tuple(move for street, move in self.exits if mask >> street & 1)
        return moves


def _lines_along(board: Board, node: int) -> LinesAlong:
    """The :class:`LinesAlong` of ``node``."""
    ends = ((street, board.streets[street]) for street in board.incident[node])
    return LinesAlong(tuple((street, line(node, b if a == node else a)) for street, (a, b) in ends))


def board_actions(board: Board) -> BoardActions:
    """The :class:`BoardActions` of ``board``."""
    return BoardActions(
        lines_from=tuple(_lines_along(board, node) for node in range(board.intersections)),
        builds_on=tuple(tuple(build(lot, kind) for kind in range(len(BUILDING_NAMES))) for lot in range(board.lots)),
        new_passengers=tuple(passenger(station) for station in board.stations),
    )


def deliver(source: int, lot: int) -> Deliver:
    """The interned :class:`Deliver` action."""
    key = (source, lot)
    action = _DELIVERIES.get(key)
    if action is None:
        action = _DELIVERIES[key] = Deliver(source, lot)
    return action


NOTATION = (
    "take <line|buses|passengers|buildings|clock|vrroomm|start>, pass, line A-B, passenger S, "
    "build LOT <house|office|pub>, clock <stop|advance>, deliver FROM LOT"
)


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() and len(text) <= 6 else None


def parse(text: str) -> Action | None:
    """The action written as ``text``, or ``None`` if it is not Bus notation."""
    words = text.strip().lower().split()
    if not words:
        return None
    head, args = words[0], words[1:]
    if head == "pass" and not args:
        return PASS
    if head == "take" and len(args) == 1 and args[0] in AREA_NAMES:
        return TAKES[AREA_NAMES.index(args[0])]
    if head == "clock" and len(args) == 1 and args[0] in ("stop", "advance"):
        return CLOCK_STOP if args[0] == "stop" else CLOCK_ADVANCE
    if head == "line" and len(args) == 1:
        start, _, to = args[0].partition("-")
        a, b = _number(start), _number(to)
        if a is not None and b is not None:
            return _LINES.get((a, b)) or Line(a, b)
    if head == "passenger" and len(args) == 1:
        station = _number(args[0])
        if station is not None:
            return _PASSENGERS.get(station) or Passenger(station)
    if head == "build" and len(args) == 2 and args[1] in BUILDING_NAMES:
        lot, kind = _number(args[0]), BUILDING_NAMES.index(args[1])
        if lot is not None:
            return _BUILDS.get((lot, kind)) or Build(lot, kind)
    if head == "deliver" and len(args) == 2:
        source, lot = _number(args[0]), _number(args[1])
        if source is not None and lot is not None:
            return _DELIVERIES.get((source, lot)) or Deliver(source, lot)
    return None
