"""Leaving a running game on purpose (the WebSocket's ``leave``, the table's "Partie verlassen"):
the stand-in bot plays the seat at once, the others see it on the seat and in the log, the seat
counts as left at the end; a spectator and a finished table are refused with a reason; a player
who opens their seat again comes back.  Against a real server on a SQLite file."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from support.server_harness import (
    Seat,
    ServerProcess,
    create_table,
    is_table,
    play_out,
    seat_query,
    sqlite_server_process,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server_process(tmp_path_factory.mktemp("leaving"))


def log_texts(message: dict[str, Any]) -> str:
    return json.dumps(message.get("log", []), ensure_ascii=False)


def refusal(seat: Seat) -> dict[str, Any]:
    """Send ``leave`` and return the error it is answered with (the connection stays)."""
    seat.send({"type": "leave"})
    error: dict[str, Any] = seat.receive_until(lambda m: m.get("type") == "error")["error"]
    seat.send({"type": "ping"})
    assert seat.receive_until(lambda m: m.get("type") in ("pong", "error"))["type"] == "pong", "still connected"
    return error


def test_leaving_hands_the_seat_to_the_bot_at_once_and_the_others_see_it(server: ServerProcess) -> None:
    with server.http() as http:
        table = create_table(http, game="busfahrer", seats=[{"name": "Anna"}, {"name": "Ben"}], seed=3)
    anna, ben = Seat(server, seat_query(table, 0, "de")), Seat(server, seat_query(table, 1, "de"))
    anna.receive_until(is_table)
    ben.receive_until(is_table)
    anna.send({"type": "leave"})
    seen = ben.receive_until(lambda m: is_table(m) and m["table"]["seats"][0]["zombie"])
    assert "Anna hat den Tisch verlassen" in log_texts(seen)
    final = play_out(ben)  # the bot decides Anna's turns meanwhile
    assert final["table"]["left"] == [0], "the bot made Anna's last decision: she left"
    with server.http() as http:
        record = http.get(f"/api/tables/{table['table_id']}").json()
    assert record["status"] == "finished"
    error = refusal(ben)
    assert (error["code"], error["key"]) == ("table/closed", "table.error.leave_over")
    assert error["text"].startswith("Die Partie an diesem Tisch ist vorbei")
    ben.close()
    anna.close()


def test_a_spectator_has_no_seat_to_leave(server: ServerProcess) -> None:
    with server.http() as http:
        table = create_table(http, game="busfahrer", seats=[{}, {"bot": "leicht"}])
    watcher = Seat(server, f"table={table['table_id']}&lang=en")
    watcher.receive_until(is_table)
    error = refusal(watcher)
    assert (error["code"], error["key"]) == ("table/spectator", "table.error.leave_spectator")
    assert error["text"] == "Spectators have no seat to leave."
    watcher.close()


def test_a_player_who_left_comes_back_by_opening_the_seat_again(server: ServerProcess) -> None:
    with server.http() as http:
        table = create_table(http, game="busfahrer", seats=[{"name": "Cem"}, {"name": "Dana"}], seed=4)
    cem, dana = Seat(server, seat_query(table, 0, "de")), Seat(server, seat_query(table, 1, "de"))
    cem.receive_until(is_table)
    cem.send({"type": "leave"})
    dana.receive_until(lambda m: is_table(m) and m["table"]["seats"][0]["zombie"])
    back = Seat(server, seat_query(table, 0, "de"))
    assert back.receive_until(is_table)["table"]["seats"][0]["zombie"] is False, "the seat is Cem's again"
    dana.receive_until(lambda m: is_table(m) and not m["table"]["seats"][0]["zombie"])
    for seat in (cem, dana, back):
        seat.close()
