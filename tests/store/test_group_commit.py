"""Group commit (tables/commits.py on the store's append_actions): actions of several tables that
arrive during a commit go in the next transaction together; a version another process took
refuses only its own action; a failed batch fails only the action that caused it; and a process
killed mid-batch has acknowledged nothing the database does not hold.  On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from test_store import table_row

from busbahnhof.store import Store
from busbahnhof.tables.commits import ActionCommits, in_store
from busbahnhof.tables.ports import ActionRow

TABLES = 6


def open_tables(url: str, count: int = TABLES) -> Store:
    store = Store(url)
    for number in range(count):
        assert store.create_table(table_row(table_id=f"t{number}", code=f"CODE{number}"))
    return store


def stored_actions(store: Store, table_id: str) -> list[tuple[int, str]]:
    loaded = store.load_table(table_id)
    assert loaded is not None
    return [(entry["version"], entry["action"]) for entry in loaded["actions"]]


async def append_all(commits: ActionCommits, rows: list[ActionRow]) -> list[Any]:
    return await asyncio.gather(*(commits.append(row) for row in rows), return_exceptions=True)


def run_commits(write: Any, rows: list[ActionRow]) -> list[Any]:
    """Appends ``rows`` at once through an ActionCommits whose writes run in one store thread."""

    async def main() -> list[Any]:
        pool = ThreadPoolExecutor(1)
        loop = asyncio.get_running_loop()
        commits = ActionCommits(in_store(write, lambda call, *args: loop.run_in_executor(pool, call, *args)))
        try:
            return await append_all(commits, rows)
        finally:
            await commits.close()
            pool.shutdown()

    return asyncio.run(main())


def test_actions_arriving_during_a_commit_are_committed_together(database_url: str) -> None:
    store = open_tables(database_url)
    batches: list[list[str]] = []
    others_waiting = threading.Event()

    def write(rows: list[ActionRow]) -> list[bool]:
        batches.append([row[0] for row in rows])
        if len(batches) == 1:  # the first commit is slow: the others arrive meanwhile
            assert others_waiting.wait(5)
        return store.append_actions(rows)

    async def main() -> list[Any]:
        pool = ThreadPoolExecutor(1)
        loop = asyncio.get_running_loop()
        commits = ActionCommits(in_store(write, lambda call, *args: loop.run_in_executor(pool, call, *args)))
        first = asyncio.ensure_future(commits.append(("t0", 1, "guess red", 0, "human", 2.0)))
        await asyncio.sleep(0.05)
        rest = [
            asyncio.ensure_future(commits.append((f"t{n}", 1, "guess red", 0, "bot", 2.0))) for n in range(1, TABLES)
        ]
        await asyncio.sleep(0.05)
        others_waiting.set()
        answers = await asyncio.gather(first, *rest)
        await commits.close()
        pool.shutdown()
        return answers

    assert asyncio.run(main()) == [True] * TABLES
    assert batches == [["t0"], [f"t{n}" for n in range(1, TABLES)]], "one commit for everything that waited"
    for number in range(TABLES):
        assert stored_actions(store, f"t{number}") == [(1, "guess red")]
    assert {row["version"] for row in store.list_tables()} == {1}, "each table's version bumped"
    store.close()


def test_a_version_another_process_took_refuses_only_that_action(database_url: str) -> None:
    store, other = open_tables(database_url), Store(database_url)
    assert other.append_actions([("t2", 1, "guess black", 1, "human", 2.0)]) == [True]
    rows: list[ActionRow] = [(f"t{n}", 1, "guess red", 0, "human", 3.0) for n in range(TABLES)]
    answers = run_commits(store.append_actions, rows)
    assert answers == [number != 2 for number in range(TABLES)]
    assert stored_actions(store, "t2") == [(1, "guess black")], "the other process's action stays"
    assert stored_actions(store, "t3") == [(1, "guess red")]
    versions = {row["id"]: row["version"] for row in store.list_tables()}
    assert versions == {f"t{n}": 1 for n in range(TABLES)}
    store.close()
    other.close()


def test_a_failed_batch_fails_only_the_action_that_broke_it(database_url: str) -> None:
    store = open_tables(database_url, 3)
    calls: list[int] = []

    def write(rows: list[ActionRow]) -> list[bool]:
        calls.append(len(rows))
        return store.append_actions(rows)

    rows: list[ActionRow] = [
        ("t0", 1, "guess red", 0, "human", 2.0),
        ("gone", 1, "guess red", 0, "human", 2.0),  # no such table: the foreign key refuses it
        ("t2", 1, "guess red", 0, "human", 2.0),
    ]
    first, broken, last = run_commits(write, rows)
    assert (first, last) == (True, True)
    assert isinstance(broken, Exception) and "FOREIGN KEY" in str(broken).upper()
    assert calls == [3, 1, 1, 1], "the batch failed as a whole, then each action alone"
    assert stored_actions(store, "t0") == stored_actions(store, "t2") == [(1, "guess red")]
    assert store.append_actions([("t1", 1, "guess red", 0, "human", 2.0)]) == [True], "the store goes on"
    store.close()


CRASHING_WRITER = """
import asyncio, sys
from concurrent.futures import ThreadPoolExecutor
from busbahnhof.store import Store
from busbahnhof.tables.commits import ActionCommits, in_store

