"""The REST API of a real server process: games, tables, rooms, tokens, limits, refusals as data."""

from __future__ import annotations

import json
from importlib import resources

import httpx
import psutil
import pytest

from busbahnhof.engine import game_ids
from busbahnhof.games.busfaktor.deck import resolve_deck_path
from support.server_harness import ServerProcess, create_table


@pytest.fixture
def http(shared_server: ServerProcess) -> httpx.Client:
    return shared_server.http()


def test_healthz(http: httpx.Client) -> None:
    response = http.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"


def test_the_server_binds_to_loopback_by_default(shared_server: ServerProcess) -> None:
    assert shared_server.process is not None
    listening = [
        connection.laddr
        for connection in psutil.Process(shared_server.process.pid).net_connections(kind="inet")
        if connection.status == psutil.CONN_LISTEN
    ]
    assert listening and all(address.ip == "127.0.0.1" for address in listening)


def test_logs_are_json_lines(shared_server: ServerProcess, http: httpx.Client) -> None:
    http.get("/healthz")
    lines = shared_server.log.read_text().splitlines()
    entries = [json.loads(line) for line in lines if line.startswith("{")]
    assert len(entries) == len(lines) - 2, "everything but the two start-up lines for people is JSON"
    assert {"ts", "level", "logger", "msg"} <= set(entries[-1])
    assert any(entry["msg"] == "http" and entry["path"] == "/healthz" for entry in entries)


def test_games_list_option_schemas_presets_and_bots(http: httpx.Client) -> None:
    games = {game["id"]: game for game in http.get("/api/games").json()}
    assert sorted(games) == game_ids()
    busfahrer = games["busfahrer"]
    assert busfahrer["options_schema"]["properties"]["pyramid"]
    assert "kartenzaehler" in busfahrer["bots"] and "random" in busfahrer["bots"]
    assert games["busfaktor"]["has_deck"] and "mini" in games["busfaktor"]["decks"]
    assert "mini" in games["busfaktor"]["presets"]


def test_game_messages_in_both_languages(http: httpx.Client) -> None:
    de = http.get("/api/games/busfahrer/messages", params={"lang": "de"}).json()["messages"]
    en = http.get("/api/games/busfahrer/messages", params={"lang": "en"}).json()["messages"]
    assert set(de) == set(en) and de != en


def test_unknown_game_is_refused_in_the_asked_language(http: httpx.Client) -> None:
    response = http.get("/api/games/schach", params={"lang": "en"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "unknown_game"
    assert "schach" in error["text"] and error["text"].startswith("There is no game")


def test_create_join_and_list(http: httpx.Client) -> None:
    created = create_table(http, game="busfahrer", seats=[{"name": "Ada"}, {}, {"bot": "kartenzaehler"}])
    assert len(created["seats"]) == 2 and created["creator_token"]
    assert "node" not in created, "one process (SQLite): clients connect where they are"
    code = created["code"]
    assert created["seats"][0]["link"] == f"/t/{code}?token={created['seats'][0]['token']}"
    room = http.get(f"/api/rooms/{code.lower()}").json()
    assert room["id"] == created["table_id"] and room["seed"] is None
    joined = http.post(f"/api/rooms/{code}/join", json={"name": "Bea"})
    assert joined.status_code == 200
    assert joined.json()["seat"] == 0 and joined.json()["table_id"] == created["table_id"]
    assert "node" not in joined.json()
    assert http.post(f"/api/rooms/{code}/join", json={}).json()["seat"] == 1
    full = http.post(f"/api/rooms/{code}/join", json={})
    assert full.status_code == 409 and full.json()["error"]["code"] == "table/no_free_seat"
    listed = [table["id"] for table in http.get("/api/tables", params={"status": "open"}).json()]
    assert created["table_id"] in listed
    assert created["table_id"] not in [t["id"] for t in http.get("/api/tables", params={"status": "finished"}).json()]


def test_unknown_room_and_table(http: httpx.Client) -> None:
    assert http.get("/api/rooms/ZZZZZ").json()["error"]["code"] == "table/unknown_table"
    assert http.get("/api/rooms/ZZZZZ").status_code == 404
    assert http.get("/api/tables/nope").status_code == 404


def test_record_and_positions_wait_for_the_end(http: httpx.Client) -> None:
    created = create_table(http, game="busfahrer", seats=[{}, {"bot": "random"}])
    for path in ("record", "positions"):
        response = http.get(f"/api/tables/{created['table_id']}/{path}")
        assert response.status_code == 409
        assert response.json()["error"]["code"] == "server/not_finished"


def test_reissue_token_only_by_the_creator(http: httpx.Client) -> None:
    created = create_table(http, game="busfahrer", seats=[{}, {}])
    path = f"/api/tables/{created['table_id']}/seats/1/token"
    refused = http.post(path, json={"creator_token": created["seats"][0]["token"]})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "table/not_creator"
    ticket = http.post(path, json={"creator_token": created["creator_token"]}).json()
    assert ticket["seat"] == 1 and ticket["token"] != created["seats"][1]["token"]


def test_bad_requests_are_refused_as_data(http: httpx.Client) -> None:
    response = http.post("/api/tables", json={"game": "busfahrer", "seats": [], "extra": 1})
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "server/invalid_request"
    options = http.post("/api/tables", json={"game": "busfahrer", "seats": [{}, {}], "options": {"pyramid": "x"}})
    assert options.status_code == 400 and options.json()["error"]["code"] == "invalid_option"
    bot = http.post("/api/tables", json={"game": "busfahrer", "seats": [{}, {"bot": "nobody"}]})
    assert bot.status_code == 400


def test_request_bodies_are_bounded(http: httpx.Client) -> None:
    huge = {"game": "busfaktor", "seats": [{}, {}], "deck_text": "x" * (600 * 1024)}
    response = http.post("/api/tables", json=huge)
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "server/body_too_large"


def test_a_deck_comes_by_content_never_by_file_name(http: httpx.Client, shared_server: ServerProcess) -> None:
    secret = shared_server.tmp / "secret.toml"
    secret.write_text("not a deck")
    response = http.post("/api/tables", json={"game": "busfaktor", "seats": [{}, {}], "options": {"deck": str(secret)}})
    assert response.status_code == 400 and response.json()["error"]["code"] == "table/invalid_spec"
    content = resolve_deck_path("mini").read_text(encoding="utf-8")
    created = create_table(http, game="busfaktor", seats=[{}, {"bot": "heuristik"}], deck_text=content)
    assert created["table"]["options"]["deck"].startswith("upload:")


def test_a_board_file_named_by_a_client_is_never_opened(http: httpx.Client, shared_server: ServerProcess) -> None:
    board = shared_server.tmp / "board.json"
    board.write_bytes(resources.files("busbahnhof.games.bus").joinpath("data", "board.json").read_bytes())
    response = http.post("/api/tables", json={"game": "bus", "seats": [{}, {}, {}], "options": {"board": str(board)}})
    assert response.status_code == 400, "the server opened a board file named by the client"
    assert response.json()["error"]["code"] == "table/invalid_spec"


def test_join_link_opens_the_web_client(http: httpx.Client) -> None:
    response = http.get("/t/abcde", params={"token": "tok_1-2"})
    assert response.status_code == 307 and response.headers["location"] == "/#/join/ABCDE/tok_1-2"
    odd = http.get("/t/ABCDE", params={"token": "<script>"})
    assert odd.headers["location"] == "/#/room/ABCDE"
