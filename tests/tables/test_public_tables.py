"""The public lobby and quick match on a real store: listing, one-click joins (raced, in one process
and in two), quick matches that fill with people or, after the wait, with bots."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from table_clients import until

from busbahnhof.engine import GameError
from busbahnhof.store import LobbyStore, Store
from busbahnhof.tables import NoFreeSeatError, SeatSpec, TableService, TableSpec
from busbahnhof.tables.lobby import Lobby, NotPublicError
from busbahnhof.tables.quickmatch import quick_bot, quick_match


class Clock:
    """A wall clock the test moves on."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def with_lobby(url: str, scenario: Any, clock: Clock | None = None, **options: Any) -> Any:
    """Run ``scenario(service, lobby)`` on a fresh service and lobby over the database ``url``."""
    store = Store(url)
    service = TableService(store, **options)
    await service.start()
    lobby = Lobby(service, LobbyStore(store.engine), store, **({"wall_clock": clock} if clock else {}))
    await lobby.start()
    try:
        return await scenario(service, lobby)
    finally:
        await lobby.stop()
        await service.stop()
        store.close()


def public_spec(humans: int = 3, bots: int = 0) -> TableSpec:
    return TableSpec(
        "busfahrer", seats=(SeatSpec("Ada"),) + (SeatSpec(),) * (humans - 1) + (SeatSpec(bot="random"),) * bots
    )


def test_a_public_table_seats_its_host_and_lists_its_free_seats(database_url: str) -> None:
    async def scenario(service: TableService, lobby: Lobby) -> None:
        created = await lobby.open_table(public_spec(humans=3, bots=1), "Ada", "de")
        [listed] = lobby.listing()
        assert listed["table_id"] == created.table_id
        assert listed["host"] == "Ada" and listed["free"] == 2 and not listed["quick"]
        assert [seat["free"] for seat in listed["seats"]] == [False, True, True, False]
        assert "token" not in str(listed) and "hash" not in str(listed)
        table = await service.table(created.table_id)
        assert table.spec.public and table.seats[0].claimed
        assert table.seat_of(created.seats[0].token) == 0  # the host's ticket is the seat's new token

        ticket = await lobby.join(created.table_id, "Bea")
        assert ticket.seat == 1
        await lobby.refresh()
        assert lobby.listing()[0]["free"] == 1
        await lobby.join(created.table_id, None)
        await lobby.refresh()
        assert lobby.listing() == []  # full: out of the lobby for good
        with pytest.raises(NotPublicError):
            await lobby.join(created.table_id, "Cy")

    asyncio.run(with_lobby(database_url, scenario))


def test_a_private_table_is_not_listed(database_url: str) -> None:
    async def scenario(service: TableService, lobby: Lobby) -> None:
        created = await service.create(public_spec())
        await lobby.refresh()
        assert lobby.listing() == []
        with pytest.raises(NotPublicError):
            await lobby.join(created.table_id, "Bea")

    asyncio.run(with_lobby(database_url, scenario))


def test_strangers_racing_for_the_last_seats_each_get_one_or_a_refusal(database_url: str) -> None:
    async def scenario(service: TableService, lobby: Lobby) -> None:
        created = await lobby.open_table(public_spec(humans=3), "Ada", "de")
        results = await asyncio.gather(
            *(lobby.join(created.table_id, f"P{n}") for n in range(12)), return_exceptions=True
        )
        tickets = [result for result in results if not isinstance(result, BaseException)]
        refusals = [result for result in results if isinstance(result, BaseException)]
        assert sorted(ticket.seat for ticket in tickets) == [1, 2]
        assert all(isinstance(refusal, NoFreeSeatError | NotPublicError) for refusal in refusals)
        table = await service.table(created.table_id)
        assert {table.seat_of(ticket.token) for ticket in tickets} == {1, 2}

    asyncio.run(with_lobby(database_url, scenario))


def test_two_processes_racing_for_one_seat_seat_one_stranger(database_url: str) -> None:
    """Two services and lobbies on one database (as two server processes) join the same last seat."""

    async def main() -> None:
        stores = [Store(database_url), Store(database_url)]
        services = [TableService(store) for store in stores]
        lobbies = [
            Lobby(service, LobbyStore(store.engine), store) for service, store in zip(services, stores, strict=True)
        ]
        for service in services:
            await service.start()
        try:
            created = await lobbies[0].open_table(public_spec(humans=2), "Ada", "de")
            results = await asyncio.gather(
                *(lobbies[n % 2].join(created.table_id, f"P{n}") for n in range(6)), return_exceptions=True
            )
            tickets = [result for result in results if not isinstance(result, BaseException)]
            assert [ticket.seat for ticket in tickets] == [1]
            stored = stores[0].load_table(created.table_id)
            assert stored is not None and [seat["claimed"] for seat in stored["seats"]] == [True, True]
        finally:
            for service in services:
                await service.stop()
            for store in stores:
                store.close()

    asyncio.run(main())


