"""Simulation figures of a finished Busfahrer game or match (``Game.summarize``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .questions import QUESTION_KEYS
from .ride import ATTEMPTS, CARDS_TURNED, COMPLETED, PILE_RAN_OUT, POINTS

if TYPE_CHECKING:
    from .state import BusfahrerState


def summarize(state: BusfahrerState) -> dict[str, Any]:
    """Per seat: points per phase, win, driver, cards laid; per question asked/right; the ride.

    ``points == points_questions + points_pyramid + points_ride``: points handed out for a right
    answer under "Steigende Strafen" count as question points, points from the pyramid as
    pyramid points, everything of the ride (American re-asks too) as ride points.  Questions
    count only the four questions of Phase 1.  ``driver.ties`` counts the games in which several
    players had the most cards left at the end of Phase 2 (the tie rule of option ``driver_tie``
    then chose the Busfahrer).  In a match every figure is summed over its games.
    """
    q, p, r = state.points
    stats = state.ride_stats
    return {
        "seats": [
            {
                "points": q[seat] + p[seat] + r[seat],
                "points_questions": q[seat],
                "points_pyramid": p[seat],
                "points_ride": r[seat],
                "driver": state.driver_count[seat],
                "cards_laid": state.cards_laid[seat],
            }
            for seat in range(state.players)
        ],
        "questions": {
            key: {"asked": state.q_asked[index], "right": state.q_right[index]}
            for index, key in enumerate(QUESTION_KEYS)
        },
        "driver": {"ties": sum(1 for event in state.log if event.key == "driver_tie")},
        "ride": {
            "attempts": stats[ATTEMPTS],
            "cards_turned": stats[CARDS_TURNED],
            "points": stats[POINTS],
            "pile_ran_out": stats[PILE_RAN_OUT],
            "completed": stats[COMPLETED],
        },
    }
