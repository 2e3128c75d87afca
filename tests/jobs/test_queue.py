"""The job queue on SQLite and PostgreSQL: claim, progress, cancel, errors, a killed worker's job
claimed again, and no job run twice by workers in parallel processes."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from busbahnhof.jobs import CANCELLED, DONE, FAILED, QUEUED, RUNNING, JobQueue, Renewal, Worker, WorkerPool
from busbahnhof.jobs.pool import NICE, worker_main
from busbahnhof.jobs.queue import MAX_ATTEMPTS
from busbahnhof.jobs.worker import Tracker
from jobs.kinds_for_tests import KINDS

LEASE = 1.0


@pytest.fixture
def queue(database_url: str) -> JobQueue:
    return JobQueue.open(database_url)


def params(tmp_path: Path, name: str, steps: int = 2, seconds: float = 0.0) -> dict[str, Any]:
    return {"name": name, "steps": steps, "seconds": seconds, "log": str(tmp_path / "runs.log")}


def runs(tmp_path: Path) -> list[str]:
    log = tmp_path / "runs.log"
    return log.read_text().splitlines() if log.exists() else []


def wait_for(condition: Any, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_job_runs_once_and_keeps_its_result(queue: JobQueue, tmp_path: Path) -> None:
    job = queue.submit("steps", params(tmp_path, "a", steps=3), total=3)
    assert (job.status, job.done, job.total, job.attempts) == (QUEUED, 0, 3, 0)
    done = Worker(queue, KINDS).run_next()
    assert done is not None and done.id == job.id
    assert (done.status, done.done, done.total, done.attempts) == (DONE, 3, 3, 1)
    assert done.result["name"] == "a" and done.error is None and done.finished_at is not None
    assert Worker(queue, KINDS).run_next() is None
    assert runs(tmp_path) == [f"start a {os.getpid()}"]


def test_a_key_queues_a_job_once(queue: JobQueue, tmp_path: Path) -> None:
    first = queue.submit("steps", params(tmp_path, "a"), key="review:T1")
    again = queue.submit("steps", params(tmp_path, "b"), key="review:T1")
    assert again.id == first.id and again.params["name"] == "a"
    assert queue.find("review:T1") == first and queue.find("review:T2") is None
    assert queue.counts() == {QUEUED: 1}


def test_the_oldest_job_of_the_worker_s_kinds_is_claimed_first(queue: JobQueue, tmp_path: Path) -> None:
    other = queue.submit("balance", {})
    first = queue.submit("steps", params(tmp_path, "first"))
    second = queue.submit("steps", params(tmp_path, "second"))
    assert queue.ahead(second) == 2 and queue.ahead(first) == 1 and queue.ahead(other) == 0
    claimed = queue.claim("w1", LEASE, ("steps",))
    assert claimed is not None and claimed.id == first.id and claimed.status == RUNNING
    claimed = queue.claim("w2", LEASE, ("steps",))
    assert claimed is not None and claimed.id == second.id
    assert queue.claim("w3", LEASE, ("steps",)) is None
    assert queue.get(other.id).status == QUEUED  # type: ignore[union-attr]


def test_progress_is_stored_and_renews_the_lease(queue: JobQueue, tmp_path: Path) -> None:
    queue.submit("steps", params(tmp_path, "a"))
    job = queue.claim("w1", LEASE)
    assert job is not None
    tracker = Tracker(queue, job, "w1", LEASE, lambda: False)
    tracker.progress(4, 10)
    stored = queue.get(job.id)
    assert stored is not None and (stored.done, stored.total) == (4, 10)
    time.sleep(LEASE * 1.2)
    assert queue.renew(job.id, "w1", LEASE) is Renewal.GO_ON  # nobody took it: still the holder's
    assert queue.renew(job.id, "somebody else", LEASE) is Renewal.LOST


def test_a_queued_job_cancelled_is_never_run(queue: JobQueue, tmp_path: Path) -> None:
    job = queue.submit("steps", params(tmp_path, "a"))
    cancelled = queue.cancel(job.id)
    assert cancelled is not None and cancelled.status == CANCELLED
    assert Worker(queue, KINDS).run_next() is None
    assert runs(tmp_path) == []


def test_a_running_job_cancelled_stops_at_its_next_progress(queue: JobQueue, tmp_path: Path) -> None:
    job = queue.submit("steps", params(tmp_path, "long", steps=200, seconds=0.05))
    worker = Worker(queue, KINDS)
    thread = threading.Thread(target=worker.run_next)
    thread.start()
    wait_for(lambda: queue.get(job.id).done > 0)  # type: ignore[union-attr]
    queue.cancel(job.id)
    thread.join(20)
    stored = queue.get(job.id)
    assert stored is not None and stored.status == CANCELLED and stored.done < 200


def test_a_failing_job_stores_its_error(queue: JobQueue, tmp_path: Path) -> None:
    job = queue.submit("broken", {"log": str(tmp_path / "runs.log")})
    stored = Worker(queue, KINDS).run_next()
    assert stored is not None and stored.id == job.id and stored.status == FAILED
    assert "ValueError: broken on purpose: runs.log" in (stored.error or "")


def test_a_stopping_worker_gives_its_job_back(queue: JobQueue, tmp_path: Path) -> None:
    job = queue.submit("steps", params(tmp_path, "a", steps=3))
    stopping = Worker(queue, KINDS, should_stop=lambda: True).run_next()
    assert stopping is not None and (stopping.status, stopping.attempts) == (QUEUED, 0)
    finished = Worker(queue, KINDS).run_next()
    assert finished is not None and finished.id == job.id and finished.status == DONE


def test_a_killed_worker_s_job_is_claimed_again_after_its_lease(
    queue: JobQueue, database_url: str, tmp_path: Path
) -> None:
    job = queue.submit("steps", params(tmp_path, "a", steps=40, seconds=0.1))
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    process = context.Process(target=worker_main, args=(database_url, KINDS, stop, os.getpid(), LEASE, 0.05))
    process.start()
    wait_for(lambda: queue.get(job.id).done >= 2)  # type: ignore[union-attr]
    os.kill(process.pid or 0, signal.SIGKILL)
    process.join()
    stranded = queue.get(job.id)
    assert stranded is not None and stranded.status == RUNNING
    assert Worker(queue, KINDS).run_next() is None  # its lease has not run out yet
    time.sleep(LEASE)
    resumed = Worker(queue, KINDS).run_next()
    assert resumed is not None and resumed.id == job.id
    assert (resumed.status, resumed.attempts, resumed.result["pid"]) == (DONE, 2, os.getpid())
    assert [line.split()[1] for line in runs(tmp_path)] == ["a", "a"]


def test_a_job_whose_workers_keep_dying_fails(queue: JobQueue, tmp_path: Path) -> None:
    job = queue.submit("steps", params(tmp_path, "a"))
    for attempt in range(MAX_ATTEMPTS):
        claimed = queue.claim(f"dies-{attempt}", 0.01)
        assert claimed is not None and claimed.attempts == attempt + 1
        time.sleep(0.02)
    assert queue.claim("next", LEASE) is None
    stored = queue.get(job.id)
    assert stored is not None and stored.status == FAILED and "3 times" in (stored.error or "")


def test_workers_in_parallel_processes_run_every_job_once(queue: JobQueue, database_url: str, tmp_path: Path) -> None:
    submitted = [queue.submit("steps", params(tmp_path, f"job{n}", steps=1, seconds=0.01)) for n in range(40)]
    pool = WorkerPool(database_url, 3, KINDS, lease_seconds=30.0, poll_seconds=0.02)
    pool.start()
    try:
        wait_for(lambda: queue.counts().get(DONE) == len(submitted), 120)
    finally:
        pool.stop()
    names = sorted(line.split()[1] for line in runs(tmp_path))
    assert names == sorted(f"job{n}" for n in range(40))
    assert {queue.get(job.id).attempts for job in submitted} == {1}  # type: ignore[union-attr]
    assert len({line.split()[2] for line in runs(tmp_path)}) >= 2, "the jobs were shared out"


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="SCHED_IDLE is Linux's")
def test_pool_workers_run_only_on_processor_time_nobody_else_wants(sqlite_url: str) -> None:
    pool = WorkerPool(sqlite_url, 1, KINDS, poll_seconds=0.05)
    pool.start()
    try:
        worker = pool.processes[0]
        wait_for(lambda: worker.pid is not None and os.sched_getscheduler(worker.pid) == os.SCHED_IDLE, 30)
        assert worker.pid is not None
        assert os.getpriority(os.PRIO_PROCESS, worker.pid) == NICE, "nice as well, for what ps and top show"
    finally:
        pool.stop()


def test_a_stopping_pool_gives_the_running_job_back(queue: JobQueue, database_url: str, tmp_path: Path) -> None:
    """A server that stops asks its workers to stop: each ends, and the job it ran is queued
    again, its attempt not counted."""
    job = queue.submit("steps", params(tmp_path, "a", steps=200, seconds=0.05))
    pool = WorkerPool(database_url, 1, KINDS, lease_seconds=30.0, poll_seconds=0.05)
    pool.start()
    try:
        wait_for(lambda: queue.get(job.id).done > 0)  # type: ignore[union-attr]
    finally:
        pool.stop()
    assert not any(process.is_alive() for process in pool.processes)
    returned = queue.get(job.id)
    assert returned is not None and (returned.status, returned.attempts) == (QUEUED, 0)
