"""``/api/lobby``: the public tables strangers can join (a list, and its changes as they happen),
joining one with one click, and quick match.

``/api/lobby/live`` is a WebSocket that sends ``{"type": "lobby", "stamp", "tables"}``, the whole
listing, at once and after every change (the listing is small: tables waiting for players); the
client sends nothing.  A WebSocket rather than Server-Sent Events: a stopping server closes it at
once (1012), while an event stream, a response that never ends, held every stop for uvicorn's
graceful timeout.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field

from ....tables.lobby import Lobby
from ....tables.quickmatch import quick_match
from ...config import Settings
from ...security_headers import accept_from_allowed_origin
from ..deps import LangDep, ServiceDep
from ..lobby_deps import LobbyDep
from ..players_deps import PlayersDep
from ..seating import claim_for_account, claimed, name_at_seat, owner_field, seating_account
from .tables import NAME_LENGTH

router = APIRouter(prefix="/api/lobby", tags=["lobby"])

KEEPALIVE_SECONDS = 15.0
"""How long the socket waits for a change before it looks whether its client is still there."""


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


@router.get("")
async def lobby_tables(lobby: LobbyDep) -> dict[str, Any]:
    """The public tables with free seats, oldest first, and the listing's stamp."""
    return {"stamp": lobby.stamp, "tables": lobby.listing()}


@router.websocket("/live")
async def lobby_live(websocket: WebSocket) -> None:
    """The listing now and after every change, until the client goes (origins checked as for ``/ws``)."""
    lobby: Lobby = websocket.app.state.lobby
    settings: Settings = websocket.app.state.settings
    if not await accept_from_allowed_origin(websocket, settings.allowed_origins):
        return
    gone = asyncio.create_task(until_gone(websocket))
    stamp = None
    try:
        while not gone.done():
            if stamp != lobby.stamp:
                stamp = lobby.stamp
                await websocket.send_text(json.dumps({"type": "lobby", "stamp": stamp, "tables": lobby.listing()}))
            newer = asyncio.create_task(lobby.changed(stamp, KEEPALIVE_SECONDS))
            await asyncio.wait({gone, newer}, return_when=asyncio.FIRST_COMPLETED)
            newer.cancel()
    except (WebSocketDisconnect, RuntimeError, OSError):  # gone while a listing was being sent
        pass
    finally:
        gone.cancel()


async def until_gone(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends until it disconnects."""
    while (await websocket.receive())["type"] != "websocket.disconnect":
        pass


@router.post("/{table_id}/join")
async def join_public(
    table_id: str,
    request: Request,
    lobby: LobbyDep,
    players: PlayersDep,
    service: ServiceDep,
    body: SeatIn | None = None,
) -> dict[str, Any]:
    """Take a free seat of a public table: its number, a new token, the join link and the table's id.
    Of two joiners of the last seat one gets it, the other ``table/no_free_seat`` (409).  A logged-in
    player sits under the account's name, the seat claimed for the account (:mod:`..seating`).  With
    several processes ``node`` names the one that serves the table."""
    account = await seating_account(players, request.cookies, request.headers)
    ticket = await lobby.join(table_id, name_at_seat(account, body.name if body else None))
    answer = await claim_for_account(players, account, table_id, ticket.token)
    return {**ticket.to_dict(), "table_id": table_id, **claimed(answer), **await owner_field(service, table_id)}


@router.post("/quick")
async def quick(
    body: QuickIn, request: Request, lobby: LobbyDep, players: PlayersDep, service: ServiceDep, lang: LangDep
) -> dict[str, Any]:
    """Quick match: a seat at a waiting public table of the game and player count, or a new one
    that waits ``wait_seconds`` (15, 60 or 300) for people before bots take its empty seats.  A
    logged-in player sits under the account's name, the seat claimed for the account.  With several
    processes ``node`` names the one that serves the table."""
    account = await seating_account(players, request.cookies, request.headers)
    name = name_at_seat(account, body.name)
    seat = await quick_match(lobby, body.game, body.players, body.wait_seconds, name, lang)
    answer = await claim_for_account(players, account, seat.table_id, seat.ticket.token)
    return {**seat.to_dict(), **claimed(answer), **await owner_field(service, seat.table_id)}
