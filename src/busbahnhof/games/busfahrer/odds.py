"""The chance of each answer, counted from the cards everybody sees (Phase 1, the American ride).

All hands lie open ("Deine Karten bleiben offen vor dir liegen", ruling R13), so every seat sees
the same cards and an answer's odds are public: the view shows them beside each answer of the
seat to move, and the ``kartenzaehler`` bot answers with the best of them.  The next card dealt
is one of the cards nobody can see, each equally likely.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from .actions import BusfahrerAction
from .cards import DECK_SIZE
from .phases import AMERICAN
from .questions import is_right

if TYPE_CHECKING:
    from .state import BusfahrerState


def unseen_cards(state: BusfahrerState) -> list[int]:
    """The cards whose place nobody can see: the next card dealt or turned is one of them, all equally likely."""
    seen = set(state.seen_cards())
    return [card for card in range(DECK_SIZE) if card not in seen]


def answer_odds(state: BusfahrerState, seat: int) -> list[tuple[BusfahrerAction, int, int]]:
    """For each legal answer of ``seat``: the answer, how many unseen cards make it right, and how
    many cards are unseen (Phase 1's question semantics; in the American ride "your cards" are the
    cards of the current attempt)."""
    earlier = state.streak if state.phase == AMERICAN else state.hands[seat]
    question = len(earlier)
    unseen = unseen_cards(state)
    odds = []
    for action in state.legal_actions():
        answer = cast(BusfahrerAction, action)
        right = sum(1 for card in unseen if is_right(question, answer.value, earlier, card))
        odds.append((answer, right, len(unseen)))
    return odds
