"""The state of one game of Busfaktor: 1: plain lists and ints, a hand-written clone, view and determinize."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ...engine import Action, GameError, Outcome, Rng, State, wrong_kind
from . import effects, flow
from .action_phase import action_phase, offers, own_actions
from .actions import (
    ACCEPT,
    ATTACH,
    COMPLETE,
    DECLINE,
    DISCARD,
    DONE,
    DRAW,
    MOVE,
    OFFER,
    PLAY,
    PLAY_EXTRA,
    PLAY_JOKER,
    PLAY_SETBACK,
    SECURE,
    SHARE,
    START,
    TAKE,
    UNDER,
    WAIVE,
    Act,
)
from .deck import Deck
from .legal import draw_sources, explain, legal_actions
from .phases import ACTION, ANSWER_OFFER, ANSWER_SHARE, COMPLETE_ORDER, E4_MOVE, OVER, REACT
from .phases import DRAW as DRAW_PHASE
from .tables import ActionTables
from .views import build_view, card_places, known_places, resample_hidden

if TYPE_CHECKING:
    from .game import Busfaktor

_FLAT = frozenset(
    (
        "pstack",
        "astack",
        "spent",
        "discard",
        "owner",
        "status",
        "open",
        "need",
        "nfac",
        "free",
        "cooperating",
        "open_types",
        "extra",
        "partner",
        "shared",
        "share_used",
        "att",
        "attached",
        "ctype",
        "ctrl",
        "drawn",
        "held",
        "plays",
        "done_round",
        "looked",
        "moved",
        "queue",
        "affected",
        "under_by",
        "pool",
        "history",
        "log",
    )
)
_NESTED = tuple(("hands", "known", "actives", "dones"))


@dataclass(frozen=True)
class OpenAtStart:
    """The open requirements before any card is laid (§4: a project needs its requirement counts).

    They are the deck's, the same in every game, so the game builds them once
    (``Busfaktor.open_at_start``) and each new state copies them at C speed instead of counting
    them per project.

    Attributes:
        open: per project and factor type (``project * 4 + type``) the open requirements.
        need: per project the sum of its open requirements.
        open_types: per project a bit per factor type with an open requirement.
    """

    open: tuple[int, ...]
    need: tuple[int, ...]
    open_types: tuple[int, ...]

    @classmethod
    def of(cls, deck: Deck) -> OpenAtStart:
        """The open requirements of ``deck``'s projects."""
        return cls(
            open=tuple(count for requirement in deck.requirements for count in requirement),
            need=tuple(sum(requirement) for requirement in deck.requirements),
            open_types=tuple(sum(1 << t for t in range(4) if r[t]) for r in deck.requirements),
        )


