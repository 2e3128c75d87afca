"""The value of each option of one decision, from the deciding seat's information only.

Every option is played on in the same sampled worlds (``state.determinize(seat, rng)``: what is
hidden from the seat is drawn afresh, so nothing it could not know is read), by the game's
heuristic for every seat (the profile's guide, as the strong bot's search plays its rollouts),
to the end or the profile's horizon; each world tells the seat's points, place and win there
(:mod:`.measures`).  Paired worlds: every option meets the same hidden cards, the same future
chance and the same rollout generator, so most of the luck cancels out of the difference
between two options, which is what a review needs (the loss of the move made).

The budget is split by sequential halving (as the strong Busfaktor bot spends its own,
``bots/halving.py``): rounds of worlds, after each the worse half of the options leaves, until
at most :data:`FINAL` remain; the move made and the heuristic's choice never leave, so their
values always rest on every world.  The budget counts decisions played in rollouts (``steps``,
reproducible: the same ``rng`` gives the same values on every machine); hints add a time budget
(``seconds``), which makes them depend on the machine's speed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots.halving import play_paired
from ..bots.ismcts import Guide
from ..engine import Bot, Rng, State
from .measures import RunningPoints, Standing, standings

FINAL = 3
"""Options valued on every world: the best few (the review shows the best two or three)."""

Tally = Callable[[State[Any], int], float]
"""A game's own figure of a played-on world for a seat (Busfaktor: completed projects)."""


