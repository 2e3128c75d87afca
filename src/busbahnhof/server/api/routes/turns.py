"""The "your turn" list: ``POST /api/turns`` answers which tables wait for this player now.

The player's seats are the logged-in account's (the store's ``seat_players``, on every device)
and the seat tokens the browser sends (a guest's seats, and seats not yet moved into an account).
It changes nothing, so it needs no CSRF token; tokens travel in the body, never in the address.
The client asks again every few seconds (the answer is read from memory: docs/turns.md).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request

from ....tables.waiting import MAX_TABLES, waiting_for
from ..deps import ServiceDep
from ..players_deps import PlayersDep, require_json, session_cookie
from .accounts import SeatsIn

router = APIRouter(tags=["turns"])


@router.post("/api/turns")
async def turns(body: SeatsIn, request: Request, service: ServiceDep, players: PlayersDep) -> dict[str, Any]:
    """``{"tables": [{"table_id", "code", "game", "title", "seat", "name", "bot_plays", "since",
    "deadline", "turn_seconds", "players"}], "now"}``: the seats waiting for this player, longest
    waiting first, then the seats a bot plays for until their player is back (``bot_plays``)."""
    require_json(request)
    session = players.accounts.session(session_cookie(request))
    account_seats: list[tuple[str, int]] = []
    if session is not None:
        mine = await asyncio.to_thread(players.seats.store.player_tables, session.player_id, MAX_TABLES)
        account_seats = [
            (table["id"], int(seat))
            for table in mine
            if table["status"] == "open"
            for seat, holder in table["players_at"].items()
            if holder["id"] == session.player_id
        ]
    tokens = [(seat.table_id, seat.token) for seat in body.seats]
    waiting = await waiting_for(service, account_seats, tokens)
    return {"tables": [entry.to_dict() for entry in waiting], "now": service.wall_clock()}
