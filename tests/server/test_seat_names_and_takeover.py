"""Seat names and one device per seat over the wire: a player's display name is checked and becomes
their seat's name when they connect; a seat link opened on a second device takes the seat over."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from websockets.exceptions import ConnectionClosed

from support.server_harness import Seat, ServerProcess, create_table, is_table, seat_query


def names(message: dict[str, object]) -> list[str]:
    table = message["table"]
    assert isinstance(table, dict)
    return [seat["name"] for seat in table["seats"]]


def test_a_connecting_player_names_their_seat_and_everyone_sees_it(shared_server: ServerProcess) -> None:
    created = create_table(shared_server.http(), game="busfahrer", seats=[{}, {}], seed=3)
    ada = Seat(shared_server, seat_query(created, 0) + "&name=" + quote("  Ada   Lovelace "))
    assert names(ada.receive_until(is_table))[0] == "Ada Lovelace", "trimmed, inner spaces made one"
    bea = Seat(shared_server, seat_query(created, 1) + "&name=" + quote("<b>Bea</b>"))
    assert names(bea.receive_until(is_table)) == ["Ada Lovelace", "<b>Bea</b>"], "stored as text, escaped by clients"
    assert names(ada.receive_until(lambda m: is_table(m) and names(m)[1] == "<b>Bea</b>"))[1] == "<b>Bea</b>"
    ada.close(), bea.close()
    record = shared_server.http().get(f"/api/tables/{created['table_id']}").json()
    assert [seat["name"] for seat in record["seats"]] == ["Ada Lovelace", "<b>Bea</b>"]


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("A\u0007B", "players.error.name_character"),
        ("x" * 33, "players.error.name_too_long"),
        ("   ", "players.error.name_empty"),
    ],
)
def test_a_bad_name_is_refused_and_not_stored(shared_server: ServerProcess, name: str, key: str) -> None:
    created = create_table(shared_server.http(), game="busfahrer", seats=[{}, {}], seed=3)
    seat = Seat(shared_server, seat_query(created, 0) + "&name=" + quote(name))
    refusal = seat.receive()
    assert refusal["type"] == "error" and refusal["error"]["key"] == key
    with pytest.raises(ConnectionClosed) as closed:
        seat.receive()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400
    record = shared_server.http().get(f"/api/tables/{created['table_id']}").json()
    assert record["seats"][0]["name"] == "Spieler 1", "the default name stays"


def test_a_created_seat_name_is_checked_like_a_display_name(shared_server: ServerProcess) -> None:
    http = shared_server.http()
    refused = http.post("/api/tables", json={"game": "busfahrer", "seats": [{"name": "Ada\u202e"}, {}]})
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "players/invalid_name"
    created = create_table(http, game="busfahrer", seats=[{"name": " Ada "}, {}])
    assert created["table"]["seats"][0]["name"] == "Ada"
    join = f"/api/rooms/{created['code']}/join"
    refused = http.post(join, json={"name": "Bea\u200b"})
    assert refused.status_code == 400 and refused.json()["error"]["key"] == "players.error.name_character"
    assert http.post(join, json={"name": "  Bea  "}).json()["seat"] == 0, "the first seat nobody claimed"
    assert http.get(f"/api/tables/{created['table_id']}").json()["seats"][0]["name"] == "Bea"


def test_a_second_device_takes_the_seat_over_and_the_first_is_told(shared_server: ServerProcess) -> None:
    created = create_table(shared_server.http(), game="busfahrer", seats=[{}, {}], seed=5)
    phone = Seat(shared_server, seat_query(created, 0))
    phone.receive_until(is_table)
    laptop = Seat(shared_server, seat_query(created, 0))
    assert laptop.receive_until(is_table)["seat"] == 0
    told = phone.receive_until(lambda m: m.get("type") == "taken_over")
    assert told == {"type": "taken_over", "seat": 0}
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            phone.receive()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4409
    assert laptop.act(laptop.state["legal"][0]["notation"])["ok"] is True, "the new device plays the seat"
    back = Seat(shared_server, seat_query(created, 0))
    assert back.receive_until(is_table)["table"]["seats"][0]["connected"] is True, "taking it back works the same way"
    laptop.receive_until(lambda m: m.get("type") == "taken_over")
    back.close()
