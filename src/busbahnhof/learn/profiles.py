"""How each game is reviewed: who plays the sampled worlds on, how far, at what budget, and what
loss counts as a clear mistake (docs/review.md, "A clear mistake"; docs/bots.md has the figures
they give).

The worlds are played on by the game's heuristic bot for every seat, with a random action one
time in ten (the guides of the strong bots, ``games/<id>/bots.py``): Busfaktor: 1 by
``heuristik`` to the end; Bus by ``planer``, while selecting cut off after 40 decisions and valued
by the score so far (deliveries minus time stones; a Bus rollout to the end costs about five
times as much), the best few then confirmed to the end;
Busfahrer by ``kartenzaehler`` to the end (its strong bot's search plays random rollouts because
its tree needs a thousand of them per decision; a review needs fewer, better ones).  A game
without a profile is played on at random to the end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..bots.evaluation import Evaluation
from ..bots.ismcts import Guide
from ..engine import State, wrong_kind
from ..games.bus.bots import HARD_GUIDE as BUS_GUIDE
from ..games.busfahrer.bots import Kartenzaehler
from ..games.busfaktor.bots import HARD_GUIDE as BUSFAKTOR_GUIDE
from ..games.busfaktor.state import BusfaktorState
from .busfahrer import exact_answers
from .evaluate import Budget, Option, Tally
from .measures import RunningPoints

Exact = Callable[[State[Any], int], list[Option] | None]
Reason = Callable[[dict[str, Any], Option], dict[str, Any] | None]


@dataclass(frozen=True)
class Profile:
    """One game's review settings.

    Attributes:
        guide: plays every seat of a sampled world on (policy, epsilon, horizon).
        review: the budget of one reviewed decision.
        hint: the budget of one hint (steps, and seconds: hints answer within 2 s).
        public_worlds: spectator worlds per position for the game graph (played to the end).
        threshold: the loss in points from which a worse move is a clear mistake.
        exact: decisions valued exactly instead (Busfahrer's questions).
        tally: a game's own figure of a played-on world, shown as a hint's reason.
        reason: a hint's short reason for an option, from the seat's view and the option's values.
        confirm_to_end: the confirming worlds are played to the end (final points), the selecting
            ones only to the guide's horizon.
    """

    guide: Guide
    review: Budget
    hint: Budget
    public_worlds: int
    threshold: float
    exact: Exact | None = None
    tally: tuple[str, Tally] | None = None
    reason: Reason | None = None
    confirm_to_end: bool = False

    @property
    def running_points(self) -> RunningPoints | None:
        """The game's score so far, where worlds are cut off before their end."""
        return self.guide.evaluation.running_points if self.guide.evaluation else None

    @property
    def public_guide(self) -> Guide:
        """The guide that plays the spectator's worlds of the game graph: to the end, for final points."""
        return replace(self.guide, cutoff=None)


def completions(state: State[Any], seat: int) -> float:
    """Busfaktor: 1: the projects ``seat`` has completed (Busfaktor §13)."""
    if not isinstance(state, BusfaktorState):
        raise wrong_kind(state, BusfaktorState)
    return float(len(state.dones[seat]))


def generic_reason(view: dict[str, Any], option: Option) -> dict[str, Any] | None:
    """The odds of an exactly valued answer, or the game's own figure of the worlds."""
    if option.right is not None:
        return {"kind": "odds", "right": option.right, "of": option.of}
    for name, value in option.tally.items():
        return {"kind": name, "expected": round(value, 2)}
    return None


def bus_reason(view: dict[str, Any], option: Option) -> dict[str, Any] | None:
    """Bus: a ``take AREA`` option's slot and power as the view's preview says (Bus: Aktionen wählen,
    Schwindende Aktionskraft), with how much of it could be used and why not."""
    head, _, area = option.action.partition(" ")
    selection = view["state"].get("preview", {}).get("selection")
    if head != "take" or not selection:
        return None
    preview = selection["areas"].get(area)
    return None if preview is None else {"kind": "power", "area": area, **preview}


PROFILES: dict[str, Profile] = {
    "busfahrer": Profile(
        guide=Guide(Kartenzaehler, epsilon=0.1, evaluation=Evaluation(scale=4.0)),
        review=Budget(steps=4_000),
        hint=Budget(steps=8_000, seconds=0.5),
        public_worlds=8,
        threshold=0.5,
        exact=exact_answers,
        reason=generic_reason,
    ),
    "busfaktor": Profile(
        guide=BUSFAKTOR_GUIDE,
        review=Budget(steps=15_000),
        hint=Budget(steps=12_000, seconds=0.5),
        public_worlds=6,
        threshold=1.0,
        tally=("completions", completions),
        reason=generic_reason,
    ),
    "bus": Profile(
        guide=BUS_GUIDE,
        review=Budget(steps=4_800),
        hint=Budget(steps=1_600, seconds=0.5),
        public_worlds=3,
        threshold=1.0,
        reason=bus_reason,
        confirm_to_end=True,
    ),
}
DEFAULT = Profile(
    guide=Guide(), review=Budget(steps=4_000), hint=Budget(steps=8_000, seconds=0.5), public_worlds=8, threshold=1.0
)


def profile_of(game_id: str) -> Profile:
    """The review settings of a game (random rollouts for a game without its own)."""
    return PROFILES.get(game_id, DEFAULT)
