"""Server fixtures for every test folder (loaded by ``tests/conftest.py``): a real ``busbahnhof
serve`` process on a temporary SQLite file, one per test or one per module."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from support.server_harness import ServerProcess, sqlite_server_process
from support.smtp_sink import SmtpSink, smtp_sink


@pytest.fixture
def sqlite_server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A fresh server on its own SQLite file (for tests that restart it or need it to themselves)."""
    yield from sqlite_server_process(tmp_path)


@pytest.fixture
def throttling_server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A fresh server with the production message-rate limits (the others let tests play at machine speed)."""
    yield from sqlite_server_process(tmp_path, machine_speed=False)


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the tests of a module that do not disturb each other."""
    yield from sqlite_server_process(tmp_path_factory.mktemp("server"))


@pytest.fixture(scope="module")
def sink() -> Iterator[SmtpSink]:
    """A local SMTP sink for the module (its mails pile up in ``sink.mails``)."""
    with smtp_sink() as running:
        yield running
