"""A table service on a real store, for the tests that drive it scenario by scenario."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from busbahnhof.store import Store
from busbahnhof.tables import TableService

Scenario = Callable[[TableService], Awaitable[Any]]


def run_service(database_url: str, scenario: Scenario, **options: Any) -> Any:
    """A fresh service (``options`` for TableService) on ``database_url`` runs ``scenario``; its
    answer. The service is stopped and the store closed afterwards, as a server does on shutdown."""

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
