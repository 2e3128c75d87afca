"""A logged-in player is seated as their account in the request that seats them (a public table's
host seat, a join by room code, a seat from the public lobby, a quick match, a seat link opened
over the WebSocket): the seat takes the account's display name and is claimed for the account at
once.  Guests keep their own name; a live cookie without its CSRF token is refused; an ended
session counts as a guest.  Against a real server on a SQLite file."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from support.server_harness import ServerProcess, create_table, my_seats, seats_of, sqlite_server_process

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    env = {"BUSBAHNHOF_REGISTRATIONS_PER_ADDRESS": "100"}
    yield from sqlite_server_process(tmp_path_factory.mktemp("seating"), env)


def account(server: ServerProcess, user: str, display: str) -> tuple[httpx.Client, dict[str, Any]]:
    """A client logged in as a new account, and the session's answer (player, csrf)."""
    client = server.http()
    answer = client.post("/api/accounts", json={"user_name": user, "password": PASSWORD, "display_name": display})
    assert answer.status_code == 201, answer.text
    return client, answer.json()


def csrf(session: dict[str, Any]) -> dict[str, str]:
    return {"X-CSRF-Token": session["csrf"]}


def public_table(client: httpx.Client, headers: dict[str, str], name: str = "Browsername") -> httpx.Response:
    body = {"game": "busfahrer", "seats": [{"name": name}, {}, {}], "public": True, "think_seconds": 0}
    return client.post("/api/tables", json=body, headers=headers)


def test_a_public_tables_host_and_a_joiner_by_code_sit_as_their_accounts(server: ServerProcess) -> None:
    anna, anna_session = account(server, "seat-anna", "Anna Account")
    created = public_table(anna, csrf(anna_session))
    assert created.status_code == 201, created.text
    table = created.json()
    assert table["account_seat"] == "claimed"
    ben, ben_session = account(server, "seat-ben", "Ben Account")
    joined = ben.post(f"/api/rooms/{table['code']}/join", json={"name": "Typed"}, headers=csrf(ben_session))
    assert joined.status_code == 200, joined.text
    assert joined.json()["account_seat"] == "claimed" and joined.json()["seat"] == 1
    names = [seat["name"] for seat in seats_of(server, table["table_id"])]
    assert names[:2] == ["Anna Account", "Ben Account"], "the accounts' names, not what the browser sent"
    assert my_seats(server, anna_session["player"]["id"], table["table_id"]) == [0]
    assert my_seats(server, ben_session["player"]["id"], table["table_id"]) == [1]


def test_the_public_lobby_and_quick_match_seat_the_account(server: ServerProcess) -> None:
    with server.http() as guest:
        hosted = public_table(guest, {}, "Gast").json()
    assert "account_seat" not in hosted, "a guest's seat is no account's"
    cara, cara_session = account(server, "seat-cara", "Cara Account")
    joined = cara.post(f"/api/lobby/{hosted['table_id']}/join", json={"name": "Typed"}, headers=csrf(cara_session))
    assert joined.status_code == 200, joined.text
    assert joined.json()["account_seat"] == "claimed"
    seats = seats_of(server, hosted["table_id"])
    assert [seat["name"] for seat in seats[:2]] == ["Gast", "Cara Account"]
    assert my_seats(server, cara_session["player"]["id"], hosted["table_id"]) == [joined.json()["seat"]]

    quick = cara.post(
        "/api/lobby/quick", json={"game": "bus", "players": 3, "wait_seconds": 300}, headers=csrf(cara_session)
    )
    assert quick.status_code == 200, quick.text
    seat = quick.json()
    assert seat["account_seat"] == "claimed"
    assert seats_of(server, seat["table_id"])[seat["seat"]]["name"] == "Cara Account"
    assert my_seats(server, cara_session["player"]["id"], seat["table_id"]) == [seat["seat"]]


def test_a_live_cookie_without_its_csrf_token_is_refused_and_takes_no_seat(server: ServerProcess) -> None:
    with server.http() as guest:
        hosted = public_table(guest, {}, "Gast").json()
    dora, dora_session = account(server, "seat-dora", "Dora")
    for headers in ({}, {"X-CSRF-Token": "forged"}):
        for path, body in (
            (f"/api/rooms/{hosted['code']}/join", None),
            (f"/api/lobby/{hosted['table_id']}/join", {}),
            ("/api/lobby/quick", {"game": "busfahrer", "players": 2, "wait_seconds": 15}),
        ):
            answer = dora.post(path, json=body, headers=headers)
            assert answer.status_code == 403, (path, answer.text)
            assert answer.json()["error"]["code"] == "players/csrf"
        assert public_table(dora, headers).status_code == 403
    assert [seat["claimed"] for seat in seats_of(server, hosted["table_id"])] == [True, False, False]
    with server.http() as http:
        assert http.get(f"/api/players/{dora_session['player']['id']}").json()["games"] == []


def test_an_ended_session_joins_as_the_guest_it_now_is(server: ServerProcess) -> None:
    with server.http() as guest:
        hosted = public_table(guest, {}, "Gast").json()
    ede, ede_session = account(server, "seat-ede", "Ede Account")
    cookie = ede.cookies["busbahnhof_session"]
    assert ede.post("/api/session/logout", headers=csrf(ede_session)).status_code == 200
    stale = httpx.Client(base_url=server.url, cookies={"busbahnhof_session": cookie}, timeout=30)
    joined = stale.post(f"/api/rooms/{hosted['code']}/join", json={"name": "Ede als Gast"})
    assert joined.status_code == 200, joined.text
    assert "account_seat" not in joined.json()
    assert seats_of(server, hosted["table_id"])[1]["name"] == "Ede als Gast"


def open_link(server: ServerProcess, client: httpx.Client, table: dict[str, Any], index: int, name: str | None) -> str:
    """Open seat ``index``'s link over the WebSocket with the client's cookie; the seat's name then."""
    query = f"table={table['table_id']}&token={table['seats'][index]['token']}" + (f"&name={name}" if name else "")
    headers = {"Cookie": f"busbahnhof_session={client.cookies['busbahnhof_session']}", "Origin": server.url}
    with connect(f"{server.ws_url}/ws?{query}", additional_headers=headers, open_timeout=30) as socket:
        while (message := json.loads(socket.recv(timeout=30)))["type"] != "table":
            pass
    return str(message["table"]["seats"][index]["name"])


def test_a_seat_link_opened_with_a_session_is_the_accounts_under_its_name(server: ServerProcess) -> None:
    with server.http() as http:
        table = create_table(http, game="busfahrer", seats=[{}, {}, {}])
    finn, finn_session = account(server, "seat-finn", "Finn Account")
    assert open_link(server, finn, table, 0, "Browsername") == "Finn Account"
    assert my_seats(server, finn_session["player"]["id"], table["table_id"]) == [0]
    assert open_link(server, finn, table, 1, None) == "Spieler 2", "pass-and-play sends no name: kept"
    assert my_seats(server, finn_session["player"]["id"], table["table_id"]) == [0, 1]
    gina, _ = account(server, "seat-gina", "Gina Account")
    assert open_link(server, gina, table, 0, "Gina") == "Gina", "another account's seat: the link's own name"