class BusfaktorState(State["Busfaktor"]):
    """One game in progress.

    Card locations: ``hands`` (per seat), ``pstack``/``astack`` (Projekt-/Aktionsstapel, top =
    last), ``spent`` (Verbrauchsstapel), ``discard`` (offene Ablage, top = last), ``looked``
    (cards an E1 is looking at), ``moved`` (factors the pending E4 moved).  Projects (ids
    ``< n_projects``): ``owner``, ``status`` (0 not in play, 1 active, 2 completed), ``open``
    (open requirements, 4 per project), ``need`` (their sum), ``nfac`` (factors lying only on
    it), ``extra`` (its Mehraufwand), ``partner`` and ``shared`` (§11), ``share_used`` (1 once its
    cooperation has shared a factor, ruling R11); ``free`` (per person, a bit per project free to
    cooperate, §11 Voraussetzungen: a fact derived from the others, kept up to date by
    :func:`~.flow.note_free` for the offers search lists at every action decision), ``cooperating``
    (per person, a bit per person it has a running cooperation with, :func:`~.flow.cooperating_with`,
    kept by :func:`~.flow.note_cooperations` and :func:`~.flow.end_cooperation`), ``open_types`` (per
    project, a bit per factor type still open there, kept by :func:`~.flow.fill` and
    :func:`~.flow.reopen` for the shared factors the action phase lists).  Attached cards: ``att``
    (project, ``SHARED`` or -1), ``ctype`` (chosen type), ``ctrl`` (controlling person, §3);
    ``attached`` lists the cards whose ``att`` is not -1, by id (a fact derived from ``att``, kept
    by :func:`~.flow.lay` and :func:`~.flow.lift`), so the effects and views that look at attached
    cards need not look at every card of a large deck.
    ``known`` lists hand cards every seat has seen enter that hand (taken from the open discard,
    revealed by E2, returned by E7 or at completion).  What seats remember of face-down cards
    (ruling R14): ``under_by`` (per card: the seat whose E1 put it under the stack it lies in,
    -1 otherwise) and ``pool`` (per action card: the number of the reshuffle that put it into
    the Aktionsstapel, 0 for the first deal).  Chance comes only through :meth:`chance`: a clone
    shares its source's generator until it needs one (``rng_owned``), a sampled world of
    :meth:`determinize` gets one seeded with ``rng_seed`` then.
    """

    deck: Deck
    tables: ActionTables
    hands: list[list[int]]
    known: list[list[int]]
    actives: list[list[int]]
    dones: list[list[int]]
    pstack: list[int]
    astack: list[int]
    spent: list[int]
    discard: list[int]
    owner: list[int]
    status: list[int]
    open: list[int]
    need: list[int]
    nfac: list[int]
    free: list[int]
    cooperating: list[int]
    open_types: list[int]
    extra: list[int]
    partner: list[int]
    shared: list[int]
    share_used: list[int]
    att: list[int]
    attached: list[int]
    ctype: list[int]
    ctrl: list[int]
    drawn: list[int]
    held: list[int]
    plays: list[int]
    done_round: list[int]
    looked: list[int]
    moved: list[int]
    queue: list[int]
    affected: list[int]
    under_by: list[int]
    pool: list[int]
    round: int
    start: int
    active: int
    phase: int
    draws_left: int
    started: bool
    event_used: bool
    must_start: bool
    offered: int
    proposed: int
    decider: int
    pending: int
    target: int
    target_type: int
    moves_left: int
    offer_mine: int
    offer_theirs: int
    share_card: int
    share_project: int
    share_type: int
    reshuffles: int
    fired: int
    coops_begun: int
    rng_owned: bool
    rng_seed: int

    def __init__(self, game: Busfaktor, players: int, seed: int) -> None:
        super().__init__(game, players, seed)
        self.rng_owned = True
        self.rng_seed = -1
        deck = self.deck = game.deck
        self.tables = game.tables
        n, p = deck.size, deck.n_projects
        self.hands = [[] for _ in range(players)]
        self.known = [[] for _ in range(players)]
        self.actives = [[] for _ in range(players)]
        self.dones = [[] for _ in range(players)]
        start = game.open_at_start
        self.owner, self.status, self.open, self.need = [-1] * p, [0] * p, list(start.open), list(start.need)
        self.open_types = list(start.open_types)
        self.nfac, self.extra, self.partner, self.shared = [0] * p, [-1] * p, [-1] * p, [-1] * p
        self.share_used = [0] * p
        self.free = [0] * players
        self.cooperating = [0] * players
        self.done_round = [0] * p
        self.att, self.ctype, self.ctrl = [-1] * n, [-1] * n, [-1] * n
        self.attached = []
        self.drawn, self.held, self.plays = [0] * n, [0] * n, [0] * (n * players)
        self.spent, self.discard, self.looked, self.queue, self.affected = [], [], [], [], []
        self.moved = []
        self.under_by, self.pool = [-1] * n, [0] * n
        self.round, self.phase, self.draws_left = 1, 0, 0
        self.started = self.event_used = self.must_start = False
        self.offered = self.proposed = 0
        self.decider = self.pending = self.target = self.target_type = -1
        self.moves_left = self.offer_mine = self.offer_theirs = -1
        self.share_card = self.share_project = self.share_type = -1
        self.reshuffles = self.fired = self.coops_begun = 0
        self._set_up()

    def _set_up(self) -> None:
        """§5: shuffle both stacks, deal one project and two action cards each, pick the start person."""
        deck = self.deck
        self.pstack = list(self.rng.shuffled(list(range(deck.n_projects))))
        self.astack = list(self.rng.shuffled(list(range(deck.n_projects, deck.size))))
        for seat in range(self.players):
            flow.give_to_hand(self, seat, self.pstack.pop(), False)
            flow.give_to_hand(self, seat, self.astack.pop(), False)
            flow.give_to_hand(self, seat, self.astack.pop(), False)
        self.start = self.rng.below(self.players)
        self.emit("setup", seat=self.start)
        flow.begin_turn(self, self.start)

    # -- protocol ------------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase == OVER:
            return None
        if REACT <= phase <= ANSWER_SHARE or phase == COMPLETE_ORDER:
            return self.decider
        return self.active

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _legal_actions(self) -> Sequence[Action]:
        return legal_actions(self)

    def random_action(self, rng: Rng) -> Action:
        """``legal[rng.below(len(legal))]`` of :meth:`legal_actions`, without the engine's cache."""
        legal = self._legal
        if legal is None:
            phase = self.phase
            if phase == ACTION:
                legal = action_phase(self)
            elif phase == DRAW_PHASE:
                legal = draw_sources(self)
            else:
                legal = legal_actions(self)
        return legal[rng.below(len(legal))]

    def play_out(self, rng: Rng) -> None:
        """The protocol's random rollout as one loop: per decision the legal list of
        :meth:`random_action`, ``legal[rng.below(len(legal))]`` drawn inline (the same numbers), the
        action into ``history`` and carried out as :meth:`_apply` would, the draws and the action
        phase's attachments and passes without its dispatch."""
        getrandbits = rng.getrandbits
        history = self.history
        legal = cast("Sequence[Act] | None", self._legal)  # the game's own actions (once per rollout)
        self._legal = None
        phase = self.phase
        while phase != OVER:
            if legal is None:
                if phase == ACTION:
                    legal = own_actions(self)  # action_phase(self) as a list
                    if self.free[self.active]:  # offers' own first test, without the call
                        offers(self, legal)
                elif phase == DRAW_PHASE:
                    legal = draw_sources(self)
                else:
                    legal = legal_actions(self)
            n = len(legal)
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            action = legal[r]
            legal = None
            history.append(action)
            if phase == DRAW_PHASE:
                flow.draw(self, action.a)
            elif phase == ACTION:
                verb = action.verb
                if verb == ATTACH:
                    flow.attach(self, action.a, action.b, action.c)
                elif verb == DONE:
                    flow.finish_actions(self)
                else:
                    self._apply(action)
            else:
                self._apply(action)
            phase = self.phase

    def _explain_illegal(self, action: Action) -> GameError:
        if not isinstance(action, Act):
            raise wrong_kind(action, Act)
        return explain(self, action)

    def _apply(self, action: Action) -> None:
        """Carry out a legal action; the verbs in the order a rollout asks for them most (the
        draws, attachments and passes of the action phase :meth:`play_out` carries out itself)."""
        if TYPE_CHECKING:  # the base class applies only legal actions, all of them Act (no call at run time)
            action = cast(Act, action)
        verb, a = action.verb, action.a
        if verb == START:
            flow.start_project(self, a)
        elif verb == WAIVE:
            effects.waive(self)
        elif verb == OFFER:
            flow.offer(self, a, action.b)
        elif verb in (ACCEPT, DECLINE):
            if self.phase == ANSWER_OFFER:
                flow.answer_offer(self, verb == ACCEPT)
            else:
                flow.answer_share(self, verb == ACCEPT)
        elif verb == DISCARD:
            flow.discard(self, a)
        elif verb == DRAW:
            flow.draw(self, a)
        elif verb == SHARE:
            flow.propose_share(self, a, action.b, action.c)
        elif verb == PLAY:
            effects.play_event(self, a, -1, -1)
        elif verb in (PLAY_JOKER, PLAY_EXTRA, PLAY_SETBACK):
            effects.play_event(self, a, action.b, action.c)
        elif verb == DONE:
            if self.phase == E4_MOVE:
                effects.stop_moving(self)
            else:
                flow.finish_actions(self)
        elif verb == ATTACH:
            flow.attach(self, a, action.b, action.c)
        elif verb == MOVE:
            effects.move(self, a, action.b)
        elif verb == TAKE:
            if self.deck.template[self.pending] == 1:
                effects.take_looked(self, a)
            else:
                effects.retrieve(self, a)
        elif verb == UNDER:
            effects.under(self, a)
        elif verb == SECURE:
            effects.secure(self, a)
        elif verb == COMPLETE:
            flow.choose_completion(self, a)

    def points(self, seat: int) -> int:
        """§16: completed projects' values minus one per active, unfinished project."""
        deck_points = self.deck.points
        return sum(deck_points[p] for p in self.dones[seat]) - len(self.actives[seat])

    def outcome(self) -> Outcome:
        """§16: most points; ties: more completed projects, then fewer unfinished; else a shared win."""
        points = tuple(self.points(seat) for seat in range(self.players))
        keys = [(points[seat], len(self.dones[seat]), -len(self.actives[seat])) for seat in range(self.players)]
        best = max(keys)
        winners = tuple(seat for seat in range(self.players) if keys[seat] == best)
        tied_on_points = sum(1 for seat in range(self.players) if points[seat] == best[0]) > 1
        return Outcome(
            points=points,
            winners=winners,
            details={
                "completed": [len(d) for d in self.dones],
                "unfinished": [len(a) for a in self.actives],
                "tie_break": tied_on_points,
                "shared_win": len(winners) > 1,
                "start_player": self.start,
            },
        )

    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def chance(self) -> Rng:
        """The state's generator, made its own first if a clone still shares it (or seeded now
        with ``rng_seed``, the seed :meth:`determinize` drew for it)."""
        if not self.rng_owned:
            self.rng = self.rng.copy() if self.rng_seed < 0 else Rng(self.rng_seed)
            self.rng_seed = -1
            self.rng_owned = True
        return self.rng

    def __getstate__(self) -> dict[str, Any]:
        data = super().__getstate__()
        if data.pop("rng_seed") >= 0:  # the generator determinize drew, as chance() would seed it
            data["rng"] = Rng(self.rng_seed)
        del data["rng_owned"], data["tables"], data["free"], data["cooperating"], data["open_types"]  # derived
        del data["attached"]
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        super().__setstate__(data)
        self.rng_owned = True
        self.rng_seed = -1
        self.tables = self.game.tables
        self.free = flow.count_free(self)
        self.cooperating = flow.count_cooperating(self)
        self.open_types = flow.count_open_types(self)
        self.attached = flow.count_attached(self)

    def card_places(self) -> dict[str, list[Hashable]]:
        return cast(dict[str, list[Hashable]], card_places(self))

    def known_places(self, seat: int | None) -> dict[str, list[Hashable | frozenset[Hashable] | None]]:
        return known_places(self, seat)

    def determinize(self, seat: int | None, rng: Rng) -> BusfaktorState:
        """Resample what ``seat`` cannot see (others' unknown hand cards, the stacks, cards an E1
        looks at), keeping what it remembers (R14): the Verbrauchsstapel, the cards its own E1 put
        under a stack, which reshuffle each action card came from."""
        twin = self.clone()
        resample_hidden(twin, seat, rng)
        # The sampled world's own generator: seeded only when chance() first needs it (seeding a
        # Mersenne Twister costs about 38,000 instructions; most rollouts never reshuffle).
        twin.rng_seed = rng.below(1 << 62)
        return twin

    def clone(self) -> BusfaktorState:
        """A fast independent copy (lists copied, immutable parts shared, the generator copied on first use)."""
        twin = BusfaktorState.__new__(BusfaktorState)
        data = self.__dict__.copy()
        for name in _FLAT:
            data[name] = data[name][:]
        for name in _NESTED:
            data[name] = [inner[:] for inner in data[name]]
        twin.__dict__ = data
        self.rng_owned = twin.rng_owned = False
        return twin
