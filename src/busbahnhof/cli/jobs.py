"""``busbahnhof worker`` and ``busbahnhof jobs``: background jobs without a server (docs/jobs.md).

``worker`` runs worker processes on a store's job queue until interrupted (for a deployment whose
servers start none, ``BUSBAHNHOF_JOB_WORKERS=0``); ``jobs`` lists the newest jobs and cancels one,
as JSON lines (one job a line, then the count per status).
"""

from __future__ import annotations

import json
import signal
import threading
from typing import Annotated

import typer

from ..jobs import JobQueue, WorkerPool
from ..store import default_url

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db", metavar="URL", help="SQLAlchemy database URL (default: the SQLite file in the user data folder)."
    ),
]


def worker(
    db: DbOption = None,
    processes: Annotated[int, typer.Option("--processes", min=1, max=64, help="Worker processes.")] = 1,
) -> None:
    """Run background jobs (reviews, simulations) from the store's queue until interrupted."""
    url = db or default_url()
    JobQueue.open(url).engine.dispose()  # migrate once, before the workers start
    pool = WorkerPool(url, processes)
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
) -> None:
    """List the newest background jobs as JSON lines (or cancel one)."""
    queue = JobQueue.open(db or default_url())
    try:
        if cancel is not None:
            job = queue.cancel(cancel)
            if job is None:
                raise typer.BadParameter(f"no job {cancel!r}", param_hint="--cancel")
            print(json.dumps(job.progress()))
            return
        for job in queue.recent(limit):
            print(json.dumps({**job.progress(), "key": job.key, "created_at": job.created_at}))
        print(json.dumps({"counts": queue.counts()}))
    finally:
        queue.engine.dispose()
