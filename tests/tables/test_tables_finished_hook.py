"""The table service's results hook: ``on_finished`` is awaited once with the table's id after its
game ended and the store recorded the end (the server settles ratings there)."""

from __future__ import annotations

import asyncio
from typing import Any

from busbahnhof.tables import SeatSpec, TableService, TableSpec


def test_on_finished_is_called_once_after_the_end_is_stored(run_tables: Any) -> None:
    running: dict[str, TableService] = {}
    seen: list[tuple[str, str | None]] = []
    called = asyncio.Event()

    async def on_finished(table_id: str) -> None:
        stored = running["service"].store.load_table(table_id)
        seen.append((table_id, None if stored is None else stored["status"]))
        called.set()

    async def scenario(service: TableService) -> None:
        running["service"] = service
        bots = (SeatSpec(bot="random"), SeatSpec(bot="random"))
        created = await service.create(TableSpec("busfahrer", seats=bots, seed=3, think_seconds=0))
        await asyncio.wait_for(called.wait(), 60)
        await asyncio.sleep(0.2)  # a second call would come now
        assert seen == [(created.table_id, "finished")], "once, and the store already says finished"

    run_tables(scenario, on_finished=on_finished)
