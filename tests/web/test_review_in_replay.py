"""The review in the replay, in Chromium: a finished Busfahrer game of a person and a bot is
opened in the replay while its review waits for a worker (the page says so), a worker reviews
it (the page follows without reloading), and then the graph is drawn (one line per player, the
decisions with a loss marked on it; points, place or chance to win); choosing a marked decision
moves the replay there and lists its options with their values, the move played and the best
one.  On a phone the review fits."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from steps import check_fits

from busbahnhof.jobs import JobQueue, Worker
from support.server_harness import Seat, ServerProcess, create_table, play_out, seat_query, sqlite_server_process


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server of its own (the tests' servers run no job workers: the test decides when the review is made)."""
    yield from sqlite_server_process(tmp_path_factory.mktemp("review"))


def finished_game(server: ServerProcess) -> str:
    """A Busfahrer table of Ada (answering at random) and a bot, played to its end; its id."""
    created = create_table(server.http(), game="busfahrer", seats=[{"name": "Ada"}, {"bot": "mittel"}], seed=11)
    choices = random.Random(5)
    seat = Seat(server, seat_query(created))
    try:
        play_out(seat, choose=lambda state: choices.choice(state["legal"])["notation"])
    finally:
        seat.close()
    return str(created["table_id"])


def review_queued_then_made(server: ServerProcess, page: Any, waiting: str) -> dict[str, Any]:
    """The page shows the waiting review (``waiting`` in its words); a worker makes it; returns
    the review's answer."""
    status = page.locator(".review-status")
    status.wait_for()
    assert waiting in status.inner_text()
    queue = JobQueue.open(server.db)
    try:
        job = Worker(queue).run_next()
        assert job is not None and job.status == "done"
    finally:
        queue.engine.dispose()
    return dict(server.http().get(f"/api/tables/{job.key.split(':')[1]}/review").json())


def test_the_review_is_drawn_in_the_replay(open_page: Any, server: ServerProcess, screenshot: Any) -> None:
    table_id = finished_game(server)
    page = open_page("laptop", "de")
    page.goto(f"/#/replay/{table_id}")
    answer = review_queued_then_made(server, page, "beginnt, sobald ein Rechenprozess frei ist")
    review = answer["review"]
    page.locator(".review-chart").wait_for(timeout=30_000)
    assert page.locator(".review-chart polyline").count() == review["players"] == 2
    losing = [d for d in review["decisions"] if d["mistake"] or d["loss"] > 0]
    assert losing, "Ada's random answers lost something"
    assert page.locator(".review-marker").count() == len(losing)
    assert page.locator(".review-marker.mistake").count() == sum(d["mistake"] for d in losing)
    assert "Ada" in page.locator(".review-legend").inner_text()

    worst = max(losing, key=lambda d: d["loss"])
    page.locator(f'.review-marker[data-number="{worst["number"]}"]').click()
    assert page.locator("#replay-step").input_value() == str(worst["number"]), "the replay went to the decision"
    detail = page.locator(".review-detail")
    assert f"Zug {worst['number'] + 1}: Entscheidung von Ada" in detail.inner_text()
    options = detail.locator(".review-options li")
    assert options.count() == len(worst["options"])
    assert detail.locator(".review-tag.made").count() == 1 and detail.locator(".review-tag.best").count() == 1
    assert answer["labels"][worst["best"]] in detail.locator("li.best").inner_text()
    if "right" in worst["options"][0]:
        assert "richtig bei" in options.first.inner_text() and "Strafpunkte erwartet" in options.first.inner_text()
    screenshot(page, "review-laptop")

    page.get_by_role("button", name="Siegchance").click()
    assert "Siegchance jedes Spielers" in page.locator(".review-note").inner_text()
    page.get_by_role("button", name="Platz", exact=True).click()
    assert "erwartete Endplatz" in page.locator(".review-note").inner_text()
    first, last = page.locator(".review-axis").nth(0), page.locator(".review-axis").nth(2)
    assert (first.text_content(), last.text_content()) == ("1", "2")
    assert float(first.get_attribute("y")) < float(last.get_attribute("y")), "the first place at the top"


def test_the_review_fits_a_phone(open_page: Any, server: ServerProcess) -> None:
    table_id = finished_game(server)
    page = open_page("phone", "en")
    page.goto(f"/#/replay/{table_id}")
    review_queued_then_made(server, page, "starts as soon as a worker is free")
    page.locator(".review-chart").wait_for(timeout=30_000)
    page.locator(".review-jump").first.click()
    page.locator(".review-options li").first.wait_for()
    check_fits(page)
