"""Fixtures: a fresh server per test, or one per module (see :mod:`server_harness`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_harness import ServerProcess


@pytest.fixture
def sqlite_server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A fresh server on its own SQLite file."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}", tmp_path).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the tests of a module that do not disturb each other."""
    tmp = tmp_path_factory.mktemp("server")
    server = ServerProcess(f"sqlite:///{tmp / 'tables.db'}", tmp).start()
    yield server
    server.stop()
