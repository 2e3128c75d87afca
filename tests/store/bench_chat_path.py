"""CPU per stored chat message on the chat's store path (not a test: a measurement).

``python tests/store/bench_chat_path.py URL MODE [TABLES] [RATE] [SECONDS]``: TABLES tables'
players say RATE messages per second in all (exponential pauses) for SECONDS; prints the
process's CPU (every thread) per stored message, the latency until it is stored, and how many
messages a write took on average.  MODE:

- ``none``: nothing stored (the script's own cost per message, to subtract),
- ``handoff``: one ``LobbyStore.add_chats`` call per message in a thread (``asyncio.to_thread``:
  one transaction and one hand-off to a thread and back per message, the path before),
- ``together``: ``GroupCommit`` on ``add_chats`` as ``Chat`` uses it (the messages said while a
  write is in flight in one transaction).

Figures: docs/deploy.md, "Chat written together".
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bench_commit_path import percentile, run_from_command_line, table_record

from busbahnhof.store import LobbyStore, Store
from busbahnhof.tables.commits import GroupCommit, in_store


async def main(url: str, mode: str, tables: int, rate: float, seconds: float) -> None:
    store = Store(url)
    ids = [f"chat{number:06d}{random.getrandbits(32):08x}" for number in range(tables)]
    for table_id in ids:
        store.create_table(table_record(table_id))
    lobby = LobbyStore(store.engine)
    writes: list[int] = []

    def add_chats(messages: list[dict[str, Any]]) -> list[int]:
        writes.append(len(messages))
        return lobby.add_chats(messages)

    async def nothing(message: dict[str, Any]) -> int:
        return 1

    async def handoff(message: dict[str, Any]) -> int:
        stored: list[int] = await asyncio.to_thread(add_chats, [message])
        return stored[0]

    store_message: Callable[[dict[str, Any]], Awaitable[int]] = {
        "none": nothing,
        "handoff": handoff,
        "together": GroupCommit(in_store(add_chats, asyncio.to_thread)).append,
    }[mode]
    latencies: list[float] = []
    stop = time.monotonic() + seconds

    async def talk(table_id: str) -> None:
        await asyncio.sleep(random.random() * tables / rate)
        while time.monotonic() < stop:
            message = {"table_id": table_id, "seat": 0, "name": "Ada", "text": "Gut gespielt!", "version": 1, "at": 1.0}
            started = time.perf_counter()
            await store_message(message)
            latencies.append(time.perf_counter() - started)
            await asyncio.sleep(random.expovariate(rate / tables))

    cpu = time.process_time()
    await asyncio.gather(*(talk(table_id) for table_id in ids))
    cpu = time.process_time() - cpu
    per_write = f", {len(latencies) / len(writes):.2f} messages per write" if writes else ""
    print(
        f"{mode}: {len(latencies)} messages, {cpu * 1000 / len(latencies):.3f} ms CPU per message, latency "
        f"p50 {percentile(latencies, 0.5):.2f} p99 {percentile(latencies, 0.99):.2f} "
        f"max {max(latencies) * 1000:.2f} ms{per_write}"
    )
    store.close()


if __name__ == "__main__":
    run_from_command_line(main, 200, 32.0, 10.0)
