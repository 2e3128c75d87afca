"""OpenSkill Plackett-Luce ratings of bots from the places of their seats, game by game.

Every seat of a game is a team of one.  A bot may sit in several seats of one game (``a,b,b,b``):
each of its seats is rated from the bot's rating before the game, and the bot's new rating is the
mean of its seats' new ratings (mu and sigma), so a game moves a bot once however many seats it
held and its copies' places against each other cancel out.  The ordinal ``mu - 3 sigma`` is a
conservative skill estimate: about 99.9 % sure the bot is at least that good.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating


@dataclass(frozen=True)
class Rating:
    """A bot's skill estimate: the mean ``mu``, its uncertainty ``sigma`` and ``mu - 3 sigma``."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate ``mu - 3 sigma``."""
        return self.mu - 3.0 * self.sigma


class Ratings:
    """The ratings of a set of bots (all start at OpenSkill's default, mu 25 and sigma 25/3)."""

    def __init__(self, bots: Sequence[str]) -> None:
        self._model = PlackettLuce()
        self._ratings: dict[str, PlackettLuceRating] = {name: self._model.rating(name=name) for name in bots}

    def record(self, seating: Sequence[str], ranks: Sequence[int]) -> None:
        """Update the ratings with one game: ``seating[k]`` placed ``ranks[k]`` (0 best, ties equal)."""
        if len(seating) != len(ranks):
            raise ValueError(f"{len(seating)} seats but {len(ranks)} places")
        teams = [[self._model.rating(mu=self._ratings[name].mu, sigma=self._ratings[name].sigma)] for name in seating]
        rated = self._model.rate(teams, ranks=[float(rank) for rank in ranks])
        for name in set(seating):
            mine = [team[0] for team, bot in zip(rated, seating, strict=True) if bot == name]
            mu = math.fsum(rating.mu for rating in mine) / len(mine)
            sigma = math.fsum(rating.sigma for rating in mine) / len(mine)
            self._ratings[name] = self._model.rating(mu=mu, sigma=sigma, name=name)

    def of(self, name: str) -> Rating:
        """The current rating of ``name``."""
        rating = self._ratings[name]
        return Rating(rating.mu, rating.sigma)
