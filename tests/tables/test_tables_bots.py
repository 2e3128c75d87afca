"""Bots play their seats server-side to the end of a game of every game, and of a Busfahrer match;
what the store holds replays to the same result."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from table_clients import RecordingClient, until

from busbahnhof.engine import replay
from busbahnhof.tables import SeatSpec, TableService, TableSpec

GAMES = [
    ("busfahrer", {}, ("kartenzaehler", "random", "kartenzaehler")),
    ("busfahrer", {"games": 2}, ("random", "kartenzaehler")),
    ("bus", {}, ("random", "random", "random")),
    ("busfaktor", {"deck": "mini"}, ("heuristik", "random")),
]


@pytest.mark.parametrize(("game", "options", "bots"), GAMES, ids=["busfahrer", "busfahrer-match", "bus", "busfaktor"])
def test_bots_finish_a_game(run_tables: Any, game: str, options: dict[str, Any], bots: tuple[str, ...]) -> None:
    async def scenario(service: TableService) -> None:
        spec = TableSpec(game, options, tuple(SeatSpec(bot=bot) for bot in bots), seed=11, think_seconds=0)
        created = await service.create(spec)
        assert created.seats == (), "bot seats get no tokens"
        watcher = RecordingClient()
        connection = await service.connect(created.table_id, None, watcher)
        await until(lambda: watcher.last["table"]["status"] == "finished", seconds=120)
        stored = service.store.load_table(created.table_id)
        assert stored is not None and stored["status"] == "finished"
        versions = [entry["version"] for entry in stored["actions"]]
        assert versions == list(range(1, len(versions) + 1)) and watcher.last["version"] == versions[-1]
        assert {entry["by"] for entry in stored["actions"]} == {"bot"}
        record = await service.record(created.table_id)
        assert replay(record).outcome().to_dict() == stored["outcome"] == watcher.last["view"]["outcome"]
        final = await service.position(created.table_id, len(versions))
        assert final.view(None) == service.tables[created.table_id].state.view(None)
        await service.disconnect(connection)
        assert created.table_id not in service.tables, "a finished table nobody watches leaves memory"
        assert (await service.record(created.table_id))["actions"] == record["actions"], (
            "and is read back from the store"
        )
        if options.get("games") == 2:
            assert stored["outcome"]["details"]["games"] == 2, "a match is one table with running totals"

    run_tables(scenario, sweep_seconds=3600)


def test_bots_do_not_block_other_tables(run_tables: Any) -> None:
    """While a bot thinks (in a worker thread), a human at another table is answered at once."""

    async def scenario(service: TableService) -> None:
        slow = TableSpec("busfahrer", seats=(SeatSpec(bot="ismcts"), SeatSpec(bot="ismcts")), seed=1, think_seconds=0)
        await service.create(slow)
        human = await service.create(TableSpec("busfahrer", seats=(SeatSpec(), SeatSpec(bot="random")), seed=2))
        token = human.seats[0].token
        started = asyncio.get_running_loop().time()
        result = await service.submit(human.table_id, token, 0, "guess red")
        assert result.to_dict()["ok"]
        assert asyncio.get_running_loop().time() - started < 0.5

    run_tables(scenario, sweep_seconds=3600)
