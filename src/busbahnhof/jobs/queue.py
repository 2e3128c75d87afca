"""The queue of background jobs in the store: submit, claim, progress, finish, cancel.

Every method is one short transaction and commits before it returns, so any number of processes
(the server, its worker processes, a ``busbahnhof worker`` elsewhere) share one queue through
the database:

* **Claim.**  A worker takes the oldest claimable job: one that is queued, or running with a
  lease that ran out (its worker died).  On PostgreSQL the candidate row is locked with
  ``SELECT ... FOR UPDATE SKIP LOCKED`` (two workers never wait for, nor take, the same row),
  then updated; on SQLite, which has one writer at a time, one conditional statement does both,
  ``UPDATE jobs ... WHERE id = (the oldest claimable) AND <claimable> RETURNING id``, under the
  database's write lock (a ``SELECT`` first and an ``UPDATE`` after would have to upgrade a read
  transaction to a write, which SQLite refuses at once when another worker wrote in between).
  Either way a job has one holder.
* **Lease.**  The holder renews its lease while it works (:meth:`JobQueue.renew`, the progress
  writes); every write of the holder names it (``worker``), so a worker whose job was claimed
  again after its lease ran out changes nothing any more.
* **Attempts.**  A job whose worker died :data:`MAX_ATTEMPTS` times is failed rather than
  claimed again (a job that kills its worker would otherwise do so forever).
* **Retry.**  A failed job may be queued again (:meth:`JobQueue.retry`) until it has been
  claimed :data:`MAX_CLAIMS` times in all.
* **Clean-up.**  Finished jobs older than a retention are deleted (:meth:`JobQueue.clean_up`),
  but a done job whose result something links to (a kind of :data:`LINKED_RESULTS`: the review
  of a table, a deck version's simulation) is kept, with its params (the big input) dropped.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from sqlalchemy import ColumnElement, Connection, Engine, and_, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from ..store import make_engine, upgrade
from .schema import jobs

QUEUED, RUNNING, DONE, FAILED, CANCELLED = "queued", "running", "done", "failed", "cancelled"
FINAL = (DONE, FAILED, CANCELLED)
MAX_ATTEMPTS = 3
MAX_CLAIMS = 6
"""A failed job is retried (:meth:`JobQueue.retry`) only while it was claimed fewer times than this:
a job that fails whatever happens costs a few runs, not one per click."""
LINKED_RESULTS = frozenset({"review", "balance"})
"""Kinds whose done results something links to (a replay's review, a deck version's simulation
run): kept by :meth:`JobQueue.clean_up`, without their params."""
WORKER_DIED = "its worker stopped {attempts} times while running it"


class Renewal(Enum):
    """What a holder learns when it renews its lease or reports progress."""

    GO_ON = "go_on"
    CANCEL = "cancel"  # someone asked the job to stop
    LOST = "lost"  # the job is no longer this worker's (its lease ran out and another took it)


@dataclass(frozen=True)
class Job:
    """One job as stored (``status``: queued, running, done, failed or cancelled)."""

    id: str
    kind: str
    key: str | None
    params: dict[str, Any]
    status: str
    done: int
    total: int
    result: Any
    error: str | None
    attempts: int
    cancel: bool
    created_at: float
    started_at: float | None
    finished_at: float | None

    @classmethod
    def from_row(cls, row: Any) -> Job:
        """A job from a row of ``jobs``."""
        return cls(**{name: row[name] for name in cls.__dataclass_fields__})

    @property
    def is_final(self) -> bool:
        """Done, failed or cancelled: nothing will change it any more."""
        return self.status in FINAL

    def progress(self) -> dict[str, Any]:
        """The job's state for a client: ``{"id", "kind", "status", "done", "total", "error"}``."""
        return {
            "id": self.id,
            "kind": self.kind,
            "status": self.status,
            "done": self.done,
            "total": self.total,
            "error": self.error,
        }


def _claimable(now: float) -> ColumnElement[bool]:
    return and_(
        jobs.c.cancel.is_(False),
        or_(jobs.c.status == QUEUED, and_(jobs.c.status == RUNNING, jobs.c.lease_until < now)),
    )


def _held_by(job_id: str, worker: str) -> ColumnElement[bool]:
    return and_(jobs.c.id == job_id, jobs.c.worker == worker, jobs.c.status == RUNNING)


