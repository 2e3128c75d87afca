"""Security of accounts against real servers on a SQLite file: session fixation, CSRF on every POST
a session cookie authenticates, login brute force (the limit holds, also across two processes and
under parallel attempts), user enumeration, a script in a display name, oversize bodies, and no
password, session id or CSRF token in any log line."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from busbahnhof.server.app import create_app
from support.server_harness import ServerProcess, create_table

PASSWORD = "correct horse battery"
COOKIE = "busbahnhof_session"
LIMITS = {
    "BUSBAHNHOF_LOGIN_MAX_PER_NAME": "3",
    "BUSBAHNHOF_LOGIN_MAX_PER_ADDRESS": "8",
    "BUSBAHNHOF_REGISTRATIONS_PER_ADDRESS": "1000",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("security")
    process = ServerProcess(f"sqlite:///{tmp / 'players.db'}", tmp, env=LIMITS).start()
    yield process
    process.stop()


def from_address(address: str) -> dict[str, str]:
    """Headers of a request that the loopback proxy forwards for ``address`` (uvicorn trusts
    ``X-Forwarded-For`` from 127.0.0.1, as behind a reverse proxy on the same machine)."""
    return {"X-Forwarded-For": address}


def register(server: ServerProcess, name: str, **extra: Any) -> tuple[httpx.Client, dict[str, Any]]:
    client = server.http()
    response = client.post("/api/accounts", json={"user_name": name, "password": PASSWORD, **extra})
    assert response.status_code == 201, response.text
    return client, response.json()


def log_in(server: ServerProcess, name: str, password: str, address: str, client: httpx.Client | None = None) -> Any:
    return (client or server.http()).post(
        "/api/session", json={"user_name": name, "password": password}, headers=from_address(address)
    )


def test_a_planted_session_id_never_becomes_a_logged_in_one(server: ServerProcess) -> None:
    attacker, _ = register(server, "fixer")
    planted = attacker.cookies[COOKIE]
    register(server, "victim")
    victim = httpx.Client(base_url=server.url, cookies={COOKIE: planted}, timeout=30)
    answer = log_in(server, "victim", PASSWORD, "10.0.0.1", victim)
    assert answer.status_code == 200
    issued = answer.cookies[COOKIE]
    assert issued != planted, "login issues a new session id"
    assert attacker.get("/api/session").status_code == 401, "the planted id is ended, not promoted"
    fresh = httpx.Client(base_url=server.url, cookies={COOKIE: issued}, timeout=30)
    assert fresh.get("/api/session").json()["player"]["user_name"] == "victim"
    made_up = httpx.Client(base_url=server.url, cookies={COOKIE: "chosen-by-the-attacker"}, timeout=30)
    assert log_in(server, "victim", PASSWORD, "10.0.0.2", made_up).cookies[COOKIE] != "chosen-by-the-attacker"


NOT_BY_COOKIE = ("/api/accounts", "/api/session", "/api/password-reset", "/api/password-reset/confirm")
"""Register, log in and the password reset's two steps (by address, by the mail's token)."""


def cookie_authenticated_posts() -> list[str]:
    """Every POST of the accounts API (from the app's OpenAPI description) but register and log in,
    which no cookie authenticates."""
    paths = create_app().openapi()["paths"]
    return sorted(
        path
        for path, operations in paths.items()
        if "accounts" in operations.get("post", {}).get("tags", []) and path not in NOT_BY_COOKIE
    )


def test_every_cookie_authenticated_post_needs_the_sessions_csrf_token(server: ServerProcess) -> None:
    client, session = register(server, "csrfvictim", display_name="Before")
    table = create_table(server.http(), game="busfahrer", seats=[{}, {}])
    bodies: dict[str, dict[str, Any] | None] = {
        "/api/session/logout": None,
        "/api/session/logout-everywhere": None,
        "/api/account/password": {"current_password": PASSWORD, "new_password": "attacker's choice"},
        "/api/account/name": {"display_name": "Hacked"},
        "/api/account/seats": {"seats": [{"table_id": table["table_id"], "token": table["seats"][0]["token"]}]},
        "/api/account/email": {"email": "attacker@example.org", "password": PASSWORD},
        "/api/account/seat-links": {"table_id": table["table_id"]},
    }
    assert cookie_authenticated_posts() == sorted(bodies), "a new cookie-authenticated POST needs its CSRF test"
    _, other = register(server, "csrfother")
    for path, body in bodies.items():
        for headers in ({}, {"X-CSRF-Token": "forged"}, {"X-CSRF-Token": other["csrf"]}):
            answer = client.post(path, json=body, headers=headers)
            assert answer.status_code == 403, (path, headers, answer.text)
            assert answer.json()["error"]["code"] == "players/csrf"
    assert client.get("/api/session").json()["player"]["display_name"] == "Before", "still logged in, not renamed"
    assert log_in(server, "csrfvictim", PASSWORD, "10.0.1.1").status_code == 200, "password unchanged"
    page = server.http().get(f"/api/players/{session['player']['id']}").json()
    assert page["games"] == [], "no seat claimed"
    assert client.get("/api/account").json() == {"email": None}, "no address set"
    with_token = client.post(
        "/api/account/name", json={"display_name": "After"}, headers={"X-CSRF-Token": session["csrf"]}
    )
    assert with_token.status_code == 200, "the same request with the token goes through"


def test_a_cross_site_form_cannot_log_a_browser_in(server: ServerProcess) -> None:
    register(server, "formlogin")
    form = server.http().post(
        "/api/session", data={"user_name": "formlogin", "password": PASSWORD}, headers=from_address("10.0.2.1")
    )
    assert form.status_code in (400, 415, 422)
    assert COOKIE not in form.cookies
    text_json = server.http().post(
        "/api/session",
        content=f'{{"user_name": "formlogin", "password": "{PASSWORD}"}}',
        headers={"Content-Type": "text/plain", **from_address("10.0.2.1")},
    )
    assert text_json.status_code in (400, 415, 422), "a form can send text/plain; it is refused too"
    assert COOKIE not in text_json.cookies


def test_login_attempts_are_limited_per_name_even_with_the_right_password(server: ServerProcess) -> None:
    register(server, "bruteforced")
    answers = [log_in(server, "bruteforced", f"guess {n}", f"10.1.0.{n}").status_code for n in range(3)]
    assert answers == [401, 401, 401]
    limited = log_in(server, "bruteforced", PASSWORD, "10.1.0.99")
    assert limited.status_code == 429, "from a new address, with the right password: still limited"
    assert limited.json()["error"]["code"] == "players/too_many_attempts"
    assert 800 < limited.json()["error"]["params"]["seconds"] <= 900
    assert log_in(server, "someoneelse", "guess", "10.1.0.99").status_code == 401, "other names are not limited"


def test_login_attempts_are_limited_per_address(server: ServerProcess) -> None:
    answers = [log_in(server, f"spray{n}", "guess", "10.2.0.1").status_code for n in range(10)]
    assert answers == [401] * 8 + [429] * 2


@pytest.mark.slow  # starts a server process of its own (20-60 s on a loaded 2-core machine)
def test_the_limit_holds_across_two_processes_and_parallel_attempts(server: ServerProcess, tmp_path: Path) -> None:
    register(server, "twoprocesses")
    second = ServerProcess(server.db, tmp_path, env=LIMITS).start()
    try:

        def attempt(n: int) -> int:
            target = (server, second)[n % 2]
            return int(log_in(target, "twoprocesses", f"guess {n}", f"10.3.0.{n}").status_code)

        with ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(attempt, range(12)))
        assert answers.count(401) <= 3, f"at most 3 guesses checked in all, got {answers}"
        assert answers.count(429) >= 9
        assert log_in(second, "twoprocesses", PASSWORD, "10.3.1.1").status_code == 429
        assert log_in(server, "twoprocesses", PASSWORD, "10.3.1.2").status_code == 429
    finally:
        second.stop()


def test_no_such_user_and_wrong_password_answer_alike(server: ServerProcess) -> None:
    names = [f"enum{n}" for n in range(3)]
    for name in names:
        register(server, name)
    wrong, unknown = [], []
    for round_ in range(2):
        for n, name in enumerate(names):
            started = time.perf_counter()
            known_answer = log_in(server, name, "not the password", f"10.4.{round_}.{n}")
            wrong.append(time.perf_counter() - started)
            started = time.perf_counter()
            unknown_answer = log_in(server, f"nobody{round_}{n}", "not the password", f"10.5.{round_}.{n}")
            unknown.append(time.perf_counter() - started)
            assert known_answer.status_code == unknown_answer.status_code == 401
            assert known_answer.json() == unknown_answer.json(), "same refusal, word for word"
    ratio = statistics.median(wrong) / statistics.median(unknown)
    assert 0.5 < ratio < 2, (
        f"both hash a password: medians {statistics.median(wrong):.3f} s, {statistics.median(unknown):.3f} s"
    )


def test_a_script_in_a_name_is_stored_as_text_and_served_as_json(server: ServerProcess) -> None:
    attack = '<img src=x onerror="alert(1)"><script>alert(2)</script>'[:32]
    _, session = register(server, "xss", display_name=attack)
    assert session["player"]["display_name"] == attack
    page = server.http().get(f"/api/players/{session['player']['id']}")
    assert page.headers["content-type"] == "application/json"
    assert page.json()["player"]["display_name"] == attack, "stored and returned as the text it was"


def test_oversize_bodies_and_fields_are_refused_before_any_work(server: ServerProcess) -> None:
    client = server.http()
    huge = client.post(
        "/api/session", json={"user_name": "x", "password": "p" * (1024 * 1024)}, headers=from_address("10.6.0.1")
    )
    assert huge.status_code == 413
    long_password = client.post("/api/accounts", json={"user_name": "longpw", "password": "p" * 257})
    assert long_password.status_code == 422
    long_name = client.post(
        "/api/accounts", json={"user_name": "longname", "password": PASSWORD, "display_name": "n" * 33}
    )
    assert long_name.status_code == 400 and long_name.json()["error"]["params"] == {"length": 33, "limit": 32}
    seats = client.post("/api/account/seats", json={"seats": [{"table_id": "t", "token": "x"}] * 51})
    assert seats.status_code == 422


@pytest.mark.slow  # starts a server process of its own (20-60 s on a loaded 2-core machine)
def test_no_password_session_id_or_csrf_token_is_ever_logged(tmp_path: Path) -> None:
    process = ServerProcess(f"sqlite:///{tmp_path / 'logs.db'}", tmp_path, env={"BUSBAHNHOF_LOG_LEVEL": "DEBUG"})
    process.start()
    secrets: list[str] = ["first secret passphrase", "second secret passphrase", "a wrong passphrase"]
    try:
        client = process.http()
        registered = client.post("/api/accounts", json={"user_name": "logged", "password": secrets[0]}).json()
        secrets += [client.cookies[COOKIE], registered["csrf"]]
        client.post("/api/session", json={"user_name": "logged", "password": secrets[2]})
        client.post("/api/session", json={"user_name": "nobody", "password": secrets[2]})
        changed = client.post(
            "/api/account/password",
            json={"current_password": secrets[0], "new_password": secrets[1]},
            headers={"X-CSRF-Token": registered["csrf"]},
        ).json()
        secrets += [client.cookies[COOKIE], changed["csrf"]]
        client.post("/api/account/password", json={"current_password": secrets[2], "new_password": "x"})
        client.post("/api/session/logout", headers={"X-CSRF-Token": changed["csrf"]})
        client.post("/api/accounts", json={"user_name": "bad name", "password": secrets[2]})
    finally:
        process.stop()
    log = process.log.read_text()
    assert '"path": "/api/account/password"' in log, "the requests were logged"
    for secret in secrets:
        assert secret not in log
