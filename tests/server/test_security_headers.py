"""Security headers on every answer, the Origin check of the WebSocket and of cookie-authenticated
requests, and the QR route that draws only links of this server (against a real server process)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from busbahnhof.server.config import Settings
from busbahnhof.server.security_headers import CONTENT_SECURITY_POLICY, origin_allowed
from support.server_harness import Seat, ServerProcess, create_table, seat_query

FOREIGN = "https://evil.example"


@pytest.fixture
def http(shared_server: ServerProcess) -> httpx.Client:
    return shared_server.http()


@pytest.mark.parametrize("path", ["/", "/app.js", "/api/games", "/healthz", "/api/tables/nothing-here"])
def test_pages_and_api_answers_carry_the_security_headers(http: httpx.Client, path: str) -> None:
    headers = http.get(path).headers
    assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert "frame-ancestors 'none'" in CONTENT_SECURITY_POLICY and "'unsafe-inline'" not in CONTENT_SECURITY_POLICY
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin"


def test_a_websocket_from_a_foreign_origin_is_refused_before_it_opens(
    shared_server: ServerProcess, http: httpx.Client
) -> None:
    created = create_table(http, game="busfahrer", seats=[{"name": "Ada"}, {"bot": "random"}], seed=3)
    query = seat_query(created, 0, "en")
    with pytest.raises(InvalidStatus) as refused:
        connect(f"{shared_server.ws_url}/ws?{query}", additional_headers={"Origin": FOREIGN}, open_timeout=30)
    assert refused.value.response.status_code == 403
    log = shared_server.log.read_text()
    assert "ws refused" in log and FOREIGN in log
    token = str(created["seats"][0]["token"])
    assert token not in log


@pytest.mark.parametrize("origin", [None, "same", "http://localhost:{port}", "http://[::1]:{port}"])
def test_a_websocket_from_the_servers_own_origin_or_without_one_opens(
    shared_server: ServerProcess, http: httpx.Client, origin: str | None
) -> None:
    created = create_table(http, game="busfahrer", seats=[{"name": "Ada"}, {"bot": "random"}], seed=3)
    url = f"{shared_server.ws_url}/ws?{seat_query(created, 0, 'en')}"
    headers = (
        {}
        if origin is None
        else {"Origin": shared_server.url if origin == "same" else origin.format(port=shared_server.port)}
    )
    with connect(url, additional_headers=headers, open_timeout=30) as socket:
        assert '"type":"table"' in str(socket.recv(timeout=30)).replace(" ", "")


def test_a_cookie_authenticated_post_from_a_foreign_origin_is_refused(
    shared_server: ServerProcess, http: httpx.Client
) -> None:
    answer = http.post("/api/accounts", json={"user_name": "origintest", "password": "correct horse battery"})
    assert answer.status_code == 201, answer.text
    csrf = {"X-CSRF-Token": answer.json()["csrf"]}
    refused = http.post("/api/session/logout", headers={**csrf, "Origin": FOREIGN})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "server/foreign_origin"
    assert refused.headers["x-frame-options"] == "DENY"
    assert http.get("/api/session").status_code == 200, "the foreign request must change nothing"
    assert http.post("/api/session/logout", headers={**csrf, "Origin": shared_server.url}).status_code == 200
    assert FOREIGN in shared_server.log.read_text()


def test_a_seat_still_plays_after_the_origin_checks(shared_server: ServerProcess, http: httpx.Client) -> None:
    created = create_table(http, game="busfahrer", seats=[{"name": "Ada"}, {"name": "Bea"}], seed=11)
    seat = Seat(shared_server, seat_query(created, 0, "en"))
    assert seat.receive()["type"] == "table"
    assert seat.act("guess red")["ok"] is True
    seat.close()


def qr(http: httpx.Client, text: str) -> httpx.Response:
    return http.get(f"/api/qr?text={quote(text, safe='')}")


def test_the_qr_route_draws_links_of_this_server_as_svg(shared_server: ServerProcess, http: httpx.Client) -> None:
    answer = qr(http, f"{shared_server.url}/t/ABCDE?token=Zz9_-Zz9_-")
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/svg+xml"
    assert answer.text.startswith("<svg") and "viewBox" in answer.text
    assert answer.headers["cache-control"] == "no-store"


@pytest.mark.parametrize(
    "text",
    [
        "any text at all",
        f"{FOREIGN}/t/ABCDE?token=x",
        "javascript:alert(1)",
        "http://evil@127.0.0.1:{port}/t/ABCDE",
        "http://127.0.0.1:{port}/" + "L" * 600,
    ],
)
def test_the_qr_route_is_no_open_qr_generator(shared_server: ServerProcess, http: httpx.Client, text: str) -> None:
    answer = qr(http, text.replace("{port}", str(shared_server.port)))
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "server/invalid_request"


def test_origins_follow_the_host_header_loopback_names_and_configuration() -> None:
    assert origin_allowed(None, "bus.example", "https")
    assert origin_allowed("https://bus.example", "bus.example", "https")
    assert origin_allowed("https://bus.example:443", "bus.example", "wss")
    assert not origin_allowed("http://bus.example", "bus.example", "https"), "another port is another origin"
    assert not origin_allowed("https://bus.example.evil", "bus.example", "https")
    assert not origin_allowed("null", "bus.example", "https")
    assert origin_allowed("http://localhost:8000", "127.0.0.1:8000", "http")
    assert not origin_allowed("http://localhost:8001", "127.0.0.1:8000", "http")
    assert not origin_allowed("https://bus.example", "internal:8000", "http")
    assert origin_allowed("https://Bus.example/", "internal:8000", "http", ["https://bus.example"])


def test_allowed_origins_are_read_from_the_environment(monkeypatch: Any) -> None:
    monkeypatch.setenv("BUSBAHNHOF_ALLOWED_ORIGINS", '["https://bus.example", "https://www.bus.example"]')
    assert Settings().allowed_origins == ["https://bus.example", "https://www.bus.example"]
