"""What survives: a server killed with ``kill -9`` mid-game loses no acknowledged action (several
processes on PostgreSQL, and a killed owner's tables moving to another: test_owners.py)."""

from __future__ import annotations

from pathlib import Path

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
