"""The state of a Busfahrer game (or match): plain lists and ints, a fast clone, views.

The rules of each phase live in :mod:`.questions`, :mod:`.pyramid`, :mod:`.driver` and
:mod:`.ride`; this module holds the data, dispatches decisions to them and joins the phases.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, cast

from ...engine import GameError, Outcome, Rng, State
from . import driver, giving, knowledge, odds, pyramid, questions, ride
from .actions import FORCED_WHY, GIVE, GUESS, LAY, TURN, BusfahrerAction
from .cards import DECK_SIZE
from .layout import DIAMOND_ROWS, PYRAMID_ROW_OF
from .options import POINTS_FACTOR, PYRAMID_ROWS, reshuffles
from .phases import AMERICAN, BUCKET_QUESTIONS, GIVING, LAYING, OVER, PHASE_NAMES, QUESTIONS, RIDE

if TYPE_CHECKING:
    from .game import Busfahrer


class BusfahrerState(State["Busfahrer"]):
    """A game of Busfahrer, or a match of ``games`` games with running totals.

    Seats are numbered clockwise; "links vom Geber" is the next seat.  All hand cards are open
    ("Deine Karten bleiben offen vor dir liegen"); hidden are only the undealt and face-down cards.
    """

    def __init__(self, game: Busfahrer, players: int, seed: int, stacked: list[list[int]]) -> None:
        super().__init__(game, players, seed)
        options = game.options
        self.rows = PYRAMID_ROWS[options.pyramid]
        self.row_of = PYRAMID_ROW_OF[self.rows]
        self.points_factor = POINTS_FACTOR[options.pyramid_points]
        self.laying_mode = pyramid.LAYING_MODES[options.laying]
        self.tie_rule = driver.TIE_RULES[options.driver_tie]
        self.rising = options.rising_penalties
        self.counting = options.karten_zaehlen
        self.american = options.ride == "american"
        self.reshuffle = reshuffles(options)
        self.rising_split = options.rising_recipients == "split"
        self.games = options.games
        self.stacked = stacked
        # match
        self.game_no = 0
        self.dealer = players - 1
        self.points = [[0] * players for _ in range(3)]
        # statistics (summed over the match)
        self.q_asked = [0, 0, 0, 0]
        self.q_right = [0, 0, 0, 0]
        self.cards_laid = [0] * players
        self.driver_count = [0] * players
        self.ride_stats = [0, 0, 0, 0, 0]
        # the current decision
        self.phase = QUESTIONS
        self.mover = 0
        # Phase 1
        self.deck: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.round = 0
        self.answer_index = 0
        # Phase 2
        self.pyramid: list[int] = []
        self.turned = 0
        self.laid: list[list[int]] = []
        self.lay_index = 0
        self.lay_count = 0
        self.give_left = 0
        self.give_bucket = BUCKET_QUESTIONS
        self.drivers: list[int] = []
        self.cards_left: list[int] = []
        self.tie_draws: list[list[int]] = []
        # Phase 3
        self.diamond: list[int] = []
        self.ride_row = 0
        self.face_up: list[int] = []
        self.pile: list[int] = []
        self.discard: list[int] = []
        self.streak: list[int] = []
        self.pool = [0] * DECK_SIZE  # knowledge: which shuffle put each face-down card where it is
        self.ride_turns = 0
        self.ride_result = ""

    # -- the protocol -----------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.mover

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def phase_name(self) -> str:
        """The kind of decision pending: questions, giving, laying, ride, american or over."""
        return PHASE_NAMES[self.phase]

    def _legal_actions(self) -> tuple[BusfahrerAction, ...]:
        return LEGAL_BY_PHASE[self.phase](self)

    def _apply(self, action: Any) -> None:
        self._perform(action)
        self._legal = self._settle()

    def _settle(self) -> tuple[BusfahrerAction, ...] | None:
        """Take every decision that has a single legal action (it reveals nothing, ARCHITECTURE
        "One decision at a time"); the legal actions of the next real decision, ``None`` at the end."""
        while self.phase != OVER:
            legal = LEGAL_BY_PHASE[self.phase](self)
            if len(legal) != 1:
                return legal
            only = legal[0]
            if self.keeps_log:  # a search's silent world skips writing what nobody reads
                self.emit("forced", seat=self.mover, action=str(only), why=FORCED_WHY[only.kind])
            self._perform(only)
        return None

    def play_out(self, rng: Rng) -> None:
        """The protocol's random rollout as one loop: per decision ``legal[rng.below(len(legal))]``
        drawn inline (the same numbers), the action into ``history``, carried out as :meth:`_apply`
        does, and the next decision's list taken from :meth:`_settle` instead of asked for again."""
        getrandbits = rng.getrandbits
        history = self.history
        legal = cast("tuple[BusfahrerAction, ...] | None", self._legal)  # the game's own actions (once per rollout)
        self._legal = None
        if legal is None and self.phase != OVER:
            legal = LEGAL_BY_PHASE[self.phase](self)
        while legal is not None:
            n = len(legal)
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            action = legal[r]
            history.append(action)
            self._perform(action)
            legal = self._settle()

    def _perform(self, action: BusfahrerAction) -> None:
        kind = action.kind
        if kind == TURN:  # the ride's turns first: most decisions of a rollout
            ride.turn(self, action.value)
        elif kind == GUESS:
            if self.phase == QUESTIONS:
                questions.answer(self, action.value)
            else:
                ride.american_answer(self, action.value)
        elif kind == GIVE:
            giving.give(self, action.value, action.target)
        elif kind == LAY:
            pyramid.lay(self)
        else:
            pyramid.keep(self)

    def _explain_illegal(self, action: Any) -> GameError:
        phase = self.phase
        if phase == QUESTIONS:
            return questions.explain(self, action)
        if phase == GIVING:
            return giving.explain(self, action)
        if phase == LAYING:
            return pyramid.explain(self, action)
        return ride.explain(self, action)

    # -- joining the phases -----------------------------------------------------------------

    def fresh_deck(self) -> list[int]:
        """All 52 cards shuffled, top card last (Vorbereitung; Phase 3: "Sammelt alle Karten ein und mischt sie").

        A state made by :func:`new_state_with_decks` takes its stacked orders first.  Every card
        is in the pool of the deal again (:mod:`.knowledge`).
        """
        self.pool = [0] * DECK_SIZE
        if self.stacked:
            return self.stacked.pop(0)
        deck = list(range(DECK_SIZE))
        self.rng.shuffled(deck)
        return deck

    def after_give(self) -> None:
        """Resume where a distribution of penalty points interrupted."""
        if self.give_bucket == BUCKET_QUESTIONS:
            self.phase = QUESTIONS
            questions.next_answer(self)
        else:
            pyramid.continue_laying(self)

    def end_of_questions(self) -> None:
        """Phase 1 is over: lay out the pyramid."""
        pyramid.lay_out(self)

    def end_of_pyramid(self) -> None:
        """The Spitze is turned: find the Busfahrer and start the ride."""
        driver.choose_driver(self)
        ride.start_ride(self)

    def end_of_ride(self) -> None:
        """Spielende: the next game of the match with the next dealer, or the end."""
        self.game_no += 1
        if self.game_no < self.games:
            self.dealer = (self.dealer + 1) % self.players
            questions.start_game(self)
        else:
            self.phase = OVER
            self.emit("game_over")

    # -- what a seat may see ----------------------------------------------------------------

    def total_points(self) -> list[int]:
        """Penalty points of every seat so far (all phases, all games of the match)."""
        q, p, r = self.points
        return [q[s] + p[s] + r[s] for s in range(self.players)]

    def seen_cards(self) -> list[int]:
        """Every card face up on the table now, in the part of the game being played.

        Phases 1 and 2: the open hands, the turned and the laid pyramid cards (cards drawn to
        settle a driver tie are drawn after the last decision of Phase 2).  Phase 3: the face-up
        diamond cards and the removed ones (all cards were gathered and shuffled, so earlier
        cards count as unseen again).
        """
        if self.phase in (RIDE, AMERICAN):
            if self.american:
                return self.streak + self.discard
            return [self.diamond[pos] for pos in self.face_up] + self.discard
        seen = [card for hand in self.hands for card in hand]
        seen.extend(self.pyramid[: self.turned])
        for cards in self.laid:
            seen.extend(cards)
        return seen

    def _view(self, seat: int | None) -> dict[str, Any]:
        q, p, r = self.points
        diamond: list[int | None] = [None] * len(self.diamond)
        for pos in self.face_up:
            diamond[pos] = self.diamond[pos]
        return {
            "phase": self.phase_name,
            "game_no": self.game_no + 1 if self.phase != OVER else self.games,
            "games": self.games,
            "dealer": self.dealer,
            "round": min(self.round + 1, 4),
            "hands": [list(hand) for hand in self.hands],
            "points": {
                "questions": list(q),
                "pyramid": list(p),
                "ride": list(r),
                "total": self.total_points(),
            },
            "deck": len(self.deck),
            "pyramid": {
                "rows": self.rows,
                "row_of": list(self.row_of),
                "points_factor": self.points_factor,
                "cards": [self.pyramid[i] if i < self.turned else None for i in range(len(self.pyramid))],
                "laid": [list(cards) for cards in self.laid],
                "turned": self.turned,
            },
            "giving": {"seat": self.mover, "points": self.give_left} if self.phase == GIVING else None,
            "odds": self._odds(),
            "drivers": list(self.drivers),
            "cards_left": list(self.cards_left),
            "tie_draws": [list(cards) for cards in self.tie_draws],
            "ride": {
                "kind": "american" if self.american else "diamond",
                "row_sizes": list(DIAMOND_ROWS),
                "diamond": diamond,
                "row": self.ride_row + 1,
                "streak": list(self.streak),
                "discard": list(self.discard),
                "pile": len(self.pile),
                "points": self.ride_stats[2],
                "result": self.ride_result,
            },
        }

    def _odds(self) -> list[dict[str, Any]] | None:
        """Phase 1 and the American ride: each answer of the seat to move with the number of unseen
        cards that make it right, of all unseen cards (public: every seat sees the same cards)."""
        seat = self.to_move
        if self.phase not in (QUESTIONS, AMERICAN) or seat is None:
            return None
        return [
            {"action": str(answer), "right": right, "of": unseen}
            for answer, right, unseen in odds.answer_odds(self, seat)
        ]

    def outcome(self) -> Outcome:
        """Spielende: fewest penalty points win; "bei Gleichstand gewinnen beide"."""
        totals = self.total_points()
        best = min(totals)
        q, p, r = self.points
        return Outcome(
            points=tuple(totals),
            winners=tuple(s for s in range(self.players) if totals[s] == best),
            lower_is_better=self.game.lower_is_better,
            details={
                "points_questions": list(q),
                "points_pyramid": list(p),
                "points_ride": list(r),
                "driver_count": list(self.driver_count),
                "games": self.games,
            },
        )

    # -- copies -----------------------------------------------------------------------------

    def clone(self) -> BusfahrerState:
        """An independent copy: the dict copied, every mutable list copied one level deep."""
        return self._copy(self.rng.copy())

    def _copy(self, rng: Rng) -> BusfahrerState:
        """:meth:`clone` with ``rng`` as the copy's generator."""
        twin = BusfahrerState.__new__(BusfahrerState)
        data = self.__dict__.copy()
        data["rng"] = rng
        data["history"] = self.history[:]
        data["log"] = self.log[:]
        data["stacked"] = [order[:] for order in self.stacked]
        data["points"] = [bucket[:] for bucket in self.points]
        data["hands"] = [hand[:] for hand in self.hands]
        data["laid"] = [cards[:] for cards in self.laid]
        data["tie_draws"] = [cards[:] for cards in self.tie_draws]
        for name in _FLAT_LISTS:
            data[name] = data[name][:]
        twin.__dict__ = data
        return twin

    def card_places(self) -> dict[str, list[Hashable]]:
        return cast(dict[str, list[Hashable]], knowledge.card_places(self))

    def known_places(self, seat: int | None) -> dict[str, list[Hashable | frozenset[Hashable] | None]]:
        return knowledge.known_places(self)

    def determinize(self, seat: int | None, rng: Rng) -> BusfahrerState:
        """A copy whose face-down cards (undealt deck, pyramid or diamond, draw pile) are reshuffled,
        each among the face-down cards of its pool (:mod:`.knowledge`: after a reshuffle of the
        ride, the removed cards everybody saw lie under the pile).

        Every seat sees the same (all hands are open), so ``seat`` does not change what is
        resampled.  The copy's own generator is reseeded from ``rng`` and stacked decks are
        dropped: its future chance is unknown as well.
        """
        twin = self._copy(Rng(rng.getrandbits(64)))  # not a copy of the generator, which is replaced
        twin.stacked = []
        knowledge.resample(twin, rng)
        return twin


LEGAL_BY_PHASE: tuple[Callable[[BusfahrerState], tuple[BusfahrerAction, ...]], ...] = (
    questions.legal,
    giving.legal,
    pyramid.legal,
    ride.legal_turns,
    ride.legal_american,
)
"""The legal actions of each pending decision, indexed by ``phase`` (QUESTIONS .. AMERICAN)."""

_FLAT_LISTS = (
    "q_asked",
    "q_right",
    "cards_laid",
    "driver_count",
    "ride_stats",
    "deck",
    "pyramid",
    "drivers",
    "cards_left",
    "diamond",
    "face_up",
    "pile",
    "discard",
    "streak",
    "pool",
)
