"""``/api/lobby``: the public tables strangers can join (a list, and its changes as they happen),
joining one with one click, and quick match.

``GET /api/lobby/events`` is a Server-Sent Events stream: an ``event: lobby`` with the whole
listing at once and after every change (the listing is small: tables waiting for players), and
a comment line every :data:`KEEPALIVE_SECONDS` so proxies keep the connection.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from ....players.names import display_name
from ....tables.quickmatch import quick_match
from ..deps import LangDep
from ..lobby_deps import LobbyDep
from .tables import NAME_LENGTH

router = APIRouter(prefix="/api/lobby", tags=["lobby"])

KEEPALIVE_SECONDS = 15.0


class SeatIn(BaseModel):
    """Who sits down: the name shown at the table (optional: the seat's default name)."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(None, max_length=NAME_LENGTH)


class QuickIn(BaseModel):
    """A quick match: the game, the number of players, how long to wait for people (seconds)."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=NAME_LENGTH)
    players: int = Field(ge=1, le=8)
    wait_seconds: int
    name: str | None = Field(None, max_length=NAME_LENGTH)


def checked_name(name: str | None) -> str | None:
    """A given name as a checked display name."""
    return None if name is None else display_name(name)


@router.get("")
async def lobby_tables(lobby: LobbyDep) -> dict[str, Any]:
    """The public tables with free seats, oldest first, and the listing's stamp."""
    return {"stamp": lobby.stamp, "tables": lobby.listing()}


@router.get("/events")
async def lobby_events(request: Request, lobby: LobbyDep) -> StreamingResponse:
    """The listing now and after every change, as Server-Sent Events."""

    async def events() -> AsyncIterator[str]:
        stamp = lobby.stamp
        yield f"event: lobby\ndata: {json.dumps({'stamp': stamp, 'tables': lobby.listing()})}\n\n"
        while not await request.is_disconnected():
            newer = await lobby.changed(stamp, KEEPALIVE_SECONDS)
            if newer == stamp:
                yield ": keepalive\n\n"
                continue
            stamp = newer
            yield f"event: lobby\ndata: {json.dumps({'stamp': stamp, 'tables': lobby.listing()})}\n\n"

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return StreamingResponse(events(), media_type="text/event-stream", headers=headers)


@router.post("/{table_id}/join")
async def join_public(table_id: str, lobby: LobbyDep, body: SeatIn | None = None) -> dict[str, Any]:
    """Take a free seat of a public table: its number, a new token, the join link and the table's id.
    Of two joiners of the last seat one gets it, the other ``table/no_free_seat`` (409)."""
    ticket = await lobby.join(table_id, checked_name(body.name) if body else None)
    return {**ticket.to_dict(), "table_id": table_id}


@router.post("/quick")
async def quick(body: QuickIn, lobby: LobbyDep, lang: LangDep) -> dict[str, Any]:
    """Quick match: a seat at a waiting public table of the game and player count, or a new one
    that waits ``wait_seconds`` (15, 60 or 300) for people before bots take its empty seats."""
    seat = await quick_match(lobby, body.game, body.players, body.wait_seconds, checked_name(body.name), lang)
    return seat.to_dict()
