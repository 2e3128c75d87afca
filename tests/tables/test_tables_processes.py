"""Restarts and several processes: tables rebuilt by replay lose no acknowledged move; of two
services on one database only one accepts an action per version; on PostgreSQL a table's
clients are served by the service that owns it (another sends them there, replaying nothing),
and a stopped owner's tables are adopted by another (store/owners.py)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from table_clients import RecordingClient, until

from busbahnhof.engine import GameError
from busbahnhof.store import Store
from busbahnhof.tables import Accepted, ElsewhereError, Refused, SeatSpec, SeatTicket, TableService, TableSpec
from busbahnhof.tables.codes import hash_token

SPEC = TableSpec("busfahrer", seats=(SeatSpec("Anna"), SeatSpec("Ben")), seed=21, think_seconds=0)
DECK_SPEC = TableSpec("busfaktor", seats=(SeatSpec("Anna"), SeatSpec(bot="heuristik")), seed=4, think_seconds=0)


async def play_first_moves(service: TableService, table_id: str, tokens: list[str], count: int) -> None:
    for _ in range(count):
        table = service.tables[table_id]
        seat = table.state.to_move
        action, version = str(table.state.legal_actions()[0]), table.version
        assert await service.submit(table_id, tokens[seat], version, action) == Accepted(version + 1)


def test_restart_rebuilds_open_tables_by_replay(database_url: str, tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(database_url)
        first = TableService(store, sweep_seconds=3600)
        await first.start()
        created = await first.create(SPEC)
        tokens = [ticket.token for ticket in created.seats]
        await play_first_moves(first, created.table_id, tokens, 5)
        before = first.tables[created.table_id].state.view(None)
        await first.stop()
        store.close()

        store = Store(database_url)
        second = TableService(store, sweep_seconds=3600)
        await second.start()
        assert created.table_id in second.tables, "open tables are rebuilt at start"
        table = second.tables[created.table_id]
        assert table.version == 5 and table.state.view(None) == before
        await play_first_moves(second, created.table_id, tokens, 1)
        await second.stop()
        store.close()

    asyncio.run(scenario())


def test_uploaded_deck_is_used_by_content_and_survives_a_restart(database_url: str, tmp_path: Path) -> None:
    mini = resources.files("busbahnhof.games.busfaktor").joinpath("data", "mini-deck.toml").read_text("utf-8")

    async def scenario() -> None:
        store = Store(database_url)
        service = TableService(store, sweep_seconds=3600)
        await service.start()
        created = await service.create(replace(DECK_SPEC, deck_text=mini))
        watcher = RecordingClient()
        await service.connect(created.table_id, None, watcher)
        label = watcher.last["view"]["options"]["deck"]
        assert label.startswith("upload:") and str(tmp_path) not in repr(watcher.messages)
        assert len(service.tables[created.table_id].game.deck.names) < 74, "the uploaded (mini) deck is played"
        await play_first_moves(service, created.table_id, [created.seats[0].token], 1)
        await service.stop()
        store.close()

        store = Store(database_url)
        again = TableService(store, sweep_seconds=3600)
        await again.start()
        assert again.tables[created.table_id].game.deck.names == service.tables[created.table_id].game.deck.names
        await again.stop()
        store.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("deck", ["/etc/passwd", "../deck.toml", "deck.toml"])
def test_a_deck_file_name_is_refused(run_tables: Any, deck: str) -> None:
    async def scenario(service: TableService) -> None:
        spec = TableSpec("busfaktor", {"deck": deck}, seats=DECK_SPEC.seats)
        with pytest.raises(GameError) as caught:
            await service.create(spec)
        assert caught.value.code == "table/invalid_spec"
        assert await service.list_tables() == []

    run_tables(scenario, sweep_seconds=3600)


def test_two_services_never_both_accept_one_version(database_url: str, tmp_path: Path) -> None:
    async def scenario() -> None:
        stores = [Store(database_url), Store(database_url)]
        services = [TableService(store, sweep_seconds=3600) for store in stores]
        for service in services:
            await service.start()
        created = await services[0].create(SPEC)
        token = created.seats[0].token
        watcher = RecordingClient()
        await services[0].connect(created.table_id, None, watcher)
        await services[1].table(created.table_id)  # held by the other service too (PostgreSQL: as a visitor)
        results = await asyncio.gather(
            services[0].submit(created.table_id, token, 0, "guess red"),
            services[1].submit(created.table_id, token, 0, "guess black"),
        )
        accepted = [r for r in results if isinstance(r, Accepted)]
        refused = [r for r in results if isinstance(r, Refused)]
        assert len(accepted) == 1 and len(refused) == 1
        assert refused[0].error.code == "table/stale_version" and refused[0].version == 1
        stored = stores[0].load_table(created.table_id)
        assert stored is not None and len(stored["actions"]) == 1
        winner = stored["actions"][0]["action"]
        await until(lambda: watcher.last["version"] == 1, seconds=5)  # the owner's clients learn of the winner
        for service in services:
            await until(lambda service=service: service.tables[created.table_id].version == 1, seconds=5)
            assert str(service.tables[created.table_id].state.history[-1]) == winner
        for service, store in zip(services, stores, strict=True):
            await service.stop()
            store.close()

    asyncio.run(scenario())


def test_a_client_of_another_service_is_sent_to_the_owner(postgres_url: str, tmp_path: Path) -> None:
    async def scenario() -> None:
        stores = [Store(postgres_url), Store(postgres_url)]
        stores[0].announce("http://127.0.0.1:8001")
        services = [TableService(store, sweep_seconds=3600) for store in stores]
        for service in services:
            await service.start()
        created = await services[0].create(SPEC)
        ben = RecordingClient()
        with pytest.raises(ElsewhereError) as refused:
            await services[1].connect(created.table_id, created.seats[1].token, ben)
        assert refused.value.params == {"url": "http://127.0.0.1:8001"}
        assert created.table_id not in services[1].tables, "the other service replayed nothing"
        await services[0].connect(created.table_id, created.seats[1].token, ben)
        assert await services[0].submit(created.table_id, created.seats[0].token, 0, "guess red") == Accepted(1)
        assert ben.last["version"] == 1
        assert [move["notation"] for move in ben.last["legal"]] == ["guess red", "guess black"]
        for service, store in zip(services, stores, strict=True):
            await service.stop()
            store.close()

    asyncio.run(scenario())


def test_two_services_never_give_one_seat_to_two_joiners(database_url: str) -> None:
    """Two processes that seat a joiner by room code at once: the database's row lock lets one
    take the free seat; the other refuses its joiner, and the winner's token works on both."""

    async def scenario() -> None:
        stores = [Store(database_url), Store(database_url)]
        services = [TableService(store, sweep_seconds=3600) for store in stores]
        for service in services:
            await service.start()
        created = await services[0].create(TableSpec("busfahrer", seats=(SeatSpec(), SeatSpec(bot="random"))))
        await services[1].table(created.table_id)  # both hold the table with its seat free
        results = await asyncio.gather(
            services[0].join(created.code, "Anna"), services[1].join(created.code, "Ben"), return_exceptions=True
        )
        tickets = [result for result in results if isinstance(result, SeatTicket)]
        refusals = [result for result in results if isinstance(result, GameError)]
        assert len(tickets) == 1 and len(refusals) == 1, results
        assert refusals[0].code == "table/no_free_seat"
        stored = stores[0].load_table(created.table_id)
        assert stored is not None and stored["seats"][0]["name"] == ("Anna" if results[0] is tickets[0] else "Ben")
        for service in services:
            await until(lambda service=service: service.tables[created.table_id].seats[0].claimed, seconds=5)
        await services[0].connect(created.table_id, tickets[0].token, RecordingClient())  # at the owner
        for service, store in zip(services, stores, strict=True):
            await service.stop()
            store.close()

    asyncio.run(scenario())


