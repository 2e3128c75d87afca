"""``/api/rooms/{code}``: a table found by its room code, and joining it; ``/t/{code}``: a seat's join link."""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, ConfigDict, Field

from ....tables import normalize_code
from ..deps import ServiceDep
from ..players_deps import PlayersDep
from ..seating import claim_for_account, claimed, name_at_seat, owner_field, seating_account
from .tables import NAME_LENGTH

router = APIRouter(tags=["rooms"])

TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,100}")


class JoinIn(BaseModel):
    """Who joins: the name shown at the table (optional)."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(None, max_length=NAME_LENGTH)


@router.get("/api/rooms/{code}")
async def get_room(code: str, service: ServiceDep) -> dict[str, Any]:
    """The public facts of the table with room code ``code`` (read leniently: case, spaces, dashes);
    with several processes ``node``, the one that serves it (a seat link's page connects there)."""
    table_id = await service.find(code)
    return {**await service.info(table_id), **await owner_field(service, table_id)}


@router.post("/api/rooms/{code}/join")
async def join_room(
    code: str, request: Request, service: ServiceDep, players: PlayersDep, body: JoinIn | None = None
) -> dict[str, Any]:
    """Take the first free human seat: its number, a new token and the join link, and the table's id
    (with several processes, ``node``: the address of the one that serves it).
    A logged-in player (session cookie and CSRF token) sits there under the account's display name,
    the seat claimed for the account (``account_seat``: the claim's answer; :mod:`..seating`)."""
    account = await seating_account(players, request.cookies, request.headers)
    table_id = await service.find(code)
    ticket = await service.join(code, name_at_seat(account, body.name if body else None))
    answer = await claim_for_account(players, account, table_id, ticket.token)
    return {**ticket.to_dict(), "table_id": table_id, **claimed(answer), **await owner_field(service, table_id)}


@router.get("/t/{code}", include_in_schema=False)
async def join_link(code: str, token: str | None = None) -> RedirectResponse:
    """A seat's join link opens the web client at that table (the token stays in the URL fragment,
    which browsers do not send to servers)."""
    normal = normalize_code(code) or "-"
    if token is not None and TOKEN_PATTERN.fullmatch(token):
        return RedirectResponse(f"/#/join/{normal}/{token}", status_code=307)
    return RedirectResponse(f"/#/room/{normal}", status_code=307)
