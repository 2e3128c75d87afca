# cython: language_level=3, boundscheck=False, wraparound=False
"""Busfahrer's observation in compiled code: the entries of ``codecs/busfahrer.py``'s parts.

Busfahrer's view is the same for every seat (hands lie face up); what it hides is the deck
order, the pyramid cards not yet turned and the diamond's face-down cards, so only turned
pyramid cards and face-up diamond positions are read.  The state's fields are plain lists of
ints (cards 0..51, seats, counts) and ints; they are read borrowed (``reading.pxd``,
``borrowed.pxd``).
"""

from ...games.busfahrer.actions import MAX_SEATS
from ...games.busfahrer.phases import GIVING, OVER

cimport cython
from cpython.object cimport PyObject, PyObject_GenericGetDict

from . cimport base
from .borrowed cimport amount_of, amounts_of, is_zero, many_of, many_rows_of, one_of, row_at, rows_of
from .reading cimport PyList_GET_ITEM, int_of, item_at, number_of, reach, size_of
from .writing cimport Out, put

cdef Py_ssize_t _GIVING = GIVING
cdef Py_ssize_t _OVER = OVER
cdef enum:
    _BUCKETS = 3  # the penalty points' buckets: questions, pyramid, ride (a seat's total is their sum)
cdef enum:
    # The state's fields the encoder reads: the slots of their places in the instance dict (``Encoder.field``).
    _PHASE, _GAMES, _ROUND, _GAME_NO, _DEALER, _DECK, _MOVER, _GIVE_LEFT, _AMERICAN, _RIDE_ROW
    _PILE, _RIDE_STATS, _HANDS, _POINTS, _PYRAMID, _TURNED, _LAID, _DRIVERS, _CARDS_LEFT
    _TIE_DRAWS, _FACE_UP, _DIAMOND, _STREAK, _DISCARD
    _FIELDS
if <Py_ssize_t>_FIELDS > base._PLACES:
    raise ImportError(f"compiled Busfahrer encoder reads {_FIELDS} state fields, its base places {base._PLACES}")


