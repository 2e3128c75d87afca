"""What one played-on world says about every seat: its points, its place, its share of the win.

A world played to its end gives the final points, places and win shares of its outcome
(``Outcome.places`` and ``Outcome.payoff``, so a game's own tie-breaks count); a world cut off at
the profile's horizon (Bus) gives the game's running points there, places by points (level seats
share a place) and the win shared among the seats level on the best points.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import State

RunningPoints = Callable[[State[Any]], Sequence[float]]


@dataclass(frozen=True)
class Standing:
    """One seat's result in one world."""

    points: float
    place: float
    win: float


def standings(world: State[Any], running_points: RunningPoints | None) -> list[Standing]:
    """Every seat's :class:`Standing` in ``world`` (finished, or cut off with ``running_points``)."""
    if world.is_over:
        outcome = world.outcome()
        places = outcome.places()
        return [
            Standing(points=float(points), place=1.0 + places[seat], win=outcome.payoff(seat))
            for seat, points in enumerate(outcome.points)
        ]
    if running_points is None:
        raise ValueError("a world cut off before its end needs the game's running points")
    points = [float(p) for p in running_points(world)]
    best = max(points)
    leaders = points.count(best)
    return [
        Standing(
            points=mine,
            place=1.0 + len({theirs for theirs in points if theirs > mine}),
            win=1.0 / leaders if mine == best else 0.0,
        )
        for mine in points
    ]