store = Store(sys.argv[1])
tables = int(sys.argv[2])

async def play(commits, number):
    version = 0
    while True:
        version += 1
        if await commits.append((f"t{number}", version, f"move {version}", 0, "bot", 1.0)):
            print(f"t{number} {version}", flush=True)  # acknowledged: only now may a player hear of it
        await asyncio.sleep(0)  # the others' turn (a commit on the loop does not yield)

async def main():
    pool = ThreadPoolExecutor(1)
    loop = asyncio.get_running_loop()
    run = lambda call, *args: loop.run_in_executor(pool, call, *args)
    appender = store.loop_appender()  # as the table service does: PostgreSQL's on the loop, SQLite's at once
    commit = appender.append_actions if appender else in_store(store.append_actions, run)
    commits = ActionCommits(commit, store.try_append_actions)
    await asyncio.gather(*(play(commits, number) for number in range(tables)))

asyncio.run(main())
"""


def test_a_process_killed_mid_batch_acknowledged_only_what_is_stored(database_url: str, tmp_path: Path) -> None:
    open_tables(database_url, 20).close()
    child = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(CRASHING_WRITER), database_url, "20"],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    acknowledged: dict[str, int] = {}
    started = time.monotonic()
    while len(acknowledged) < 20 or min(acknowledged.values()) < 5:  # every table under way
        line = child.stdout.readline()
        assert line and time.monotonic() - started < 60, "the writer stopped"
        table_id, version = line.split()
        acknowledged[table_id] = int(version)
    os.kill(child.pid, signal.SIGKILL)  # mid-batch, most likely: it commits without pause
    for line in child.stdout:  # acknowledgements written before the kill, still in the pipe
        table_id, version = line.split()
        acknowledged[table_id] = int(version)
    child.wait()
    store = Store(database_url)
    for table_id, version in acknowledged.items():
        stored = stored_actions(store, table_id)
        assert [entry[0] for entry in stored] == list(range(1, len(stored) + 1)), "no gap, nothing twice"
        assert len(stored) >= version, f"{table_id}: move {version} was acknowledged but is not stored"
    store.close()


@pytest.mark.parametrize("count", [1, 3])
def test_the_store_reports_each_action_of_a_batch(sqlite_url: str, count: int) -> None:
    store = open_tables(sqlite_url, count)
    rows: list[ActionRow] = [(f"t{n}", 1, "guess red", 0, "human", 2.0) for n in range(count)]
    assert store.append_actions(rows) == [True] * count
    assert store.append_actions(rows) == [False] * count, "every version exists now: nothing stored twice"
    store.close()


def test_an_sqlite_file_commits_on_the_loop_postgres_never(database_url: str) -> None:
    store = open_tables(database_url, 2)
    answer = store.try_append_actions([("t0", 1, "guess red", 0, "human", 2.0)])
    if store.is_postgres:
        assert answer is None, "a round trip to the database never runs on the event loop"
        assert stored_actions(store, "t0") == []
    else:
        assert answer == [True]
        assert stored_actions(store, "t0") == [(1, "guess red")]
        assert store.try_append_actions([("t0", 1, "guess black", 0, "human", 2.0)]) == [False]
    store.close()


def test_a_held_write_lock_sends_the_action_to_the_store_thread_at_once(tmp_path: Path) -> None:
    """The loop never waits for SQLite's write lock: while another connection holds it, the action
    goes to the store's thread (which waits for the lock) and is committed when it is free."""
    path = tmp_path / "locked.db"
    store = open_tables(f"sqlite:///{path}", 2)
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")  # another writer (a job worker, a second connection)
    started = time.perf_counter()
    assert store.try_append_actions([("t0", 1, "guess red", 0, "human", 2.0)]) is None
    assert time.perf_counter() - started < 0.05, "no waiting for the lock on the loop"
    threading.Timer(0.3, holder.rollback).start()
    commits_on_loop: list[int] = []

    def at_once(rows: list[ActionRow]) -> list[bool] | None:
        answer = store.try_append_actions(rows)
        commits_on_loop.append(answer is not None)
        return answer

    async def main() -> list[Any]:
        pool = ThreadPoolExecutor(1)
        loop = asyncio.get_running_loop()
        commits = ActionCommits(
            in_store(store.append_actions, lambda call, *args: loop.run_in_executor(pool, call, *args)), at_once
        )
        answers = [await commits.append(("t0", 1, "guess red", 0, "human", 2.0))]  # waits in the thread
        answers.append(await commits.append(("t1", 1, "guess red", 0, "human", 2.0)))  # the lock is free again
        await commits.close()
        pool.shutdown()
        return answers

    assert asyncio.run(main()) == [True, True]
    assert commits_on_loop == [False, True]
    assert stored_actions(store, "t0") == stored_actions(store, "t1") == [(1, "guess red")]
    holder.close()
    store.close()
