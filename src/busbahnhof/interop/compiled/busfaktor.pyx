# cython: language_level=3, boundscheck=False, wraparound=False
"""Busfaktor: 1's observation in compiled code: the entries of ``codecs/busfaktor.py``'s parts.

What ``views.build_view`` shows the seat, and only that: its own hand (of the others only the
sizes and the cards everybody saw enter them), the cards its own E1 put under a stack, the
cards an E1 looks at only to the active person; the rest is public.
"""

from ...games.busfaktor.flow import ready_projects
from ...games.busfaktor.phases import ANSWER_OFFER, ANSWER_SHARE, COMPLETE_ORDER
from ...games.busfaktor.schema import FACTOR_TYPES

from . cimport base
from .reading cimport PyList_GET_ITEM, PyLong_AsSsize_t, holds, int_at, is_at, size_of
from .writing cimport Out, many, many_rows, number, one, put, values

cdef Py_ssize_t _ANSWER_OFFER = ANSWER_OFFER
cdef Py_ssize_t _ANSWER_SHARE = ANSWER_SHARE
cdef Py_ssize_t _COMPLETE_ORDER = COMPLETE_ORDER
cdef Py_ssize_t _TYPES = len(FACTOR_TYPES)
cdef Py_ssize_t _E4 = 4
"""The template of an E4 event (factors moved, §13 E4)."""
cdef object _NOWHERE = -1
"""A card at no project, a project without an Mehraufwand: the state's ``-1``, one object in CPython."""
cdef object _OFF_TABLE = 0
"""The status of a project not on the table."""


