"""A local SMTP sink for tests (``aiosmtpd``): it accepts every mail on a free loopback port and
keeps it, so mail is tested without ever reaching a real server."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import httpx

from support.server_harness import ServerProcess, sqlite_server_process


@dataclass
class SmtpSink:
    """The mails received so far, and the port the sink listens on."""

    port: int
    mails: list[EmailMessage] = field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # the hook name aiosmtpd calls
        mail = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(mail, EmailMessage)
        self.mails.append(mail)
        return "250 OK"

    def wait_for(self, count: int, timeout: float = 15.0) -> list[EmailMessage]:
        """The first ``count`` mails, waiting for them up to ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while len(self.mails) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(self.mails) >= count, f"{len(self.mails)} of {count} mails arrived"
        return self.mails[:count]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def smtp_sink() -> Iterator[SmtpSink]:
    """An SMTP server on 127.0.0.1 that keeps what it is sent (plain SMTP, no login)."""
    from aiosmtpd.controller import Controller

    sink = SmtpSink(free_port())
    controller = Controller(sink, hostname="127.0.0.1", port=sink.port)
    controller.start()
    try:
        yield sink
    finally:
        controller.stop()


def mail_env(sink: SmtpSink) -> dict[str, str]:
    """The server's settings that send its mail to ``sink``."""
    return {
        "BUSBAHNHOF_SMTP_HOST": "127.0.0.1",
        "BUSBAHNHOF_SMTP_PORT": str(sink.port),
        "BUSBAHNHOF_SMTP_SECURITY": "none",
        "BUSBAHNHOF_MAIL_FROM": "Busbahnhof <noreply@bus.test>",
    }


def mail_server(tmp: Path, sink: SmtpSink, **env: str) -> Iterator[ServerProcess]:
    """A started server on ``tmp``'s SQLite file that sends its mail to ``sink`` and takes many
    registrations from one address (the tests' accounts all come from 127.0.0.1); ``env`` adds
    settings. Stopped when the generator is closed."""
    yield from sqlite_server_process(tmp, {"BUSBAHNHOF_REGISTRATIONS_PER_ADDRESS": "1000", **mail_env(sink), **env})


def account_with_email(
    server: ServerProcess, name: str, password: str, email: str | None
) -> tuple[httpx.Client, dict[str, Any]]:
    """A new account logged in on its own client (its session answer has the CSRF token), with the
    e-mail address ``email`` if one is given."""
    client = server.http()
    session: dict[str, Any] = client.post("/api/accounts", json={"user_name": name, "password": password}).json()
    if email:
        answer = client.post(
            "/api/account/email", json={"email": email, "password": password}, headers={"X-CSRF-Token": session["csrf"]}
        )
        assert answer.status_code == 200, answer.text
    return client, session
