"""A worker: claims jobs from the queue one at a time and runs them, reporting progress.

While a job runs, a heartbeat thread renews the worker's lease every third of it, so a job may
take any time between two progress reports; a worker that dies stops renewing, and after the
lease runs out another worker claims the job again (docs/jobs.md).  The job function's
``progress(done, total)`` stores the progress at most every :data:`PROGRESS_SECONDS` and raises
:class:`JobStopped` when the job was cancelled, was taken over, or the worker is stopping (a
stopping worker gives its job back to the queue).
"""

from __future__ import annotations

import os
import socket
import threading
import time
import traceback
import uuid
from collections.abc import Callable, Mapping
from types import TracebackType
from typing import Any

from .kinds import KINDS, resolve
from .queue import Job, JobQueue, Renewal

LEASE_SECONDS = 60.0
POLL_SECONDS = 1.0
PROGRESS_SECONDS = 0.5
RETENTION_DAYS = 7.0
"""How long finished jobs are kept by default (``BUSBAHNHOF_JOB_RETENTION_DAYS``; see :meth:`JobQueue.clean_up`)."""
CLEAN_SECONDS = 3600.0
"""How often an idle worker deletes the finished jobs older than the retention."""
ERROR_CHARS = 4000


class JobStopped(Exception):
    """Raised from ``progress`` inside a job that is to stop (``reason``: why)."""

    def __init__(self, reason: Renewal | None) -> None:
        super().__init__(reason.value if reason else "stopping")
        self.reason = reason


def worker_name() -> str:
    """A name unique to this worker: host, process id and a random part."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class Tracker:
    """A running job's lease and progress: the heartbeat thread and the ``progress`` callback."""

    def __init__(
        self, queue: JobQueue, job: Job, worker: str, lease_seconds: float, should_stop: Callable[[], bool]
    ) -> None:
        self.queue, self.job, self.worker = queue, job, worker
        self.lease_seconds = lease_seconds
        self.should_stop = should_stop
        self.renewal = Renewal.GO_ON
        self.last_write = 0.0
        self.ending = threading.Event()
        self.thread = threading.Thread(target=self._beat, name="busbahnhof-job-lease", daemon=True)

    def __enter__(self) -> Tracker:
        self.thread.start()
        return self

    def __exit__(self, *_: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.ending.set()
        self.thread.join()

    def _beat(self) -> None:
        while not self.ending.wait(self.lease_seconds / 3):
            if self.renewal is Renewal.GO_ON:
                self.renewal = self.queue.renew(self.job.id, self.worker, self.lease_seconds)

    def progress(self, done: int, total: int) -> None:
        """Store ``done`` of ``total`` (at most every :data:`PROGRESS_SECONDS`, and the last step);
        raises :class:`JobStopped` if the job is to stop."""
        now = time.monotonic()
        if self.renewal is Renewal.GO_ON and (now - self.last_write >= PROGRESS_SECONDS or done >= total):
            self.last_write = now
            self.renewal = self.queue.renew(self.job.id, self.worker, self.lease_seconds, done, total)
        if self.renewal is not Renewal.GO_ON:
            raise JobStopped(self.renewal)
        if self.should_stop():
            raise JobStopped(None)


class Worker:
    """Runs jobs of ``kinds`` from ``queue``.

    Args:
        queue: the jobs.
        kinds: the kinds this worker runs (name -> import path); it claims no other.
        lease_seconds: how long a claim lasts without renewal.
        poll_seconds: how long an idle worker waits before it looks for work again.
        should_stop: asked between jobs and at every progress report.
        retention_days: finished jobs older than this are cleaned up (:meth:`JobQueue.clean_up`),
            by each worker when it is idle, at its start and then every ``clean_seconds``.
    """

    def __init__(
        self,
        queue: JobQueue,
        kinds: Mapping[str, str] = KINDS,
        *,
        lease_seconds: float = LEASE_SECONDS,
        poll_seconds: float = POLL_SECONDS,
        should_stop: Callable[[], bool] = lambda: False,
        retention_days: float = RETENTION_DAYS,
        clean_seconds: float = CLEAN_SECONDS,
    ) -> None:
        self.queue = queue
        self.kinds = dict(kinds)
        self.name = worker_name()
        self.lease_seconds = lease_seconds
        self.poll_seconds = poll_seconds
        self.should_stop = should_stop
        self.retention_days = retention_days
        self.clean_seconds = clean_seconds
        self.cleaned_at: float | None = None

    def run_forever(self) -> None:
        """Claim and run jobs until ``should_stop`` says so."""
        while not self.should_stop():
            if self.run_next() is None:
                self.clean_up_now_and_then()
                time.sleep(self.poll_seconds)

    def clean_up_now_and_then(self) -> dict[str, int] | None:
        """Clean up the queue (:meth:`JobQueue.clean_up`) if the last clean-up is ``clean_seconds``
        ago (or there was none); what it did, or ``None`` if it was not yet time."""
        now = time.monotonic()
        if self.cleaned_at is not None and now - self.cleaned_at < self.clean_seconds:
            return None
        self.cleaned_at = now
        return self.queue.clean_up(self.queue.clock() - self.retention_days * 86400.0)

    def run_next(self) -> Job | None:
        """Claim one job and run it; the job as stored afterwards, or ``None`` if there was none."""
        job = self.queue.claim(self.name, self.lease_seconds, tuple(self.kinds))
        if job is None:
            return None
        self._run(job)
        return self.queue.get(job.id)

    def _run(self, job: Job) -> None:
        tracker = Tracker(self.queue, job, self.name, self.lease_seconds, self.should_stop)
        try:
            with tracker:
                result = resolve(job.kind, self.kinds)(job.params, tracker.progress)
        except JobStopped as stopped:
            if stopped.reason is Renewal.CANCEL:
                self.queue.cancelled(job.id, self.name)
            elif stopped.reason is None:
                self.queue.release(job.id, self.name)
            return
        except Exception:  # a job's failure is stored, not the worker's end
            self.queue.fail(job.id, self.name, error_text())
            return
        self._finish(job, result)

    def _finish(self, job: Job, result: Any) -> None:
        try:
            self.queue.finish(job.id, self.name, result)
        except Exception:  # a result the store cannot take (not JSON) fails the job
            self.queue.fail(job.id, self.name, error_text())


def error_text() -> str:
    """The exception being handled with its traceback, shortened to :data:`ERROR_CHARS` (its end)."""
    return traceback.format_exc()[-ERROR_CHARS:]
