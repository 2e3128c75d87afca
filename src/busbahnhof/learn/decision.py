"""One decision judged from the deciding seat's information: its options, the move made, the loss.

The values come exactly where the game knows them (Busfahrer's questions, :mod:`.busfahrer`) and
from paired sampled worlds otherwise (:mod:`.evaluate`).  A move is a **clear mistake** when it
loses at least the game's threshold in points against the best option, and, for values from
sampled worlds, the loss is also more than three standard errors, measured on at least
:data:`MIN_WORLDS` worlds (so the noise of a small budget marks nothing).  The finalists are
chosen on other worlds than those the loss is measured on (:func:`.evaluate.value_options`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import Rng, State
from .evaluate import Budget, Option, paired_loss, value_options
from .profiles import Profile

SHOWN = 3
"""Options listed per decision besides the move made: the best two or three."""
MIN_WORLDS = 8
"""A loss from sampled worlds marks a mistake only if measured on at least this many worlds (the
standard error of fewer says little)."""
SIGNIFICANCE = 3.0
"""A loss from sampled worlds counts only beyond this many standard errors (one-sided, about one
false mark in 700 decisions whose options are truly equal, such as the cards of a diamond row)."""


@dataclass(frozen=True)
class DecisionValues:
    """A decision's options, best first, and how they were valued.

    Attributes:
        seat: the deciding seat (0-based).
        measure: ``answer_penalty`` (exact: the answer's expected penalty points),
            ``final_points`` (worlds played to the end) or ``horizon_points`` (cut off).
        lower_is_better: fewer points are better (Busfahrer's penalty points).
        options: every option, best first.
    """

    seat: int
    measure: str
    lower_is_better: bool
    options: list[Option]

    @property
    def best(self) -> Option:
        """The best option."""
        return self.options[0]

    def option(self, action: str) -> Option:
        """The option written ``action``."""
        return next(option for option in self.options if option.action == action)


def value_decision(
    state: State[Any], seat: int, rng: Rng, profile: Profile, budget: Budget, keep: tuple[str, ...] = ()
) -> DecisionValues:
    """The options of ``seat``'s decision in ``state``, from ``seat``'s information only."""
    lower = bool(getattr(state.game, "lower_is_better", False))
    exact = profile.exact(state, seat) if profile.exact else None
    if exact is not None:
        return DecisionValues(seat, "answer_penalty", lower_is_better=True, options=exact)
    policy = profile.guide.policy() if profile.guide.policy else None
    favourite = () if policy is None else (str(policy.choose(state, seat, rng)),)
    confirm_guide = profile.public_guide if profile.confirm_to_end else None
    options = value_options(
        state, seat, rng, profile.guide, profile.running_points, budget, keep + favourite, profile.tally, confirm_guide
    )
    measure = "final_points" if profile.guide.cutoff is None or profile.confirm_to_end else "horizon_points"
    return DecisionValues(seat, measure, lower, options)


@dataclass(frozen=True)
class Judgement:
    """The move made against the best option."""

    made: str
    best: str
    loss: float
    loss_error: float
    mistake: bool


def judge(values: DecisionValues, made: str, threshold: float) -> Judgement:
    """How much worse ``made`` is than the best option, and whether that is a clear mistake."""
    chosen = values.option(made)
    best = values.best
    if chosen is best:
        return Judgement(made, best.action, 0.0, 0.0, mistake=False)
    loss, error = paired_loss(chosen, best, values.lower_is_better)
    if loss <= 0.0:  # as many points (the best was ahead on its place only)
        return Judgement(made, made, 0.0, error, mistake=False)
    sampled = chosen.worlds > 0
    measured = not sampled or min(chosen.worlds, best.worlds) >= MIN_WORLDS
    mistake = measured and loss >= threshold and loss > SIGNIFICANCE * error
    return Judgement(made, best.action, loss, error, mistake)


def shown_options(values: DecisionValues, judgement: Judgement) -> list[Option]:
    """The best option of the judgement first, then the next best up to :data:`SHOWN`, and the move
    made if it is not among them."""
    best = values.option(judgement.best)
    shown = [best, *(option for option in values.options if option is not best)][:SHOWN]
    if all(option.action != judgement.made for option in shown):
        shown.append(values.option(judgement.made))
    return shown
