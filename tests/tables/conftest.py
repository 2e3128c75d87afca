"""The table service on a real store (SQLite and PostgreSQL), run scenario by scenario."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from busbahnhof.store import Store
from busbahnhof.tables import TableService

Scenario = Callable[[TableService], Awaitable[Any]]
Run = Callable[..., Any]


@pytest.fixture
def run_tables(database_url: str, tmp_path: Path) -> Run:
    """``run_tables(scenario, **service_options)``: a fresh service on the test's database runs ``scenario``."""

    def run(scenario: Scenario, **options: Any) -> Any:
        async def main() -> Any:
            store = Store(database_url)
            service = TableService(store, **options)
            await service.start()
            try:
                return await scenario(service)
            finally:
                await service.stop()
                store.close()

        return asyncio.run(main())

    return run
