"""Workshops on a real store (SQLite file and PostgreSQL) with a real table service, scenario by scenario."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from busbahnhof.store import Store
from busbahnhof.tables import TableService
from busbahnhof.workshop import WorkshopService, WorkshopStore

Scenario = Callable[[WorkshopService], Awaitable[Any]]
Run = Callable[[Scenario], Any]


@pytest.fixture
def run_workshops(database_url: str) -> Run:
    """``run_workshops(scenario)``: a table service and workshop service (bots without a think delay)
    on the test's database run ``scenario``; a second call is a restarted server on the same database."""

    def run(scenario: Scenario) -> Any:
        async def main() -> Any:
            store = Store(database_url)
            tables = TableService(store, store_workers=0)
            workshops = WorkshopService(WorkshopStore(store.engine), tables, think_seconds=0.0)
            await workshops.restore()  # as the server does: before any table's bots may move
            await tables.start()
            try:
                return await scenario(workshops)
            finally:
                await tables.stop()
                store.close()

        return asyncio.run(main())

    return run
