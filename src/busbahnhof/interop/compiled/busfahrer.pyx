# cython: language_level=3, boundscheck=False, wraparound=False
"""Busfahrer's observation in compiled code: the entries of ``codecs/busfahrer.py``'s parts.

Busfahrer's view is the same for every seat (hands lie face up); what it hides is the deck
order, the pyramid cards not yet turned and the diamond's face-down cards, so only turned
pyramid cards and face-up diamond positions are read.
"""

from ...games.busfahrer.actions import MAX_SEATS
from ...games.busfahrer.phases import GIVING, OVER

from . cimport base
from .writing cimport Out, many, many_rows, one, one_hot_rows, put, values

cdef Py_ssize_t _GIVING = GIVING
cdef Py_ssize_t _OVER = OVER


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
        # The state's fields are read from its instance dict: one lookup each, without the
        # attribute protocol's search of the class first (a missing field is a KeyError).
        cdef dict s = state.__dict__
        self.fill_table(out, s)
        many_rows(out, self.hands, self.hands_w, s["hands"])
        self.fill_points(out, s["points"])
        self.fill_pyramid(out, s)
        many_rows(out, self.laid, self.laid_w, s["laid"])
        many(out, self.drivers, s["drivers"])
        values(out, self.cards_left, s["cards_left"])
        for draws in s["tie_draws"]:
            many(out, self.tie_draws, draws)
        diamond = s["diamond"]
        for position in s["face_up"]:
            one(out, self.diamond + <Py_ssize_t>position * self.diamond_w, diamond[position])
        one_hot_rows(out, self.streak, self.streak_w, s["streak"])
        many(out, self.ride_discard, s["discard"])
        return 0

    cdef int fill_table(self, Out* out, dict s) except -1:
        """Phase, question, game, dealer, stacks, the giver and the ride's figures (``_write_table``)."""
        cdef Py_ssize_t phase = s["phase"]
        cdef Py_ssize_t games = s["games"]
        put(out, self.phase + phase, 1.0)
        put(out, self.question + min(<Py_ssize_t>s["round"], 3), 1.0)
        put(out, self.game, <double>(s["game_no"] + 1 if phase != _OVER else games))
        put(out, self.game + 1, <double>games)
        one(out, self.dealer, s["dealer"])
        put(out, self.deck, <double>len(s["deck"]))
        if phase == _GIVING:
            one(out, self.giver, s["mover"])
            put(out, self.give_left, <double>s["give_left"])
        put(out, self.ride_kind + (1 if s["american"] else 0), 1.0)
        put(out, self.ride_row, <double>(s["ride_row"] + 1))
        put(out, self.pile, <double>len(s["pile"]))
        put(out, self.ride_points, <double>s["ride_stats"][2])
        return 0

    cdef int fill_points(self, Out* out, list points) except -1:
        """Penalty points per seat: questions, pyramid, ride and their total (``_write_points``)."""
        cdef Py_ssize_t s, row
        cdef Py_ssize_t p = self.players
        cdef double value
        cdef double[8] totals  # Busfahrer seats at most 8 (``MAX_SEATS``)
        for s in range(p):
            totals[s] = 0
        for row in range(3):
            bucket = points[row]
            for s in range(p):
                value = bucket[s]
                put(out, self.points + row * p + s, value)
                totals[s] += value
        for s in range(p):
            put(out, self.points + 3 * p + s, totals[s])
        return 0

    cdef int fill_pyramid(self, Out* out, dict s) except -1:
        """The pyramid cards turned so far, never one still face down (``_read_pyramid``)."""
        turned = s["pyramid"][: s["turned"]]
        one_hot_rows(out, self.pyramid, self.pyramid_w, turned)
        put(out, self.pyramid_turned, <double>len(turned))
        return 0
