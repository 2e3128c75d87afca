# cython: language_level=3, boundscheck=False, wraparound=False
"""Busfaktor: 1's observation in compiled code: the entries of ``codecs/busfaktor.py``'s parts.

What ``views.build_view`` shows the seat, and only that: its own hand (of the others only the
sizes and the cards everybody saw enter them), the cards its own E1 put under a stack, the
cards an E1 looks at only to the active person; the rest is public.
"""

from ...games.busfaktor.flow import ready_projects
from ...games.busfaktor.phases import ANSWER_OFFER, ANSWER_SHARE, COMPLETE_ORDER
from ...games.busfaktor.schema import FACTOR_TYPES

cimport cython
from cpython.object cimport PyObject, PyObject_GenericGetDict

from . cimport base
from .borrowed cimport amount_of, is_zero, many_of, many_rows_of, one_of, row_at
from .reading cimport (
    PyList_GET_ITEM, PyList_GET_SIZE, holds, int_at, int_of, is_at, item_at, number_of, reach, size_of, skip
)
from .writing cimport Out, many, number, one, put

cdef Py_ssize_t _ANSWER_OFFER = ANSWER_OFFER
cdef Py_ssize_t _ANSWER_SHARE = ANSWER_SHARE
cdef Py_ssize_t _COMPLETE_ORDER = COMPLETE_ORDER
# The factor types (Team, Daten, Betrieb, Methode): a constant, so that the C compiler unrolls the
# loop over a project's open requirements.
cdef enum:
    _TYPES = 4
if len(FACTOR_TYPES) != _TYPES:
    raise ImportError(f"compiled Busfaktor encoder built for {_TYPES} factor types, the schema has {len(FACTOR_TYPES)}")
cdef Py_ssize_t _E4 = 4
"""The template of an E4 event (factors moved, §13 E4)."""
cdef object _NOWHERE = -1
"""A card at no project, a project without an Mehraufwand: the state's ``-1``, one object in CPython."""
cdef object _OFF_TABLE = 0
"""The status of a project not on the table."""
cdef enum:
    # The state's fields the encoder reads: the slots of their places in the instance dict (``Encoder.field``).
    _PHASE, _ACTIVE, _PSTACK, _ASTACK, _SPENT, _STATUS, _HANDS, _ROUND, _START, _RESHUFFLES, _DRAWS_LEFT
    _STARTED, _EVENT_USED, _MUST_START, _KNOWN, _DISCARD, _UNDER_BY, _OWNER, _OPEN, _PARTNER, _SHARE_USED
    _DONE_ROUND, _ATT, _CTYPE, _CTRL, _EXTRA, _SHARED, _DONES, _ACTIVES, _PENDING, _TARGET, _AFFECTED
    _QUEUE, _LOOKED, _MOVES_LEFT, _MOVED, _OFFER_MINE, _OFFER_THEIRS, _SHARE_CARD, _SHARE_PROJECT
    _SHARE_TYPE, _DECIDER
    _FIELDS
if <Py_ssize_t>_FIELDS > base._PLACES:
    raise ImportError(f"compiled Busfaktor encoder reads {_FIELDS} state fields, its base places {base._PLACES}")