@dataclass
class Option:
    """One option of a decision and what the worlds said of it.

    Attributes:
        action: the option's text notation.
        points: the seat's expected points (final, or at the horizon; for an exact evaluation the
            expected penalty points of the answer itself).
        place: expected place (1 = first), ``None`` where not computed (exact answers).
        win: expected share of the win, ``None`` where not computed.
        worlds: how many worlds it was played in (0: exact).
        rounds: halving rounds it stayed in the race (options that stayed longer ranked first).
        right, of: exact evaluations only: the unseen cards that make the answer right, of all unseen.
        tally: the game's own figure (mean over the worlds), e.g. ``{"completions": 1.4}``.
        samples, tallies: per world the seat's standing and the game's figure there.
    """

    action: str
    points: float
    place: float | None = None
    win: float | None = None
    worlds: int = 0
    rounds: int = 0
    right: int | None = None
    of: int | None = None
    tally: dict[str, float] = field(default_factory=dict)
    samples: dict[int, Standing] = field(default_factory=dict, repr=False)
    tallies: dict[int, float] = field(default_factory=dict, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (docs/review.md, "The JSON")."""
        data: dict[str, Any] = {"action": self.action, "points": round(self.points, 4)}
        if self.place is not None:
            data["place"] = round(self.place, 4)
        if self.win is not None:
            data["win"] = round(self.win, 4)
        data["worlds"] = self.worlds
        if self.right is not None:
            data.update(right=self.right, of=self.of)
        if self.tally:
            data["tally"] = {name: round(value, 4) for name, value in self.tally.items()}
        return data


@dataclass(frozen=True)
class Budget:
    """How much a decision may cost: ``steps`` decisions played in rollouts, and, for hints,
    at most ``seconds`` (then at least one world per round is still played)."""

    steps: int
    seconds: float | None = None


def value_options(
    state: State[Any],
    seat: int,
    rng: Rng,
    guide: Guide,
    running_points: RunningPoints | None,
    budget: Budget,
    keep: Iterable[str] = (),
    tally: tuple[str, Tally] | None = None,
    confirm_guide: Guide | None = None,
) -> list[Option]:
    """Every legal option of ``seat`` (to move in ``state``) valued by paired worlds, best first.

    Half the budget selects: halving rounds until at most :data:`FINAL` options (and those in
    ``keep``: the move made, a heuristic's choice) remain.  The other half confirms: the remaining
    options are played again in fresh worlds, their values (and the losses :func:`paired_loss`
    measures) rest on these worlds only, and the best of them there comes first.  So the best of
    many noisy means is not compared on the very worlds that made it look best; among the few
    finalists some of that luck remains, which the review's margin of three standard errors absorbs.
    The options that left the race follow, the later they left the better, each valued on the
    worlds it was played in.  ``confirm_guide`` plays the confirming worlds instead of ``guide``
    (Bus: selected at a short horizon, confirmed to the end).
    """
    legal = state.legal_actions()
    options = [Option(str(action), 0.0) for action in legal]
    kept = {index for index, option in enumerate(options) if option.action in set(keep)}
    race = list(range(len(options)))
    halvings = 1
    size = len(race)
    while math.ceil(size / 2) > FINAL:
        size = math.ceil(size / 2)
        halvings += 1
    per_round = max(1, budget.steps // (2 * halvings))
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    policy = guide.policy() if guide.policy else None
    lower = _lower_is_better(state)
    world = 0
    round_number = 0
    while True:
        confirming = round_number == halvings
        if confirming:
            for index in race:
                options[index].samples = {}
                options[index].tallies = {}
        spend = budget.steps // 2 if confirming else per_round
        playing = confirm_guide if confirming and confirm_guide is not None else guide
        used = 0
        while True:
            used += _play_world(state, seat, rng, playing, policy, running_points, options, race, world, tally)
            world += 1
            if used >= spend or _past(deadline):
                break
        round_number += 1
        for index in race:
            options[index].rounds = round_number
        if confirming:
            break
        if _past(deadline):  # out of time: the best few go straight to the confirming world
            race = _halve(options, race, kept, lower, tally, keep_best=FINAL)
            round_number = halvings
        elif len(race) > FINAL:
            race = _halve(options, race, kept, lower, tally, keep_best=math.ceil(len(race) / 2))
    for option in options:
        _summarize(option, tally)
    sign = 1.0 if lower else -1.0
    finalists = sorted(race, key=lambda index: _leader_key(options[index], sign, index))
    leader = options[finalists[0]]
    others = sorted((o for o in options if o is not leader), key=lambda option: _rank_key(option, lower))
    return [leader, *others]


def paired_loss(made: Option, best: Option, lower_is_better: bool) -> tuple[float, float]:
    """How many points worse ``made`` is than ``best`` on the worlds both were played in, and the
    standard error of that mean (0 for exact values or a single shared world)."""
    common = sorted(set(made.samples) & set(best.samples))
    if not common:  # exact values
        loss = made.points - best.points if lower_is_better else best.points - made.points
        return loss, 0.0
    sign = 1.0 if lower_is_better else -1.0
    differences = [sign * (made.samples[w].points - best.samples[w].points) for w in common]
    mean = sum(differences) / len(differences)
    if len(differences) < 2:
        return mean, 0.0
    variance = sum((d - mean) ** 2 for d in differences) / (len(differences) - 1)
    return mean, math.sqrt(variance / len(differences))


def _lower_is_better(state: State[Any]) -> bool:
    return bool(getattr(state.game, "lower_is_better", False))


def _play_world(
    state: State[Any],
    seat: int,
    rng: Rng,
    guide: Guide,
    policy: Bot | None,
    running_points: RunningPoints | None,
    options: list[Option],
    race: list[int],
    number: int,
    tally: tuple[str, Tally] | None,
) -> int:
    """Play every option in the race once in one sampled world; the decisions played."""

    def record(index: int, twin: State[Any], values: Sequence[float]) -> None:
        option = options[index]
        option.samples[number] = standings(twin, running_points)[seat]
        if tally is not None:
            option.tallies[number] = tally[1](twin, seat)

    return play_paired(state, seat, rng, [(index, options[index].action) for index in race], guide, policy, record)


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() >= deadline


def _halve(
    options: list[Option],
    race: list[int],
    kept: set[int],
    lower: bool,
    tally: tuple[str, Tally] | None,
    keep_best: int,
) -> list[int]:
    """The ``keep_best`` best of ``race`` by the mean so far, plus the options that never leave."""
    for index in race:
        _summarize(options[index], tally)
    ranked = sorted(race, key=lambda index: _rank_key(options[index], lower))
    survivors = ranked[:keep_best]
    survivors.extend(index for index in ranked if index in kept and index not in survivors)
    return survivors


def _summarize(option: Option, tally: tuple[str, Tally] | None) -> None:
    """Means over the worlds ``option`` was played in."""
    count = len(option.samples)
    option.worlds = count
    if not count:
        return
    values = option.samples.values()
    option.points = sum(s.points for s in values) / count
    option.place = sum(s.place for s in values) / count
    option.win = sum(s.win for s in values) / count
    if tally is not None and option.tallies:
        option.tally = {tally[0]: sum(option.tallies.values()) / len(option.tallies)}


def _leader_key(option: Option, sign: float, index: int) -> tuple[float, ...]:
    """The best finalist on the confirming worlds: by points, then place (many options may score
    alike), then the order of the legal actions."""
    return (sign * option.points, option.place or 0.0, index)


def _rank_key(option: Option, lower: bool) -> tuple[float, float, float]:
    """Longest in the race first, then the better points, then the better place."""
    if option.worlds == 0 and option.right is None:
        return (-option.rounds, math.inf, math.inf)
    points = option.points if lower else -option.points
    return (-option.rounds, points, option.place if option.place is not None else 0.0)
