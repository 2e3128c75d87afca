"""How the search values a Bus world it cut off before the end: the score so far.

A Bus score only grows by deliveries and shrinks by time stones (Bus: Spielende und Wertung), and
a line that carries passengers keeps carrying them, so the score margin a few rounds on says much
about who wins.  Everything read here is public (Bus hides nothing but the start player draw).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...bots.evaluation import Evaluation
from ...engine import State, wrong_kind
from .state import BusState

SCALE = 2.0
"""A score margin of two deliveries counts as clear (planer scores about six per game against itself)."""


def running_score(state: State[Any]) -> Sequence[float]:
    """Every seat's score so far: deliveries minus time stones."""
    if not isinstance(state, BusState):
        raise wrong_kind(state, BusState)
    return [state.deliveries[seat] - state.stones[seat] for seat in range(state.players)]


EVALUATION = Evaluation(SCALE, running_points=running_score)
