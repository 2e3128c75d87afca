"""CPU per committed action on the table service's commit path (not a test: a measurement).

``python tests/store/bench_commit_path.py URL MODE [TABLES] [RATE] [SECONDS]`` plays TABLES
tables committing RATE actions per second in all (exponential pauses) for SECONDS and prints the
process's CPU (every thread) per committed action and the commit's latency.  MODE:

- ``none``: no commit (the script's own cost per action, to subtract),
- ``handoff``: one ``append_actions`` call per action in a store thread (the path before
  group commit: a hand-off to the thread and back per action),
- ``thread``: ``ActionCommits`` without the loop commit (group commit in the store thread),
- ``loop``: ``ActionCommits`` as the table service uses it (SQLite: on the loop when the write
  lock is free); also prints how long the commits on the loop took, and of that the time off the
  CPU while not waiting for one (the disk, a lock; from ``/proc/thread-self/schedstat``),
- ``appender``: ``ActionCommits`` on the store's loop appender (PostgreSQL: an asynchronous
  connection, no thread; as the table service uses it there).

Figures: docs/deploy.md, "Third pass: the store path".
"""

from __future__ import annotations

import asyncio
import random
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from busbahnhof.store import Store
from busbahnhof.tables.commits import ActionCommits, in_store
from busbahnhof.tables.ports import ActionRow


def table_record(table_id: str) -> dict[str, Any]:
    return {
        "id": table_id,
        "code": table_id[-8:],
        "game": "busfahrer",
        "options": {},
        "players": 3,
        "seed": 1,
        "deck_text": None,
        "spec": {},
        "seats": [],
        "creator_hash": "x",
        "status": "open",
        "outcome": None,
        "created_at": 1.0,
        "updated_at": 1.0,
        "ended_at": None,
    }


def scheduler_ns() -> tuple[int, int]:
    """This thread's CPU time and time spent waiting for a CPU, in nanoseconds."""
    with open("/proc/thread-self/schedstat") as stat:
        on_cpu, waiting, _ = stat.read().split()
    return int(on_cpu), int(waiting)


def percentile(values: list[float], share: float) -> float:
    return sorted(values)[min(len(values) - 1, int(len(values) * share))] * 1000


async def main(url: str, mode: str, tables: int, rate: float, seconds: float) -> None:
    store = Store(url)
    ids = [uuid.uuid4().hex for _ in range(tables)]
    for table_id in ids:
        store.create_table(table_record(table_id))
    pool = ThreadPoolExecutor(1)
    loop = asyncio.get_running_loop()

    def run(call: Callable[..., Any], *args: Any) -> Awaitable[Any]:
        return loop.run_in_executor(pool, call, *args)

    on_loop: list[float] = []
    off_cpu: list[float] = []

    def at_once(rows: list[ActionRow]) -> list[bool] | None:
        cpu, waited = scheduler_ns()
        started = time.perf_counter_ns()
        stored = store.try_append_actions(rows)
        took = time.perf_counter_ns() - started
        cpu_after, waited_after = scheduler_ns()
        on_loop.append(took / 1e9)
        off_cpu.append((took - (cpu_after - cpu) - (waited_after - waited)) / 1e9)
        return stored

    async def nothing(row: ActionRow) -> bool:
        return True

    async def nothing_stored(rows: list[ActionRow]) -> list[bool]:
        raise SystemExit("the appender mode needs PostgreSQL")

    appender = store.loop_appender()

    async def handoff(row: ActionRow) -> bool:
        stored: list[bool] = await run(store.append_actions, [row])
        return stored[0]

    commit: Callable[[ActionRow], Awaitable[bool]] = {
        "none": nothing,
        "handoff": handoff,
        "thread": ActionCommits(in_store(store.append_actions, run)).append,
        "loop": ActionCommits(in_store(store.append_actions, run), at_once).append,
        "appender": ActionCommits(appender.append_actions if appender else nothing_stored).append,
    }[mode]
    latencies: list[float] = []
    stop = time.monotonic() + seconds

    async def play(table_id: str) -> None:
        version = 0
        await asyncio.sleep(random.random() * tables / rate)
        while time.monotonic() < stop:
            version += 1
            started = time.perf_counter()
            if not await commit((table_id, version, "guess red", 0, "bot", 1.0)):
                raise RuntimeError(f"version {version} of {table_id} was taken")
            latencies.append(time.perf_counter() - started)
            await asyncio.sleep(random.expovariate(rate / tables))

    cpu = time.process_time()
    await asyncio.gather(*(play(table_id) for table_id in ids))
    cpu = time.process_time() - cpu
    print(
        f"{mode}: {len(latencies)} actions, {cpu * 1000 / len(latencies):.3f} ms CPU per action, latency "
        f"p50 {percentile(latencies, 0.5):.2f} p99 {percentile(latencies, 0.99):.2f} max {max(latencies) * 1000:.2f} ms"
    )
    if on_loop:
        print(
            f"  commits on the loop: {len(on_loop)}, p50 {percentile(on_loop, 0.5):.3f} p99 "
            f"{percentile(on_loop, 0.99):.3f} p99.9 {percentile(on_loop, 0.999):.3f} max {max(on_loop) * 1000:.2f} ms; "
            f"off the CPU not waiting for one: p99.9 {percentile(off_cpu, 0.999):.3f} max {max(off_cpu) * 1000:.2f} ms"
        )
    if appender is not None:
        await appender.close()
    pool.shutdown()
    store.close()


def run_from_command_line(
    main: Callable[[str, str, int, float, float], Awaitable[None]], tables: int, rate: float, seconds: float
) -> None:
    """Run a bench's ``main(URL, MODE, TABLES, RATE, SECONDS)`` with the command line's arguments
    (``tables``, ``rate`` and ``seconds`` where they are left out)."""
    arguments = sys.argv[1:]
    asyncio.run(
        main(
            arguments[0],
            arguments[1],
            int(arguments[2]) if len(arguments) > 2 else tables,
            float(arguments[3]) if len(arguments) > 3 else rate,
            float(arguments[4]) if len(arguments) > 4 else seconds,
        )
    )


if __name__ == "__main__":
    run_from_command_line(main, 300, 600.0, 8.0)
