"""One table of a load test: a scripted human seat and a spectator, over real WebSockets.

The human waits for its turn, "thinks" for a while, submits a random legal action and notes
the time; the latency of that action is the time until *every* client of the table (the human
and the spectator, possibly on different server processes) has received the table's new version.
The bots think on the server.  The spectator counts every accepted action.  A table counts as
stalled when its spectator has seen no new version for :data:`STALL_SECONDS`; a long stretch of
bot moves without the human's turn (Bus under load) is not a stall.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from .report import Tally
from .scenarios import Scenario

STALL_SECONDS = 30.0
"""A table counts as stalled when it has had no new version for this long (a lost move)."""
HUMAN, SPECTATOR = "human", "spectator"


@dataclass
class Pace:
    """How fast the table is played: the human's mean think time; the bots' delay is set on the server."""

    human_think: float
    bot_think: float


@dataclass
class TableRun:
    """The live state of one table while it is played."""

    scenario: Scenario
    tally: Tally
    pace: Pace
    rng: random.Random
    deadline: float
    human_state: dict[str, Any] | None = None
    pending: dict[int, tuple[float, set[str]]] = field(default_factory=dict)
    spectator_version: int = 0
    progressed: float = field(default_factory=time.perf_counter)
    last_submitted: int = -1
    turn: asyncio.Event = field(default_factory=asyncio.Event)
    over: asyncio.Event = field(default_factory=asyncio.Event)
    results: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)

    def arrived(self, who: str, message: dict[str, Any], now: float) -> None:
        """Book a message of the table reaching client ``who``."""
        if message.get("type") == "result":
            self.results.put_nowait(message)
            return
        if message.get("type") == "error":
            self.tally.errors[f"error:{message['error']['code']}"] += 1
            return
        if message.get("type") != "table":
            return
        version = message["version"]
        for target in [target for target in self.pending if target <= version]:
            started, waiting = self.pending[target]
            waiting.discard(who)
            if not waiting:
                self.tally.latencies.append(now - started)
                del self.pending[target]
        if who == SPECTATOR:
            if version > self.spectator_version:
                self.tally.actions += version - self.spectator_version
                self.spectator_version, self.progressed = version, now
        else:
            self.human_state = message
            if message["legal"]:
                self.turn.set()
        if message["view"]["is_over"] or message["table"]["status"] != "open":
            self.over.set()

    async def listen(self, who: str, socket: ClientConnection) -> None:
        """Receive ``who``'s messages until the socket closes."""
        with contextlib.suppress(WebSocketException):
            async for raw in socket:
                self.arrived(who, orjson.loads(raw), time.perf_counter())

    async def play_human(self, socket: ClientConnection) -> None:
        """Take the human's turns until the game is over or the test's time is up."""
        loop = asyncio.get_running_loop()
        while not self.over.is_set() and loop.time() < self.deadline:
            waiting = asyncio.create_task(self.turn.wait())
            ending = asyncio.create_task(self.over.wait())
            timeout = min(STALL_SECONDS, self.deadline - loop.time())
            done, _ = await asyncio.wait(
                {waiting, ending}, timeout=max(timeout, 0), return_when=asyncio.FIRST_COMPLETED
            )
            waiting.cancel(), ending.cancel()
            if not done:
                if loop.time() >= self.deadline:
                    return
                if time.perf_counter() - self.progressed < STALL_SECONDS:
                    continue  # the bots are still moving (a long stretch without the human's turn)
                self.tally.errors["stalled"] += 1
                return
            if self.over.is_set():
                return
            self.turn.clear()
            state = self.human_state
            if state is None or not state["legal"] or state["version"] <= self.last_submitted:
                continue
            await asyncio.sleep(self.pace.human_think * self.rng.uniform(0.5, 1.5))
            if loop.time() >= self.deadline:
                return
            await self.submit(socket, state)

    async def submit(self, socket: ClientConnection, state: dict[str, Any]) -> None:
        """Submit a random legal action and wait for its result."""
        version = state["version"]
        action = self.rng.choice(state["legal"])["notation"]
        self.last_submitted = version
        self.pending[version + 1] = (time.perf_counter(), {HUMAN, SPECTATOR})
        await socket.send(orjson.dumps({"type": "action", "version": version, "action": action}).decode("utf-8"))
        result = await asyncio.wait_for(self.results.get(), STALL_SECONDS)
        if result["ok"]:
            self.tally.submits += 1
        else:
            self.pending.pop(version + 1, None)
            self.tally.errors[f"refused:{result['error']['code']}"] += 1


async def play_table(
    http: httpx.AsyncClient,
    origins: tuple[str, str],
    scenario: Scenario,
    seed: int,
    pace: Pace,
    tally: Tally,
    deadline: float,
) -> None:
    """Create a table on ``origins[0]`` (the spectator watches there) and play its human seat
    through ``origins[1]`` until the game ends or the deadline passes."""
    home, away = origins
    response = await http.post(f"{home}/api/tables", json=scenario.body(seed, pace.bot_think))
    if response.status_code != 201:
        tally.errors[f"http:{response.status_code}"] += 1
        return
    created = response.json()
    tally.tables_started += 1
    run = TableRun(scenario, tally, pace, random.Random(seed), deadline)
    token = created["seats"][0]["token"]
    human_url = f"{ws_origin(away)}/ws?table={created['table_id']}&token={token}&lang=de"
    spectator_url = f"{ws_origin(home)}/ws?room={created['code']}&lang=en"
    async with connect(human_url, max_size=2**24) as human, connect(spectator_url, max_size=2**24) as spectator:
        listeners = [
            asyncio.create_task(run.listen(HUMAN, human)),
            asyncio.create_task(run.listen(SPECTATOR, spectator)),
        ]
        try:
            await run.play_human(human)
            if run.over.is_set():
                tally.tables_finished += 1
        finally:
            for listener in listeners:
                listener.cancel()


def ws_origin(origin: str) -> str:
    """``http://host:port`` as ``ws://host:port``."""
    return "ws" + origin.removeprefix("http")