@cython.final  # no subclass: its methods are called directly, not through the vtable
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
        # The state's fields are read from its instance dict: one read each, without the
        # attribute protocol's search of the class first (a missing field is a KeyError).  A field
        # two parts use is read once here and handed to both.
        cdef dict s = PyObject_GenericGetDict(state, NULL)  # state.__dict__, without looking up "__dict__"
        phase = <object>self.field(s, "phase", _PHASE)
        active = <object>self.field(s, "active", _ACTIVE)
        cdef list pstack = <object>self.field(s, "pstack", _PSTACK)
        cdef list astack = <object>self.field(s, "astack", _ASTACK)
        cdef list spent = <object>self.field(s, "spent", _SPENT)
        cdef list status = <object>self.field(s, "status", _STATUS)
        cdef list hands = <object>self.field(s, "hands", _HANDS)
        self.fill_table(out, s, phase, active, pstack, astack, spent)
        many_of(out, self.hand, row_at(hands, seat))  # the seat's own hand, never another's
        self.fill_hand_counts(out, hands)
        many_rows_of(out, self.known, self.known_w, <object>self.field(s, "known", _KNOWN))
        self.fill_open_cards(out, spent, <object>self.field(s, "discard", _DISCARD))
        self.fill_placed_under(out, <object>self.field(s, "under_by", _UNDER_BY), pstack, astack, seat)
        self.fill_projects(out, s, status)
        self.fill_cards_at_projects(out, s, status)
        self.fill_completed(out, <object>self.field(s, "dones", _DONES), <object>self.field(s, "actives", _ACTIVES))
        self.fill_pending(out, s, seat, active)
        self.fill_answer(out, state, s, phase)
        return 0

    cdef int fill_table(
        self, Out* out, dict s, object phase, object active, list pstack, list astack, list spent
    ) except -1:
        """Phase, round, active person, start player, stacks, reshuffles, the turn (``_write_table``)."""
        one_of(out, self.phase, <PyObject*>phase)
        amount_of(out, self.round, self.field(s, "round", _ROUND))
        one_of(out, self.active, <PyObject*>active)
        one_of(out, self.start_player, self.field(s, "start", _START))
        put(out, self.stacks, <double>size_of(pstack))
        put(out, self.stacks + 1, <double>size_of(astack))
        put(out, self.stacks + 2, <double>size_of(spent))
        amount_of(out, self.reshuffles, self.field(s, "reshuffles", _RESHUFFLES))
        # The turn: draws left, project started, event played, must start (one entry each, no tuple).
        amount_of(out, self.turn, self.field(s, "draws_left", _DRAWS_LEFT))
        amount_of(out, self.turn + 1, self.field(s, "started", _STARTED))
        amount_of(out, self.turn + 2, self.field(s, "event_used", _EVENT_USED))
        amount_of(out, self.turn + 3, self.field(s, "must_start", _MUST_START))
        return 0

    cdef int fill_hand_counts(self, Out* out, list hands) except -1:
        """Hand cards per seat and the project cards among them (``_write_hand_counts``)."""
        cdef Py_ssize_t s, k, projects
        cdef list hand
        for s in range(size_of(hands)):
            hand = row_at(hands, s)
            put(out, self.hand_sizes + s, <double>size_of(hand))
            projects = 0
            for k in range(PyList_GET_SIZE(hand)):
                if int_of(PyList_GET_ITEM(hand, k)) < self.projects:
                    projects += 1
            put(out, self.hand_projects + s, <double>projects)
        return 0

    cdef int fill_open_cards(self, Out* out, list spent, list discard) except -1:
        """The Verbrauchsstapel, the open discard and its top card (``_write_open_cards``)."""
        many_of(out, self.spent, spent)
        many_of(out, self.discard, discard)
        if size_of(discard):
            one_of(out, self.discard_top, PyList_GET_ITEM(discard, PyList_GET_SIZE(discard) - 1))
        return 0

    cdef int fill_placed_under(self, Out* out, list under_by, list pstack, list astack, Py_ssize_t seat) except -1:
        """The cards the seat's own E1 put under the project / action stack: their place from the
        bottom + 1 (``_read_placed_under``; ruling R14)."""
        cdef object seat_number = seat  # seats are small ints, one object each: scanned by identity
        if not holds(under_by, <PyObject*>seat_number):
            return 0  # the seat's E1 put no card under a stack
        self.fill_placed_under_stack(out, under_by, pstack, 0, seat)
        self.fill_placed_under_stack(out, under_by, astack, 1, seat)
        return 0

    cdef int fill_placed_under_stack(
        self, Out* out, list under_by, list stack, Py_ssize_t row, Py_ssize_t seat
    ) except -1:
        """One stack's row of ``placed_under``: the cards in ``stack`` the seat's E1 put there."""
        cdef Py_ssize_t index, card
        for index in range(size_of(stack)):
            card = int_of(PyList_GET_ITEM(stack, index))
            if int_at(under_by, card) == seat:
                put(out, self.placed_under + row * self.placed_under_w + card, <double>(index + 1))
        return 0

    cdef int fill_projects(self, Out* out, dict s, list status) except -1:
        """Each project on the table: status, owner, open requirements, partner, shared once,
        round completed (``_write_project``)."""
        cdef list owner = <object>self.field(s, "owner", _OWNER)
        cdef list open_needs = <object>self.field(s, "open", _OPEN)
        cdef list partner = <object>self.field(s, "partner", _PARTNER)
        cdef list share_used = <object>self.field(s, "share_used", _SHARE_USED)
        cdef list done_round = <object>self.field(s, "done_round", _DONE_ROUND)
        cdef Py_ssize_t p, state, t, other
        cdef Py_ssize_t players = self.players, q = self.projects, n = size_of(status)
        cdef PyObject* item
        # One item per project in each: checked once, then read by position.
        reach(owner, n)
        reach(open_needs, n * _TYPES)
        reach(partner, n)
        reach(share_used, n)
        reach(done_round, n)
        for p in range(n):
            if is_at(status, p, <PyObject*>_OFF_TABLE):  # most projects: compared, not converted
                continue
            state = int_of(PyList_GET_ITEM(status, p))
            put(out, self.project_status + p * 3 + (1 if state == 1 else 2), 1.0)
            one_of(out, self.project_owner + p * players, PyList_GET_ITEM(owner, p))
            if state == 1:
                for t in range(_TYPES):
                    amount_of(out, self.project_open + p * _TYPES + t, PyList_GET_ITEM(open_needs, p * _TYPES + t))
            item = PyList_GET_ITEM(partner, p)
            if item != <PyObject*>_NOWHERE:
                other = int_of(item)
                if other >= 0:
                    put(out, self.partner + p * q + other, 1.0)
            item = PyList_GET_ITEM(share_used, p)
            if not is_zero(item) and int_of(item):
                put(out, self.shared_once + p, 1.0)
            amount_of(out, self.round_completed + p, PyList_GET_ITEM(done_round, p))  # 0 until completed
        return 0

    cdef int fill_cards_at_projects(self, Out* out, dict s, list status) except -1:
        """The cards lying at projects on the table (``_write_cards_at_projects`` and
        ``_write_card_at_project``): an attached factor or joker at its project, a Mehraufwand
        (§13 E6), a shared factor between two projects (§11); each with the project, its role,
        the type it fills and its controller (none for a Mehraufwand)."""
        cdef list att = <object>self.field(s, "att", _ATT)
        cdef list ctype = <object>self.field(s, "ctype", _CTYPE)
        cdef list ctrl = <object>self.field(s, "ctrl", _CTRL)
        cdef list extra = <object>self.field(s, "extra", _EXTRA)
        cdef list shared = <object>self.field(s, "shared", _SHARED)
        cdef Py_ssize_t card, p, n = size_of(status), cards = size_of(att)
        # One item per project (extra, shared) or per card (ctype, ctrl) in each: checked once,
        # then read by position.
        reach(extra, n)
        reach(shared, n)
        reach(ctype, cards)
        reach(ctrl, cards)
        card = skip(att, self.projects, <PyObject*>_NOWHERE)  # most cards lie nowhere: compared, not converted
        while card < cards:
            p = int_of(PyList_GET_ITEM(att, card))
            # At a project (not shared: below -1) on the table, not as its Mehraufwand (p is inside
            # status, so inside extra):
            if p >= 0 and item_at(status, p) != <PyObject*>_OFF_TABLE and int_of(PyList_GET_ITEM(extra, p)) != card:
                self.place(out, card, p, 0, PyList_GET_ITEM(ctype, card), PyList_GET_ITEM(ctrl, card))
            card = skip(att, card + 1, <PyObject*>_NOWHERE)
        for p in range(n):
            if is_at(status, p, <PyObject*>_OFF_TABLE):
                continue
            if not is_at(extra, p, <PyObject*>_NOWHERE):
                card = int_of(PyList_GET_ITEM(extra, p))
                if card >= 0:  # a Mehraufwand has no controller
                    self.place(out, card, p, 1, item_at(ctype, card), <PyObject*>None)
            if not is_at(shared, p, <PyObject*>_NOWHERE):
                card = int_of(PyList_GET_ITEM(shared, p))
                if card >= 0:
                    self.place(out, card, p, 2, item_at(ctype, card), item_at(ctrl, card))
        return 0

    cdef inline int place(
        self, Out* out, Py_ssize_t card, Py_ssize_t project, Py_ssize_t role, PyObject* ftype, PyObject* controller
    ) except -1:
        """One place of a card at a project: its row of the four card fields (the type it fills
        and its controller borrowed items; ``None`` sets nothing)."""
        put(out, self.card_project + card * self.projects + project, 1.0)
        put(out, self.card_role + card * 3 + role, 1.0)
        one_of(out, self.card_type + card * _TYPES, ftype)
        one_of(out, self.card_controller + card * self.players, controller)
        return 0

    cdef int fill_completed(self, Out* out, list dones, list actives) except -1:
        """Per seat its completed projects and its points (§16: completed projects' values minus
        one per active, unfinished project; ``_write_seat_completed``)."""
        cdef Py_ssize_t seat, k, project
        cdef double points
        cdef list done
        for seat in range(size_of(dones)):
            done = row_at(dones, seat)
            points = 0
            for k in range(size_of(done)):
                project = int_of(PyList_GET_ITEM(done, k))
                put(out, self.completed + seat * self.projects + project, 1.0)
                points += number_of(item_at(self.points, project))
            put(out, self.scores + seat, points - size_of(row_at(actives, seat)))
        return 0

    cdef int fill_pending(self, Out* out, dict s, Py_ssize_t seat, object active) except -1:
        """The event being resolved (``_read_pending``, ``_write_pending``): the cards an E1 looks
        at only for the active person; E4's moves only while an E4 is pending."""
        cdef Py_ssize_t event = int_of(self.field(s, "pending", _PENDING))
        cdef Py_ssize_t target
        cdef bint e4
        cdef list looked
        if event < 0:
            return 0
        e4 = int_at(self.template, event) == _E4
        put(out, self.pending_event + event, 1.0)
        target = <object>self.field(s, "target", _TARGET)
        if target >= 0:
            put(out, self.pending_target + target, 1.0)
        many_of(out, self.affected, <object>self.field(s, "affected", _AFFECTED))
        many_of(out, self.still_asked, <object>self.field(s, "queue", _QUEUE))
        looked = <object>self.field(s, "looked", _LOOKED)
        if seat == <Py_ssize_t>active:
            many_of(out, self.looked, looked)
        put(out, self.looked_count, <double>size_of(looked))
        if e4:
            moves_left = <object>self.field(s, "moves_left", _MOVES_LEFT)
            put(out, self.moves_left, number(moves_left) if moves_left else 0.0)
            many_of(out, self.moved, <object>self.field(s, "moved", _MOVED))
        else:
            put(out, self.moves_left, 0.0)
        return 0

    cdef int fill_answer(self, Out* out, object state, dict s, Py_ssize_t phase) except -1:
        """The decision answered now (``_read_answer``, ``_write_answer``): an offer's two
        projects (§8.4); a shared factor's card, project and type (§11); the seat choosing the
        order of simultaneous completions and its ready projects (§17)."""
        if phase == _ANSWER_OFFER:
            one(out, self.offer, <object>self.field(s, "offer_mine", _OFFER_MINE))
            one(out, self.offer + self.projects, <object>self.field(s, "offer_theirs", _OFFER_THEIRS))
        elif phase == _ANSWER_SHARE:
            one(out, self.share_card, <object>self.field(s, "share_card", _SHARE_CARD))
            one(out, self.share_project, <object>self.field(s, "share_project", _SHARE_PROJECT))
            one(out, self.share_type, <object>self.field(s, "share_type", _SHARE_TYPE))
        elif phase == _COMPLETE_ORDER:
            decider = <object>self.field(s, "decider", _DECIDER)
            one(out, self.completing, decider)
            many(out, self.completing_projects, ready_projects(state, decider))
        return 0

