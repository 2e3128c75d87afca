"""Old finished jobs are cleaned up (results something links to are kept, without their params),
and a failed job can be queued again a bounded number of times; on SQLite and PostgreSQL."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from busbahnhof.jobs import CANCELLED, DONE, FAILED, QUEUED, JobQueue, Worker, WorkerPool
from busbahnhof.jobs.queue import MAX_CLAIMS
from jobs.kinds_for_tests import KINDS

DAY = 86400.0


class Clock:
    """A settable wall clock for the queue."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def queue(database_url: str, clock: Clock) -> JobQueue:
    return JobQueue(JobQueue.open(database_url).engine, clock=clock)


def test_clean_up_deletes_old_finished_jobs_and_keeps_linked_results(
    queue: JobQueue, clock: Clock, tmp_path: Path
) -> None:
    log = str(tmp_path / "runs.log")
    linked = queue.submit("steps", {"name": "a", "steps": 1, "seconds": 0, "log": log}, key="review:T1")
    failed = queue.submit("broken", {"log": log})
    cancelled = queue.submit("steps", {"name": "c", "steps": 1, "seconds": 0, "log": log})
    queue.cancel(cancelled.id)
    worker = Worker(queue, KINDS)
    while worker.run_next() is not None:
        pass
    clock.now += 3 * DAY
    recent = queue.submit("broken", {"log": log})
    worker.run_next()
    waiting = queue.submit("steps", {"name": "w", "steps": 1, "seconds": 0, "log": log}, key="later")

    clock.now += 5 * DAY  # the first jobs finished 8 days ago, ``recent`` 5 days ago
    assert queue.clean_up(clock.now - 7 * DAY, linked=frozenset({"steps"})) == {"deleted": 2, "emptied": 1}
    assert queue.get(failed.id) is None and queue.get(cancelled.id) is None
    kept = queue.get(linked.id)
    assert kept is not None and kept.status == DONE and kept.result["name"] == "a" and kept.params == {}
    assert queue.find("review:T1") == kept  # still found by its key: the replay shows it
    assert [job.status for job in (queue.get(recent.id), queue.get(waiting.id))] == [FAILED, QUEUED]  # type: ignore[union-attr]
    assert queue.clean_up(clock.now - 7 * DAY, linked=frozenset({"steps"})) == {"deleted": 0, "emptied": 0}


def test_an_idle_worker_cleans_up_at_its_start_and_then_now_and_then(
    queue: JobQueue, clock: Clock, tmp_path: Path
) -> None:
    old = queue.submit("broken", {"log": str(tmp_path / "runs.log")})
    worker = Worker(queue, KINDS, retention_days=7, clean_seconds=3600)
    worker.run_next()
    clock.now += 8 * DAY
    assert worker.clean_up_now_and_then() == {"deleted": 1, "emptied": 0}
    assert queue.get(old.id) is None
    assert worker.clean_up_now_and_then() is None  # not an hour later yet


def test_a_failed_job_is_retried_until_it_was_claimed_max_claims_times(queue: JobQueue, tmp_path: Path) -> None:
    job = queue.submit("broken", {"log": str(tmp_path / "runs.log")}, key="review:T2")
    worker = Worker(queue, KINDS)
    for attempt in range(1, MAX_CLAIMS + 1):
        failed = worker.run_next()
        assert failed is not None and (failed.status, failed.attempts) == (FAILED, attempt)
        again = queue.retry(job.id)
        assert again is not None
        if attempt < MAX_CLAIMS:
            assert (again.status, again.error, again.done, again.finished_at) == (QUEUED, None, 0, None)
        else:
            assert again.status == FAILED and again.error  # given up: it stays failed
    assert worker.run_next() is None


def test_retry_leaves_a_job_that_did_not_fail_as_it_is(queue: JobQueue, tmp_path: Path) -> None:
    job = queue.submit("steps", {"name": "a", "steps": 1, "seconds": 0, "log": str(tmp_path / "runs.log")})
    assert queue.retry(job.id) == queue.get(job.id)
    Worker(queue, KINDS).run_next()
    assert queue.retry(job.id).status == DONE  # type: ignore[union-attr]
    queued = queue.submit("steps", {"name": "b", "steps": 1, "seconds": 0, "log": str(tmp_path / "runs.log")})
    queue.cancel(queued.id)
    assert queue.retry(queued.id).status == CANCELLED  # type: ignore[union-attr]
    assert queue.retry("no-such-job") is None


def test_the_pools_workers_clean_up_with_its_retention(database_url: str, tmp_path: Path) -> None:
    queue = JobQueue.open(database_url)
    old = queue.submit("broken", {"log": str(tmp_path / "runs.log")})
    Worker(queue, KINDS).run_next()
    pool = WorkerPool(database_url, 1, KINDS, poll_seconds=0.05, retention_days=1e-6)  # 0.09 s
    pool.start()
    try:
        deadline = time.monotonic() + 30
        while queue.get(old.id) is not None:
            assert time.monotonic() < deadline, "the pool's worker did not clean up"
            time.sleep(0.1)
    finally:
        pool.stop()
        queue.engine.dispose()
