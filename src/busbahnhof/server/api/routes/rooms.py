"""``/api/rooms/{code}``: a table found by its room code, and joining it; ``/t/{code}``: a seat's join link."""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, ConfigDict, Field

from ....players.names import display_name
from ....tables import normalize_code
from ..deps import ServiceDep
from .tables import NAME_LENGTH

router = APIRouter(tags=["rooms"])

TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,100}")


class JoinIn(BaseModel):
    """Who joins: the name shown at the table (optional)."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(None, max_length=NAME_LENGTH)


@router.get("/api/rooms/{code}")
async def get_room(code: str, service: ServiceDep) -> dict[str, Any]:
    """The public facts of the table with room code ``code`` (read leniently: case, spaces, dashes)."""
    return await service.info(await service.find(code))


@router.post("/api/rooms/{code}/join")
async def join_room(code: str, service: ServiceDep, body: JoinIn | None = None) -> dict[str, Any]:
    """Take the first free human seat: its number, a new token and the join link, and the table's id."""
    table_id = await service.find(code)
    ticket = await service.join(code, display_name(body.name) if body and body.name is not None else None)
    return {**ticket.to_dict(), "table_id": table_id}


@router.get("/t/{code}", include_in_schema=False)
async def join_link(code: str, token: str | None = None) -> RedirectResponse:
    """A seat's join link opens the web client at that table (the token stays in the URL fragment,
    which browsers do not send to servers)."""
    normal = normalize_code(code) or "-"
    if token is not None and TOKEN_PATTERN.fullmatch(token):
        return RedirectResponse(f"/#/join/{normal}/{token}", status_code=307)
    return RedirectResponse(f"/#/room/{normal}", status_code=307)
