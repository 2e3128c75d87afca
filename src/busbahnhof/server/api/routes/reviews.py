"""``GET /api/tables/{id}/review``: a finished table's review, or how far its job has come.

The review is the result of the table's review job (:mod:`busbahnhof.jobs.reviews`), computed
once by a worker process when the table finished with a player, and the same for everyone who
asks: the game is over, so every seat's decisions may be shown, and the game graph comes from
public information only (docs/review.md).  Each action the review names comes with the game's
description of it in the asked language (``labels``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request

from ....engine import Catalog, Game
from ....jobs import DONE, QUEUED
from ....tables.messages import table_catalog
from ...background import Background
from ..deps import LangDep, ServiceDep

router = APIRouter(prefix="/api/tables", tags=["reviews"])


@router.get("/{table_id}/review")
async def table_review(table_id: str, request: Request, service: ServiceDep, lang: LangDep) -> dict[str, Any]:
    """``{"status": "none"}`` (no review: the game is not over, or had no player to review),
    ``{"status": "queued" | "running", "done", "total", "ahead"}`` while the job
    waits or runs, ``{"status": "failed" | "cancelled"}``, or ``{"status": "done", "review":
    busbahnhof-review/1, "labels": {action: text}}``."""
    table = await service.table(table_id)
    background: Background = request.app.state.background
    job = await background.review_of(table_id)
    if job is None:
        return {"status": "none"}
    if job.status != DONE:
        ahead = await asyncio.to_thread(background.queue.ahead, job) if job.status == QUEUED else 0
        return {"status": job.status, "done": job.done, "total": job.total, "ahead": ahead}
    review: dict[str, Any] = job.result
    return {"status": DONE, "review": review, "labels": labels(table.game, review, table_catalog(table, lang))}


def labels(game: Game[Any, Any], review: dict[str, Any], catalog: Catalog) -> dict[str, str]:
    """The game's description of every action the review names (moves made, best, options)."""
    named = {
        text
        for decision in review["decisions"]
        for text in (decision["made"], decision["best"], *(option["action"] for option in decision["options"]))
    }
    return {text: game.describe_action(game.parse_action(text), catalog) for text in sorted(named)}