def test_tokens_re_issued_on_two_services_at_once_both_work(database_url: str) -> None:
    """The creator re-issues two seats' tokens through two processes at once: neither change is lost."""

    async def scenario() -> None:
        stores = [Store(database_url), Store(database_url)]
        services = [TableService(store, sweep_seconds=3600) for store in stores]
        for service in services:
            await service.start()
        created = await services[0].create(SPEC)
        await services[1].table(created.table_id)
        tickets = await asyncio.gather(
            services[0].reissue_token(created.table_id, created.creator_token, 0),
            services[1].reissue_token(created.table_id, created.creator_token, 1),
        )
        stored = stores[0].load_table(created.table_id)
        assert stored is not None
        assert [seat["token_hash"] for seat in stored["seats"]] == [hash_token(ticket.token) for ticket in tickets]
        for service, store in zip(services, stores, strict=True):  # the owner stops: the next to load it owns it
            await service.stop()
            store.close()
        stores.append(Store(database_url))
        services.append(TableService(stores[-1], sweep_seconds=3600))
        for ticket in tickets:
            connection = await services[-1].connect(created.table_id, ticket.token, RecordingClient())
            assert connection.seat == ticket.seat, "a service that loads the table takes both new tokens"
        await services[-1].stop()
        stores[-1].close()

    asyncio.run(scenario())


