# cython: language_level=3, boundscheck=False, wraparound=False
"""Bus's observation in compiled code: the entries of ``codecs/bus.py``'s parts.

Bus hides nothing (apart from chance), so every seat's observation shows the same board; the
seats differ only in ``seat``.  The rules' bounds of every field are in ``codecs/bus.py``.
"""

from ...games.bus.actions import AREA_SLOTS
from ...games.bus.state import OVER, SETUP_BUILDINGS

from ..codecs.bus import PHASE_INDEX

from . cimport base
from .writing cimport Out, many, many_rows, number, one, put, values

cdef Py_ssize_t _OVER = OVER
cdef Py_ssize_t _SETUP_BUILDINGS = SETUP_BUILDINGS


cdef class Encoder(base.Encoder):
    """``codecs.bus.BusCodec``'s observation."""

    cdef Py_ssize_t players
    cdef dict phase_index
    cdef tuple area_slots
    cdef Py_ssize_t phase, round, slot, power, left, start_player, clock, stones_left, stones_taken
    cdef Py_ssize_t streets, streets_w, line_nodes, line_ends, marked_ends, lines_w, line_markers_left
    cdef Py_ssize_t buildings, buildings_w, lot_passenger, standing, supply, buses
    cdef Py_ssize_t action_board, action_board_w, markers_left, markers_placed, passed, deliveries, scores

    def __init__(self, codec):
        super().__init__(codec)
        self.players = self.width("seat")
        self.phase_index = dict(PHASE_INDEX)
        self.area_slots = tuple(AREA_SLOTS)
        self.phase = self.start("phase")
        self.round = self.start("round")
        self.slot = self.start("slot")
        self.power = self.start("power")
        self.left = self.start("left")
        self.start_player = self.start("start_player")
        self.clock = self.start("clock")
        self.stones_left = self.start("time_stones_left")
        self.stones_taken = self.start("time_stones_taken")
        self.streets = self.start("streets")
        self.streets_w = self.width("streets")
        self.line_nodes = self.start("line_nodes")
        self.line_ends = self.start("line_ends")
        self.marked_ends = self.start("marked_ends")
        self.lines_w = self.width("line_nodes")
        self.line_markers_left = self.start("line_markers_left")
        self.buildings = self.start("buildings")
        self.buildings_w = self.width("buildings")
        self.lot_passenger = self.start("lot_passenger")
        self.standing = self.start("standing")
        self.supply = self.start("passenger_supply")
        self.buses = self.start("buses")
        self.action_board = self.start("action_board")
        self.action_board_w = self.width("action_board")
        self.markers_left = self.start("markers_left")
        self.markers_placed = self.start("markers_placed")
        self.passed = self.start("passed")
        self.deliveries = self.start("deliveries")
        self.scores = self.start("scores")

    cdef int fill(self, Out* out, object state, Py_ssize_t seat) except -1:
        # The state's fields are read from its instance dict: one lookup each, without the
        # attribute protocol's search of the class first (a missing field is a KeyError).
        cdef dict s = state.__dict__
        self.fill_table(out, s)
        self.fill_counts(out, s["stones"], s["deliveries"])
        many_rows(out, self.streets, self.streets_w, s["street_players"])
        self.fill_lines(out, s["line_nodes"], s["line_markers_left"])
        self.fill_lots(out, s["building"], s["occupied"])
        values(out, self.standing, s["standing"])
        values(out, self.buses, s["buses"])
        self.fill_action_board(out, s["slots"])
        values(out, self.markers_left, s["markers"])
        values(out, self.markers_placed, s["placed"])
        values(out, self.passed, s["passed"])
        return 0

    cdef int fill_table(self, Out* out, dict s) except -1:
        """Phase, round, the decision, start player, clock, supplies (``_write_table``)."""
        cdef Py_ssize_t phase = s["phase"]
        cdef Py_ssize_t slot
        cdef bint resolving
        put(out, self.phase + <Py_ssize_t>self.phase_index[phase], 1.0)
        put(out, self.round, number(s["round"]))
        if phase != _OVER:  # the decision, as ``BusState.decision_info`` tells it
            resolving = phase < _SETUP_BUILDINGS
            slot = s["slot"]
            if resolving and slot >= 0:
                put(out, self.slot + slot, 1.0)
            put(out, self.power, number(s["power"]) if resolving else 0.0)
            put(out, self.left, number(s["left"]))
        one(out, self.start_player, s["start_player"])
        one(out, self.clock, s["clock"])
        put(out, self.stones_left, number(s["stones_left"]))
        put(out, self.supply, number(s["supply"]))
        return 0

    cdef int fill_counts(self, Out* out, list stones, list deliveries) except -1:
        """Time stones and deliveries per seat, and the score: deliveries minus time stones
        (``_write_stones_and_deliveries``)."""
        cdef Py_ssize_t s
        cdef double taken, delivered
        if len(stones) != len(deliveries):
            raise ValueError("time stones and deliveries per seat differ in length")
        for s in range(len(stones)):
            taken = number(stones[s])
            delivered = number(deliveries[s])
            put(out, self.stones_taken + s, taken)
            put(out, self.deliveries + s, delivered)
            put(out, self.scores + s, delivered - taken)
        return 0

    cdef int fill_lines(self, Out* out, list line_nodes, list markers_left) except -1:
        """Per seat its line's intersections, its ends and loop ends, its markers (``_write_line``)."""
        cdef Py_ssize_t s, row
        for s in range(len(line_nodes)):
            nodes = line_nodes[s]
            row = s * self.lines_w
            many(out, self.line_nodes + row, nodes)
            if nodes:
                one(out, self.line_ends + row, nodes[0])
                one(out, self.line_ends + row, nodes[len(nodes) - 1])
                self.fill_loop_ends(out, self.marked_ends + row, nodes)
            put(out, self.line_markers_left + s, number(markers_left[s]))
        return 0

    cdef int fill_loop_ends(self, Out* out, Py_ssize_t row, list nodes) except -1:
        """The ends that touch another part of the same line (``games.bus.lines.marked_ends``: the
        loop end marked until a later extension makes it unambiguous; Bus: Linienausbau, Schleife)."""
        cdef Py_ssize_t n = len(nodes)
        cdef Py_ssize_t k
        cdef Py_ssize_t first = nodes[0]
        cdef Py_ssize_t last = nodes[n - 1]
        for k in range(1, n):
            if <Py_ssize_t>nodes[k] == first:
                put(out, row + first, 1.0)
                break
        for k in range(n - 1):
            if <Py_ssize_t>nodes[k] == last:
                put(out, row + last, 1.0)
                break
        return 0

    cdef int fill_lots(self, Out* out, list building, list occupied) except -1:
        """Per lot one-hot its building (column 0: empty) and whether a passenger is inside (``_write_lots``)."""
        cdef Py_ssize_t lot
        for lot in range(len(building)):
            put(out, self.buildings + lot * self.buildings_w + <Py_ssize_t>building[lot] + 1, 1.0)
        for lot in range(len(occupied)):
            if occupied[lot]:
                put(out, self.lot_passenger + lot, 1.0)
        return 0

    cdef int fill_action_board(self, Out* out, list slots) except -1:
        """Per slot (areas in board order, slots from A) one-hot the seat of its marker, column
        ``players`` for an empty slot (``_write_action_board``)."""
        cdef Py_ssize_t row = 0
        cdef Py_ssize_t area, k, count
        cdef Py_ssize_t width = self.action_board_w
        if len(slots) != len(self.area_slots):
            raise ValueError("the action board's areas differ from the codec's")
        for area in range(len(slots)):
            occupants = slots[area]
            count = self.area_slots[area]
            for k in range(count):
                column = occupants[k] if k < len(occupants) else self.players
                put(out, self.action_board + row * width + <Py_ssize_t>column, 1.0)
                row += 1
        return 0
