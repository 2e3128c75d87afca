"""What survives: a server killed with ``kill -9`` mid-game loses no acknowledged action, and two
server processes on one PostgreSQL serve one table together (LISTEN/NOTIFY carries each accepted
action to the other process's clients; the database decides between two submissions of one version)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import psutil
import pytest

from support.server_harness import Seat, ServerProcess, create_table, play_out, seat_query


def acknowledged_moves(seat: Seat, count: int) -> dict[int, str]:
    """Play ``count`` of the seat's decisions; the acknowledged ones by version."""
    acked: dict[int, str] = {}
    seat.receive_until(lambda m: m.get("type") == "table")
    while len(acked) < count:
        if not seat.my_turn():
            seat.receive_until(lambda m: m.get("type") == "table")
            continue
        assert seat.state is not None
        action = seat.state["legal"][-1]["notation"]
        result = seat.act(action)
        assert result["ok"], result
        acked[result["version"]] = action
    return acked


@pytest.mark.slow
def test_kill_9_mid_game_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    first = ServerProcess(db, tmp_path).start()
    created = create_table(first.http(), game="busfaktor", seats=[{}, {"bot": "heuristik"}], seed=21)
    acked = acknowledged_moves(Seat(first, seat_query(created)), 6)
    assert first.process is not None
    workers = psutil.Process(first.process.pid).children()
    assert workers, "the bots think in worker processes"
    first.kill()
    _, alive = psutil.wait_procs(workers, timeout=15)
    assert not alive, "the bot workers of a killed server exit by themselves"
    second = ServerProcess(db, tmp_path).start()
    try:
        seat = Seat(second, seat_query(created))
        resumed = seat.receive_until(lambda m: m.get("type") == "table")
        assert resumed["version"] >= max(acked)
        final = play_out(seat)
        record = second.http().get(f"/api/tables/{created['table_id']}/record").json()
        assert len(record["actions"]) == final["version"]
        for version, action in acked.items():
            assert record["actions"][version - 1] == action, f"acknowledged action {version} was lost"
        seat.close()
    finally:
        second.stop()


def catch_up(clients: list[Seat], version: int) -> None:
    """Wait until every client has seen ``version`` of the table (or a later one)."""
    for client in clients:
        if client.state is None or client.state["version"] < version:
            client.receive_until(lambda m: m.get("type") == "table" and m["version"] >= version)


def race(seats: list[Seat], version: int, action: str) -> list[dict[str, Any]]:
    """The same seat submits the same version through two processes at once; both answers."""
    barrier = threading.Barrier(len(seats))
    answers: list[dict[str, Any]] = [{} for _ in seats]

    def submit(index: int) -> None:
        barrier.wait()
        answers[index] = seats[index].act(action, version)

    threads = [threading.Thread(target=submit, args=(index,)) for index in range(len(seats))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


@pytest.mark.slow
def test_two_processes_on_one_postgres_play_one_table(postgres_url: str, tmp_path: Path) -> None:
    one = ServerProcess(postgres_url, tmp_path).start()
    two = ServerProcess(postgres_url, tmp_path).start()
    try:
        created = create_table(
            one.http(), game="busfahrer", seats=[{"name": "A"}, {"name": "B"}, {"bot": "kartenzaehler"}], seed=8
        )
        ada, bea = Seat(one, seat_query(created, 0)), Seat(two, seat_query(created, 1))
        watcher = Seat(two, f"room={created['code']}")
        twin = Seat(two, seat_query(created, 0))
        players = [ada, bea]
        version, raced = 0, False
        while True:
            catch_up([ada, bea, watcher, twin], version)
            state = watcher.state
            assert state is not None
            if state["view"]["is_over"]:
                break
            current = state["version"]
            catch_up([ada, bea, watcher, twin], current)  # the watcher may be ahead of a mover on the other process
            movers = [seat for seat in players if seat.my_turn() and seat.state["version"] == current]  # type: ignore[index]
            if not movers:  # the bot decides, or the watcher is behind: wait for the next version
                version = current + 1
                continue
            mover = movers[0]
            action = mover.state["legal"][0]["notation"]  # type: ignore[index]
            if mover is ada and not raced and twin.state and twin.state["version"] == current:
                answers = race([ada, twin], current, action)
                assert sorted(answer["ok"] for answer in answers) == [False, True], answers
                refused = next(answer for answer in answers if not answer["ok"])
                assert refused["error"]["code"] == "table/stale_version"
                version, raced = current + 1, True
                continue
            result = mover.act(action)
            assert result["ok"], result
            version = result["version"]
        assert raced, "the race between the two processes was run"
        records = [server.http().get(f"/api/tables/{created['table_id']}/record").json() for server in (one, two)]
        assert records[0] == records[1] and len(records[0]["actions"]) == state["version"]
        assert ada.state["version"] == bea.state["version"] == state["version"]  # type: ignore[index]
    finally:
        one.stop()
        two.stop()