def test_one_service_runs_a_tables_bots_and_another_takes_over_when_it_stops(postgres_url: str) -> None:
    """Of two processes holding a table, only the one with the table's advisory lock (its owner)
    runs its bots (the other does not think in vain); when the owner stops, the other adopts the
    table, and its player comes back there."""

    async def scenario() -> None:
        stores = [Store(postgres_url), Store(postgres_url)]
        services = [TableService(store, sweep_seconds=0.2) for store in stores]
        for service in services:
            await service.start()
        spec = TableSpec("busfahrer", seats=(SeatSpec("Anna"), SeatSpec(bot="kartenzaehler")), seed=3, think_seconds=0)
        created = await services[0].create(spec)
        token = created.seats[0].token
        other = await services[1].table(created.table_id)
        assert services[0].tables[created.table_id].runs_bots and not other.runs_bots
        anna = RecordingClient()
        await services[0].connect(created.table_id, token, anna)
        for _ in range(3):
            await until(lambda: bool(anna.last["legal"]), seconds=10)
            result = await services[0].submit(
                created.table_id, token, anna.last["version"], anna.last["legal"][0]["notation"]
            )
            assert isinstance(result, Accepted)
        stored = stores[0].load_table(created.table_id)
        assert stored is not None and any(entry["by"] == "bot" for entry in stored["actions"])
        assert not other.runs_bots, "so the bots' moves came from the owner"
        await services[0].stop()
        stores[0].close()
        adopted_ids: list[str] = []
        for _ in range(50):  # PostgreSQL ends the closed session's locks a moment after the close
            adopted_ids = await services[1].adopt()
            if adopted_ids:
                break
            await asyncio.sleep(0.1)
        assert adopted_ids == [created.table_id]
        adopted = services[1].tables[created.table_id]
        assert adopted.runs_bots
        anna = RecordingClient()  # her connection went with the owner: she comes back to the other process
        await services[1].connect(created.table_id, token, anna)
        await until(lambda: bool(anna.last["legal"]) or anna.last["view"]["is_over"], seconds=10)
        version = anna.last["version"]
        if not anna.last["view"]["is_over"]:
            assert await services[1].submit(
                created.table_id, token, version, anna.last["legal"][0]["notation"]
            ) == Accepted(version + 1)
            await until(lambda: anna.last["version"] > version + 1 or anna.last["view"]["is_over"], seconds=10)
        await services[1].stop()
        stores[1].close()

    asyncio.run(scenario())
