"""Busfahrer, Phase 3: Busfahren, and the variant "Ride the Bus, amerikanisch".

All cards are gathered and shuffled; 16 go face down into a 1-2-3-4-3-2-1 diamond, the rest is
the draw pile.  The driver turns one card per row from the top; a number card (2-10) lets him
go on, a B, D, K or A costs as many points as the row has cards ("Karten zählen": as many as were
turned on this attempt), every card turned on the attempt is replaced from the pile and he starts
again at the top.  The ride is done with a number card in the bottom row, and ends when the pile
cannot replace the cards (option ``empty_pile="reshuffle"``: the removed cards form a new pile).
The American ride goes on "bis er alle vier richtig hat": an empty pile is refilled with the
removed cards (ruling R11; option ``empty_pile="end"`` cuts it short instead).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import GameError
from .actions import GUESS, GUESS_WORDS, GUESSES_BY_QUESTION, TURN, TURNS_BY_ROW_SIZE, BusfahrerAction
from .cards import HIGHEST_NUMBER_RANK
from .layout import DIAMOND_OFFSETS, DIAMOND_ROWS, DIAMOND_SIZE
from .phases import AMERICAN, BUCKET_RIDE, RIDE
from .questions import QUESTION_RULES, is_right

if TYPE_CHECKING:
    from .state import BusfahrerState

RIDE_RULE = "Busfahrer: Phase 3"
AMERICAN_RULE = "Busfahrer: Varianten, Ride the Bus, amerikanisch"
ATTEMPTS, CARDS_TURNED, POINTS, PILE_RAN_OUT, COMPLETED = range(5)
LAST_ROW = len(DIAMOND_ROWS) - 1


def start_ride(state: BusfahrerState) -> None:
    """ "Sammelt alle Karten ein und mischt sie": the diamond and the draw pile (or, American, only the pile).

    Hands, pyramid and deck are gathered; how many cards each player had left stays on record.
    """
    state.cards_left = [len(hand) for hand in state.hands]
    state.hands = [[] for _ in range(state.players)]
    state.pyramid = []
    state.laid = []
    state.turned = 0
    state.deck = []
    deck = state.fresh_deck()
    if state.american:
        state.diamond = []
        state.pile = deck
        state.phase = AMERICAN
    else:
        state.diamond = deck[: -DIAMOND_SIZE - 1 : -1]
        state.pile = deck[:-DIAMOND_SIZE]
        state.phase = RIDE
    state.face_up = []
    state.discard = []
    state.streak = []
    state.ride_row = 0
    state.ride_turns = 0
    state.mover = state.drivers[0]
    if state.keeps_log:
        state.emit("ride_started", seat=state.mover)


def legal_turns(state: BusfahrerState) -> tuple[BusfahrerAction, ...]:
    """``turn 1`` .. ``turn N`` for the N cards of the current row ("sucht er sich eine Karte aus")."""
    return TURNS_BY_ROW_SIZE[DIAMOND_ROWS[state.ride_row]]


def legal_american(state: BusfahrerState) -> tuple[BusfahrerAction, ...]:
    """The answers to the next of the four questions."""
    return GUESSES_BY_QUESTION[len(state.streak)]


def turn(state: BusfahrerState, k: int) -> None:
    """Turn the k-th card of the current row and follow the rule of Phase 3."""
    row = state.ride_row
    position = DIAMOND_OFFSETS[row] + k - 1
    card = state.diamond[position]
    stats = state.ride_stats
    if row == 0:
        stats[ATTEMPTS] += 1
    state.face_up.append(position)
    stats[CARDS_TURNED] += 1
    state.ride_turns += 1
    if state.keeps_log:  # the ride's hottest line in search, whose silent worlds keep no log
        state.emit("ride_turned", seat=state.mover, row=row + 1, card=card)
    if card // 4 <= HIGHEST_NUMBER_RANK:
        if row == LAST_ROW:
            _finish(state, "completed")
            return
        state.ride_row = row + 1
    else:
        _charge(state, len(state.face_up) if state.counting else DIAMOND_ROWS[row])
        if not _replace(state):
            return
    state.mover = state.drivers[state.ride_turns % len(state.drivers)]


def _charge(state: BusfahrerState, points: int) -> None:
    """Every driver gets ``points`` penalty points (more than one only with ``driver_tie="all_ride"``)."""
    state.ride_stats[POINTS] += points
    for seat in state.drivers:
        state.points[BUCKET_RIDE][seat] += points
        if state.keeps_log:
            state.emit("ride_penalty", seat=seat, points=points)


def _replace(state: BusfahrerState) -> bool:
    """Replace the cards turned on this attempt from the pile; False if the ride ended instead."""
    face_up = state.face_up
    if len(state.pile) < len(face_up) and not state.reshuffle:
        _pile_ran_out(state)
        return False
    diamond = state.diamond
    state.discard.extend(map(diamond.__getitem__, face_up))
    if len(state.pile) < len(face_up):
        _reshuffle(state)
    pile = state.pile
    for position in face_up:
        diamond[position] = pile.pop()
    if state.keeps_log:
        state.emit("ride_replaced", count=len(face_up))
    state.face_up = []
    state.ride_row = 0
    return True


def _pile_ran_out(state: BusfahrerState) -> None:
    """ "Ist der Ziehstapel leer, endet die Fahrt ebenfalls" (ruling R10: when it cannot replace the cards)."""
    state.ride_stats[PILE_RAN_OUT] += 1
    _finish(state, "pile_empty")


def _reshuffle(state: BusfahrerState) -> None:
    """The removed cards are shuffled and put under the pile (the American ride by default, ruling
    R11; the diamond ride with ``empty_pile="reshuffle"``, ruling R10)."""
    removed = state.discard
    state.rng.shuffled(removed)
    reshuffle = 1 + max(state.pool)
    for card in removed:  # everybody saw them removed: a card dealt from them is one of them
        state.pool[card] = reshuffle
    state.pile = removed + state.pile
    state.discard = []
    if state.keeps_log:
        state.emit("ride_reshuffled", count=len(removed))


def american_answer(state: BusfahrerState, guess: int) -> None:
    """Ride the Bus: answer the four questions in a row; a wrong answer costs 1 and starts over at question 1."""
    question = len(state.streak)
    stats = state.ride_stats
    if question == 0:
        stats[ATTEMPTS] += 1
    card = state.pile.pop()
    stats[CARDS_TURNED] += 1
    state.ride_turns += 1
    right = is_right(question, guess, state.streak, card)
    state.streak.append(card)
    seat = state.mover
    if right:
        if state.keeps_log:
            state.emit("answered_right", seat=seat, guess=guess, card=card)
        if len(state.streak) == len(GUESSES_BY_QUESTION):
            _finish(state, "completed")
            return
    else:
        if state.keeps_log:
            state.emit("answered_wrong", seat=seat, guess=guess, card=card, points=1)
        _charge(state, 1)
        state.discard.extend(state.streak)
        state.streak = []
    if not state.pile:
        if not state.reshuffle:
            _pile_ran_out(state)
            return
        _reshuffle(state)
    state.mover = state.drivers[state.ride_turns % len(state.drivers)]


def _finish(state: BusfahrerState, result: str) -> None:
    state.ride_result = result
    if result == "completed":
        state.ride_stats[COMPLETED] += 1
    if state.keeps_log:
        state.emit("ride_" + result, seat=state.mover)
    state.end_of_ride()


def explain(state: BusfahrerState, action: BusfahrerAction) -> GameError:
    """Why ``action`` is not a legal step of the ride."""
    if state.american:
        question = len(state.streak)
        if action.kind != GUESS:
            return state.illegal(
                action,
                f"the driver must answer question {question + 1}",
                AMERICAN_RULE,
                key="driver_must_answer",
                question=question + 1,
            )
        return state.illegal(
            action,
            f"{GUESS_WORDS[action.value]!r} does not answer question {question + 1}",
            QUESTION_RULES[question],
            key="not_this_question",
            guess=action.value,
            question=question + 1,
        )
    size = DIAMOND_ROWS[state.ride_row]
    if action.kind != TURN:
        return state.illegal(
            action,
            f"the driver must turn a card of diamond row {state.ride_row + 1}",
            RIDE_RULE,
            key="must_turn",
            row=state.ride_row + 1,
        )
    return state.illegal(
        action,
        f"diamond row {state.ride_row + 1} has only {size} cards",
        RIDE_RULE,
        key="row_too_short",
        row=state.ride_row + 1,
        size=size,
    )
