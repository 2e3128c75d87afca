"""Background jobs in the store, run by worker processes: reviews of finished games, balance
simulations.  See ``docs/jobs.md``.

Submit with :meth:`JobQueue.submit`, read with :meth:`JobQueue.get`/:meth:`JobQueue.find`, stop
with :meth:`JobQueue.cancel`; a kind is a function at an import path (:mod:`.kinds`); the server
runs a :class:`WorkerPool`, ``busbahnhof worker`` runs workers anywhere else.
"""

from .kinds import KINDS, JobFunction, Progress, register, resolve
from .pool import WorkerPool
from .queue import CANCELLED, DONE, FAILED, QUEUED, RUNNING, Job, JobQueue, Renewal
from .worker import JobStopped, Worker

__all__ = [
    "CANCELLED",
    "DONE",
    "FAILED",
    "KINDS",
    "QUEUED",
    "RUNNING",
    "Job",
    "JobFunction",
    "JobQueue",
    "JobStopped",
    "Progress",
    "Renewal",
    "Worker",
    "WorkerPool",
    "register",
    "resolve",
]