cdef class Encoder(base.Encoder):
    """``codecs.busfaktor.BusfaktorCodec``'s observation over the codec's deck."""

    cdef Py_ssize_t projects, players
    cdef list points, template
    cdef Py_ssize_t phase, round, active, start_player, hand, hand_sizes, hand_projects
    cdef Py_ssize_t known, known_w, stacks, reshuffles, spent, discard, discard_top, placed_under, placed_under_w
    cdef Py_ssize_t project_status, project_owner, project_open, partner, shared_once, round_completed
    cdef Py_ssize_t card_project, card_role, card_type, card_controller
    cdef Py_ssize_t completed, scores, turn
    cdef Py_ssize_t pending_event, pending_target, affected, still_asked, looked, looked_count, moves_left, moved
    cdef Py_ssize_t offer, share_card, share_project, share_type, completing, completing_projects

    def __init__(self, codec):
        super().__init__(codec)
        deck = codec.deck
        self.projects = deck.n_projects
        self.players = codec.players
        self.points = list(deck.points)
        self.template = list(deck.template)
        self.phase = self.start("phase")
        self.round = self.start("round")
        self.active = self.start("active")
        self.start_player = self.start("start_player")
        self.hand = self.start("hand")
        self.hand_sizes = self.start("hand_sizes")
        self.hand_projects = self.start("hand_projects")
        self.stacks = self.start("stacks")
        self.reshuffles = self.start("reshuffles")
        self.spent = self.start("spent")
        self.discard = self.start("discard")
        self.discard_top = self.start("discard_top")
        self.shared_once = self.start("shared_once")
        self.round_completed = self.start("round_completed")
        self.scores = self.start("scores")
        self.turn = self.start("turn")
        self.pending_event = self.start("pending_event")
        self.pending_target = self.start("pending_target")
        self.affected = self.start("affected")
        self.still_asked = self.start("still_asked")
        self.looked = self.start("looked")
        self.looked_count = self.start("looked_count")
        self.moves_left = self.start("moves_left")
        self.moved = self.start("moved")
        self.share_card = self.start("share_card")
        self.share_project = self.start("share_project")
        self.share_type = self.start("share_type")
        self.completing = self.start("completing")
        self.completing_projects = self.start("completing_projects")
        self.known = self.start("known_hand_cards")
        self.known_w = self.width("known_hand_cards")
        self.placed_under = self.start("placed_under")
        self.placed_under_w = self.width("placed_under")
        # Fields with one row per project or card: their starts; the row widths are read in ``fill``.
        self.project_status = self.start("project_status")
        self.project_owner = self.start("project_owner")
        self.project_open = self.start("project_open")
        self.partner = self.start("partner")
        self.card_project = self.start("card_project")
        self.card_role = self.start("card_role")
        self.card_type = self.start("card_type")
        self.card_controller = self.start("card_controller")
        self.completed = self.start("completed")
        self.offer = self.start("offer")

    cdef int fill(self, Out* out, object state, Py_ssize_t seat) except -1:
        # The state's fields are read from its instance dict: one lookup each, without the
        # attribute protocol's search of the class first (a missing field is a KeyError).
        cdef dict s = state.__dict__
        self.fill_table(out, s)
        many(out, self.hand, s["hands"][seat])  # the seat's own hand, never another's
        self.fill_hand_counts(out, s["hands"])
        many_rows(out, self.known, self.known_w, s["known"])
        self.fill_open_cards(out, s["spent"], s["discard"])
        self.fill_placed_under(out, s, seat)
        self.fill_projects(out, s)
        self.fill_cards_at_projects(out, s)
        self.fill_completed(out, s["dones"], s["actives"])
        self.fill_pending(out, s, seat)
        self.fill_answer(out, state, s)
        return 0

    cdef int fill_table(self, Out* out, dict s) except -1:
        """Phase, round, active person, start player, stacks, reshuffles, the turn (``_write_table``)."""
        one(out, self.phase, s["phase"])
        put(out, self.round, number(s["round"]))
        one(out, self.active, s["active"])
        one(out, self.start_player, s["start"])
        put(out, self.stacks, <double>len(s["pstack"]))
        put(out, self.stacks + 1, <double>len(s["astack"]))
        put(out, self.stacks + 2, <double>len(s["spent"]))
        put(out, self.reshuffles, number(s["reshuffles"]))
        values(out, self.turn, (s["draws_left"], s["started"], s["event_used"], s["must_start"]))
        return 0

    cdef int fill_hand_counts(self, Out* out, list hands) except -1:
        """Hand cards per seat and the project cards among them (``_write_hand_counts``)."""
        cdef Py_ssize_t s, projects
        for s in range(len(hands)):
            hand = hands[s]
            put(out, self.hand_sizes + s, <double>len(hand))
            projects = 0
            for card in hand:
                if <Py_ssize_t>card < self.projects:
                    projects += 1
            put(out, self.hand_projects + s, <double>projects)
        return 0

    cdef int fill_open_cards(self, Out* out, list spent, list discard) except -1:
        """The Verbrauchsstapel, the open discard and its top card (``_write_open_cards``)."""
        many(out, self.spent, spent)
        many(out, self.discard, discard)
        if discard:
            one(out, self.discard_top, discard[len(discard) - 1])
        return 0

    cdef int fill_placed_under(self, Out* out, dict s, Py_ssize_t seat) except -1:
        """The cards the seat's own E1 put under the project / action stack: their place from the
        bottom + 1 (``_read_placed_under``; ruling R14)."""
        cdef list under_by = s["under_by"]
        cdef Py_ssize_t row, index
        if not holds(under_by, seat):  # seats are small ints, one object each: scanned by identity
            return 0  # the seat's E1 put no card under a stack
        for row, stack in enumerate((s["pstack"], s["astack"])):
            index = 0
            for card in stack:
                if <Py_ssize_t>under_by[card] == seat:
                    put(out, self.placed_under + row * self.placed_under_w + <Py_ssize_t>card, <double>(index + 1))
                index += 1
        return 0

    cdef int fill_projects(self, Out* out, dict s) except -1:
        """Each project on the table: status, owner, open requirements, partner, shared once,
        round completed (``_write_project``)."""
        cdef list status = s["status"], owner = s["owner"], open_needs = s["open"]
        cdef list partner = s["partner"], share_used = s["share_used"], done_round = s["done_round"]
        cdef Py_ssize_t p, state, t
        cdef Py_ssize_t players = self.players
        cdef Py_ssize_t q = self.projects
        for p in range(size_of(status)):
            if is_at(status, p, _OFF_TABLE):
                continue
            state = int_at(status, p)
            put(out, self.project_status + p * 3 + (1 if state == 1 else 2), 1.0)
            one(out, self.project_owner + p * players, owner[p])
            if state == 1:
                for t in range(_TYPES):
                    put(out, self.project_open + p * _TYPES + t, number(open_needs[p * _TYPES + t]))
            if <Py_ssize_t>partner[p] >= 0:
                one(out, self.partner + p * q, partner[p])
            if share_used[p]:
                put(out, self.shared_once + p, 1.0)
            if done_round[p]:
                put(out, self.round_completed + p, number(done_round[p]))
        return 0

    cdef int fill_cards_at_projects(self, Out* out, dict s) except -1:
        """The cards lying at projects on the table (``_write_cards_at_projects`` and
        ``_write_card_at_project``): an attached factor or joker at its project, a Mehraufwand
        (§13 E6), a shared factor between two projects (§11); each with the project, its role,
        the type it fills and its controller (none for a Mehraufwand)."""
        cdef list status = s["status"], att = s["att"], ctype = s["ctype"], ctrl = s["ctrl"]
        cdef list extra = s["extra"], shared = s["shared"]
        cdef Py_ssize_t card, p
        for card in range(self.projects, size_of(att)):
            if is_at(att, card, _NOWHERE):  # most cards: compared, not converted
                continue
            p = PyLong_AsSsize_t(PyList_GET_ITEM(att, card))
            if p >= 0 and int_at(status, p) and int_at(extra, p) != card:
                self.place(out, card, p, 0, ctype[card], ctrl[card])
        for p in range(size_of(status)):
            if is_at(status, p, _OFF_TABLE):
                continue
            card = int_at(extra, p)
            if card >= 0:
                self.place(out, card, p, 1, ctype[card], None)
            card = int_at(shared, p)
            if card >= 0:
                self.place(out, card, p, 2, ctype[card], ctrl[card])
        return 0

    cdef int place(
        self, Out* out, Py_ssize_t card, Py_ssize_t project, Py_ssize_t role, object ctype, object controller
    ) except -1:
        """One place of a card at a project: its row of the four card fields."""
        put(out, self.card_project + card * self.projects + project, 1.0)
        put(out, self.card_role + card * 3 + role, 1.0)
        one(out, self.card_type + card * _TYPES, ctype)
        one(out, self.card_controller + card * self.players, controller)
        return 0

    cdef int fill_completed(self, Out* out, list dones, list actives) except -1:
        """Per seat its completed projects and its points (§16: completed projects' values minus
        one per active, unfinished project; ``_write_seat_completed``)."""
        cdef Py_ssize_t seat
        cdef double points
        for seat in range(len(dones)):
            done = dones[seat]
            many(out, self.completed + seat * self.projects, done)
            points = 0
            for project in done:
                points += number(self.points[project])
            put(out, self.scores + seat, points - len(actives[seat]))
        return 0

    cdef int fill_pending(self, Out* out, dict s, Py_ssize_t seat) except -1:
        """The event being resolved (``_read_pending``, ``_write_pending``): the cards an E1 looks
        at only for the active person; E4's moves only while an E4 is pending."""
        cdef Py_ssize_t event = s["pending"]
        cdef bint e4
        if event < 0:
            return 0
        e4 = self.template[event] == _E4
        one(out, self.pending_event, event)
        target = s["target"]
        if target >= 0:
            one(out, self.pending_target, target)
        many(out, self.affected, s["affected"])
        many(out, self.still_asked, s["queue"])
        looked = s["looked"]
        if seat == <Py_ssize_t>s["active"]:
            many(out, self.looked, looked)
        put(out, self.looked_count, <double>len(looked))
        if e4:
            moves_left = s["moves_left"]
            put(out, self.moves_left, number(moves_left) if moves_left else 0.0)
            many(out, self.moved, s["moved"])
        else:
            put(out, self.moves_left, 0.0)
        return 0

    cdef int fill_answer(self, Out* out, object state, dict s) except -1:
        """The decision answered now (``_read_answer``, ``_write_answer``): an offer's two
        projects (§8.4); a shared factor's card, project and type (§11); the seat choosing the
        order of simultaneous completions and its ready projects (§17)."""
        cdef Py_ssize_t phase = s["phase"]
        if phase == _ANSWER_OFFER:
            one(out, self.offer, s["offer_mine"])
            one(out, self.offer + self.projects, s["offer_theirs"])
        elif phase == _ANSWER_SHARE:
            one(out, self.share_card, s["share_card"])
            one(out, self.share_project, s["share_project"])
            one(out, self.share_type, s["share_type"])
        elif phase == _COMPLETE_ORDER:
            decider = s["decider"]
            one(out, self.completing, decider)
            many(out, self.completing_projects, ready_projects(state, decider))
        return 0
