"""Serving-process CPU per table set-up (not a test: a measurement).

``python tests/server/bench_table_setup.py URL PID [TABLES]`` opens TABLES tables (default 300)
on the running server at URL whose serving process is PID, ten at a time, the way the load test
does: Busfahrer, Bus and Busfaktor in turn, a named human with bots (half of the humans named
at ``POST /api/tables``, half joining by the room code with their name), then the human's
WebSocket (seat token) and a spectator's (room code), each up to its first message, then both
closed.  The bots think for 5 s, so the tables are set up, not played.  Prints the serving
process's CPU (every thread) per table.

Figures: docs/deploy.md, "Fourth pass: table set-up".
"""

from __future__ import annotations

import asyncio
import sys
import time

import httpx
import psutil
import websockets

GAMES = (("busfahrer", ("kartenzaehler",) * 3), ("bus", ("planer",) * 2), ("busfaktor", ("heuristik",) * 2))
BATCH = 10


async def set_up(http: httpx.AsyncClient, url: str, number: int) -> None:
    """One table: created, its human seated and connected, a spectator connected; then left."""
    game, bots = GAMES[number % len(GAMES)]
    joins = number % 2 == 0
    human = {} if joins else {"name": f"Anna {number}"}
    body = {"game": game, "seats": [human, *({"bot": bot} for bot in bots)], "seed": number, "think_seconds": 5}
    created = (await http.post(f"{url}/api/tables", json=body)).raise_for_status().json()
    token = created["seats"][0]["token"]
    if joins:
        joined = await http.post(f"{url}/api/rooms/{created['code']}/join", json={"name": f"Ben {number}"})
        token = joined.raise_for_status().json()["token"]
    socket_url = url.replace("http", "ws", 1)
    seat = f"{socket_url}/ws?table={created['table_id']}&token={token}&lang=de&delta=1&batch=1"
    spectator = f"{socket_url}/ws?room={created['code']}&lang=en&delta=1&batch=1"
    async with websockets.connect(seat) as playing, websockets.connect(spectator) as watching:
        await playing.recv()
        await watching.recv()


async def measure(url: str, pid: int, tables: int) -> float:
    """The serving process's CPU seconds per table set-up."""
    process = psutil.Process(pid)
    async with httpx.AsyncClient() as http:
        for number in range(BATCH):  # warm: the first tables of each game build it
            await set_up(http, url, 10_000 + number)
        before = sum(process.cpu_times()[:2])
        for start in range(0, tables, BATCH):
            await asyncio.gather(*(set_up(http, url, start + number) for number in range(BATCH)))
        return (sum(process.cpu_times()[:2]) - before) / tables


def main() -> None:
    url, pid = sys.argv[1].rstrip("/"), int(sys.argv[2])
    tables = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    started = time.perf_counter()
    seconds = asyncio.run(measure(url, pid, tables))
    print(
        f"{tables} tables: {seconds * 1000:.2f} ms of serving-process CPU per table set-up "
        f"({time.perf_counter() - started:.1f} s)"
    )


if __name__ == "__main__":
    main()
