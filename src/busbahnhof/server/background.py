"""The server's background jobs: the job queue on its store, its worker processes, and the review
queued when a table finishes with a player, or when its review is first asked for (docs/jobs.md,
docs/review.md).

Nothing here runs a job: the workers are other processes (:class:`~busbahnhof.jobs.WorkerPool`,
``Settings.job_workers`` of them, at a lower priority), so a review never holds the event loop
or competes with a live table's moves for the interpreter.  Queueing is one insert, in a thread.
"""

from __future__ import annotations

import asyncio

from ..jobs import Job, JobQueue, WorkerPool
from ..jobs.reviews import queue_review, review_key
from ..jobs.worker import RETENTION_DAYS
from ..store import Store
from ..tables import TableService


class Background:
    """The job queue of ``store`` and ``workers`` worker processes (0: none, jobs wait for a
    ``busbahnhof worker``)."""

    def __init__(self, store: Store, workers: int, retention_days: float = RETENTION_DAYS) -> None:
        self.queue = JobQueue(store.engine)
        self.pool = WorkerPool(store.url, workers, retention_days=retention_days)
        self.service: TableService | None = None

    def start(self, service: TableService) -> None:
        """Start the workers; reviews are queued from ``service``'s finished tables."""
        self.service = service
        self.pool.start()

    def stop(self) -> None:
        """Stop the workers (each gives its running job back to the queue)."""
        self.pool.stop()

    async def table_finished(self, table_id: str) -> None:
        """The table service's hook: queue the finished table's review."""
        await self.review_of(table_id)

    async def review_of(self, table_id: str) -> Job | None:
        """The review job of the table, queued now if its game is over and none is queued yet (the
        hook runs a moment after the end; a table may have ended before reviews existed, or in a
        server that stopped before its hook ran); ``None`` for a game not over, a table without a
        player to review, or one with an uploaded deck (its record alone does not replay the game).

        Raises:
            UnknownTableError: no such table.
        """
        job = await asyncio.to_thread(self.queue.find, review_key(table_id))
        if job is not None or self.service is None:
            return job
        table = await self.service.table(table_id)
        seats = [number for number, seat in enumerate(table.seats) if seat.is_human and seat.claimed]
        if not table.state.is_over or table.deck_text is not None or not seats:
            return None
        record = await self.service.record(table_id)
        return await asyncio.to_thread(queue_review, self.queue, table_id, record, seats)
