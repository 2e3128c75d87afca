"""The heuristic bot ``heuristik``: finishes what it starts, hinders the leader, keeps an Absicherung.

It reads only what its seat may know: its own hand and the public table (projects, attached
cards, the open discard, sizes).  Every legal action gets a score; the first best one is taken.
"""

from __future__ import annotations

from functools import partial
from typing import Any, cast

from ...bots.evaluation import Evaluation
from ...bots.halving import HalvingBot
from ...bots.ismcts import FAST_ITERATIONS, Guide, IsmctsBot
from ...bots.levels import level_bots
from ...engine import Action, BotFactory, Rng, State, wrong_kind
from .actions import (
    ACCEPT_ACT,
    ATTACH,
    DONE,
    MOVE,
    OFFER,
    PLAY,
    PLAY_EXTRA,
    PLAY_JOKER,
    PLAY_SETBACK,
    SECURE,
    SHARE,
    START,
    Act,
)
from .deck import EVENT, FACTOR, PROJECT
from .phases import (
    ANSWER_OFFER,
    ANSWER_SHARE,
    E1_TAKE,
    E3_TAKE,
    E4_MOVE,
    REACT,
    ROUNDS,
    SHARED,
)
from .phases import DISCARD as DISCARD_PHASE
from .phases import DRAW as DRAW_PHASE
from .state import BusfaktorState


def missing(s: BusfaktorState, needs: list[int], hand: list[int]) -> int:
    """How many of ``needs`` (open count per type) the hand's factors cannot cover (single types first)."""
    left = needs[:]
    deck = s.deck
    flexible = []
    for card in hand:
        if deck.kind[card] != FACTOR:
            continue
        allowed = deck.types[card]
        if len(allowed) == 1:
            if left[allowed[0]]:
                left[allowed[0]] -= 1
        else:
            flexible.append(allowed)
    for allowed in flexible:
        for t in allowed:
            if left[t]:
                left[t] -= 1
                break
    return sum(left)


def open_needs(s: BusfaktorState, project: int) -> list[int]:
    """Open requirements of an active project, or all requirements of one not yet started."""
    if s.status[project] == 1:
        return s.open[project * 4 : project * 4 + 4]
    return list(s.deck.requirements[project])


def standing(s: BusfaktorState, seat: int) -> float:
    """Public estimate of a seat's prospects: points plus progress of its active projects."""
    value = float(s.points(seat))
    for p in s.actives[seat]:
        total = s.deck.points[p] + (s.extra[p] >= 0)
        value += s.deck.points[p] * (1 - s.need[p] / total)
    return value


def leader(s: BusfaktorState, me: int) -> int:
    """The other seat with the best public standing (first in turn order after ``me`` on ties)."""
    others = [(me + k) % s.players for k in range(1, s.players)]
    return max(others, key=lambda seat: standing(s, seat))


