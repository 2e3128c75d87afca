"""Chat messages written together (tables/commits.py GroupCommit on LobbyStore.add_chats): the
messages of several tables said while a write is in flight go in the next transaction together,
their ids ascend in the order they were said, each is stored before any client hears it, and a
message that breaks its batch is refused alone.  On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from table_clients import RecordingClient

from busbahnhof.store import LobbyStore, Store
from busbahnhof.tables import SeatSpec, TableService, TableSpec
from busbahnhof.tables.chat import Chat
from busbahnhof.tables.commits import GroupCommit, in_store

TABLES = 5


class FirstWriteWaits:
    """LobbyStore.add_chats that records each batch's texts and holds the first write until released."""

    def __init__(self, store: LobbyStore) -> None:
        self.store = store
        self.batches: list[list[str]] = []
        self.release = threading.Event()

    def add_chats(self, messages: list[dict[str, Any]]) -> list[int]:
        self.batches.append([message["text"] for message in messages])
        if len(self.batches) == 1:
            assert self.release.wait(5)
        return self.store.add_chats(messages)

    def chat(self, table_id: str, after: int = 0, limit: int = 200) -> list[dict[str, Any]]:
        return self.store.chat(table_id, after, limit)


def test_messages_said_during_a_write_are_stored_together_in_order(database_url: str) -> None:
    async def main() -> None:
        store = Store(database_url)
        service = TableService(store)
        await service.start()
        writes = FirstWriteWaits(LobbyStore(store.engine))
        chat = Chat(service, writes)
        try:
            connections, clients = [], []
            for number in range(TABLES):
                created = await service.create(TableSpec("busfahrer", seats=(SeatSpec(f"P{number}"), SeatSpec("Bea"))))
                client = RecordingClient()
                connections.append(await service.connect(created.table_id, created.seats[0].token, client))
                clients.append(client)
            first = asyncio.ensure_future(chat.say(connections[0], "m0"))
            await asyncio.sleep(0.05)
            rest = [asyncio.ensure_future(chat.say(connections[n], f"m{n}")) for n in range(1, TABLES)]
            await asyncio.sleep(0.05)
            assert not any(message["type"] == "chat" for client in clients for message in client.messages), (
                "nothing is sent before it is stored"
            )
            writes.release.set()
            said = await asyncio.gather(first, *rest)
            assert writes.batches == [["m0"], [f"m{n}" for n in range(1, TABLES)]], "one write for all that waited"
            ids = [message["id"] for message in said]
            assert ids == sorted(ids) and len(set(ids)) == TABLES, "ids ascend in the order said"
            for connection, client, message in zip(connections, clients, said, strict=True):
                assert client.last == {"type": "chat", "messages": [message]}
                assert await chat.history(connection.table_id) == [
                    {key: value for key, value in message.items() if key != "table_id"}
                ]
        finally:
            await chat.close()
            await service.stop()
            store.close()

    asyncio.run(main())


def open_tables(store: Store, count: int) -> list[str]:
    """The ids of ``count`` new tables in ``store``."""

    async def main() -> list[str]:
        service = TableService(store)
        await service.start()
        spec = TableSpec("busfahrer", seats=(SeatSpec("Ada"), SeatSpec("Bea")))
        created = [await service.create(spec) for _ in range(count)]
        await service.stop()
        return [table.table_id for table in created]

    return asyncio.run(main())


def test_a_message_that_breaks_its_batch_is_refused_alone(database_url: str) -> None:
    store = Store(database_url)
    messages = LobbyStore(store.engine)
    calls: list[int] = []

    def add_chats(batch: list[dict[str, Any]]) -> list[int]:
        calls.append(len(batch))
        return messages.add_chats(batch)

    first_table, last_table = open_tables(store, 2)
    table_ids = [first_table, "gone", last_table]  # no table "gone": the foreign key refuses it

    async def main() -> list[Any]:
        pool = ThreadPoolExecutor(1)
        loop = asyncio.get_running_loop()
        commits: GroupCommit[dict[str, Any], int] = GroupCommit(
            in_store(add_chats, lambda call, *args: loop.run_in_executor(pool, call, *args))
        )
        said = [
            {"table_id": table_id, "seat": 0, "name": "Ada", "text": f"m{n}", "version": 0, "at": 1.0}
            for n, table_id in enumerate(table_ids)
        ]
        answers = await asyncio.gather(*(commits.append(message) for message in said), return_exceptions=True)
        await commits.close()
        pool.shutdown()
        return answers

    first, broken, last = asyncio.run(main())
    assert isinstance(first, int) and isinstance(last, int) and first < last
    assert isinstance(broken, Exception) and "FOREIGN KEY" in str(broken).upper()
    assert calls == [3, 1, 1, 1], "the batch failed as a whole, then each message alone"
    assert [message["text"] for message in messages.chat(table_ids[0])] == ["m0"]
    assert [message["text"] for message in messages.chat(table_ids[2])] == ["m2"]
    store.close()


def test_a_batch_of_many_tables_gets_ascending_ids_in_one_transaction(database_url: str) -> None:
    store = Store(database_url)
    messages = LobbyStore(store.engine)
    table_ids = open_tables(store, 3)
    batch = [
        {"table_id": table_ids[n % 3], "seat": 0, "name": "Ada", "text": f"m{n}", "version": 0, "at": float(n)}
        for n in range(40)
    ]
    ids = messages.add_chats(batch)
    assert ids == sorted(ids) and len(set(ids)) == 40
    for number, table_id in enumerate(table_ids):
        stored = messages.chat(table_id)
        assert [(message["id"], message["text"]) for message in stored] == [
            (ids[n], f"m{n}") for n in range(number, 40, 3)
        ]
    store.close()
