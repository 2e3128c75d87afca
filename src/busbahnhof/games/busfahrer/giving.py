"""Handing out penalty points: one seat's sequence of ``give K to P`` decisions.

Phase 2: the layer "verteilt Strafpunkte an andere Spieler. Er kann alle einem geben oder sie
aufteilen."  A right answer under "Steigende Strafen" ("darf dieselbe Zahl an jemand anderen
verteilen") gives all its points to one other player (ruling R6; option
``rising_recipients="split"`` lets them be split like pyramid points).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import GameError
from .actions import GIVE, BusfahrerAction, give_actions, give_all_actions
from .phases import BUCKET_QUESTIONS, GIVING

if TYPE_CHECKING:
    from .state import BusfahrerState

GIVE_RULE = "Busfahrer: Phase 2 (verteilt Strafpunkte an andere Spieler)"
RISING_RULE = "Busfahrer: Varianten, Steigende Strafen in Phase 1"


def start_give(state: BusfahrerState, seat: int, points: int, bucket: int) -> None:
    """``seat`` now hands out ``points`` penalty points, counted in the phase ``bucket``."""
    state.phase = GIVING
    state.mover = seat
    state.give_left = points
    state.give_bucket = bucket


def to_one(state: BusfahrerState) -> bool:
    """Whether every point goes to a single other player: the rising-penalty points of a right answer
    ("dieselbe Zahl an jemand anderen verteilen", ruling R6) unless the option splits them."""
    return state.give_bucket == BUCKET_QUESTIONS and not state.rising_split


def legal(state: BusfahrerState) -> tuple[BusfahrerAction, ...]:
    """``give K to P`` for every other player and every part K of what is left; all of it to one
    other player for a right answer under rising penalties."""
    if to_one(state):
        return give_all_actions(state.players, state.mover, state.give_left)
    return give_actions(state.players, state.mover, state.give_left)


def give(state: BusfahrerState, points: int, target: int) -> None:
    """Add ``points`` to ``target``; when nothing is left, play goes on where it stopped."""
    state.points[state.give_bucket][target] += points
    state.give_left -= points
    if state.keeps_log:
        state.emit("gave", seat=state.mover, points=points, seat2=target)
    if state.give_left == 0:
        state.after_give()


def explain(state: BusfahrerState, action: BusfahrerAction) -> GameError:
    """Why ``action`` is not a legal part of the current distribution (Phase 2: "an andere Spieler")."""
    rule = RISING_RULE if state.give_bucket == BUCKET_QUESTIONS else GIVE_RULE
    seat, left = state.mover, state.give_left
    if action.kind != GIVE:
        return state.illegal(
            action,
            f"player {seat + 1} must first hand out {left} penalty points",
            rule,
            key="must_give",
            seat=seat,
            points=left,
        )
    if action.target == seat:
        return state.illegal(
            action, "penalty points go to the other players, not to the giver", rule, key="give_to_self"
        )
    if action.target >= state.players:
        return state.illegal(
            action,
            f"there is no player {action.target + 1} at this table",
            rule,
            key="no_such_player",
            player=action.target + 1,
        )
    if to_one(state) and action.value < left:
        return state.illegal(
            action,
            f"under rising penalties all {left} penalty points go to one other player",
            rule,
            key="one_recipient",
            points=left,
        )
    # a seat is asked only with two or more other players (with one, ``give_actions`` leaves a
    # single action, taken by the engine), so the remaining fault is the amount
    return state.illegal(
        action, f"only {left} penalty points are left to hand out", rule, key="too_many_points", points=left
    )
