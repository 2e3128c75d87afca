"""Pause all across table-affine processes (PostgreSQL): a facilitator's pause sent to a process that
does not own the workshop's tables still stops them, and the pause holds when the owner is killed
and the other process adopts its tables; a resume sent to the killed process, started again,
reaches the new owner."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from busbahnhof.store import Store
from support.server_harness import ServerProcess

SETTLE_SECONDS = 1.0
"""How long a pause may take to reach the owner (its keeper looks every 0.5 s) plus a move being committed."""
WATCH_SECONDS = 3.0
"""How long a paused table is watched: the bots think 0.8 s, so an unpaused table would move 3 times."""


def wait_for(check: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


@pytest.mark.slow
def test_pause_reaches_the_owning_process_and_survives_its_fail_over(postgres_url: str, tmp_path: Path) -> None:
    one = ServerProcess(postgres_url, tmp_path).start()
    two = ServerProcess(postgres_url, tmp_path).start()
    store = Store(postgres_url)
    try:
        created = one.http().post("/api/workshops", json={"deck": "standard", "players": 3, "tables": 1}).json()
        key = {"key": created["key"]}
        started = one.http().post(f"/api/workshops/{created['id']}/start", json=key).json()
        table_id = started["tables"][0]["table_id"]

        def moves() -> int:
            record = store.load_table(table_id)
            assert record is not None
            return len(record["actions"])

        wait_for(lambda: moves() >= 2, 20, "the bots' table does not play")
        assert store.table_owner(table_id) == one.url

        paused = two.http().post(f"/api/workshops/{created['id']}/pause", json={**key, "paused": True}).json()
        assert paused["paused"] and paused["tables"][0]["paused"]
        time.sleep(SETTLE_SECONDS)
        frozen = moves()
        time.sleep(WATCH_SECONDS)
        assert moves() == frozen, "the owning process did not pause its table"

        one.kill()
        wait_for(lambda: store.table_owner(table_id) == two.url, 10, "the other process did not adopt the table")
        time.sleep(WATCH_SECONDS)
        assert moves() == frozen, "the pause was lost when the table moved to the other process"

        one = ServerProcess(postgres_url, tmp_path).start()  # back after its crash; ``two`` owns the table now
        time.sleep(SETTLE_SECONDS)
        assert moves() == frozen and store.table_owner(table_id) == two.url
        one.http().post(f"/api/workshops/{created['id']}/pause", json={**key, "paused": False}).raise_for_status()
        wait_for(lambda: moves() > frozen, 10, "the owner did not go on after a resume sent to the other process")
    finally:
        store.close()
        one.stop()
        two.stop()