class HeuristicBot:
    """Scores every legal action by simple rules of thumb (see module docstring)."""

    name = "heuristik"

    def choose(self, state: State[Any], seat: int, rng: Rng) -> Action:
        """The best-scored legal action (the first one on equal scores)."""
        if not isinstance(state, BusfaktorState):
            raise wrong_kind(state, BusfaktorState)
        legal = state.legal_actions()
        best, best_score = legal[0], float("-inf")
        for action in legal:
            value = self.score(state, seat, cast(Act, action))
            if value > best_score:
                best, best_score = action, value
        return best

    def score(self, s: BusfaktorState, me: int, action: Act) -> float:
        """How much this bot likes ``action`` now."""
        phase = s.phase
        if phase == DRAW_PHASE:
            return self._draw(s, me, action.a)
        if phase == DISCARD_PHASE:
            return -self.keep_value(s, me, action.a)
        if phase == REACT:
            return 1.0 if action.verb == SECURE and me in s.affected else 0.0
        if phase == ANSWER_OFFER:
            gain = self._both_gain(s, s.offer_theirs, s.offer_mine)
            return 1.0 if (action is ACCEPT_ACT) == gain else 0.0
        if phase == ANSWER_SHARE:
            return 1.0 if action is ACCEPT_ACT else 0.0
        if phase in (E1_TAKE, E3_TAKE):
            return self.keep_value(s, me, action.a)
        if phase == E4_MOVE:
            return 1.0 if action.verb == MOVE and s.need[action.b] == 1 else 0.0
        return self._act(s, me, action)

    def _draw(self, s: BusfaktorState, me: int, source: int) -> float:
        hand = s.hands[me]
        if source == 2:
            top = s.discard[-1]
            kind = s.deck.kind[top]
            if kind == FACTOR and any(s.open[p * 4 + t] for p in s.actives[me] for t in s.deck.types[top]):
                return 3.0
            if kind == EVENT and s.deck.template[top] == 8 and not self._has_absicherung(s, hand):
                return 2.0
            return 0.0
        if source == 0:
            wants_project = not any(c < s.deck.n_projects for c in hand) and len(s.actives[me]) <= 1
            return 2.0 if wants_project and s.round <= ROUNDS - 2 else -1.0
        return 1.0

    def _has_absicherung(self, s: BusfaktorState, hand: list[int]) -> bool:
        return any(s.deck.template[c] == 8 for c in hand)

    def _both_gain(self, s: BusfaktorState, mine: int, theirs: int) -> bool:
        return any(s.open[mine * 4 + t] and s.open[theirs * 4 + t] for t in range(4))

    def _act(self, s: BusfaktorState, me: int, action: Act) -> float:
        verb, deck, hand = action.verb, s.deck, s.hands[me]
        if verb == DONE:
            return 0.0
        if verb == START:
            gap = missing(s, open_needs(s, action.a), hand)
            if s.must_start:
                return 10.0 - gap
            late = s.round >= ROUNDS - 1
            return 5.0 - gap if gap <= (0 if late else 1) else -1.0
        if verb == ATTACH:
            completes = s.need[action.b] == 1
            return 10.0 + (5.0 if completes else 0.0) - (0.5 if len(deck.types[action.a]) > 1 else 0.0)
        if verb == SHARE:
            return 12.0
        if verb == PLAY_JOKER:
            fillers = missing(s, open_needs(s, action.b), hand)
            return 8.0 if s.need[action.b] == 1 or fillers else -1.0
        if verb == PLAY_EXTRA:
            return self._hinder(s, me, s.owner[action.b], action.b)
        if verb == PLAY_SETBACK:
            where = s.att[action.b]
            if where == SHARED:
                return -1.0
            if s.extra[where] == action.b:  # taking a Mehraufwand away (§4, ruling R19) helps its project
                return 6.0 if s.owner[where] == me else -1.0
            return self._hinder(s, me, s.owner[where], where)
        if verb == OFFER:
            return 11.0 if self._both_gain(s, action.a, action.b) and self._holds_shared(s, me, action) else -1.0
        if verb == PLAY:
            template = deck.template[action.a]
            if template == 3:
                return 4.0 if any(self.keep_value(s, me, c) >= 7 for c in s.discard if deck.kind[c] == FACTOR) else -1
            if template == 4:
                return -1.0
            return 4.0 if template in (1, 2) else -1.0
        return -1.0

    def _holds_shared(self, s: BusfaktorState, me: int, action: Act) -> bool:
        common = [t for t in range(4) if s.open[action.a * 4 + t] and s.open[action.b * 4 + t]]
        return any(t in s.deck.types[c] for c in s.hands[me] if s.deck.kind[c] == FACTOR for t in common)

    def _hinder(self, s: BusfaktorState, me: int, victim: int, project: int) -> float:
        if victim == me:
            return -5.0
        close = 2.0 if s.need[project] <= 1 else 0.0
        return (4.0 if victim == leader(s, me) else 1.0) + close

    def keep_value(self, s: BusfaktorState, me: int, card: int) -> float:
        """How useful ``card`` is in this bot's hand (for discarding the least useful)."""
        deck = s.deck
        kind = deck.kind[card]
        hand = s.hands[me]
        if kind == PROJECT:
            if s.round > ROUNDS - 2:
                return 0.0
            return 3.0 - missing(s, list(deck.requirements[card]), hand) * 0.5
        if kind == FACTOR:
            types = deck.types[card]
            if any(s.open[p * 4 + t] for p in s.actives[me] for t in types):
                return 7.0
            held = [c for c in hand if c < deck.n_projects]
            if any(deck.requirements[p][t] for p in held for t in types):
                return 4.0
            return 2.0 + (len(types) > 1)
        template = deck.template[card]
        if template == 8:
            others = sum(1 for c in hand if c != card and deck.template[c] == 8)
            return 8.0 if others == 0 else 3.0
        return {5: 5.0, 6: 4.0, 7: 4.0}.get(template, 3.0)


HARD_STEPS = 12_000
"""``schwer``: decisions played inside rollouts per decision (docs/bots.md, "Levels", has the
calibration: about 20 microseconds of CPU per decision played, so at most about 0.4 s)."""
HARD_GUIDE = Guide(HeuristicBot, epsilon=0.1, evaluation=Evaluation(scale=3.0))
"""``heuristik`` plays the rollouts to the end (one random action in ten); a win counts most, a
margin of about three points (one large project) a little."""
HARD_BONUS = 0.03
"""The heuristic's choice is left only for a move whose mean value is higher by more than this."""


def levels() -> dict[str, BotFactory]:
    """``leicht``: ISMCTS with random rollouts and a small budget; ``mittel``: ``heuristik``;
    ``schwer``: sequential halving on paired worlds, played on by ``heuristik`` (docs/bots.md, "Levels")."""
    return level_bots(
        partial(IsmctsBot, FAST_ITERATIONS),
        HeuristicBot,
        partial(HalvingBot, HARD_STEPS, HARD_GUIDE, bonus=HARD_BONUS),
    )
