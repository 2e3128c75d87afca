"""Worker processes beside the server: :class:`WorkerPool` spawns them, replaces one that died,
and stops them with the server.

Workers are spawned (not forked: the server has threads) and run at the lowest priority
(:func:`lower_priority`): on a machine shared with live tables, the operating system gives the
server and its bots the processor first, and reviews take what is left.  Each worker opens its
own connection to the store and polls the queue; a worker notices within a poll that the server
is gone (its parent process changed) and exits, so a killed server leaves no worker behind.  A
stopping worker gives its running job back to the queue (:meth:`~.queue.JobQueue.release`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from collections.abc import Mapping
from multiprocessing.context import SpawnProcess
from multiprocessing.synchronize import Event

from ..store import make_engine
from .kinds import KINDS
from .queue import JobQueue
from .worker import LEASE_SECONDS, POLL_SECONDS, RETENTION_DAYS, Worker

NICE = 10
SUPERVISE_SECONDS = 2.0
STOP_SECONDS = 10.0


def worker_main(
    url: str,
    kinds: Mapping[str, str],
    stop: Event,
    parent: int,
    lease_seconds: float,
    poll_seconds: float,
    retention_days: float = RETENTION_DAYS,
) -> None:
    """A worker process's life: lowest priority, own store connection, jobs until told to stop."""
    lower_priority()
    queue = JobQueue(make_engine(url))
    worker = Worker(
        queue,
        kinds,
        lease_seconds=lease_seconds,
        poll_seconds=poll_seconds,
        should_stop=lambda: stop.is_set() or os.getppid() != parent,
        retention_days=retention_days,
    )
    try:
        worker.run_forever()
    finally:
        queue.engine.dispose()


def lower_priority() -> None:
    """Make this process run only on processor time nobody else wants: Linux's ``SCHED_IDLE``
    where there is one, and ``nice`` :data:`NICE` in any case (what ``ps`` and ``top`` show, and
    all there is elsewhere).  With ``nice`` alone a review still gets about a tenth of a busy
    core's time slices; at ``SCHED_IDLE`` it gets a fraction of a per cent while the tables want
    the processor, so on a machine that stays saturated a review waits.  (At 700 tables the
    difference in the moves' p99 was inside the noise: docs/deploy.md, "Fifth pass".)"""
    with contextlib.suppress(OSError):
        os.nice(NICE)
    if hasattr(os, "SCHED_IDLE"):
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


class WorkerPool:
    """``processes`` workers on the store at ``url``, running ``kinds``.

    Args:
        url: the store's SQLAlchemy URL (a file or a server: the workers are other processes).
        processes: how many workers (0: none; jobs wait for a ``busbahnhof worker``).
        kinds: the kinds they run (default: every registered kind, as registered now).
        retention_days: how long finished jobs are kept (the workers clean up; docs/jobs.md).
    """

    def __init__(
        self,
        url: str,
        processes: int,
        kinds: Mapping[str, str] | None = None,
        *,
        lease_seconds: float = LEASE_SECONDS,
        poll_seconds: float = POLL_SECONDS,
        retention_days: float = RETENTION_DAYS,
    ) -> None:
        self.context = multiprocessing.get_context("spawn")
        self.url = url
        self.size = processes
        self.kinds = dict(KINDS if kinds is None else kinds)
        self.lease_seconds = lease_seconds
        self.poll_seconds = poll_seconds
        self.retention_days = retention_days
        self.stop_event: Event = self.context.Event()
        self.processes: list[SpawnProcess] = []
        self.stopping = threading.Event()
        self.supervisor = threading.Thread(target=self._supervise, name="busbahnhof-job-pool", daemon=True)

    def start(self) -> None:
        """Spawn the workers and the thread that replaces any that die."""
        if self.size == 0:
            return
        self.processes = [self._spawn() for _ in range(self.size)]
        self.supervisor.start()

    def _spawn(self) -> SpawnProcess:
        args = (
            self.url,
            self.kinds,
            self.stop_event,
            os.getpid(),
            self.lease_seconds,
            self.poll_seconds,
            self.retention_days,
        )
        process = self.context.Process(target=worker_main, args=args, name="busbahnhof-job-worker", daemon=True)
        process.start()
        return process

    def _supervise(self) -> None:
        while not self.stopping.wait(SUPERVISE_SECONDS):
            for index, process in enumerate(self.processes):
                if not process.is_alive() and not self.stopping.is_set():
                    process.close()
                    self.processes[index] = self._spawn()

    def pids(self) -> list[int]:
        """The workers' process ids."""
        return [process.pid for process in self.processes if process.pid is not None]

    def stop(self) -> None:
        """Ask the workers to stop (each gives its running job back), wait up to
        :data:`STOP_SECONDS`, then end those still running."""
        if self.size == 0:
            return
        self.stopping.set()
        self.supervisor.join()
        self.stop_event.set()
        for process in self.processes:
            process.join(STOP_SECONDS)
            if process.is_alive():
                process.terminate()
                process.join()
