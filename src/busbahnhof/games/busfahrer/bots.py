"""Busfahrer's own bot ``kartenzaehler``: it counts every card it can see.

It decides from its seat's information only: the open hands, the turned and laid pyramid
cards, the face-up and removed ride cards, the points.  The order of the unseen cards is never
read, so it decides the same on ``state.determinize(seat, rng)``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ...bots.evaluation import Evaluation
from ...bots.ismcts import FAST_ITERATIONS, Guide, IsmctsBot
from ...bots.levels import level_bots
from ...engine import Action, BotFactory, Rng, State
from .actions import GIVES, KEEP_ACTION, LAY_ACTION, BusfahrerAction
from .odds import answer_odds, unseen_cards
from .phases import AMERICAN, GIVING, LAYING, QUESTIONS
from .pyramid import row_points
from .state import BusfahrerState

RIDE_RISK = 17
"""What a ride costs its driver on average under the document's rules (17.0 over 3,000 random 4-player games)."""


def answer_chances(state: BusfahrerState, seat: int) -> dict[BusfahrerAction, float]:
    """For each legal answer, the chance that it is right given every visible card (Phase 1, American ride)."""
    return {answer: right / unseen for answer, right, unseen in answer_odds(state, seat)}


def keeping_value(state: BusfahrerState, seat: int) -> float:
    """Expected points a kept matching card hands out later: the chance that each later pyramid card is
    the first of its rank, times that card's row points."""
    rank = state.pyramid[state.turned - 1] // 4
    unseen = unseen_cards(state)
    matching = sum(1 for card in unseen if card // 4 == rank)
    total = len(unseen)
    none_yet = 1.0
    value = 0.0
    for offset, position in enumerate(range(state.turned, len(state.pyramid))):
        if total - offset <= 0:
            break
        first_here = none_yet * matching / (total - offset)
        value += first_here * row_points(state, position)
        none_yet -= first_here
    return value


def should_lay(state: BusfahrerState, seat: int) -> bool:
    """Lay now unless keeping the card for a higher row is worth more than the points now plus the
    risk of ending with the most cards (and riding the bus)."""
    now = row_points(state, state.turned - 1)
    mine = len(state.hands[seat])
    others = max(len(hand) for s, hand in enumerate(state.hands) if s != seat)
    risk = RIDE_RISK if mine >= others else 0
    return now + risk >= keeping_value(state, seat)


def leader(state: BusfahrerState, seat: int) -> int:
    """The other seat with the fewest penalty points (the nearest clockwise on a tie)."""
    totals = state.total_points()
    others = [(seat + step) % state.players for step in range(1, state.players)]
    return min(others, key=lambda s: totals[s])


class Kartenzaehler:
    """Answers with the best chance, lays when that helps, hands points to the leader."""

    name = "kartenzaehler"

    def choose(self, state: State[Any], seat: int, rng: Rng) -> Action:
        """The bot's decision for ``seat`` (``rng`` is not needed: the bot is deterministic)."""
        if not isinstance(state, BusfahrerState):
            raise TypeError("kartenzaehler plays Busfahrer only")
        legal = state.legal_actions()
        phase = state.phase
        if phase in (QUESTIONS, AMERICAN):
            chances = answer_chances(state, seat)
            return max(legal, key=lambda action: chances[action])  # type: ignore[index]
        if phase == GIVING:
            choice = GIVES[state.give_left][leader(state, seat)]
            return choice if choice in legal else legal[0]
        if phase == LAYING and KEEP_ACTION in legal:
            return LAY_ACTION if should_lay(state, seat) else KEEP_ACTION
        return legal[0]


HARD_ITERATIONS = 1000
"""``schwer``: sampled worlds per decision (docs/bots.md, "Levels", has its time per decision)."""
HARD_GUIDE = Guide(evaluation=Evaluation(scale=4.0))
"""Random rollouts (``kartenzaehler`` is too slow to play them); a win counts most, a margin of
about four penalty points a little."""


def levels() -> dict[str, BotFactory]:
    """``leicht``: ISMCTS with random rollouts and a small budget; ``mittel``: ``kartenzaehler``;
    ``schwer``: ISMCTS with a large budget (docs/bots.md, "Levels")."""
    return level_bots(
        partial(IsmctsBot, FAST_ITERATIONS),
        Kartenzaehler,
        partial(IsmctsBot, HARD_ITERATIONS, guide=HARD_GUIDE),
    )
