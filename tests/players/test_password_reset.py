"""Mail and password reset: the mail module against a local SMTP sink (aiosmtpd, never a real
server), and e-mail addresses and reset by mail against a real server on a SQLite file: the
token works once and expires, the answer is the same (and about as fast) whether an address is
known, the link comes from the settings (never the request's Host), and no token is logged."""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from busbahnhof.players import Accounts, LoginLimits, Passwords
from busbahnhof.players.mail import Mail, Mailer, MailOffError, MailSettings, Outbox
from busbahnhof.players.resets import PasswordResets, ResetTokenError
from busbahnhof.store import PlayerStore, Store
from busbahnhof.store.resets import ResetStore
from support.server_harness import ServerProcess
from support.smtp_sink import SmtpSink, account_with_email, mail_server

PASSWORD = "correct horse battery"
PUBLIC = "https://bus.example"
LINK = re.compile(r"https://bus\.example/#/reset/([A-Za-z0-9_-]+)")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, sink: SmtpSink) -> Iterator[ServerProcess]:
    yield from mail_server(tmp_path_factory.mktemp("resets"), sink, BUSBAHNHOF_PUBLIC_URL=PUBLIC)


def register(server: ServerProcess, name: str, email: str | None = None) -> tuple[httpx.Client, dict[str, Any]]:
    return account_with_email(server, name, PASSWORD, email)


def test_send_delivers_a_plain_utf8_mail_and_refuses_without_a_server(sink: SmtpSink) -> None:
    before = len(sink.mails)
    Mailer(MailSettings("127.0.0.1", sink.port, "none", sender="Bus <bus@bus.test>")).send(
        "anna@example.org", "Grüße", "Fahrkarte für Anna: ä ö ü ß"
    )
    mail = sink.wait_for(before + 1)[-1]
    assert mail["To"] == "anna@example.org" and mail["From"] == "Bus <bus@bus.test>"
    assert mail["Subject"] == "Grüße" and mail["Message-ID"] and mail["Date"]
    assert mail.get_content().strip() == "Fahrkarte für Anna: ä ö ü ß"
    off = Mailer(MailSettings())
    assert not off.enabled
    with pytest.raises(MailOffError):
        off.send("anna@example.org", "x", "y")


def test_the_outbox_sends_in_its_thread_and_survives_a_failure(
    sink: SmtpSink, caplog: pytest.LogCaptureFixture
) -> None:
    broken = Outbox(Mailer(MailSettings("127.0.0.1", 1, "none", timeout=2)))  # nothing listens on port 1
    broken.post(Mail("a@example.org", "lost", "secret text"))
    broken.queue.join()
    assert "could not be sent: ConnectionRefusedError" in caplog.text and "secret text" not in caplog.text
    outbox = Outbox(Mailer(MailSettings("127.0.0.1", sink.port, "none")))
    before = len(sink.mails)
    started = time.perf_counter()
    for n in range(3):
        outbox.post(Mail(f"p{n}@example.org", f"mail {n}", "text"))
    assert time.perf_counter() - started < 0.05, "posting waits for no SMTP server"
    assert [mail["Subject"] for mail in sink.wait_for(before + 3)[before:]] == ["mail 0", "mail 1", "mail 2"]


def test_an_address_needs_the_password_and_the_csrf_token(server: ServerProcess) -> None:
    client, session = register(server, "mailer")
    csrf = {"X-CSRF-Token": session["csrf"]}
    no_token = client.post("/api/account/email", json={"email": "m@example.org", "password": PASSWORD})
    assert no_token.status_code == 403 and no_token.json()["error"]["code"] == "players/csrf"
    wrong = client.post("/api/account/email", json={"email": "m@example.org", "password": "not the one"}, headers=csrf)
    assert wrong.status_code == 401 and wrong.json()["error"]["key"] == "players.error.wrong_password"
    bad = client.post("/api/account/email", json={"email": "no at sign", "password": PASSWORD}, headers=csrf)
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "players/invalid_email"
    assert client.get("/api/account").json() == {"email": None}
    saved = client.post("/api/account/email", json={"email": " M@Example.org ", "password": PASSWORD}, headers=csrf)
    assert saved.json() == {"email": "M@Example.org"}
    assert client.get("/api/account").json() == {"email": "M@Example.org"}
    assert server.http().get("/api/account").status_code == 401
    page = server.http().get(f"/api/players/{session['player']['id']}").text
    assert "xample" not in page, "the address is never on the public page"
    removed = client.post("/api/account/email", json={"email": "", "password": PASSWORD}, headers=csrf)
    assert removed.json() == {"email": None}


