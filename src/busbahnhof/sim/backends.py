"""Where the games of a run are played: local worker processes, or a Ray cluster.

A backend takes the run's :class:`~busbahnhof.sim.play.RunSpec` and a stream of
:class:`~busbahnhof.sim.play.Task` s and yields each task's rows as it finishes, in any order.
It keeps only a few tasks per worker in flight, so neither the tasks nor the finished rows pile
up in memory however long the run.  Closing the stream (Ctrl-C, an error, the end) stops every
worker at once.  What a game gives depends only on the spec and its number (sim/play.py), so
every backend and worker count gives the same rows.
"""

from __future__ import annotations

import itertools
import logging
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from multiprocessing.process import BaseProcess
from typing import Any, Protocol, TypeVar

from ..engine import GameError, InvalidOptionError
from .play import RunSpec, Task, play_task
from .results import GameRow

BACKENDS = ("local", "ray")
TASKS_PER_WORKER = 4
"""Tasks in flight per worker: enough that no worker waits for the next, few enough to stay small."""
POLL_SECONDS = 0.2
LOST_WORKER_SECONDS = 5.0
"""How long a lost worker's exit status (and the others' end) is awaited."""

T = TypeVar("T")
R = TypeVar("R")


def max_workers() -> int:
    """The most local worker processes a run may start: four per CPU, at most 64 (more only cost memory)."""
    return min(64, 4 * (os.cpu_count() or 1))


def check_workers(workers: int) -> None:
    """Refuse a local worker count outside 1 to :func:`max_workers`.

    Raises:
        InvalidOptionError: the count, with the allowed range.
    """
    if not 1 <= workers <= max_workers():
        raise InvalidOptionError(
            f"--workers {workers}: choose 1 to {max_workers()} worker processes (4 per CPU, at most 64)",
            key="error.workers",
            params={"workers": workers, "high": max_workers()},
        )


class WorkerLost(GameError):
    """A local worker process died while the run went on (its games are played again by ``--resume``)."""

    code = "worker_lost"


class Backend(Protocol):
    """Plays tasks and yields their rows as they finish."""

    name: str
    workers: int
    """Worker processes (local) or tasks in flight (Ray); known once :meth:`run` started."""

    def run(self, spec: RunSpec, tasks: Iterator[Task]) -> Generator[list[GameRow], None, None]:
        """The rows of every task, task by task as they finish."""
        ...


class LocalBackend:
    """Worker processes on this machine (``spawn``ed), or this process itself for one worker."""

    name = "local"

    def __init__(self, workers: int = 1) -> None:
        check_workers(workers)
        self.workers = workers

    def run(self, spec: RunSpec, tasks: Iterator[Task]) -> Generator[list[GameRow], None, None]:
        """Play ``tasks`` here (one worker) or in worker processes, stopped when the stream closes."""
        return play_locally(self.workers, partial(play_task, spec), tasks)


def play_locally(workers: int, play: Callable[[T], R], tasks: Iterator[T]) -> Generator[R, None, None]:
    """``play(task)`` for every task, here (one worker) or in ``workers`` ``spawn``ed processes,
    yielded as each finishes.

    ``play`` (a module-level function, or a ``partial`` of one with the run's settings) is sent
    once to every worker, the tasks one by one, at most :data:`TASKS_PER_WORKER` per worker in
    flight.  Closing the stream (Ctrl-C, an error, the end) kills every worker at once.

    Raises:
        WorkerLost: a worker process died (killed, out of memory); the results yielded before stand.
    """
    first = next(tasks, None)
    if first is None:
        return
    tasks = itertools.chain([first], tasks)
    if workers == 1:
        for task in tasks:
            yield play(task)
        return
    context = multiprocessing.get_context("spawn")
    before = set(multiprocessing.active_children())
    executor = ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker, initargs=(play,))
    pending: set[Future[R]] = set()
    processes: set[BaseProcess] = set()  # kept here: active_children() forgets a process once it ended

    def submit() -> None:
        task = next(tasks, None)
        if task is not None:
            pending.add(executor.submit(_play_in_worker, task))
            processes.update(set(multiprocessing.active_children()) - before)

    try:
        for _ in range(TASKS_PER_WORKER * workers):
            submit()
        while pending:
            done, _ = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
            for future in done:
                pending.discard(future)
                yield _result_of(future, processes)
                submit()
    except BrokenProcessPool:  # submit() found the pool broken: a worker died since the last result
        raise _lost(processes) from None
    finally:
        # Stop at once: kill the workers (a task may run for minutes), then let the executor
        # notice and clean up. ProcessPoolExecutor, unlike multiprocessing.Pool, survives a
        # worker that died holding a queue's lock (it terminates the rest and frees the queues).
        workers_now = processes | (set(multiprocessing.active_children()) - before)
        for process in workers_now:
            process.kill()
        for process in workers_now:
            process.join(timeout=LOST_WORKER_SECONDS)
        _unblock_results(executor)
        executor.shutdown(wait=True, cancel_futures=True)


