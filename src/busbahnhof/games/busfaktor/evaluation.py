"""How the search values a Busfaktor: 1 world it cut off before the end: points plus work in progress.

At the end a person scores the points of their completed projects minus one per unfinished one
(§16).  A world cut off earlier is valued by :func:`~.bots.standing` per seat: those points plus,
per active project, its points times the share of its requirements already met (the last
factors are the hardest to get, so this is an estimate, not the expected score).  The search
reads it in its own sampled worlds only, so nothing hidden is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...bots.evaluation import Evaluation
from ...engine import State, wrong_kind
from .bots import standing
from .state import BusfaktorState

SCALE = 3.0
"""A margin of about three points (one large project) counts as clear."""


def running_points(state: State[Any]) -> Sequence[float]:
    """Every seat's points so far plus the progress of its active projects (§16)."""
    if not isinstance(state, BusfaktorState):
        raise wrong_kind(state, BusfaktorState)
    return [standing(state, seat) for seat in range(state.players)]


EVALUATION = Evaluation(SCALE, running_points=running_points)
