"""Accounts against a real server on a SQLite file: register, log in, sessions in the store, log out
(here and everywhere), change password and name, a guest's seats moving into the account, player
pages, rated games changing both ratings, rating lists and the bots' published ratings."""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from support.server_harness import Seat, ServerProcess, create_table, play_out_together, seat_query

PASSWORD = "correct horse battery"
COOKIE = "busbahnhof_session"


def register(server: ServerProcess, name: str, display: str | None = None) -> tuple[httpx.Client, dict[str, Any]]:
    """A client logged in as a new account ``name``; returns it and the session answer."""
    client = server.http()
    body = {"user_name": name, "password": PASSWORD} | ({"display_name": display} if display else {})
    response = client.post("/api/accounts", json=body)
    assert response.status_code == 201, response.text
    return client, response.json()


def csrf(session: dict[str, Any]) -> dict[str, str]:
    return {"X-CSRF-Token": session["csrf"]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("accounts")
    roomy = {"BUSBAHNHOF_REGISTRATIONS_PER_ADDRESS": "1000"}  # this module registers many accounts from one address
    process = ServerProcess(f"sqlite:///{tmp / 'players.db'}", tmp, env=roomy).start()
    yield process
    process.stop()


def test_register_log_in_and_who_am_i(server: ServerProcess) -> None:
    client, session = register(server, "Ada", "  Ada   Lovelace ")
    assert session["player"]["display_name"] == "Ada Lovelace", "trimmed, inner spaces made one"
    assert session["player"]["user_name"] == "Ada"
    cookie = client.cookies[COOKIE]
    assert client.get("/api/session").json() == session

    again = server.http()
    answer = again.post("/api/session", json={"user_name": "ada", "password": PASSWORD})
    assert answer.status_code == 200, "user names compare without case"
    assert answer.json()["player"]["id"] == session["player"]["id"]
    assert again.cookies[COOKIE] != cookie, "every login is a session of its own"
    assert answer.json()["csrf"] != session["csrf"], "and has its own CSRF token"
    taken = server.http().post("/api/accounts", json={"user_name": "ADA", "password": PASSWORD})
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "players/name_taken"


def test_the_cookie_is_httponly_samesite_lax_and_secure_only_over_https(server: ServerProcess) -> None:
    client = server.http()
    response = client.post("/api/accounts", json={"user_name": "cookies", "password": PASSWORD})
    header = response.headers["set-cookie"].lower()
    assert "httponly" in header and "samesite=lax" in header and "path=/" in header
    assert "secure" not in header, "plain http on loopback: a Secure cookie would never come back"
    proxied = server.http().post(
        "/api/session",
        json={"user_name": "cookies", "password": PASSWORD},
        headers={"X-Forwarded-Proto": "https"},
    )
    assert "secure" in proxied.headers["set-cookie"].lower(), "served over https (behind the proxy): Secure"


@pytest.mark.slow  # starts a server process of its own (20-60 s on a loaded 2-core machine)
def test_a_session_is_known_to_a_second_process_on_the_same_file(server: ServerProcess, tmp_path: Path) -> None:
    client, session = register(server, "twoprocs")
    second = ServerProcess(server.db, tmp_path).start()
    try:
        other = httpx.Client(base_url=second.url, cookies={COOKIE: client.cookies[COOKIE]}, timeout=30)
        assert other.get("/api/session").json()["player"] == session["player"]
        assert other.post("/api/session/logout", headers=csrf(session)).status_code == 200
        assert client.get("/api/session").status_code == 401, "logged out in one process: out in all"
    finally:
        second.stop()


def test_log_out_everywhere_ends_every_device(server: ServerProcess) -> None:
    phone, _ = register(server, "everywhere")
    laptop = server.http()
    laptop_session = laptop.post("/api/session", json={"user_name": "everywhere", "password": PASSWORD}).json()
    answer = laptop.post("/api/session/logout-everywhere", headers=csrf(laptop_session))
    assert answer.json() == {"ok": True, "ended": 2}
    assert phone.get("/api/session").status_code == 401
    assert laptop.get("/api/session").status_code == 401
    assert COOKIE not in laptop.cookies, "the answer drops the cookie"


def test_changing_the_password_ends_the_other_sessions(server: ServerProcess) -> None:
    phone, _ = register(server, "changer")
    laptop = server.http()
    session = laptop.post("/api/session", json={"user_name": "changer", "password": PASSWORD}).json()
    wrong = laptop.post(
        "/api/account/password",
        json={"current_password": "not it at all", "new_password": "a new passphrase"},
        headers=csrf(session),
    )
    assert wrong.status_code == 401 and wrong.json()["error"]["key"] == "players.error.wrong_password"
    old_cookie = laptop.cookies[COOKIE]
    changed = laptop.post(
        "/api/account/password",
        json={"current_password": PASSWORD, "new_password": "a new passphrase"},
        headers=csrf(session),
    )
    assert changed.status_code == 200
    assert laptop.cookies[COOKIE] != old_cookie, "this browser gets a new session"
    assert laptop.get("/api/session").status_code == 200
    assert phone.get("/api/session").status_code == 401, "the other device is logged out"
    assert httpx.Client(base_url=server.url, cookies={COOKIE: old_cookie}).get("/api/session").status_code == 401
    logins = [
        server.http().post("/api/session", json={"user_name": "changer", "password": password}).status_code
        for password in (PASSWORD, "a new passphrase")
    ]
    assert logins == [401, 200]


def test_short_passwords_and_bad_names_are_refused_with_the_reason(server: ServerProcess) -> None:
    client = server.http()
    short = client.post("/api/accounts", json={"user_name": "shorty", "password": "1234567"})
    assert short.status_code == 400 and short.json()["error"]["code"] == "players/weak_password"
    bad = client.post("/api/accounts", json={"user_name": "a b", "password": PASSWORD}, params={"lang": "en"})
    assert bad.json()["error"]["code"] == "players/invalid_name"
    assert "letters a-z" in bad.json()["error"]["text"]
    control = client.post(
        "/api/accounts", json={"user_name": "ctrl", "password": PASSWORD, "display_name": "Bo\u0007b"}
    )
    assert control.json()["error"]["params"] == {"kind": "a control character", "code_point": "U+0007", "position": 3}
    checked = client.get("/api/names/check", params={"name": "  Zoe\u0301  "}).json()
    assert checked == {"name": "Zo\u00e9"}, "trimmed and NFC: e + combining acute is one code point"


def test_renaming_changes_the_name_on_the_session_and_the_page(server: ServerProcess) -> None:
    client, session = register(server, "renamer")
    answer = client.post("/api/account/name", json={"display_name": "Neu"}, headers=csrf(session))
    assert answer.json()["player"]["display_name"] == "Neu"
    assert server.http().get(f"/api/players/{session['player']['id']}").json()["player"]["display_name"] == "Neu"


def test_a_guests_seats_move_into_the_account(server: ServerProcess) -> None:
    guest_http = server.http()
    table = create_table(guest_http, game="busfahrer", seats=[{"name": "Gast"}, {"name": "Freund"}])
    other = create_table(guest_http, game="busfahrer", seats=[{"name": "X"}, {"bot": "leicht"}])
    client, session = register(server, "formerguest")
    held = [
        {"table_id": table["table_id"], "token": table["seats"][0]["token"]},
        {"table_id": table["table_id"], "token": other["seats"][0]["token"]},
        {"table_id": other["table_id"], "token": other["seats"][0]["token"]},
        {"table_id": "nosuchtable", "token": "whatever"},
    ]
    answer = client.post("/api/account/seats", json={"seats": held}, headers=csrf(session))
    assert answer.status_code == 200
    results = [seat["result"] for seat in answer.json()["seats"]]
    assert results == ["claimed", "unknown_token", "claimed", "unknown_table"]
    assert "token" not in answer.text.lower().replace("unknown_token", "")
    again = client.post("/api/account/seats", json={"seats": held[:1]}, headers=csrf(session))
    assert again.json()["seats"][0]["result"] == "already"
    thief, thief_session = register(server, "seatthief")
    stolen = thief.post("/api/account/seats", json={"seats": held[:1]}, headers=csrf(thief_session))
    assert stolen.json()["seats"][0]["result"] == "taken", "a seat stays with the account that claimed it"

    page = server.http().get(f"/api/players/{session['player']['id']}").json()
    assert {game["table_id"] for game in page["games"]} == {table["table_id"], other["table_id"]}
    mine = next(game for game in page["games"] if game["table_id"] == table["table_id"])
    assert mine["status"] == "open" and mine["my_seats"] == [0] and mine["replay"] is None
    assert mine["seats"][0]["player_id"] == session["player"]["id"]
    assert mine["seats"][1] == {"seat": 1, "name": "Freund", "bot": None, "player_id": None}


def play_rated_game(server: ServerProcess, first: tuple[httpx.Client, dict[str, Any]], second: Any) -> str:
    """Two accounts claim the two seats of a Busfahrer table (rules as written) and play it out."""
    table = create_table(server.http(), game="busfahrer", seats=[{}, {}])
    for index, (client, session) in enumerate((first, second)):
        held = [{"table_id": table["table_id"], "token": table["seats"][index]["token"]}]
        claimed = client.post("/api/account/seats", json={"seats": held}, headers=csrf(session))
        assert claimed.json()["seats"][0]["result"] == "claimed"
    seats = [Seat(server, seat_query(table, index)) for index in range(2)]
    try:
        play_out_together(seats)
    finally:
        for seat in seats:
            seat.close()
    return str(table["table_id"])


def settled_pool(server: ServerProcess, table_id: str, timeout: float = 20.0) -> str | None:
    """The list the table was settled in, read from the SQLite file (waits for the settlement)."""
    deadline = time.monotonic() + timeout
    with contextlib.closing(sqlite3.connect(server.db.removeprefix("sqlite:///"))) as database:
        while time.monotonic() < deadline:
            row = database.execute("SELECT pool FROM results WHERE table_id = ?", (table_id,)).fetchone()
            if row is not None:
                return str(row[0])
            time.sleep(0.1)
    raise AssertionError(f"table {table_id} was not settled within {timeout} s")


def test_a_rated_game_changes_both_ratings_and_fills_page_and_list(server: ServerProcess) -> None:
    anna = register(server, "anna", "Anna")
    ben = register(server, "ben", "Ben")
    table_id = play_rated_game(server, anna, ben)
    assert settled_pool(server, table_id) == "people", "the table service's hook settled it, nobody asked"
    pages = [server.http().get(f"/api/players/{who[1]['player']['id']}").json() for who in (anna, ben)]
    game = next(game for game in pages[0]["games"] if game["table_id"] == table_id)
    assert game["status"] == "finished" and game["replay"] == f"/#/replay/{table_id}"
    winner = 0 if game["won"] else 1
    ratings = [page["ratings"] for page in pages]
    assert [len(rows) for rows in ratings] == [1, 1]
    assert all(rows[0]["game"] == "busfahrer" and rows[0]["pool"] == "people" for rows in ratings)
    assert all(rows[0]["games"] == 1 and rows[0]["sigma"] < 25 / 3 for rows in ratings)
    assert ratings[winner][0]["mu"] > 25 > ratings[1 - winner][0]["mu"], "the winner gains, the loser loses"
    versus = pages[winner]["opponents"]
    assert versus == [
        {
            "kind": "player",
            "player_id": pages[1 - winner]["player"]["id"],
            "name": pages[1 - winner]["player"]["display_name"],
            "wins": 1,
            "losses": 0,
            "draws": 0,
        }
    ]
    board = server.http().get("/api/ratings/busfahrer").json()
    assert [row["id"] for row in board["players"]] == [pages[winner]["player"]["id"], pages[1 - winner]["player"]["id"]]
    assert board["players"][0]["rank"] == 1 and board["players"][0]["ordinal"] > board["players"][1]["ordinal"]

    play_rated_game(server, anna, ben)
    again = server.http().get(f"/api/players/{anna[1]['player']['id']}").json()
    assert again["ratings"][0]["games"] == 2, "each finished table counts once"
    assert sum(score["wins"] + score["losses"] + score["draws"] for score in again["opponents"]) == 2


def test_a_game_against_a_published_bot_is_rated_in_the_bots_list(server: ServerProcess) -> None:
    client, session = register(server, "botfighter")
    table = create_table(server.http(), game="busfahrer", seats=[{}, {"bot": "leicht"}])
    held = [{"table_id": table["table_id"], "token": table["seats"][0]["token"]}]
    client.post("/api/account/seats", json={"seats": held}, headers=csrf(session))
    seat = Seat(server, seat_query(table))
    try:
        play_out_together([seat])
    finally:
        seat.close()
    board = server.http().get("/api/ratings/busfahrer", params={"pool": "bots"}).json()
    assert [row["id"] for row in board["players"]] == [session["player"]["id"]]
    people = server.http().get("/api/ratings/busfahrer").json()["players"]
    assert session["player"]["id"] not in [row["id"] for row in people], "not in the list of games among people"
    bots = server.http().get("/api/ratings/busfahrer/bots").json()["bots"]
    assert {row["bot"] for row in bots} == {"schwer", "kartenzaehler", "leicht"}
    assert [row["ordinal"] for row in bots] == sorted((row["ordinal"] for row in bots), reverse=True)


def test_unknown_players_games_and_lists_are_refused(server: ServerProcess) -> None:
    client = server.http()
    assert client.get("/api/players/nobody").status_code == 404
    assert client.get("/api/ratings/schach").json()["error"]["code"] == "unknown_game"
    assert client.get("/api/ratings/bus", params={"pool": "aliens"}).json()["error"]["code"] == "players/unknown_pool"
    assert client.get("/api/session").json()["error"]["code"] == "players/not_logged_in"


@pytest.mark.slow  # two server processes of its own on PostgreSQL
def test_two_processes_on_postgresql_share_sessions_limits_and_ratings(postgres_url: str, tmp_path: Path) -> None:
    limits = {"BUSBAHNHOF_LOGIN_MAX_PER_NAME": "2"}
    first = ServerProcess(postgres_url, tmp_path, env=limits).start()
    second = ServerProcess(postgres_url, tmp_path, env=limits).start()
    try:
        client, session = register(first, "pgada", "Ada")
        other = httpx.Client(base_url=second.url, cookies={COOKIE: client.cookies[COOKIE]}, timeout=30)
        assert other.get("/api/session").json()["player"] == session["player"]
        ben = register(second, "pgben", "Ben")
        table_id = play_rated_game(second, (client, session), ben)
        page = first.http().get(f"/api/players/{session['player']['id']}").json()
        assert [row["games"] for row in page["ratings"]] == [1]
        assert next(game for game in page["games"] if game["table_id"] == table_id)["status"] == "finished"
        guesses = [
            (first, second)[n % 2].http().post("/api/session", json={"user_name": "pgada", "password": f"guess {n}"})
            for n in range(3)
        ]
        assert [answer.status_code for answer in guesses] == [401, 401, 429]
    finally:
        first.stop()
        second.stop()
