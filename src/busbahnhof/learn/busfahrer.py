"""Busfahrer's questions valued exactly: the odds of each answer from the cards the seat has seen.

Phase 1 (and the American ride) asks a question about the next card dealt, which is one of the
cards nobody has seen, each equally likely (``games/busfahrer/odds.py``, the module the
``kartenzaehler`` bot and the table's answer buttons use).  The answer changes nothing else of the
game: the card dealt is the same whatever the answer.  So the expected penalty points of an
answer are exactly P(wrong) times the stake (1; with "Steigende Strafen" the round's number), and
the loss of a worse answer is exact too.  In the American ride a wrong answer also starts the
ride again, so there the figures are a lower bound of what a wrong answer costs.
"""

from __future__ import annotations

from typing import Any

from ..engine import State
from ..games.busfahrer.odds import answer_odds
from ..games.busfahrer.phases import AMERICAN, QUESTIONS
from ..games.busfahrer.state import BusfahrerState
from .evaluate import Option


def exact_answers(state: State[Any], seat: int) -> list[Option] | None:
    """Each answer of ``seat`` with its expected penalty points, best first; ``None`` when the
    decision is not a question (Busfahrer: Phase 1, Vier Fragen; Varianten, Ride the Bus)."""
    if not isinstance(state, BusfahrerState) or state.phase not in (QUESTIONS, AMERICAN):
        return None
    stake = state.round + 1 if state.rising and state.phase == QUESTIONS else 1
    options = [
        Option(str(answer), points=stake * (unseen - right) / unseen, right=right, of=unseen)
        for answer, right, unseen in answer_odds(state, seat)
    ]
    return sorted(options, key=lambda option: option.points)