@cython.final  # no subclass: its methods are called directly, not through the vtable
cdef class Encoder(base.Encoder):
    """``codecs.busfahrer.BusfahrerCodec``'s observation."""

    cdef Py_ssize_t players
    cdef Py_ssize_t phase, question, game, dealer, hands, hands_w, points, deck
    cdef Py_ssize_t pyramid, pyramid_w, pyramid_turned, laid, laid_w, giver, give_left
    cdef Py_ssize_t drivers, cards_left, tie_draws, ride_kind, diamond, diamond_w
    cdef Py_ssize_t ride_row, streak, streak_w, ride_discard, pile, ride_points

    def __init__(self, codec):
        super().__init__(codec)
        self.players = self.width("seat")
        if self.players > 8:  # the totals of ``fill_points`` (MAX_SEATS)
            raise ValueError(f"{self.players} seats: Busfahrer seats at most {MAX_SEATS}")
        self.phase = self.start("phase")
        self.question = self.start("question")
        self.game = self.start("game")
        self.dealer = self.start("dealer")
        self.hands = self.start("hands")
        self.hands_w = self.width("hands")
        self.points = self.start("points")
        self.deck = self.start("deck")
        self.pyramid = self.start("pyramid")
        self.pyramid_w = self.width("pyramid")
        self.pyramid_turned = self.start("pyramid_turned")
        self.laid = self.start("laid")
        self.laid_w = self.width("laid")
        self.giver = self.start("giver")
        self.give_left = self.start("give_left")
        self.drivers = self.start("drivers")
        self.cards_left = self.start("cards_left")
        self.tie_draws = self.start("tie_draws")
        self.ride_kind = self.start("ride_kind")
        self.diamond = self.start("diamond")
        self.diamond_w = self.width("diamond")
        self.ride_row = self.start("ride_row")
        self.streak = self.start("streak")
        self.streak_w = self.width("streak")
        self.ride_discard = self.start("ride_discard")
        self.pile = self.start("pile")
        self.ride_points = self.start("ride_points")

    cdef int fill(self, Out* out, object state, Py_ssize_t seat) except -1:
        # The state's fields are read from its instance dict: one read each, without the
        # attribute protocol's search of the class first (a missing field is a KeyError).
        cdef dict s = PyObject_GenericGetDict(state, NULL)  # state.__dict__, without looking up "__dict__"
        self.fill_table(out, s)
        many_rows_of(out, self.hands, self.hands_w, <list?><object>self.field(s, "hands", _HANDS))  # ``_write_hands``
        self.fill_points(out, <list?><object>self.field(s, "points", _POINTS))
        self.fill_pyramid(out, <list?><object>self.field(s, "pyramid", _PYRAMID), int_of(self.field(s, "turned", _TURNED)))
        many_rows_of(out, self.laid, self.laid_w, <list?><object>self.field(s, "laid", _LAID))  # ``_write_laid``
        self.fill_drivers(out, <list?><object>self.field(s, "drivers", _DRIVERS), <list?><object>self.field(s, "cards_left", _CARDS_LEFT),
                          <list?><object>self.field(s, "tie_draws", _TIE_DRAWS))
        self.fill_diamond(out, <list?><object>self.field(s, "face_up", _FACE_UP), <list?><object>self.field(s, "diamond", _DIAMOND))
        # ``_write_ride_cards``:
        cdef list streak = <list?><object>self.field(s, "streak", _STREAK)
        rows_of(out, self.streak, self.streak_w, streak, size_of(streak))
        many_of(out, self.ride_discard, <list?><object>self.field(s, "discard", _DISCARD))
        return 0

    cdef int fill_table(self, Out* out, dict s) except -1:
        """Phase, question, game, dealer, stacks, the giver and the ride's figures (``_write_table``)."""
        cdef Py_ssize_t phase = int_of(self.field(s, "phase", _PHASE))
        cdef Py_ssize_t games = int_of(self.field(s, "games", _GAMES))
        cdef Py_ssize_t count
        put(out, self.phase + phase, 1.0)
        put(out, self.question + min(int_of(self.field(s, "round", _ROUND)), 3), 1.0)
        put(out, self.game, <double>(int_of(self.field(s, "game_no", _GAME_NO)) + 1 if phase != _OVER else games))
        put(out, self.game + 1, <double>games)
        one_of(out, self.dealer, self.field(s, "dealer", _DEALER))
        count = size_of(<list?><object>self.field(s, "deck", _DECK))
        if count:
            put(out, self.deck, <double>count)
        if phase == _GIVING:
            one_of(out, self.giver, self.field(s, "mover", _MOVER))
            amount_of(out, self.give_left, self.field(s, "give_left", _GIVE_LEFT))
        put(out, self.ride_kind + (1 if <object>self.field(s, "american", _AMERICAN) else 0), 1.0)
        put(out, self.ride_row, <double>(int_of(self.field(s, "ride_row", _RIDE_ROW)) + 1))
        count = size_of(<list?><object>self.field(s, "pile", _PILE))
        if count:
            put(out, self.pile, <double>count)
        amount_of(out, self.ride_points, item_at(<list?><object>self.field(s, "ride_stats", _RIDE_STATS), 2))
        return 0

    cdef int fill_points(self, Out* out, list points) except -1:
        """Penalty points per seat: questions, pyramid, ride and their total (``_write_points``);
        the seats without points in a bucket (its 0s, by identity) are skipped."""
        cdef Py_ssize_t s, row
        cdef Py_ssize_t p = self.players
        cdef list bucket
        cdef PyObject* item
        cdef double value
        cdef double[8] totals  # Busfahrer seats at most 8 (``MAX_SEATS``)
        for s in range(p):
            totals[s] = 0
        for row in range(_BUCKETS):
            bucket = row_at(points, row)
            reach(bucket, p)
            for s in range(p):
                item = PyList_GET_ITEM(bucket, s)
                if not is_zero(item):
                    value = number_of(item)
                    put(out, self.points + row * p + s, value)
                    totals[s] += value
        for s in range(p):
            if totals[s] != 0:
                put(out, self.points + _BUCKETS * p + s, totals[s])
        return 0

    cdef int fill_pyramid(self, Out* out, list pyramid, Py_ssize_t turned) except -1:
        """The pyramid cards turned so far, never one still face down (``_read_pyramid``,
        ``_write_pyramid``): the first ``turned`` cards, as many as the pyramid has at most
        (the slice ``pyramid[:turned]``)."""
        if turned < 0:
            raise IndexError(f"{turned} pyramid cards turned")
        turned = min(turned, size_of(pyramid))
        rows_of(out, self.pyramid, self.pyramid_w, pyramid, turned)
        if turned:
            put(out, self.pyramid_turned, <double>turned)
        return 0

    cdef int fill_drivers(self, Out* out, list drivers, list cards_left, list tie_draws) except -1:
        """The seats riding the bus, the hand sizes of the tie-break and the cards drawn to
        break a tie, all in one row (``_write_drivers``)."""
        cdef Py_ssize_t k
        many_of(out, self.drivers, drivers)
        amounts_of(out, self.cards_left, cards_left)
        for k in range(size_of(tie_draws)):
            many_of(out, self.tie_draws, row_at(tie_draws, k))
        return 0

    cdef int fill_diamond(self, Out* out, list face_up, list diamond) except -1:
        """The diamond's face-up positions and their cards, never a face-down one
        (``_read_diamond``, ``_write_diamond``; a position outside the diamond is an ``IndexError``)."""
        cdef Py_ssize_t k, position
        for k in range(size_of(face_up)):
            position = int_of(PyList_GET_ITEM(face_up, k))
            one_of(out, self.diamond + position * self.diamond_w, item_at(diamond, position))
        return 0
