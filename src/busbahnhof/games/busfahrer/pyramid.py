"""Busfahrer, Phase 2: Die Pyramide.

The dealer lays the pyramid face down and turns it card by card, row by row, bottom to top.
After each card every player holding a card of the same rank lays it on the pyramid card and
hands out as many penalty points as the row is worth; with two such cards "darfst du beide legen
und für jede verteilen".  Players react in seat order starting left of the dealer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import GameError
from . import giving
from .actions import LAY_ONLY, LAY_OR_KEEP, BusfahrerAction
from .cards import OF_RANK
from .phases import BUCKET_PYRAMID, LAYING

if TYPE_CHECKING:
    from .state import BusfahrerState

LAY_RULE = "Busfahrer: Phase 2 (Karte mit demselben Wert legen)"
LAYING_DOCUMENT, LAYING_MANDATORY, LAYING_OPTIONAL = range(3)
LAYING_MODES = {"document": LAYING_DOCUMENT, "mandatory": LAYING_MANDATORY, "optional": LAYING_OPTIONAL}


def lay_out(state: BusfahrerState) -> None:
    """ "Der Geber legt 10 Karten verdeckt als Pyramide aus" (more with a larger pyramid), then turns them."""
    size = len(state.row_of)
    deck = state.deck
    state.pyramid = [deck.pop() for _ in range(size)]
    state.laid = [[] for _ in range(size)]
    state.turned = 0
    state.lay_index = state.players
    state.lay_count = 0
    if state.keeps_log:
        state.emit("pyramid_laid", count=size)
    continue_laying(state)


def row_points(state: BusfahrerState, position: int) -> int:
    """Row N (1 = bottom) is worth N points, or 2N with ``pyramid_points="2-4-6-8"`` (rules-notes 1)."""
    return state.row_of[position] * state.points_factor


def continue_laying(state: BusfahrerState) -> None:
    """Find the next seat with a matching card; turn the next card when nobody has one; after the Spitze the driver."""
    players = state.players
    hands = state.hands
    while True:
        if state.lay_index < players:
            seat = (state.dealer + 1 + state.lay_index) % players
            if not OF_RANK[state.pyramid[state.turned - 1] // 4].isdisjoint(hands[seat]):
                state.phase = LAYING
                state.mover = seat
                return
            state.lay_index += 1
            state.lay_count = 0
            continue
        if state.turned == len(state.pyramid):
            state.end_of_pyramid()
            return
        position = state.turned
        state.turned += 1
        state.lay_index = 0
        state.lay_count = 0
        if state.keeps_log:
            state.emit(
                "pyramid_turned",
                row=state.row_of[position],
                points=row_points(state, position),
                card=state.pyramid[position],
            )


def must_lay(state: BusfahrerState) -> bool:
    """Whether the seat to move has to lay its matching card (option ``laying``, ruling R3).

    "document": "legt ... diese" makes the first card compulsory, "darfst du beide legen" the
    second one optional; "mandatory": every matching card; "optional": none.
    """
    mode = state.laying_mode
    return mode == LAYING_MANDATORY or (mode == LAYING_DOCUMENT and state.lay_count == 0)


def legal(state: BusfahrerState) -> tuple[BusfahrerAction, ...]:
    """``lay`` and, where laying is not compulsory, ``keep``."""
    return LAY_ONLY if must_lay(state) else LAY_OR_KEEP


def lay(state: BusfahrerState) -> None:
    """Lay one matching card on the current pyramid card (it leaves the game), then hand out its points."""
    seat = state.mover
    position = state.turned - 1
    rank = state.pyramid[position] // 4
    hand = state.hands[seat]
    card = next(filter(OF_RANK[rank].__contains__, hand))  # the first matching card
    hand.remove(card)
    state.laid[position].append(card)
    state.cards_laid[seat] += 1
    state.lay_count += 1
    points = row_points(state, position)
    if state.keeps_log:
        state.emit("laid", seat=seat, card=card, points=points)
    giving.start_give(state, seat, points, BUCKET_PYRAMID)


def keep(state: BusfahrerState) -> None:
    """Keep the remaining matching cards for now; the next seat reacts."""
    if state.keeps_log:
        state.emit("kept", seat=state.mover)
    state.lay_index += 1
    state.lay_count = 0
    continue_laying(state)


def explain(state: BusfahrerState, action: BusfahrerAction) -> GameError:
    """Why ``action`` is not ``lay``/``keep`` now.

    The seat is asked only when it may choose: a compulsory lay (``must_lay``) has one legal
    action and is taken by the engine, so a waiting laying decision always offers both.
    """
    return state.illegal(
        action,
        f"player {state.mover + 1} must decide whether to lay a matching card",
        LAY_RULE,
        key="must_decide_lay",
        seat=state.mover,
    )
