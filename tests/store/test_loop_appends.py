"""Actions committed from the event loop on PostgreSQL (store/loop_appends.py): what the store
thread's ``append_actions`` promises, on an asynchronous connection."""

from __future__ import annotations

import asyncio
from typing import Any

import psycopg
import pytest

from busbahnhof.store import Store
from busbahnhof.tables.commits import ActionCommits
from busbahnhof.tables.ports import ActionRow
from store.test_group_commit import TABLES, open_tables, stored_actions


def test_sqlite_commits_through_its_own_path_not_an_appender(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    assert store.loop_appender() is None
    store.close()


def test_a_batch_is_stored_and_a_version_another_process_took_is_refused(postgres_url: str) -> None:
    store, other = open_tables(postgres_url), Store(postgres_url)
    assert other.append_actions([("t2", 1, "guess black", 1, "human", 2.0)]) == [True]
    rows: list[ActionRow] = [(f"t{n}", 1, "guess red", 0, "human", 3.0) for n in range(TABLES)]

    async def main() -> list[bool]:
        appender = store.loop_appender()
        assert appender is not None
        try:
            return await appender.append_actions(rows)
        finally:
            await appender.close()

    assert asyncio.run(main()) == [number != 2 for number in range(TABLES)]
    assert stored_actions(store, "t2") == [(1, "guess black")], "the other process's action stays"
    assert stored_actions(store, "t3") == [(1, "guess red")]
    assert {row["id"]: row["version"] for row in store.list_tables()} == {f"t{n}": 1 for n in range(TABLES)}
    store.close()
    other.close()


def test_a_failed_batch_stores_nothing_and_the_next_batch_goes_on(postgres_url: str) -> None:
    store = open_tables(postgres_url, 3)

    async def main() -> list[bool]:
        appender = store.loop_appender()
        assert appender is not None
        try:
            with pytest.raises(psycopg.errors.ForeignKeyViolation):  # no table "gone"
                await appender.append_actions([("t0", 1, "guess red", 0, "human", 2.0), ("gone", 1, "x", 0, "h", 2.0)])
            return await appender.append_actions([("t0", 1, "guess black", 0, "human", 3.0)])
        finally:
            await appender.close()

    assert asyncio.run(main()) == [True]
    assert stored_actions(store, "t0") == [(1, "guess black")], "nothing of the failed batch was stored"
    store.close()


def test_a_connection_the_database_ended_fails_one_batch_and_the_next_reconnects(postgres_url: str) -> None:
    store = open_tables(postgres_url, 2)

    async def main() -> tuple[Any, list[bool]]:
        appender = store.loop_appender()
        assert appender is not None
        try:
            assert await appender.append_actions([("t0", 1, "guess red", 0, "human", 2.0)]) == [True]
            with psycopg.connect(appender.conninfo, autocommit=True) as admin:  # e.g. a restart of the server
                admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            try:
                lost: Any = await appender.append_actions([("t1", 1, "guess red", 0, "human", 2.0)])
            except psycopg.OperationalError as error:
                lost = error
            return lost, await appender.append_actions([("t1", 1, "guess black", 0, "human", 3.0)])
        finally:
            await appender.close()

    lost, answer = asyncio.run(main())
    assert isinstance(lost, psycopg.OperationalError)
    assert answer == [True]
    assert stored_actions(store, "t1") == [(1, "guess black")]
    store.close()


def test_group_commit_on_the_appender_fails_only_the_action_that_broke_the_batch(postgres_url: str) -> None:
    store = open_tables(postgres_url, 3)
    calls: list[int] = []

    async def main() -> list[Any]:
        appender = store.loop_appender()
        assert appender is not None

        async def write(rows: list[ActionRow]) -> list[bool]:
            calls.append(len(rows))
            return await appender.append_actions(rows)

        commits = ActionCommits(write)
        first = asyncio.ensure_future(commits.append(("t0", 1, "guess red", 0, "human", 2.0)))
        await asyncio.sleep(0)  # the first batch is in flight: the next three wait together
        rest = [
            commits.append(row)
            for row in (
                ("t1", 1, "guess red", 0, "human", 2.0),
                ("gone", 1, "guess red", 0, "human", 2.0),  # the foreign key refuses it
                ("t2", 1, "guess red", 0, "human", 2.0),
            )
        ]
        answers = await asyncio.gather(first, *rest, return_exceptions=True)
        await commits.close()
        await appender.close()
        return answers

    first, second, broken, last = asyncio.run(main())
    assert (first, second, last) == (True, True, True)
    assert isinstance(broken, psycopg.errors.ForeignKeyViolation)
    assert calls == [1, 3, 1, 1, 1], "the second batch failed as a whole, then each action alone"
    assert stored_actions(store, "t1") == stored_actions(store, "t2") == [(1, "guess red")]
    store.close()
