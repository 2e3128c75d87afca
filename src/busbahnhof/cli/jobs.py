"""``busbahnhof worker`` and ``busbahnhof jobs``: background jobs without a server (docs/jobs.md).

``worker`` runs worker processes on a store's job queue until interrupted (for a deployment whose
servers start none, ``BUSBAHNHOF_JOB_WORKERS=0``); ``jobs`` lists the newest jobs, cancels or
retries one, or cleans up old ones now, as JSON lines (one job a line, then the count per status).
"""

from __future__ import annotations

import json
import signal
import threading
from typing import Annotated

import typer

from ..jobs import JobQueue, WorkerPool
from ..jobs.worker import RETENTION_DAYS
from ..store import default_url

RetentionOption = Annotated[
    float,
    typer.Option("--retention-days", min=0.0, help="Finished jobs older than this are cleaned up (docs/jobs.md)."),
]
DbOption = Annotated[
    str | None,
    typer.Option(
        "--db", metavar="URL", help="SQLAlchemy database URL (default: the SQLite file in the user data folder)."
    ),
]


def worker(
    db: DbOption = None,
    processes: Annotated[int, typer.Option("--processes", min=1, max=64, help="Worker processes.")] = 1,
    retention_days: RetentionOption = RETENTION_DAYS,
) -> None:
    """Run background jobs (reviews, simulations) from the store's queue until interrupted."""
    url = db or default_url()
    JobQueue.open(url).engine.dispose()  # migrate once, before the workers start
    pool = WorkerPool(url, processes, retention_days=retention_days)
    stopping = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stopping.set())
    pool.start()
    try:
        stopping.wait()
    finally:
        pool.stop()


def jobs(
    db: DbOption = None,
    limit: Annotated[int, typer.Option("--limit", min=1, max=1000, help="How many of the newest jobs.")] = 20,
    cancel: Annotated[str | None, typer.Option("--cancel", metavar="JOB_ID", help="Cancel this job.")] = None,
    retry: Annotated[str | None, typer.Option("--retry", metavar="JOB_ID", help="Queue this failed job again.")] = None,
    clean_up: Annotated[
        bool, typer.Option("--clean-up", help="Delete the finished jobs older than --retention-days now.")
    ] = False,
    retention_days: RetentionOption = RETENTION_DAYS,
) -> None:
    """List the newest background jobs as JSON lines (or cancel or retry one, or clean up)."""
    queue = JobQueue.open(db or default_url())
    try:
        for job_id, change, hint in ((cancel, queue.cancel, "--cancel"), (retry, queue.retry, "--retry")):
            if job_id is not None:
                job = change(job_id)
                if job is None:
                    raise typer.BadParameter(f"no job {job_id!r}", param_hint=hint)
                print(json.dumps(job.progress()))
                return
        if clean_up:
            print(json.dumps({"clean_up": queue.clean_up(queue.clock() - retention_days * 86400.0)}))
        for job in queue.recent(limit):
            shown = {"key": job.key, "attempts": job.attempts, "created_at": job.created_at}
            print(json.dumps({**job.progress(), **shown, "finished_at": job.finished_at}))
        print(json.dumps({"counts": queue.counts()}))
    finally:
        queue.engine.dispose()
