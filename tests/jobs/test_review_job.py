"""The review job on a real server: a table that finishes with a player gets its review queued
once, computed by the server's worker process, and served with labels; tables of bots get none."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from busbahnhof.engine import game_class
from busbahnhof.jobs import DONE, JobQueue, Worker
from busbahnhof.jobs.reviews import queue_review, review_key
from busbahnhof.learn import review_record
from support.server_harness import Seat, ServerProcess, create_table, play_out, seat_query


@pytest.fixture
def reviewing_server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server with one job worker (the tests' servers have none by default)."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}", tmp_path, {"BUSBAHNHOF_JOB_WORKERS": "1"}).start()
    yield server
    server.stop()


def finished_review(http: httpx.Client, table_id: str, seconds: float = 120) -> dict[str, Any]:
    """Poll the review route until the review is done; returns the last answer, with every status seen."""
    deadline = time.monotonic() + seconds
    seen = []
    while True:
        answer = http.get(f"/api/tables/{table_id}/review", params={"lang": "en"}).json()
        seen.append(answer["status"])
        if answer["status"] == DONE:
            return {**answer, "seen": seen}
        assert answer["status"] in ("queued", "running"), answer
        assert time.monotonic() < deadline, f"no review in time: {seen[-5:]}"
        time.sleep(0.2)


def test_a_finished_table_s_players_are_reviewed_once(reviewing_server: ServerProcess) -> None:
    http = reviewing_server.http()
    created = create_table(http, game="busfahrer", seats=[{"name": "Ada"}, {"bot": "leicht"}], seed=3)
    table_id = created["table_id"]
    seat = Seat(reviewing_server, seat_query(created))
    try:
        assert http.get(f"/api/tables/{table_id}/review").json() == {"status": "none"}, "not over yet"
        play_out(seat)
    finally:
        seat.close()
    answer = finished_review(http, table_id)
    review = answer["review"]
    assert review["format"] == "busbahnhof-review/1" and review["seats"] == [0], "the player, not the bot"
    assert review["names"][0] == "Ada"
    assert review["decisions"] and {d["seat"] for d in review["decisions"]} == {0}
    assert len(review["graph"]) == review["actions"] + 1
    for decision in review["decisions"]:
        for text in (decision["made"], decision["best"], *(o["action"] for o in decision["options"])):
            assert answer["labels"][text] and answer["labels"][text] != text, "the game's words"

    queue = JobQueue.open(reviewing_server.db)
    try:
        job = queue.find(review_key(table_id))
        assert job is not None and job.attempts == 1
        record = http.get(f"/api/tables/{table_id}/record").json()
        again = queue_review(queue, table_id, record, [0, 1])
        assert again is not None and again.id == job.id, "queued once: the stored review stays"
        assert queue.counts() == {DONE: 1}
    finally:
        queue.engine.dispose()


def test_a_table_of_bots_gets_no_review(reviewing_server: ServerProcess) -> None:
    http = reviewing_server.http()
    created = create_table(http, game="busfahrer", seats=[{"bot": "leicht"}, {"bot": "leicht"}], seed=4)
    table_id = created["table_id"]
    deadline = time.monotonic() + 60
    while http.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    time.sleep(0.5)
    assert http.get(f"/api/tables/{table_id}/review").json() == {"status": "none"}


@pytest.mark.parametrize("game", ["busfahrer", "busfaktor"])
def test_the_review_job_is_the_review_of_the_record(game: str, sqlite_url: str) -> None:
    """What the worker stores is ``review_record`` of the record for the queued seats, and its
    progress reached the end."""
    state = game_class(game)().new_state(2, 7)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    record = state.record()
    queue = JobQueue.open(sqlite_url)
    try:
        job = queue_review(queue, "T", record, [1])
        assert job is not None and job.total == len(record["actions"]), "progress counts the positions reviewed"
        stored = Worker(queue).run_next()
        assert stored is not None and stored.status == DONE and stored.done == stored.total
        expected = review_record(record, seats=[1]).to_dict()
        assert {**stored.result, "seconds": 0} == {**expected, "seconds": 0}
    finally:
        queue.engine.dispose()
