"""A hint: "what would a strong bot do here?", from the asking seat's information only.

The options are valued as a review values them (:mod:`.decision`: exact odds for Busfahrer's
questions, paired sampled worlds otherwise) with the game's hint budget, which adds a time limit
so that a hint answers within about two seconds at every decision.  Each of the best options
comes with its values and, where the game can give one, a short reason read from the seat's own
view or from the worlds (:mod:`.profiles`): the odds of an answer, a Bus action's slot and power,
the completed projects to expect in Busfaktor: 1.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..engine import GameError, Rng, State
from .decision import SHOWN, value_decision
from .evaluate import Budget, Option
from .profiles import profile_of


@dataclass(frozen=True)
class HintOption:
    """One recommended option: its values and a short reason (or ``None``)."""

    option: Option
    reason: dict[str, Any] | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: the option's values and its ``reason``."""
        return {**self.option.to_dict(), "reason": self.reason}


@dataclass(frozen=True)
class Hint:
    """The best options for ``seat`` at one decision, best first."""

    seat: int
    measure: str
    lower_is_better: bool
    options: list[HintOption]
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (docs/review.md, "Hints")."""
        return {
            "seat": self.seat,
            "measure": self.measure,
            "lower_is_better": self.lower_is_better,
            "options": [option.to_dict() for option in self.options],
            "seconds": round(self.seconds, 3),
        }


def hint(state: State[Any], seat: int, rng: Rng, budget: Budget | None = None) -> Hint:
    """The best two or three options of ``seat``, who is to move in ``state``.

    Raises:
        GameError: ``seat`` is not to move (key ``review.error.not_to_move``).
    """
    if state.to_move != seat:
        raise GameError(
            f"player {seat + 1} is not to move, so there is nothing to hint",
            key="review.error.not_to_move",
            params={"seat": seat + 1},
        )
    started = time.perf_counter()
    profile = profile_of(state.game.id)
    values = value_decision(state, seat, rng, profile, budget or profile.hint)
    view = state.view(seat, log=False)
    options = [
        HintOption(option, profile.reason(view, option) if profile.reason else None)
        for option in values.options[:SHOWN]
    ]
    return Hint(seat, values.measure, values.lower_is_better, options, time.perf_counter() - started)
