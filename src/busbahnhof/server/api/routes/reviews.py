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
from ....jobs import CANCELLED, DONE, FAILED, QUEUED, Job
from ....jobs.queue import MAX_CLAIMS
from ....tables.messages import table_catalog
from ....tables.table import Table
from ...background import Background
from ..deps import LangDep, ServiceDep

router = APIRouter(prefix="/api/tables", tags=["reviews"])


@router.get("/{table_id}/review")
async def table_review(table_id: str, request: Request, service: ServiceDep, lang: LangDep) -> dict[str, Any]:
    """``{"status": "none"}`` (no review: the game is not over, or had no player to review),
    ``{"status": "queued" | "running", "done", "total", "ahead"}`` while the job
    waits or runs, ``{"status": "failed" | "cancelled", "retry": bool}`` (``retry``: it may be
    tried again, :func:`retry_review`), or ``{"status": "done", "review": busbahnhof-review/1,
    "labels": {action: text}}``."""
    table = await service.table(table_id)
    background: Background = request.app.state.background
    job = await background.review_of(table_id)
    return await review_answer(table, background, job, lang)


@router.post("/{table_id}/review/retry")
async def retry_review(table_id: str, request: Request, service: ServiceDep, lang: LangDep) -> dict[str, Any]:
    """Queue a failed review again (anyone may, as anyone may read it; a review is retried only
    until its job was claimed :data:`~busbahnhof.jobs.queue.MAX_CLAIMS` times); answers as
    :func:`table_review` does, with the job as it is now."""
    table = await service.table(table_id)
    background: Background = request.app.state.background
    job = await background.review_of(table_id)
    if job is not None and job.status == FAILED:
        job = await asyncio.to_thread(background.queue.retry, job.id)
    return await review_answer(table, background, job, lang)


async def review_answer(table: Table, background: Background, job: Job | None, lang: str) -> dict[str, Any]:
    """What the replay's review panel is told of the table's review job."""
    if job is None:
        return {"status": "none"}
    if job.status in (FAILED, CANCELLED):
        return {"status": job.status, "retry": job.status == FAILED and job.attempts < MAX_CLAIMS}
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
