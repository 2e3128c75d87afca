"""Table-affine processes on one PostgreSQL: each open table is served by the process that owns it;
a client that connects to another process is sent there (``table/elsewhere``, close 4307); when
the owner is killed (``kill -9``) the other process adopts its tables within 5 s, and no
acknowledged move is lost or applied twice."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from busbahnhof.store import Store
from support.server_harness import Seat, ServerProcess, create_table, play_out, seat_query

TAKE_OVER_SECONDS = 5.0
BUSFAHRER = {"game": "busfahrer", "seats": [{"name": "A"}, {"bot": "kartenzaehler"}, {"bot": "kartenzaehler"}]}


def acknowledged_moves(seat: Seat, count: int) -> dict[int, str]:
    """Play ``count`` of the seat's decisions (or until its game ends); the acknowledged ones by version."""
    acked: dict[int, str] = {}
    seat.receive_until(lambda m: m.get("type") == "table")
    while len(acked) < count and not seat.state["view"]["is_over"]:  # type: ignore[index]
        if not seat.my_turn():
            seat.receive_until(lambda m: m.get("type") == "table")
            continue
        action = seat.state["legal"][-1]["notation"]  # type: ignore[index]
        result = seat.act(action)
        assert result["ok"], result
        acked[result["version"]] = action
    return acked


def sent_elsewhere(server: ServerProcess, query: str) -> str:
    """Connect to ``server`` with ``query``; the owner's address it sends the client to."""
    seat = Seat(server, query)
    refusal = seat.receive()
    assert refusal["type"] == "error" and refusal["error"]["code"] == "table/elsewhere", refusal
    with pytest.raises(ConnectionClosed):
        seat.receive()
    assert seat.socket.close_code == 4307
    return str(refusal["error"]["params"]["url"])


@pytest.mark.slow
def test_a_table_is_served_by_its_owner_and_others_send_its_clients_there(postgres_url: str, tmp_path: Path) -> None:
    one = ServerProcess(postgres_url, tmp_path).start()
    two = ServerProcess(postgres_url, tmp_path).start()
    try:
        created = create_table(one.http(), seed=8, **BUSFAHRER)
        assert created["node"] == one.url, "the creating process owns the table and says so"
        assert sent_elsewhere(two, seat_query(created)) == one.url
        assert sent_elsewhere(two, f"room={created['code']}") == one.url
        seat = Seat(one, seat_query(created))
        final = play_out(seat)
        records = [server.http().get(f"/api/tables/{created['table_id']}/record").json() for server in (one, two)]
        assert records[0] == records[1] and len(records[0]["actions"]) == final["version"]
        seat.close()
    finally:
        one.stop()
        two.stop()


@pytest.mark.slow
def test_a_seat_taken_through_another_process_is_told_the_owner(postgres_url: str, tmp_path: Path) -> None:
    """A join by room code or from the public lobby, and the room a seat link looks up, answered by
    a process that does not own the table name the owner (``node``); the seat connects there at
    once, without being sent on."""
    one = ServerProcess(postgres_url, tmp_path).start()
    two = ServerProcess(postgres_url, tmp_path).start()
    try:
        seats = [{"name": "Ada"}, {}, {}]
        private = create_table(one.http(), seed=3, game="busfahrer", seats=seats)
        public = create_table(one.http(), seed=4, game="busfahrer", seats=seats, public=True)
        by_code = two.http().post(f"/api/rooms/{private['code']}/join", json={"name": "Bea"}).json()
        from_lobby = two.http().post(f"/api/lobby/{public['table_id']}/join", json={"name": "Cem"}).json()
        room = two.http().get(f"/api/rooms/{private['code']}").json()  # a seat link's page asks first
        assert by_code["node"] == from_lobby["node"] == room["node"] == one.url
        seat = Seat(one, f"table={by_code['table_id']}&token={by_code['token']}")
        assert seat.receive_until(lambda m: m.get("type") == "table")["seat"] == by_code["seat"]
        seat.close()
    finally:
        one.stop()
        two.stop()


@pytest.mark.slow
def test_kill_9_of_an_owner_its_tables_move_to_the_other_process(postgres_url: str, tmp_path: Path) -> None:
    one = ServerProcess(postgres_url, tmp_path).start()
    two = ServerProcess(postgres_url, tmp_path).start()
    store = Store(postgres_url)
    try:
        created = [create_table(one.http(), seed=seed, **BUSFAHRER) for seed in (1, 2, 3)]
        acked: dict[str, dict[int, str]] = {}
        for table in created:
            seat = Seat(one, seat_query(table))
            acked[table["table_id"]] = acknowledged_moves(seat, 3)
        ids = {table["table_id"] for table in created}
        assert all(store.table_owner(table_id) == one.url for table_id in ids)
        one.kill()
        killed = time.monotonic()
        while any(store.table_owner(table_id) != two.url for table_id in ids):
            assert time.monotonic() - killed < TAKE_OVER_SECONDS, "the other process did not adopt the tables"
            time.sleep(0.1)
        taken_over = time.monotonic() - killed
        for table in created:
            seat = Seat(two, seat_query(table))  # the client comes back through the surviving process
            moves = acked[table["table_id"]]
            assert seat.receive_until(lambda m: m.get("type") == "table")["version"] >= max(moves, default=0)
            final = play_out(seat)
            record: dict[str, Any] = two.http().get(f"/api/tables/{table['table_id']}/record").json()
            assert len(record["actions"]) == final["version"], "an action was applied twice or lost"
            for version, action in moves.items():
                assert record["actions"][version - 1] == action, f"acknowledged action {version} was lost"
            seat.close()
        print(f"tables adopted {taken_over:.2f} s after kill -9")
    finally:
        store.close()
        one.stop()
        two.stop()