class JobQueue:
    """The jobs in the database of ``engine`` (migrated already: :meth:`open` migrates).

    Args:
        engine: the store's engine (the server shares its :class:`~busbahnhof.store.Store`'s).
        clock: seconds since the epoch (leases are compared across processes and machines).
    """

    def __init__(self, engine: Engine, clock: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.clock = clock
        self.is_postgres = engine.dialect.name == "postgresql"

    @classmethod
    def open(cls, url: str) -> JobQueue:
        """A queue in the database at ``url``, migrated to the newest schema."""
        engine = make_engine(url)
        upgrade(engine)
        return cls(engine)

    # -- submitting and reading -----------------------------------------------------------

    def submit(self, kind: str, params: dict[str, Any], key: str | None = None, total: int = 0) -> Job:
        """Queue a job of ``kind`` with ``params`` (JSON); with ``key``, only if no job has that key
        yet (of several processes the first wins): returns the job with the key, new or not."""
        now = self.clock()
        job_id = uuid.uuid4().hex
        row = {
            "id": job_id,
            "kind": kind,
            "key": key,
            "params": params,
            "status": QUEUED,
            "done": 0,
            "total": total,
            "attempts": 0,
            "cancel": False,
            "created_at": now,
            "updated_at": now,
        }
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(jobs).values(**row))
        except IntegrityError:
            if key is None:
                raise
            found = self.find(key)
            if found is None:  # the other job was deleted in between
                raise
            return found
        job = self.get(job_id)
        if job is None:  # deleted between its commit and this read
            raise LookupError(f"job {job_id} vanished right after it was queued")
        return job

    def get(self, job_id: str) -> Job | None:
        """The job ``job_id``, or ``None``."""
        with self.engine.connect() as connection:
            row = connection.execute(select(jobs).where(jobs.c.id == job_id)).mappings().first()
        return None if row is None else Job.from_row(row)

    def find(self, key: str) -> Job | None:
        """The job with ``key``, or ``None``."""
        with self.engine.connect() as connection:
            row = connection.execute(select(jobs).where(jobs.c.key == key)).mappings().first()
        return None if row is None else Job.from_row(row)

    def ahead(self, job: Job) -> int:
        """How many queued jobs will be claimed before the queued ``job`` (0 for a job not queued)."""
        if job.status != QUEUED:
            return 0
        earlier = or_(jobs.c.created_at < job.created_at, and_(jobs.c.created_at == job.created_at, jobs.c.id < job.id))
        query = select(func.count()).select_from(jobs).where(jobs.c.status == QUEUED, earlier)
        with self.engine.connect() as connection:
            return int(connection.execute(query).scalar_one())

    def counts(self) -> dict[str, int]:
        """How many jobs are in each status."""
        query = select(jobs.c.status, func.count()).group_by(jobs.c.status)
        with self.engine.connect() as connection:
            return {str(status): int(count) for status, count in connection.execute(query)}

    def recent(self, limit: int = 50) -> list[Job]:
        """The newest jobs first."""
        query = select(jobs).order_by(jobs.c.created_at.desc()).limit(limit)
        with self.engine.connect() as connection:
            return [Job.from_row(row) for row in connection.execute(query).mappings()]

    # -- cancelling -----------------------------------------------------------------------

    def cancel(self, job_id: str) -> Job | None:
        """Stop ``job_id``: a queued job is cancelled at once, a running one is asked to stop (its
        worker cancels it at its next progress report or lease renewal); a finished job stays as it
        is.  Returns the job as it is now."""
        now = self.clock()
        with self.engine.begin() as connection:
            connection.execute(
                update(jobs)
                .where(jobs.c.id == job_id, jobs.c.status == QUEUED)
                .values(status=CANCELLED, cancel=True, finished_at=now, updated_at=now)
            )
            connection.execute(
                update(jobs).where(jobs.c.id == job_id, jobs.c.status == RUNNING).values(cancel=True, updated_at=now)
            )
        return self.get(job_id)

    def retry(self, job_id: str) -> Job | None:
        """Queue the failed job ``job_id`` again (from the beginning, its error cleared), if it was
        claimed fewer than :data:`MAX_CLAIMS` times; returns the job as it is now (``None``: no such
        job).  A job that is not failed is left as it is."""
        now = self.clock()
        again = {
            "status": QUEUED,
            "done": 0,
            "error": None,
            "result": None,
            "worker": None,
            "lease_until": None,
            "started_at": None,
            "finished_at": None,
            "updated_at": now,
        }
        with self.engine.begin() as connection:
            connection.execute(
                update(jobs)
                .where(jobs.c.id == job_id, jobs.c.status == FAILED, jobs.c.attempts < MAX_CLAIMS)
                .values(**again)
            )
        return self.get(job_id)

    def clean_up(self, finished_before: float, linked: frozenset[str] = LINKED_RESULTS) -> dict[str, int]:
        """Delete the jobs that finished before ``finished_before``, except done jobs of the kinds
        in ``linked`` (their results are still shown), whose params are emptied instead.  Returns
        ``{"deleted": n, "emptied": m}``."""
        old = and_(jobs.c.status.in_(FINAL), jobs.c.finished_at < finished_before)
        kept = and_(jobs.c.status == DONE, jobs.c.kind.in_(linked))
        with self.engine.begin() as connection:
            deleted = connection.execute(delete(jobs).where(old, ~kept)).rowcount
            not_yet = jobs.c.updated_at <= jobs.c.finished_at  # emptying is the one write after the end
            emptied = connection.execute(
                update(jobs).where(old, kept, not_yet).values(params={}, updated_at=self.clock())
            ).rowcount
        return {"deleted": deleted, "emptied": emptied}

    # -- the holder's side ----------------------------------------------------------------

    def claim(self, worker: str, lease_seconds: float, kinds: tuple[str, ...] | None = None) -> Job | None:
        """Take the oldest claimable job (of ``kinds``, if given) for ``worker`` with a lease of
        ``lease_seconds``, or ``None`` if there is none."""
        now = self.clock()
        self._retire_abandoned(now)
        condition = _claimable(now)
        if kinds is not None:
            condition = and_(condition, jobs.c.kind.in_(kinds))
        oldest = select(jobs.c.id).where(condition).order_by(jobs.c.created_at, jobs.c.id).limit(1)
        claimed = {
            "status": RUNNING,
            "worker": worker,
            "lease_until": now + lease_seconds,
            "attempts": jobs.c.attempts + 1,
            "started_at": now,
            "updated_at": now,
        }
        with self.engine.begin() as connection:
            if self.is_postgres:
                job_id = connection.execute(oldest.with_for_update(skip_locked=True)).scalar_one_or_none()
                if job_id is not None:
                    connection.execute(update(jobs).where(jobs.c.id == job_id).values(**claimed))
            else:
                take = update(jobs).where(jobs.c.id == oldest.scalar_subquery(), condition).values(**claimed)
                job_id = connection.execute(take.returning(jobs.c.id)).scalar_one_or_none()
            return None if job_id is None else self._read(connection, job_id)

    def _retire_abandoned(self, now: float) -> None:
        """Jobs whose lease ran out: cancelled if someone asked them to stop, failed after
        :data:`MAX_ATTEMPTS` claims; the rest stay claimable."""
        expired = and_(jobs.c.status == RUNNING, jobs.c.lease_until < now)
        with self.engine.begin() as connection:
            connection.execute(
                update(jobs)
                .where(expired, jobs.c.cancel.is_(True))
                .values(status=CANCELLED, worker=None, finished_at=now, updated_at=now)
            )
            connection.execute(
                update(jobs)
                .where(expired, jobs.c.attempts >= MAX_ATTEMPTS)
                .values(
                    status=FAILED,
                    worker=None,
                    error=WORKER_DIED.format(attempts=MAX_ATTEMPTS),
                    finished_at=now,
                    updated_at=now,
                )
            )

    @staticmethod
    def _read(connection: Connection, job_id: str) -> Job:
        return Job.from_row(connection.execute(select(jobs).where(jobs.c.id == job_id)).mappings().one())

    def renew(
        self, job_id: str, worker: str, lease_seconds: float, done: int | None = None, total: int | None = None
    ) -> Renewal:
        """Extend ``worker``'s lease on ``job_id`` (and store its progress ``done`` of ``total``)."""
        now = self.clock()
        values: dict[str, Any] = {"lease_until": now + lease_seconds, "updated_at": now}
        if done is not None:
            values["done"] = done
        if total is not None:
            values["total"] = total
        with self.engine.begin() as connection:
            changed = connection.execute(update(jobs).where(_held_by(job_id, worker)).values(**values))
            if changed.rowcount != 1:
                return Renewal.LOST
            cancel = connection.execute(select(jobs.c.cancel).where(jobs.c.id == job_id)).scalar_one()
        return Renewal.CANCEL if cancel else Renewal.GO_ON

    def finish(self, job_id: str, worker: str, result: Any) -> bool:
        """Store ``result`` and mark the job done; ``False`` if it is no longer ``worker``'s."""
        return self._end(job_id, worker, status=DONE, result=result)

    def fail(self, job_id: str, worker: str, error: str) -> bool:
        """Store ``error`` and mark the job failed; ``False`` if it is no longer ``worker``'s."""
        return self._end(job_id, worker, status=FAILED, error=error)

    def cancelled(self, job_id: str, worker: str) -> bool:
        """The holder stopped the job as asked; ``False`` if it is no longer ``worker``'s."""
        return self._end(job_id, worker, status=CANCELLED)

    def release(self, job_id: str, worker: str) -> bool:
        """Give the job back to the queue unfinished (its worker is stopping): the next worker
        starts it again, and this claim does not count as an attempt."""
        now = self.clock()
        values = {
            "status": QUEUED,
            "worker": None,
            "lease_until": None,
            "attempts": jobs.c.attempts - 1,
            "updated_at": now,
        }
        with self.engine.begin() as connection:
            return connection.execute(update(jobs).where(_held_by(job_id, worker)).values(**values)).rowcount == 1

    def _end(self, job_id: str, worker: str, **values: Any) -> bool:
        now = self.clock()
        values.update(worker=None, lease_until=None, finished_at=now, updated_at=now)
        with self.engine.begin() as connection:
            return connection.execute(update(jobs).where(_held_by(job_id, worker)).values(**values)).rowcount == 1
