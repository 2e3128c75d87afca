"""Databases for the storage, table and server tests: SQLite in a temporary folder and PostgreSQL.

PostgreSQL comes from ``BUSBAHNHOF_TEST_POSTGRES_URL`` (``.ci/run`` starts a throwaway cluster
and sets it; by hand: ``source .ci/postgres && start_postgres``).  Every test gets a fresh
database.  Without the variable the PostgreSQL tests are skipped, except in CI (``CI=true``),
where they fail: CI must test both databases.  The server fixtures of the server and browser
tests come from :mod:`support.fixtures`.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from sqlalchemy.engine import make_url

pytest_plugins = ("support.fixtures",)  # sqlite_server, shared_server: real server processes

POSTGRES_ENV = "BUSBAHNHOF_TEST_POSTGRES_URL"
DATABASES = ("sqlite", "postgres")


def postgres_base_url() -> str:
    """The cluster's URL; skips the test (fails it in CI) if there is none."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        reason = f"{POSTGRES_ENV} is not set, so PostgreSQL is not tested (source .ci/postgres && start_postgres)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must test PostgreSQL: {reason}")
        pytest.skip(reason)
    return url


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database (dropped after the test)."""
    base = make_url(postgres_base_url())
    name = f"test_{uuid.uuid4().hex[:16]}"
    admin = base.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    yield base.set(database=name).render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A fresh SQLite file."""
    return f"sqlite:///{tmp_path / 'busbahnhof.db'}"


@pytest.fixture(params=DATABASES)
def database_url(request: pytest.FixtureRequest) -> str:
    """A fresh database of each kind: the test runs once on SQLite and once on PostgreSQL."""
    return str(request.getfixturevalue(f"{request.param}_url"))
