# cython: language_level=3, boundscheck=False, wraparound=False
"""Bus's observation in compiled code: the entries of ``codecs/bus.py``'s parts.

Bus hides nothing (apart from chance), so every seat's observation shows the same board; the
seats differ only in ``seat``.  The rules' bounds of every field are in ``codecs/bus.py``.
The state's lists are read borrowed (``reading.pxd``, ``borrowed.pxd``); its streets' players
are tuples (``()`` for a street without a marker).
"""

from ...games.bus.actions import AREA_SLOTS
from ...games.bus.state import OVER, SETUP_BUILDINGS

from ..codecs.bus import PHASE_INDEX

cimport cython
from cpython.object cimport PyObject, PyObject_GenericGetDict
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE

from . cimport base
from .borrowed cimport amount_of, amounts_of, one_of, row_at
from .reading cimport PyList_GET_ITEM, PyList_GET_SIZE, int_of, item_at, number_of, reach, size_of, skip
from .writing cimport Out, many, put

cdef Py_ssize_t _OVER = OVER
cdef Py_ssize_t _SETUP_BUILDINGS = SETUP_BUILDINGS
cdef object _EMPTY_LOT = -1
"""A lot without a building: the state's ``-1``, one object in CPython."""
cdef object _NO_MARKER = ()
"""A street without a line marker: the empty tuple, one object in CPython."""
cdef object _FREE = False
"""A building without a passenger."""
cdef enum:
    # The state's fields the encoder reads: the slots of their places in the instance dict (``Encoder.field``).
    _PHASE, _ROUND, _SLOT, _POWER, _LEFT, _START_PLAYER, _CLOCK, _STONES_LEFT, _SUPPLY, _STONES, _DELIVERIES
    _STREET_PLAYERS, _LINE_NODES, _LINE_MARKERS_LEFT, _BUILDING, _OCCUPIED, _STANDING, _BUSES, _SLOTS
    _MARKERS, _PLACED, _PASSED
    _FIELDS
if <Py_ssize_t>_FIELDS > base._PLACES:
    raise ImportError(f"compiled Bus encoder reads {_FIELDS} state fields, its base places {base._PLACES}")