def _unblock_results(executor: ProcessPoolExecutor) -> None:
    """Let the executor's thread see the end of the result pipe once every worker is dead.

    A worker killed while it was writing a result leaves half a message in the pipe; the thread
    reading it then waits for the rest for ever (``shutdown`` hung with it: seen after Ctrl-C,
    the main thread in ``shutdown``, the executor's thread in ``Connection._recv``).  This process
    holds the pipe's other write end too; closing it makes the read end with EOF, which the
    executor takes for a broken pool and cleans up.  (An attribute of CPython's executor, looked
    up carefully: without it nothing changes.)
    """
    queue = getattr(executor, "_result_queue", None)
    writer = getattr(queue, "_writer", None)
    if writer is not None:
        writer.close()


_worker_play: Callable[[Any], Any] | None = None


def _start_worker(play: Callable[[Any], Any]) -> None:
    """Keep the run's ``play`` in the worker; leave Ctrl-C (sent to the whole process group) to the main process."""
    global _worker_play
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_play = play


def _play_in_worker(task: Any) -> Any:
    if _worker_play is None:
        raise RuntimeError("a worker ran a task before the pool's initializer gave it the run")
    return _worker_play(task)


def _result_of(future: Future[R], processes: set[BaseProcess]) -> R:
    """A finished task's result.

    Raises:
        WorkerLost: a worker process died (killed, out of memory): the pool cannot go on.
    """
    try:
        return future.result()
    except BrokenProcessPool:
        raise _lost(processes) from None


def _lost(processes: set[BaseProcess]) -> WorkerLost:
    """The error for a pool that lost a worker, naming the lost worker's exit status."""
    # The executor is ending the others; its thread may reap a process while this one waits for
    # it (then join() returns with no exit status yet): look again until every status is known.
    deadline = time.monotonic() + LOST_WORKER_SECONDS
    while any(process.exitcode is None for process in processes) and time.monotonic() < deadline:
        for process in processes:
            process.join(timeout=POLL_SECONDS)
    codes = [process.exitcode for process in processes if process.exitcode not in (None, -signal.SIGTERM)]
    status = codes[0] if codes else None
    return WorkerLost(
        f"a worker process died (exit status {status}, e.g. killed or out of memory);"
        " the games finished before are kept: with --results, run the same command with --resume",
        key="error.worker_lost",
        params={"status": status},
    )


class RayBackend:
    """Tasks on a Ray cluster: a local one started for the run, or one given by ``address``.

    Args:
        address: ``None`` starts a local Ray cluster for the run (``workers`` CPUs, default all);
            ``auto`` joins the cluster this machine belongs to; ``ray://host:port`` connects
            through Ray Client.  A session already started in this process (``ray.init``) is used
            as it is and left running.
        workers: tasks in flight at once (default: the cluster's CPUs).
    """

    name = "ray"

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        if workers is not None and workers < 1:
            raise InvalidOptionError(
                f"--workers {workers}: a Ray run needs at least 1 task at a time",
                key="error.ray_workers",
                params={"workers": workers},
            )
        self.address = address
        self.workers = workers or 0

    def run(self, spec: RunSpec, tasks: Iterator[Task]) -> Generator[list[GameRow], None, None]:
        """Play ``tasks`` as Ray tasks; pending ones are cancelled when the stream closes."""
        ray = import_ray()
        started = not ray.is_initialized()
        if started:
            self._connect(ray)
        pending: list[Any] = []
        try:
            self.workers = self.workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
            remote = ray.remote(play_task)
            spec_ref = ray.put(spec)
            pending = [remote.remote(spec_ref, task) for task in itertools.islice(tasks, 2 * self.workers)]
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                pending += [remote.remote(spec_ref, task) for task in itertools.islice(tasks, 1)]
                yield ray.get(ready[0])
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
            if started:
                ray.shutdown()

    def _connect(self, ray: Any) -> None:
        options: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.WARNING}
        try:
            if self.address is None:
                ray.init(num_cpus=self.workers or None, **options)
            else:
                ray.init(address=self.address, **options)
        except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ValueError... for a bad address
            raise InvalidOptionError(
                f"--address {self.address or '(local)'}: cannot start or reach a Ray cluster: {exc}",
                key="error.ray_connect",
                params={"address": self.address or "-", "problem": str(exc)},
            ) from None


def import_ray() -> Any:
    """The ``ray`` module (usage statistics off: nothing leaves the machine unasked).

    Raises:
        InvalidOptionError: Ray is not installed (the message says how to install it).
    """
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    try:
        import ray
    except ImportError:
        raise InvalidOptionError(
            "--backend ray needs Ray, which is not installed: pip install 'busbahnhof[ray]'",
            key="error.ray_missing",
        ) from None
    return ray


def make_backend(name: str, workers: int | None = None, address: str | None = None) -> Backend:
    """The backend called ``name``.

    Raises:
        InvalidOptionError: an unknown backend, bad ``workers``, or ``address`` without Ray.
    """
    if name not in BACKENDS:
        raise InvalidOptionError(
            f"--backend {name}: choose one of {', '.join(BACKENDS)}",
            key="error.backend",
            params={"backend": name, "backends": ", ".join(BACKENDS)},
        )
    if name == "ray":
        return RayBackend(address, workers)
    if address is not None:
        raise InvalidOptionError(
            f"--address {address}: only a Ray run (--backend ray) has an address",
            key="error.address_without_ray",
            params={"address": address},
        )
    return LocalBackend(1 if workers is None else workers)