def test_a_reset_by_mail_works_once_and_ends_every_session(server: ServerProcess, sink: SmtpSink) -> None:
    client, _ = register(server, "forgetful", "forgetful@example.org")
    assert server.http().get("/api/password-reset").json() == {"available": True}
    before = len(sink.mails)
    asked = server.http().post(
        "/api/password-reset",
        json={"email": "FORGETFUL@example.org"},
        params={"lang": "de"},
        headers={"Host": "evil.test"},
    )
    assert asked.status_code == 202 and asked.json() == {"ok": True}
    mail = sink.wait_for(before + 1)[-1]
    assert mail["To"] == "forgetful@example.org" and mail["Subject"] == "Busbahnhof: Passwort zurücksetzen"
    text = mail.get_content()
    assert "„forgetful“" in text, "the mail names the user name (to log in with)"
    assert "evil.test" not in text, "the link comes from the settings, not the request's Host"
    match = LINK.search(text)
    assert match, text
    token = match.group(1)

    short = server.http().post("/api/password-reset/confirm", json={"token": token, "new_password": "short"})
    assert short.status_code == 400 and short.json()["error"]["code"] == "players/weak_password"
    done = server.http().post("/api/password-reset/confirm", json={"token": token, "new_password": "a brand new one"})
    assert done.status_code == 200, "a refused new password left the token usable"
    again = server.http().post("/api/password-reset/confirm", json={"token": token, "new_password": "yet another one"})
    assert again.status_code == 400 and again.json()["error"]["code"] == "players/reset_token"
    assert client.get("/api/session").status_code == 401, "every session of the account ended"
    logins = [
        server.http().post("/api/session", json={"user_name": "forgetful", "password": pw}).status_code
        for pw in (PASSWORD, "a brand new one")
    ]
    assert logins == [401, 200]
    made_up = server.http().post("/api/password-reset/confirm", json={"token": "x" * 43, "new_password": "whatever123"})
    assert made_up.json()["error"]["code"] == "players/reset_token"
    log = server.log.read_text()
    assert '"path": "/api/password-reset/confirm"' in log, "the requests were logged"
    for secret in (token, "forgetful@example.org", "a brand new one"):
        assert secret not in log


def test_unknown_and_known_addresses_get_the_same_answer_in_similar_time(server: ServerProcess, sink: SmtpSink) -> None:
    register(server, "known", "known@example.org")
    client = server.http()

    def ask(email: str, n: int) -> tuple[int, str, float]:
        started = time.perf_counter()
        # from a new address each time (the per-client limit is not what is measured here)
        answer = client.post("/api/password-reset", json={"email": email}, headers={"X-Forwarded-For": f"10.9.{n}.1"})
        return answer.status_code, answer.text, time.perf_counter() - started

    before = len(sink.mails)
    known = [ask("known@example.org", n) for n in range(3)]
    unknown = [ask(f"nobody{n}@example.org", 10 + n) for n in range(3)]
    assert {(status, text) for status, text, _ in known + unknown} == {(202, '{"ok":true}')}
    sink.wait_for(before + 3)
    time.sleep(0.5)
    assert len(sink.mails) == before + 3, "mails for the known address only"
    medians = [statistics.median(seconds for *_, seconds in group) for group in (known, unknown)]
    assert max(medians) < 4 * min(medians) + 0.05, medians
    limited = client.post(
        "/api/password-reset", json={"email": "known@example.org"}, headers={"X-Forwarded-For": "10.9.99.1"}
    )
    assert limited.status_code == 429, "three mails per address in the window"


class KeptMail:
    """An outbox that makes the mails at once and keeps them."""

    enabled = True

    def __init__(self) -> None:
        self.mails: list[Mail] = []

    def post_later(self, make: Callable[[], list[Mail]]) -> None:
        self.mails += make()


def test_a_token_expires_after_an_hour(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'resets.db'}")
    now = [1_000_000.0]
    accounts = Accounts(PlayerStore(store.engine), Passwords(), LoginLimits(), 3600, clock=lambda: now[0])
    kept = KeptMail()
    resets = PasswordResets(ResetStore(store.engine), accounts, kept, PUBLIC, clock=lambda: now[0])
    login = accounts.register("late", PASSWORD, None, "10.0.0.1")
    resets.set_email(login.session, PASSWORD, "late@example.org", "10.0.0.1")
    resets.request("late@example.org", "10.0.0.1", "en")
    resets.request("LATE@example.org", "10.0.0.1", "en")
    tokens = [LINK.search(mail.text).group(1) for mail in kept.mails]  # type: ignore[union-attr]
    assert len(tokens) == 2
    now[0] += 3601
    with pytest.raises(ResetTokenError):
        resets.confirm(tokens[0], "a brand new one")
    now[0] -= 2
    resets.confirm(tokens[1], "a brand new one")
    with pytest.raises(ResetTokenError):
        resets.confirm(tokens[0], "another new one")  # using one token ended the account's others
    store.close()


def test_without_an_smtp_server_reset_is_unavailable(tmp_path: Path) -> None:
    process = ServerProcess(f"sqlite:///{tmp_path / 'nomail.db'}", tmp_path).start()
    try:
        assert process.http().get("/api/password-reset").json() == {"available": False}
        answer = process.http().post("/api/password-reset", json={"email": "a@example.org"}, params={"lang": "en"})
        assert answer.json()["error"]["code"] == "players/mail_off"
    finally:
        process.stop()