def test_quick_match_joins_a_waiting_table_of_its_kind_or_opens_one(database_url: str) -> None:
    async def scenario(service: TableService, lobby: Lobby) -> None:
        first = await quick_match(lobby, "busfahrer", 3, 60, "Ada", "de")
        second = await quick_match(lobby, "busfahrer", 3, 15, "Bea", "de")
        other_kind = await quick_match(lobby, "busfahrer", 4, 60, "Cy", "de")
        assert first.opened and not second.opened and other_kind.opened
        assert second.table_id == first.table_id and second.ticket.seat == 1
        assert other_kind.table_id != first.table_id
        third = await quick_match(lobby, "busfahrer", 3, 60, "Dan", "de")
        assert third.table_id == first.table_id and third.ticket.seat == 2
        table = await service.table(first.table_id)
        assert [seat.name for seat in table.seats] == ["Ada", "Bea", "Dan"]
        assert all(seat.bot is None for seat in table.seats)
        await lobby.refresh()
        assert [listed["table_id"] for listed in lobby.listing()] == [other_kind.table_id]

    asyncio.run(with_lobby(database_url, scenario))


def test_after_the_wait_bots_take_the_empty_seats_and_play(database_url: str) -> None:
    clock = Clock()

    async def scenario(service: TableService, lobby: Lobby) -> None:
        seat = await quick_match(lobby, "busfahrer", 3, 15, "Ada", "de")
        clock.now += 14
        await lobby.refresh()
        table = await service.table(seat.table_id)
        assert [entry.bot for entry in table.seats] == [None, None, None]
        clock.now += 2
        await lobby.refresh()
        assert [entry.bot for entry in table.seats] == [None, quick_bot("busfahrer"), quick_bot("busfahrer")]
        assert [entry.name for entry in table.seats] == ["Ada", "Bot 2 (mittel)", "Bot 3 (mittel)"]
        assert lobby.listing() == []
        stored = service.store.load_table(seat.table_id)
        assert stored is not None and [entry["bot"] for entry in stored["seats"]][1:] == ["mittel", "mittel"]
        # The game goes on: Ada answers when it is her turn, and the bots play theirs.
        for _ in range(3):
            await until(lambda: table.state.to_move == 0, 20)
            await service.submit(seat.table_id, seat.ticket.token, table.version, str(table.state.legal_actions()[0]))
        stored = service.store.load_table(seat.table_id)
        assert stored is not None and {action["by"] for action in stored["actions"]} == {"human", "bot"}

    asyncio.run(with_lobby(database_url, scenario, clock))


@pytest.mark.parametrize(
    ("game", "players", "wait", "key"),
    [
        ("busfahrer", 3, 20, "lobby.error.wait"),
        ("bus", 2, 60, "lobby.error.players"),
        ("busfahrer", 9, 60, "lobby.error.players"),
    ],
)
def test_quick_match_refuses_kinds_and_waits_not_on_offer(
    database_url: str, game: str, players: int, wait: int, key: str
) -> None:
    async def scenario(service: TableService, lobby: Lobby) -> None:
        with pytest.raises(GameError) as refused:
            await quick_match(lobby, game, players, wait, "Ada", "de")
        assert refused.value.key == key

    asyncio.run(with_lobby(database_url, scenario))


def test_subscribers_wake_when_the_listing_changes(database_url: str) -> None:
    async def scenario(service: TableService, lobby: Lobby) -> None:
        stamp = lobby.stamp
        assert await lobby.changed(stamp, 0.05) == stamp  # nothing changed: the wait times out
        waiting = asyncio.create_task(lobby.changed(stamp, 10))
        await lobby.open_table(public_spec(), "Ada", "de")
        assert await waiting > stamp  # nudged: read again at once, not after the next second

    asyncio.run(with_lobby(database_url, scenario))


def test_another_process_sees_a_public_table_open_and_fill(database_url: str) -> None:
    """Two services and lobbies on one database (as two server processes): what one opens and fills
    reaches the other's listing within a second or two (PostgreSQL: NOTIFY; SQLite: the refresh)."""

    async def main() -> None:
        stores = [Store(database_url), Store(database_url)]
        services = [TableService(store) for store in stores]
        lobbies = [
            Lobby(service, LobbyStore(store.engine), store) for service, store in zip(services, stores, strict=True)
        ]
        for service, lobby in zip(services, lobbies, strict=True):
            await service.start()
            await lobby.start()
        try:
            watcher = lobbies[1]
            stamp = watcher.stamp
            created = await lobbies[0].open_table(public_spec(humans=2), "Ada", "de")
            stamp = await watcher.changed(stamp, 5)
            assert [listed["table_id"] for listed in watcher.listing()] == [created.table_id]
            await lobbies[0].join(created.table_id, "Bea")
            await watcher.changed(stamp, 5)
            assert watcher.listing() == []
        finally:
            for lobby in lobbies:
                await lobby.stop()
            for service in services:
                await service.stop()
            for store in stores:
                store.close()

    asyncio.run(main())
