"""The review of a recorded game: every decision of the chosen seats judged from that seat's
information at that moment, and the game graph from the public information.

Each decision gets its own generator, ``Rng(derive_seed(seed, "review", number))``, so its
values do not depend on which other decisions or seats are reviewed, and a review is the same
on every machine (budgets are counted in decisions played, not seconds).  The JSON form
(:meth:`Review.to_dict`, format ``busbahnhof-review/1``) is described in docs/review.md.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game, InvalidRecordError, Rng, derive_seed, replay_states, validate_record
from .decision import DecisionValues, Judgement, judge, shown_options, value_decision
from .evaluate import Budget
from .profiles import Profile, profile_of
from .public import PublicEstimate, estimate

REVIEW_FORMAT = "busbahnhof-review/1"

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class ReviewedDecision:
    """One reviewed decision: the action's number in the record (0-based), the seat, the values
    and the judgement of the move made."""

    number: int
    values: DecisionValues
    judgement: Judgement

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        j = self.judgement
        return {
            "number": self.number,
            "seat": self.values.seat,
            "measure": self.values.measure,
            "lower_is_better": self.values.lower_is_better,
            "made": j.made,
            "best": j.best,
            "loss": round(j.loss, 4),
            "loss_error": round(j.loss_error, 4),
            "mistake": j.mistake,
            "options": [option.to_dict() for option in shown_options(self.values, j)],
        }


@dataclass(frozen=True)
class SeatSummary:
    """Per seat: decisions reviewed, clear mistakes, the points lost in all and per decision."""

    seat: int
    decisions: int
    mistakes: int
    loss: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        mean = self.loss / self.decisions if self.decisions else 0.0
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "mistakes": self.mistakes,
            "loss": round(self.loss, 4),
            "mean_loss": round(mean, 4),
        }


@dataclass
class Review:
    """A whole game's review (see the module docstring)."""

    record: dict[str, Any]
    game: Game[Any, Any]
    seats: list[int]
    seed: int
    budget: Budget
    threshold: float
    decisions: list[ReviewedDecision] = field(default_factory=list)
    graph: list[PublicEstimate] = field(default_factory=list)
    seconds: float = 0.0

    def summaries(self) -> list[SeatSummary]:
        """One :class:`SeatSummary` per reviewed seat."""
        result = []
        for seat in self.seats:
            mine = [d for d in self.decisions if d.values.seat == seat]
            result.append(
                SeatSummary(
                    seat,
                    len(mine),
                    sum(d.judgement.mistake for d in mine),
                    sum(d.judgement.loss for d in mine),
                )
            )
        return result

    def to_dict(self) -> dict[str, Any]:
        """The review as JSON (docs/review.md, "The JSON")."""
        record = self.record
        return {
            "format": REVIEW_FORMAT,
            "game": record["game"],
            "players": record["players"],
            "names": record.get("names"),
            "record_seed": record["seed"],
            "actions": len(record["actions"]),
            "review_seed": self.seed,
            "budget": {"steps": self.budget.steps},
            "threshold": self.threshold,
            "seats": self.seats,
            "decisions": [decision.to_dict() for decision in self.decisions],
            "graph": [point.to_dict() for point in self.graph],
            "summary": [summary.to_dict() for summary in self.summaries()],
            "seconds": round(self.seconds, 3),
        }


def review_record(
    record: Any,
    seats: Iterable[int] | None = None,
    seed: int = 0,
    budget: Budget | None = None,
    graph: bool = True,
    progress: Progress | None = None,
) -> Review:
    """Review every decision of ``seats`` (0-based; all by default) in ``record``.

    A decision with a single legal action is not a decision and is skipped.  ``graph``: also the
    spectator's estimate before every action and at the end (:mod:`.public`).

    Raises:
        InvalidRecordError: a record that does not replay, has no seed (an unfinished table's
            record from the server), or names a seat it does not have.
    """
    record = validate_record(record)
    if not isinstance(record["seed"], int):
        raise InvalidRecordError(
            "the record has no seed (an unfinished game's record): only finished games are reviewed",
            key="review.error.no_seed",
        )
    profile: Profile = profile_of(record["game"])
    players = record["players"]
    chosen = sorted(set(range(players) if seats is None else seats))
    for seat in chosen:
        if not 0 <= seat < players:
            raise InvalidRecordError(
                f"seat {seat + 1}: the record has seats 1 to {players}",
                key="review.error.no_seat",
                params={"seat": seat + 1, "players": players},
            )
    budget = budget or profile.review
    started = time.perf_counter()
    actions = record["actions"]
    states = replay_states(record)
    first = next(states)
    review = Review(record, first.game, chosen, seed, budget, profile.threshold)
    for number, state in enumerate(itertools.chain([first], states)):
        if progress is not None:
            progress(number, len(actions))
        if graph:
            review.graph.append(estimate(state, Rng(derive_seed(seed, "graph", number)), profile))
        if number == len(actions):
            break
        mover = state.to_move
        if mover is None or mover not in chosen or len(state.legal_actions()) < 2:
            continue
        made = str(state.game.parse_action(actions[number]))
        rng = Rng(derive_seed(seed, "review", number))
        values = value_decision(state, mover, rng, profile, budget, keep=(made,))
        review.decisions.append(ReviewedDecision(number, values, judge(values, made, profile.threshold)))
    review.seconds = time.perf_counter() - started
    return review