@cython.final  # no subclass: its methods are called directly, not through the vtable
cdef class Encoder(base.Encoder):
    """``codecs.bus.BusCodec``'s observation."""

    cdef Py_ssize_t players
    cdef list phase_column, area_slots
    cdef Py_ssize_t phase, round, slot, power, left, start_player, clock, stones_left, stones_taken
    cdef Py_ssize_t streets, streets_w, line_nodes, line_ends, marked_ends, lines_w, line_markers_left
    cdef Py_ssize_t buildings, buildings_w, lot_passenger, standing, supply, buses
    cdef Py_ssize_t action_board, action_board_w, markers_left, markers_placed, passed, deliveries, scores

    def __init__(self, codec):
        super().__init__(codec)
        self.players = self.width("seat")
        # The state's phase number -> its place in ``PHASES`` (``PHASE_INDEX``), -1 for a number
        # that is no phase: a list read by position instead of a dict lookup.
        self.phase_column = [PHASE_INDEX.get(phase, -1) for phase in range(max(PHASE_INDEX) + 1)]
        self.area_slots = [int(count) for count in AREA_SLOTS]
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
        # The state's fields are read from its instance dict: one read each, without the
        # attribute protocol's search of the class first (a missing field is a KeyError).
        cdef dict s = PyObject_GenericGetDict(state, NULL)  # state.__dict__, without looking up "__dict__"
        self.fill_table(out, s)
        self.fill_counts(out, <list?><object>self.field(s, "stones", _STONES),
                         <list?><object>self.field(s, "deliveries", _DELIVERIES))
        self.fill_streets(out, <list?><object>self.field(s, "street_players", _STREET_PLAYERS))
        self.fill_lines(out, <list?><object>self.field(s, "line_nodes", _LINE_NODES),
                        <list?><object>self.field(s, "line_markers_left", _LINE_MARKERS_LEFT))
        self.fill_lots(out, <list?><object>self.field(s, "building", _BUILDING),
                       <list?><object>self.field(s, "occupied", _OCCUPIED))
        amounts_of(out, self.standing, <list?><object>self.field(s, "standing", _STANDING))  # ``_write_standing``
        amounts_of(out, self.buses, <list?><object>self.field(s, "buses", _BUSES))  # ``_write_buses``
        self.fill_action_board(out, <list?><object>self.field(s, "slots", _SLOTS))
        # ``_write_markers``:
        amounts_of(out, self.markers_left, <list?><object>self.field(s, "markers", _MARKERS))
        amounts_of(out, self.markers_placed, <list?><object>self.field(s, "placed", _PLACED))
        amounts_of(out, self.passed, <list?><object>self.field(s, "passed", _PASSED))
        return 0

    cdef int fill_table(self, Out* out, dict s) except -1:
        """Phase, round, the decision, start player, clock, supplies (``_write_table``)."""
        cdef Py_ssize_t phase = int_of(self.field(s, "phase", _PHASE))
        cdef Py_ssize_t column = int_of(item_at(self.phase_column, phase))  # an IndexError past the last phase
        cdef Py_ssize_t slot
        cdef bint resolving
        if column < 0:
            raise KeyError(phase)  # as ``PHASE_INDEX[phase]``
        put(out, self.phase + column, 1.0)
        amount_of(out, self.round, self.field(s, "round", _ROUND))
        if phase != _OVER:  # the decision, as ``BusState.decision_info`` tells it
            resolving = phase < _SETUP_BUILDINGS
            if resolving:
                slot = int_of(self.field(s, "slot", _SLOT))
                if slot >= 0:
                    put(out, self.slot + slot, 1.0)
                amount_of(out, self.power, self.field(s, "power", _POWER))
            amount_of(out, self.left, self.field(s, "left", _LEFT))
        one_of(out, self.start_player, self.field(s, "start_player", _START_PLAYER))
        one_of(out, self.clock, self.field(s, "clock", _CLOCK))
        amount_of(out, self.stones_left, self.field(s, "stones_left", _STONES_LEFT))
        amount_of(out, self.supply, self.field(s, "supply", _SUPPLY))
        return 0

    cdef int fill_counts(self, Out* out, list stones, list deliveries) except -1:
        """Time stones and deliveries per seat, and the score: deliveries minus time stones
        (``_write_stones_and_deliveries``)."""
        cdef Py_ssize_t s, n = size_of(stones)
        cdef double taken, delivered
        if size_of(deliveries) != n:
            raise ValueError("time stones and deliveries per seat differ in length")
        for s in range(n):
            taken = number_of(PyList_GET_ITEM(stones, s))
            delivered = number_of(PyList_GET_ITEM(deliveries, s))
            put(out, self.stones_taken + s, taken)
            put(out, self.deliveries + s, delivered)
            put(out, self.scores + s, delivered - taken)
        return 0

    cdef int fill_streets(self, Out* out, list street_players) except -1:
        """Per street the seats with a line marker on it (``_write_streets``): most streets have
        none, the empty tuple, skipped by identity."""
        cdef Py_ssize_t n = size_of(street_players)
        cdef Py_ssize_t street = skip(street_players, 0, <PyObject*>_NO_MARKER)
        while street < n:
            seats_on(out, self.streets + street * self.streets_w, PyList_GET_ITEM(street_players, street))
            street = skip(street_players, street + 1, <PyObject*>_NO_MARKER)
        return 0

    cdef int fill_lines(self, Out* out, list line_nodes, list markers_left) except -1:
        """Per seat its line's intersections, its ends and loop ends, its markers (``_write_lines``)."""
        cdef Py_ssize_t s, n = size_of(line_nodes)
        reach(markers_left, n)
        for s in range(n):
            self.fill_line(out, s * self.lines_w, row_at(line_nodes, s))
            amount_of(out, self.line_markers_left + s, PyList_GET_ITEM(markers_left, s))
        return 0

    cdef int fill_line(self, Out* out, Py_ssize_t row, list nodes) except -1:
        """One seat's line (``_write_line``): its intersections; its two ends; the ends that touch
        another part of the same line (``games.bus.lines.marked_ends``: the loop end marked until
        a later extension makes it unambiguous; Bus: Linienausbau, Schleife), found in the same
        pass over the intersections."""
        cdef Py_ssize_t n = size_of(nodes)
        cdef Py_ssize_t k, node, first, last
        cdef bint first_again = False, last_before = False
        if n == 0:
            return 0
        first = int_of(PyList_GET_ITEM(nodes, 0))
        last = int_of(PyList_GET_ITEM(nodes, n - 1))
        for k in range(n):
            node = int_of(PyList_GET_ITEM(nodes, k))
            put(out, self.line_nodes + row + node, 1.0)
            if node == first and k > 0:
                first_again = True
            if node == last and k < n - 1:
                last_before = True
        put(out, self.line_ends + row + first, 1.0)
        put(out, self.line_ends + row + last, 1.0)
        if first_again:
            put(out, self.marked_ends + row + first, 1.0)
        if last_before:
            put(out, self.marked_ends + row + last, 1.0)
        return 0

    cdef int fill_lots(self, Out* out, list building, list occupied) except -1:
        """Per lot one-hot its building (column 0: empty) and whether a passenger is inside
        (``_write_lots``): the empty lots' -1 and the free buildings' ``False`` compared by identity."""
        cdef Py_ssize_t lot, n = size_of(building)
        cdef Py_ssize_t row = self.buildings
        cdef PyObject* kind
        for lot in range(n):
            kind = PyList_GET_ITEM(building, lot)
            put(out, row + (0 if kind == <PyObject*>_EMPTY_LOT else int_of(kind) + 1), 1.0)
            row += self.buildings_w
        n = size_of(occupied)
        lot = skip(occupied, 0, <PyObject*>_FREE)
        while lot < n:
            if int_of(PyList_GET_ITEM(occupied, lot)):
                put(out, self.lot_passenger + lot, 1.0)
            lot = skip(occupied, lot + 1, <PyObject*>_FREE)
        return 0

    cdef int fill_action_board(self, Out* out, list slots) except -1:
        """Per slot (areas in board order, slots from A) one-hot the seat of its marker, column
        ``players`` for an empty slot (``_write_action_board``)."""
        cdef Py_ssize_t area, k, count, taken
        cdef Py_ssize_t width = self.action_board_w
        cdef Py_ssize_t row = self.action_board  # the start of the current slot's row
        cdef list occupants
        if size_of(slots) != PyList_GET_SIZE(self.area_slots):
            raise ValueError("the action board's areas differ from the codec's")
        for area in range(PyList_GET_SIZE(slots)):
            occupants = row_at(slots, area)
            count = int_of(PyList_GET_ITEM(self.area_slots, area))
            taken = min(size_of(occupants), count)
            for k in range(taken):
                put(out, row + int_of(PyList_GET_ITEM(occupants, k)), 1.0)
                row += width
            for k in range(taken, count):
                put(out, row + self.players, 1.0)
                row += width
        return 0


cdef inline int seats_on(Out* out, Py_ssize_t row, PyObject* players) except -1:
    """``Writer.many`` of one street's seats: a tuple (the state's), its items read borrowed;
    anything else through the generic ``many`` (``None`` a ``TypeError``)."""
    cdef Py_ssize_t k
    if type(<object>players) is not tuple:
        return many(out, row, <object>players)
    for k in range(PyTuple_GET_SIZE(<object>players)):
        put(out, row + int_of(PyTuple_GET_ITEM(<object>players, k)), 1.0)
    return 0
