"""What a played-out (or cut-off) world is worth to every seat, for the search's back-up.

A finished game is worth its payoff (1 shared among the winners) blended with the points margin
to the best other seat, squashed into (0, 1) by a logistic curve: a win by many points is worth
a little more than a narrow one, a narrow loss a little more than a heavy one, which gives the
search a signal where the payoff alone is flat (every line loses, every line wins).  A world cut
off before its end is worth the squashed margin of the game's running points alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import State

RunningPoints = Callable[[State[Any]], Sequence[float]]


def payoffs(state: State[Any]) -> list[float]:
    """Each seat's payoff of a finished game (1 shared among the winners)."""
    outcome = state.outcome()
    return [outcome.payoff(seat) for seat in range(state.players)]


def squashed_margins(points: Sequence[float], scale: float, lower_is_better: bool) -> list[float]:
    """Per seat the logistic of (its points - the best other seat's points) / ``scale``, in (0, 1)."""
    sign = -1.0 if lower_is_better else 1.0
    values = []
    for seat, mine in enumerate(points):
        others = [sign * theirs for other, theirs in enumerate(points) if other != seat]
        margin = sign * mine - max(others) if others else 0.0
        values.append(1.0 / (1.0 + math.exp(-margin / scale)))
    return values


@dataclass(frozen=True)
class Evaluation:
    """How a world is valued: the payoff blended with the squashed points margin.

    Attributes:
        scale: a points margin of this size counts as clear (logistic scale, in the game's points).
        weight: the margin's share in a finished game's value (the payoff has the rest).
        running_points: the points of an unfinished world, per seat (the game's own score so far);
            needed to cut rollouts off before the end.
    """

    scale: float
    weight: float = 0.25
    running_points: RunningPoints | None = None

    def values(self, state: State[Any]) -> list[float]:
        """Every seat's value of ``state`` in [0, 1]."""
        if state.is_over:
            outcome = state.outcome()
            margins = squashed_margins(outcome.points, self.scale, outcome.lower_is_better)
            return [
                (1.0 - self.weight) * outcome.payoff(seat) + self.weight * margins[seat]
                for seat in range(state.players)
            ]
        if self.running_points is None:
            raise ValueError("this evaluation values finished games only (it has no running points)")
        return squashed_margins(self.running_points(state), self.scale, lower_is_better=False)
