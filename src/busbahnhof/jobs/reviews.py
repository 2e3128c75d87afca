"""The review job: a finished table's human decisions judged by :func:`busbahnhof.learn.review_record`.

Queued once per table (the job's key is ``review:<table id>``), when the table finishes with at
least one human seat; its result is the review's JSON (``busbahnhof-review/1``, docs/review.md),
stored with the job, so a review is computed once and read by everyone after.  Bots' seats are
not reviewed (they play like the review's own heuristics), which also saves most of the time.
"""

from __future__ import annotations

from typing import Any

from ..learn import review_record
from .kinds import Progress
from .queue import Job, JobQueue

REVIEW_KIND = "review"


def review_key(table_id: str) -> str:
    """The key of the review job of table ``table_id``."""
    return f"review:{table_id}"


def queue_review(queue: JobQueue, table_id: str, record: dict[str, Any], seats: list[int]) -> Job | None:
    """Queue the review of the finished table's ``seats`` (0-based; the human ones) unless it
    exists already; ``None`` when there is no seat to review."""
    if not seats:
        return None
    params = {"record": record, "seats": seats}
    return queue.submit(REVIEW_KIND, params, key=review_key(table_id), total=len(record["actions"]))


def run_review(params: dict[str, Any], progress: Progress) -> dict[str, Any]:
    """The job: review ``params["record"]`` for ``params["seats"]`` with the game's budget, graph included."""
    review = review_record(params["record"], seats=params["seats"], progress=progress)
    return review.to_dict()
