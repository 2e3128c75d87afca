"""OpenSkill ratings of people per game, settled from finished tables.

A finished table is rated in one of two lists (pools) of its game, or not at all:

- ``people``: every seat is a human with an account, no account holds two seats;
- ``bots``: every human seat has an account (no account twice), at least one seat is a bot, and
  every bot has a published rating (:mod:`.bots`); the bots' ratings stay fixed.

Either way the table must use the game's rules as written: default options, no uploaded deck.
Places come from the game's outcome (winners first, then by points: ``Outcome.places``); a player
who left the game takes the last place (:mod:`.departures`, docs/turns.md).  The
model is Plackett-Luce (as the tournaments' ratings, ``busbahnhof.sim.rating``); a newcomer starts
at mu 25, sigma 25/3; lists order by the conservative ``mu - 3 sigma``.

Settling is idempotent and safe between processes: the store marks a table settled in the same
transaction that writes its ratings, serialised with every other settlement, so a table counts
once however many processes try.  The table service asks for it when a game ends (the server
wires that hook); every read of a rating list or player page settles what is pending first, so
a result is never missed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache
from typing import Any

from openskill.models import PlackettLuce

from ..engine import load_game
from .bots import bot_rating
from .departures import final_places
from .ports import PlayerStore, Rate, RatingValue

PEOPLE = "people"
BOTS = "bots"
POOLS = (PEOPLE, BOTS)
PENDING_BATCH = 200


@cache
def model() -> PlackettLuce:
    """The rating model (OpenSkill's defaults: mu 25, sigma 25/3)."""
    return PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    """The conservative estimate ``mu - 3 sigma`` lists are ordered by."""
    return mu - 3.0 * sigma


def rules_as_written(game: str, options: dict[str, Any], custom_deck: bool) -> bool:
    """Whether a table's rules are the game's defaults (only those tables are rated)."""
    if custom_deck:
        return False
    try:
        return load_game(game, **options).option_dict() == load_game(game).option_dict()
    except Exception:
        return False


def pool_of(table: dict[str, Any]) -> str | None:
    """The list a finished table (as :meth:`.ports.PlayerStore.pending_results` gives it) is rated
    in: :data:`PEOPLE`, :data:`BOTS` or ``None`` (not rated; also when anyone took a hint)."""
    seats = table["seats"]
    players = table["players_at"]
    humans = [seat for seat in range(len(seats)) if seats[seat]["bot"] is None]
    bots = [seats[seat]["bot"] for seat in range(len(seats)) if seats[seat]["bot"] is not None]
    if not humans or any(seat not in players for seat in humans) or table["outcome"] is None:
        return None
    if len({players[seat] for seat in humans}) != len(humans):
        return None
    if not rules_as_written(table["game"], table["options"], table["custom_deck"]):
        return None
    if any(seat.get("hints", 0) for seat in seats):  # a game played with hints (docs/web/hints.md)
        return None
    if not bots:
        return PEOPLE if len(humans) > 1 else None
    if all(bot_rating(table["game"], bot) is not None for bot in bots):
        return BOTS
    return None


def rating_update(table: dict[str, Any]) -> Rate:
    """What a rated table does to its players' ratings (bots' seats take their fixed ratings and
    are left out of the result)."""
    places = final_places(table["outcome"], table.get("left", ()))  # who left counts as last (docs/turns.md)
    seats = table["seats"]

    def rate(before: dict[str, RatingValue | None]) -> dict[str, RatingValue]:
        teams = []
        for seat, facts in enumerate(seats):
            known = bot_rating(table["game"], facts["bot"]) if facts["bot"] else before[table["players_at"][seat]]
            teams.append([model().rating() if known is None else model().rating(mu=known[0], sigma=known[1])])
        rated = model().rate(teams, ranks=[float(place) for place in places])
        return {
            table["players_at"][seat]: (team[0].mu, team[0].sigma)
            for seat, team in enumerate(rated)
            if seats[seat]["bot"] is None
        }

    return rate


class Ratings:
    """Settles finished tables into the ratings in ``store``."""

    def __init__(self, store: PlayerStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    def settle(self) -> int:
        """Settle every finished table not settled yet (oldest first); how many were rated."""
        rated = 0
        while True:
            pending = self.store.pending_results(PENDING_BATCH)
            for table in pending:
                pool = pool_of(table)
                update = None if pool is None else rating_update(table)
                if self.store.settle_result(table["id"], table["game"], pool, update, self.clock()) and pool:
                    rated += 1
            if len(pending) < PENDING_BATCH:
                return rated
