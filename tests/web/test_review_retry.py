"""A failed review is tried again from the replay, in Chromium: the review job of a finished game
fails, the replay's review panel says so and offers "Noch einmal versuchen"; a click queues it
again (the panel follows it waiting), a worker makes it, and the graph is drawn."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from test_review_in_replay import finished_game

from busbahnhof.jobs import FAILED, JobQueue, Worker
from support.server_harness import ServerProcess, sqlite_server_process

FAILING_REVIEW = {"review": "jobs.kinds_for_tests:broken"}
"""A review kind that fails at once (the stand-in for a review that crashed)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server of its own, without job workers: the test runs the review job itself."""
    yield from sqlite_server_process(tmp_path_factory.mktemp("review-retry"))


def run_one_job(server: ServerProcess, kinds: dict[str, str] | None = None) -> str:
    """Claim and run the next job (with ``kinds``, e.g. a failing review); its status afterwards."""
    queue = JobQueue.open(server.db)
    try:
        job = Worker(queue, kinds) if kinds else Worker(queue)
        ran = job.run_next()
        assert ran is not None
        return ran.status
    finally:
        queue.engine.dispose()


def test_a_failed_review_is_tried_again_from_the_replay(open_page: Any, server: ServerProcess, screenshot: Any) -> None:
    table_id = finished_game(server)
    page = open_page("phone", "de")
    page.goto(f"/#/replay/{table_id}")
    page.locator(".review-status").wait_for()
    assert run_one_job(server, FAILING_REVIEW) == FAILED

    retry = page.get_by_role("button", name="Noch einmal versuchen")
    retry.wait_for(timeout=10_000)  # the panel polls every 1.5 s
    assert "nicht gelungen" in page.locator(".review-status").inner_text()
    box = retry.bounding_box()
    assert box is not None and box["height"] >= 40
    screenshot(page, "review-failed-phone", in_view=".review")
    retry.click()
    page.get_by_text("beginnt, sobald ein Rechenprozess frei ist").wait_for()
    assert server.http().get(f"/api/tables/{table_id}/review").json()["status"] == "queued"

    assert run_one_job(server) == "done"
    page.locator(".review-chart").wait_for(timeout=30_000)
    assert page.locator(".review-chart polyline").count() == 2
