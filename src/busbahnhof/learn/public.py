"""The game graph: every player's expected final points, place and win, from the public information.

At a position, worlds are sampled for a spectator (``state.determinize(None, rng)``: every hand
and face-down card drawn afresh among what a spectator cannot see) and played to the end by the
profile's heuristic for every seat; the means over the worlds are the bots' view of where the
game stands.  No seat's private cards are read, so the graph tells nobody anything a spectator
could not know at that moment.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..bots.halving import SEED_BOUND
from ..bots.ismcts import roll_out
from ..engine import Rng, State
from .measures import standings
from .profiles import Profile


@dataclass(frozen=True)
class PublicEstimate:
    """Per seat the expected final points, place (1 = first) and share of the win at one position."""

    points: list[float]
    place: list[float]
    win: list[float]

    def to_dict(self) -> dict[str, list[float]]:
        """JSON-ready form."""
        return {
            "points": [round(p, 3) for p in self.points],
            "place": [round(p, 3) for p in self.place],
            "win": [round(w, 3) for w in self.win],
        }


def estimate(state: State[Any], rng: Rng, profile: Profile) -> PublicEstimate:
    """The spectator's estimate of ``state`` over ``profile.public_worlds`` worlds."""
    seats = state.players
    if state.is_over:
        final = standings(state, None)
        return PublicEstimate([s.points for s in final], [s.place for s in final], [s.win for s in final])
    guide = profile.public_guide
    policy = guide.policy() if guide.policy else None
    points = [0.0] * seats
    place = [0.0] * seats
    win = [0.0] * seats
    worlds = profile.public_worlds
    for _ in range(worlds):
        world = state.determinize(None, rng)
        world.silence()
        roll_out(world, Rng(rng.below(SEED_BOUND)), guide, policy)
        for seat, standing in enumerate(standings(world, None)):
            points[seat] += standing.points / worlds
            place[seat] += standing.place / worlds
            win[seat] += standing.win / worlds
    return PublicEstimate(points, place, win)
