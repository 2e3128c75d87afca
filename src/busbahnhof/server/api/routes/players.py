"""Player pages and rating lists: ``/api/players/{id}``, ``/api/ratings/{game}`` (people, or people
against bots with ``?pool=bots``) and ``/api/ratings/{game}/bots`` (the bots' published ratings).

Everything here is public and read-only; names are served as JSON text (clients escape them).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query

from ....players import PEOPLE, POOLS, PlayersError
from ..players_deps import PlayersDep
from .games import known

router = APIRouter(tags=["players"])

LIST_LIMIT = 100


class UnknownPoolError(PlayersError):
    """A rating list that does not exist."""

    code = "players/unknown_pool"


@router.get("/api/players/{player_id}")
def player_page(player_id: str, players: PlayersDep) -> dict[str, Any]:
    """A player's page: ``{"player", "games", "ratings", "opponents"}`` (see docs/players.md)."""
    return players.pages.player(player_id[:64])


@router.get("/api/ratings/{game}")
def leaderboard(
    game: str,
    players: PlayersDep,
    pool: str = Query(PEOPLE, max_length=16),
    limit: int = Query(LIST_LIMIT, ge=1, le=500),
) -> dict[str, Any]:
    """The game's rated players in one list (``people``: tables of people only; ``bots``: people
    against bots), best ``mu - 3 sigma`` first."""
    if pool not in POOLS:
        raise UnknownPoolError(
            f"there is no rating list {pool!r}", key="players.error.unknown_pool", pool=pool, pools=", ".join(POOLS)
        )
    return {"game": known(game), "pool": pool, "players": players.pages.leaderboard(known(game), pool, limit)}


@router.get("/api/ratings/{game}/bots")
def bot_ratings(game: str, players: PlayersDep) -> dict[str, Any]:
    """The game's bots with their fixed ratings published from the tournaments."""
    return {"game": known(game), "bots": players.pages.bots(known(game))}
