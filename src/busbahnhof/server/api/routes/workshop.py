"""``/api/workshops``: a facilitator's session of N Busfaktor tables (:mod:`busbahnhof.workshop`);
``/w/{code}``: a workshop's join link (its QR code).

Keys (the facilitator's, a participant's) travel in request bodies, never in URLs, so no access
log or browser history holds them; reads that need a key are therefore ``POST`` too.  The
facilitator's overview is polled: ``since`` (the last answer's ``stamp``) makes an unchanged
overview a few bytes (docs/workshop.md has the figures).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, ConfigDict, Field

from ....players.names import display_name
from ....store import Store
from ....tables import TableService, normalize_code
from ....workshop import WorkshopService, WorkshopStore
from ....workshop.service import KEEP_PAUSES_SECONDS
from ...logs import event, server_log
from ...periodic import cancel_and_wait, repeat
from ..deps import LangDep

router = APIRouter(tags=["workshops"])

KEY_LENGTH = 100
NAME_LENGTH = 40


async def open_workshops(app: FastAPI, store: Store, service: TableService) -> None:
    """The app's workshop service (at startup, before the table service starts): paused workshops'
    tables are paused again before any of their bots may move.  With several processes (PostgreSQL)
    each one keeps its tables' pauses as stored (:meth:`WorkshopService.keep_pauses`) from now on."""
    workshops = WorkshopService(WorkshopStore(store.engine), service)
    await workshops.restore()
    app.state.workshops = workshops
    app.state.workshop_keeper = asyncio.create_task(keep_pauses_forever(workshops)) if store.is_postgres else None


async def close_workshops(app: FastAPI) -> None:
    """Stop keeping the workshops' pauses (at shutdown)."""
    await cancel_and_wait(app.state.workshop_keeper)


async def keep_pauses_forever(workshops: WorkshopService) -> None:
    """Every :data:`KEEP_PAUSES_SECONDS`, this process's tables follow their workshop's stored pause."""

    def report(changed: int) -> None:
        event(server_log, "workshop pauses followed", count=changed)

    await repeat(KEEP_PAUSES_SECONDS, workshops.keep_pauses, "keeping workshop pauses failed", report)


async def get_workshops(request: Request) -> WorkshopService:
    """The app's workshop service."""
    workshops: WorkshopService = request.app.state.workshops
    return workshops


WorkshopsDep = Annotated[WorkshopService, Depends(get_workshops)]


class WorkshopIn(BaseModel):
    """A new workshop: the deck, people per table, how many tables, the bot for empty seats."""

    model_config = ConfigDict(extra="forbid")

    deck: str = Field("standard", max_length=NAME_LENGTH)
    players: int = 4
    tables: int = 2
    bot: str = Field("mittel", max_length=NAME_LENGTH)


class KeyIn(BaseModel):
    """Who asks: the facilitator's key or a participant's."""

    model_config = ConfigDict(extra="forbid")

    key: str = Field(max_length=KEY_LENGTH)


class OverviewIn(KeyIn):
    """The facilitator's poll: ``since`` is the stamp of the overview the client shows."""

    since: str | None = Field(None, max_length=400)


class PauseIn(KeyIn):
    """Pause (``true``) or resume (``false``) every table."""

    paused: bool


class JoinIn(BaseModel):
    """Who joins: the name shown at the table."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(max_length=NAME_LENGTH)


@router.post("/api/workshops", status_code=201)
async def create_workshop(body: WorkshopIn, workshops: WorkshopsDep, lang: LangDep) -> dict[str, Any]:
    """Open a workshop: its id, code and the facilitator's key (shown once; keep it)."""
    return await workshops.create(deck=body.deck, players=body.players, tables=body.tables, bot=body.bot, lang=lang)


@router.get("/api/workshops/code/{code}")
async def find_workshop(code: str, workshops: WorkshopsDep) -> dict[str, Any]:
    """The public facts of the workshop with code ``code``."""
    return await workshops.find(code)


@router.post("/api/workshops/code/{code}/join")
async def join_workshop(code: str, body: JoinIn, workshops: WorkshopsDep) -> dict[str, Any]:
    """Join: the participant's key (later their seat's token), table and seat."""
    return await workshops.join(code, display_name(body.name))


@router.post("/api/workshops/{workshop_id}/me")
async def participant(workshop_id: str, body: KeyIn, workshops: WorkshopsDep) -> dict[str, Any]:
    """Where a participant sits, and their table's id once the workshop has started."""
    return await workshops.participant(workshop_id, body.key)


@router.post("/api/workshops/{workshop_id}/overview")
async def overview(workshop_id: str, body: OverviewIn, workshops: WorkshopsDep) -> dict[str, Any]:
    """The facilitator's live overview (``{"unchanged": true, "stamp"}`` if nothing changed since ``since``)."""
    return await workshops.overview(workshop_id, body.key, body.since)


@router.post("/api/workshops/{workshop_id}/start")
async def start(workshop_id: str, body: KeyIn, workshops: WorkshopsDep) -> dict[str, Any]:
    """Open the tables: participants at their seats, bots in the empty ones."""
    return await workshops.start(workshop_id, body.key)


@router.post("/api/workshops/{workshop_id}/pause")
async def pause(workshop_id: str, body: PauseIn, workshops: WorkshopsDep) -> dict[str, Any]:
    """Pause or resume every table of the workshop."""
    return await workshops.pause(workshop_id, body.key, body.paused)


@router.post("/api/workshops/{workshop_id}/debrief")
async def debrief(workshop_id: str, body: KeyIn, workshops: WorkshopsDep, lang: LangDep) -> dict[str, Any]:
    """The debrief of the workshop's games so far."""
    return await workshops.debrief(workshop_id, body.key, lang)


@router.get("/w/{code}", include_in_schema=False)
async def join_link(code: str) -> RedirectResponse:
    """A workshop's join link (its QR code) opens the web client's join page."""
    return RedirectResponse(f"/#/workshop/join/{normalize_code(code) or '-'}", status_code=307)
