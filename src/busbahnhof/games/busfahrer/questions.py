"""Busfahrer, Vorbereitung and Phase 1: Vier Fragen.

Four rounds; in each the dealer goes clockwise starting at his left and answers last himself.
Each player answers the round's question, then gets the top card face up; a wrong answer
costs 1 penalty point (with "Steigende Strafen": 1, 2, 3, 4 by round, and a right answer lets
the player hand out the same number).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import GameError
from . import giving
from .actions import (
    GUESS,
    GUESS_WORDS,
    GUESSES_BY_QUESTION,
    HIGHER,
    INSIDE,
    QUESTION_OF_GUESS,
    RED,
    SUIT_GUESS_BASE,
    BusfahrerAction,
)
from .cards import HEARTS
from .options import CARDS_PER_HAND
from .phases import BUCKET_QUESTIONS, QUESTIONS

if TYPE_CHECKING:
    from .state import BusfahrerState

QUESTION_RULES = (
    "Busfahrer: Phase 1, Frage 1 (Rot oder schwarz?)",
    "Busfahrer: Phase 1, Frage 2 (Höher oder tiefer?)",
    "Busfahrer: Phase 1, Frage 3 (Innerhalb oder außerhalb?)",
    "Busfahrer: Phase 1, Frage 4 (Welche Farbe?)",
)
QUESTION_KEYS = ("q1", "q2", "q3", "q4")


def is_right(question: int, guess: int, earlier: list[int], card: int) -> bool:
    """Whether ``guess`` is right for ``card`` given the player's ``earlier`` cards (Phase 1).

    1. red or black: the card's colour (Herz, Karo red).
    2. higher or lower than the first card; "Bei gleichem Wert liegst du falsch".
    3. inside or outside the first two; "Eine Karte mit gleichem Wert wie eine der beiden zählt
       als innerhalb".
    4. the suit.
    """
    if question == 0:
        return (card % 4 >= HEARTS) == (guess == RED)
    rank = card // 4
    if question == 1:
        first = earlier[0] // 4
        return rank > first if guess == HIGHER else rank < first
    if question == 2:
        a, b = earlier[0] // 4, earlier[1] // 4
        low, high = (a, b) if a <= b else (b, a)
        return (low <= rank <= high) == (guess == INSIDE)
    return card % 4 == guess - SUIT_GUESS_BASE


def start_game(state: BusfahrerState) -> None:
    """Vorbereitung: the dealer shuffles; everyone starts the game with empty hands.

    The first game is dealt by the last seat so that seat 0 answers first; in a match the deal
    passes clockwise (see the rulings).
    """
    state.deck = state.fresh_deck()
    state.hands = [[] for _ in range(state.players)]
    state.cards_left = []
    state.round = 0
    state.answer_index = 0
    state.pyramid = []
    state.turned = 0
    state.laid = []
    state.drivers = []
    state.tie_draws = []
    state.diamond = []
    state.face_up = []
    state.pile = []
    state.discard = []
    state.streak = []
    state.ride_row = 0
    state.ride_turns = 0
    state.ride_result = ""
    state.phase = QUESTIONS
    state.mover = (state.dealer + 1) % state.players
    if state.keeps_log:
        state.emit("game_started", number=state.game_no + 1, games=state.games, seat=state.dealer)


def legal(state: BusfahrerState) -> tuple[BusfahrerAction, ...]:
    """The two (or four) answers to this round's question."""
    return GUESSES_BY_QUESTION[state.round]


def answer(state: BusfahrerState, guess: int) -> None:
    """The answering seat has said ``guess``: deal it the top card face up and score it."""
    seat = state.mover
    question = state.round
    hand = state.hands[seat]
    card = state.deck.pop()
    right = is_right(question, guess, hand, card)
    hand.append(card)
    state.q_asked[question] += 1
    stake = question + 1 if state.rising else 1
    if right:
        state.q_right[question] += 1
        if state.keeps_log:
            state.emit("answered_right", seat=seat, guess=guess, card=card)
        if state.rising:
            if state.keeps_log:
                state.emit("may_give", seat=seat, points=stake)
            giving.start_give(state, seat, stake, BUCKET_QUESTIONS)
            return
    else:
        state.points[0][seat] += stake
        if state.keeps_log:
            state.emit("answered_wrong", seat=seat, guess=guess, card=card, points=stake)
    next_answer(state)


def next_answer(state: BusfahrerState) -> None:
    """The next seat clockwise answers; after the dealer the next round starts, after four rounds Phase 2."""
    state.answer_index += 1
    if state.answer_index == state.players:
        state.answer_index = 0
        state.round += 1
        if state.round == CARDS_PER_HAND:
            state.end_of_questions()
            return
    state.mover = (state.dealer + 1 + state.answer_index) % state.players


def explain(state: BusfahrerState, action: BusfahrerAction) -> GameError:
    """Why ``action`` is not an answer to this round's question."""
    question = state.round
    if action.kind != GUESS:
        return state.illegal(
            action,
            f"player {state.mover + 1} must answer question {question + 1}",
            "Busfahrer: Phase 1",
            key="must_answer",
            seat=state.mover,
            question=question + 1,
        )
    answers = [a.value for a in GUESSES_BY_QUESTION[question]]
    words = " or ".join(GUESS_WORDS[answer] for answer in answers)
    return state.illegal(
        action,
        f"round {question + 1} asks question {question + 1} (answer {words}); "
        f"{GUESS_WORDS[action.value]!r} answers question {QUESTION_OF_GUESS[action.value] + 1}",
        QUESTION_RULES[question],
        key="wrong_question",
        round=question + 1,
        answers=answers,
        guess=action.value,
        other=QUESTION_OF_GUESS[action.value] + 1,
    )
