"""One table of a load test: a scripted human seat and a spectator, over real WebSockets.

The human waits for its turn, "thinks" for a while, submits a random legal action and notes
the time; the latency of that action is the time until *every* client of the table (the human
and the spectator, possibly on different server processes) has received the table's new version.
The bots think on the server.  The spectator counts every accepted action.  A table counts as
stalled when its spectator has seen no new version for :data:`STALL_SECONDS`; a long stretch of
bot moves without the human's turn (Bus under load) is not a stall.

The human connects where the answer that seated it says the table is served (``node``, with
several server processes), as the web client does; the spectator, who has only the room code,
through a server picked at random (as a proxy would pick one), so with k servers k-1 of k
spectators reach a process that does not own the table first.  Each client stays connected by
itself: a server that does not own the table sends it to the
owner (``table/elsewhere``, close 4307: followed, counted as a redirect), and a lost connection
(a server stopped or killed) is reconnected through the servers in turn (counted as a
reconnect), as a browser behind a proxy would; the new connection's first message is the full
state.  A submit whose connection was lost before its result is not known to have counted: the
human looks at the table again and decides anew (the version check keeps a move from counting
twice).

The human has a display name (:mod:`.names`): it creates its table with the name in the seat
field, or joins a table created without it by the room code, and connects with ``name=`` as the
web client does; every table summary and chat message a client receives must show that name.
Every ``chat_every`` seconds on average the human says something in the chat (:mod:`.chatter`),
and the time until every client of the table has it is the chat latency.

Like the web client, each connection asks for deltas (``delta=1``, docs/web/wire.md): after the
first whole message it gets only what changed, and applies it to the message it holds
(:func:`busbahnhof.tables.delta.apply`); a delta that does not fit asks for the whole message
again (``resync``).  It also takes batch frames (``batch=1``, docs/protocol.md): the human's
``result`` comes in one frame with the table message its action caused.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from ..tables.delta import apply
from .accounts import Account, seated
from .chatter import ChatLedger
from .names import name_problem, player_for
from .report import Tally
from .scenarios import Scenario

STALL_SECONDS = 30.0
"""A table counts as stalled when it has had no new version for this long (a lost move)."""
HUMAN, SPECTATOR = "human", "spectator"
CLOSE_ELSEWHERE = 4307
"""The server's close code for "another process owns this table" (its address came just before)."""
RECONNECT_SECONDS = 0.3
"""The wait before a lost connection is tried again (through the next server)."""
DE, EN = {"lang": "de", "delta": "1", "batch": "1"}, {"lang": "en", "delta": "1", "batch": "1"}
"""The human's and the spectator's languages; both take deltas and batch frames, as the web client does."""
CHAT_SETTLE_SECONDS = 5.0
"""How long a table that ends waits for its chat messages still on their way."""
LOST: dict[str, Any] = {"type": "result", "lost": True}
"""What a submit waiting for its result learns when the connection went away first."""


@dataclass
class Pace:
    """How fast the table is played: the human's mean think time; the bots' delay is set on the
    server; the human's mean time between chat messages (0: no chat)."""

    human_think: float
    bot_think: float
    chat_every: float = 0.0


@dataclass
class TableRun:
    """The live state of one table while it is played."""

    scenario: Scenario
    tally: Tally
    pace: Pace
    rng: random.Random
    deadline: float
    chat: ChatLedger
    origins: list[str] = field(default_factory=list)
    sockets: dict[str, ClientConnection] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)
    held: dict[str, dict[str, Any]] = field(default_factory=dict)
    table_id: str = ""
    human_state: dict[str, Any] | None = None
    pending: dict[int, tuple[float, set[str]]] = field(default_factory=dict)
    spectator_version: int = 0
    progressed: float = field(default_factory=time.perf_counter)
    last_submitted: int = -1
    turn: asyncio.Event = field(default_factory=asyncio.Event)
    over: asyncio.Event = field(default_factory=asyncio.Event)
    results: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    background: set[asyncio.Future[None]] = field(default_factory=set)

    def arrived(self, who: str, message: dict[str, Any], now: float) -> None:
        """Book a message of the table reaching client ``who``."""
        kind = message.get("type")
        if kind == "result":
            self.results.put_nowait(message)
            return
        if kind == "chat":
            self.chat.arrived(who, message["messages"], now)
            return
        if kind == "error":
            code = message["error"]["code"]
            if code == "table/elsewhere":
                self.owners[who] = message["error"]["params"]["url"]
            elif code.startswith("chat/"):
                self.chat.refused(who, code)
            else:
                self.tally.errors[f"error:{code}"] += 1
            return
        if kind == "delta":
            whole = self.expand(who, message)
            if whole is None:
                return
            if "table" in message:
                self.check_name(whole["table"])
            message = whole
        elif kind == "table":
            self.check_name(message["table"])
        else:
            return
        self.held[who] = message
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

    def check_name(self, summary: dict[str, Any]) -> None:
        """Count a table summary whose human's name is the one given; a wrong or missing one is an error."""
        problem = name_problem(summary, self.chat.player)
        if problem is None:
            self.tally.names_checked += 1
        else:
            self.tally.errors[f"name:{problem}"] += 1

    def expand(self, who: str, delta: dict[str, Any]) -> dict[str, Any] | None:
        """The whole message a delta makes of the one ``who`` holds (``None``: it does not fit, and
        the whole message is asked for again)."""
        held = self.held.get(who)
        socket = self.sockets.get(who)
        if held is None or delta["base"] != held["version"]:
            if socket is not None:
                self.tally.errors["resync"] += 1
                self.background.add(asyncio.ensure_future(socket.send('{"type": "resync"}')))
            return None
        whole = {**held, "version": delta["version"]}
        if "view" in delta:
            whole["view"] = apply(held["view"], delta["view"])
        for part in ("table", "legal"):
            if part in delta:
                whole[part] = delta[part]
        return whole

    def done(self) -> bool:
        """Whether the table's game is over or the test's time is up."""
        return self.over.is_set() or asyncio.get_running_loop().time() >= self.deadline

    async def stay_connected(
        self, who: str, query: dict[str, str], origin: str, headers: dict[str, str] | None = None
    ) -> None:
        """Keep ``who`` connected (``/ws?query``), first to ``origin``, until :meth:`done`: to the
        owner a server names, else after a lost connection through the next server."""
        attempt = 0
        while not self.done():
            close_code = None
            try:
                url = f"{ws_origin(origin)}/ws?{urlencode(query)}"
                async with connect(url, max_size=2**24, open_timeout=30, additional_headers=headers) as socket:
                    self.sockets[who] = socket
                    with contextlib.suppress(WebSocketException):
                        async for raw in socket:
                            received, now = orjson.loads(raw), time.perf_counter()
                            for message in received if isinstance(received, list) else [received]:
                                self.arrived(who, message, now)  # a batch frame: its messages in order
                    close_code = socket.close_code
            except (OSError, TimeoutError, WebSocketException):
                pass
            self.sockets.pop(who, None)
            self.held.pop(who, None)  # the next connection starts with a whole message
            self.chat.disconnected(who)
            if who == HUMAN:
                self.results.put_nowait(LOST)
            if self.done():
                return
            owner = self.owners.pop(who, "")
            if close_code == CLOSE_ELSEWHERE and owner:
                self.tally.redirects += 1
                origin = owner
                continue
            if close_code is not None and close_code >= 4000 and close_code != CLOSE_ELSEWHERE:
                self.tally.errors[f"closed:{close_code}"] += 1
                return
            self.tally.reconnects += 1
            attempt += 1
            origin = self.origins[attempt % len(self.origins)]
            await asyncio.sleep(RECONNECT_SECONDS)

    async def play_human(self) -> None:
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
            await self.submit(state)

    async def talk(self) -> None:
        """Say something in the chat every ``chat_every`` seconds on average while the table is played
        (between connections, or before the first message, the moment passes).

        Each gap is slept whole, never cut to the deadline (the table's end cancels the talk): uvloop
        rounds a sleep to whole milliseconds and its clock counts whole milliseconds, so a sleep up to
        the deadline can wake just before it, and each turn of the loop would then send at once, dozens
        of messages within that millisecond (``chat/too_fast``)."""
        every = self.pace.chat_every
        if not every:
            return
        await asyncio.sleep(every * self.chat.rng.random())
        while not self.done():
            socket = self.sockets.get(HUMAN)
            if socket is not None and HUMAN in self.held:
                text = self.chat.next_text()
                self.chat.sent(text, time.perf_counter(), set(self.held))
                with contextlib.suppress(WebSocketException):
                    await socket.send(orjson.dumps({"type": "chat", "text": text}).decode("utf-8"))
            await asyncio.sleep(every * self.chat.rng.uniform(0.5, 1.5))

    async def settle_chat(self) -> None:
        """Wait (a short while at most) for the chat messages still on their way, then count the
        rest as lost."""
        waited = 0.0
        while self.chat.pending() and waited < CHAT_SETTLE_SECONDS:
            await asyncio.sleep(0.05)
            waited += 0.05
        self.chat.expire(float("inf"))

    async def submit(self, state: dict[str, Any]) -> None:
        """Submit a random legal action and wait for its result (a lost connection: look again)."""
        socket = self.sockets.get(HUMAN)
        if socket is None:
            return  # between connections: the next one's first message brings the turn back
        while not self.results.empty():  # a lost connection's notice from before this submit
            self.results.get_nowait()
        version = state["version"]
        action = self.rng.choice(state["legal"])["notation"]
        self.last_submitted = version
        self.pending[version + 1] = (time.perf_counter(), {HUMAN, SPECTATOR})
        try:
            await socket.send(orjson.dumps({"type": "action", "version": version, "action": action}).decode("utf-8"))
        except WebSocketException:
            result = LOST
        else:
            result = await asyncio.wait_for(self.results.get(), STALL_SECONDS)
        if result.get("lost"):
            self.last_submitted = -1  # unknown whether it counted: the next full state tells
        elif result["ok"]:
            self.tally.submits += 1
            self.tally.acked.setdefault(self.table_id, {})[version + 1] = action
        else:
            self.pending.pop(version + 1, None)
            self.tally.errors[f"refused:{result['error']['code']}"] += 1


async def play_table(
    http: httpx.AsyncClient,
    origins: list[str],
    scenario: Scenario,
    seed: int,
    pace: Pace,
    tally: Tally,
    deadline: float,
    account: Account | None = None,
) -> None:
    """Create a table on ``origins[0]`` and play its human seat where the answer that seated it
    names the table's process (``node``; through ``origins[1]`` without one, which sends it on)
    until the game ends or the deadline passes; the spectator watches through a server picked at
    random.  A lost connection is tried again through the servers ``origins`` in turn.  With
    ``account`` the human is that logged-in player (:mod:`.accounts`)."""
    home, away = origins[0], origins[1 % len(origins)]
    player = player_for(seed) if account is None else account.player(seed)
    body = scenario.body(seed, pace.bot_think, None if player.joins else player.typed)
    headers = account.headers() if account is not None else None  # a logged-in browser's POSTs
    try:
        response = await http.post(f"{home}/api/tables", json=body, headers=headers)
    except httpx.TransportError:
        # a server that is down (killed under the test), or a kept-alive connection it was closing
        # just then: the next server (or the same one, on a new connection) creates the table
        home, away = away, home
        tally.reconnects += 1
        response = await http.post(f"{home}/api/tables", json=body, headers=headers)
    if response.status_code != 201:
        tally.errors[f"http:{response.status_code}"] += 1
        return
    created = response.json()
    token, owner = created["seats"][0]["token"], created.get("node")
    if player.joins:  # a friend who was told the room code takes the free seat with a name
        joined = await http.post(
            f"{home}/api/rooms/{created['code']}/join", json={"name": player.typed}, headers=headers
        )
        if joined.status_code != 200:
            tally.errors[f"http:join:{joined.status_code}"] += 1
            return
        if account is not None and not seated(joined.json(), tally):
            return
        token, owner = joined.json()["token"], joined.json().get("node")
    tally.tables_started += 1
    if account is not None:  # seated at the join, or by its WebSocket with the cookie at a table it created
        tally.account_tables.setdefault(account.player_id, []).append(created["table_id"])
    chat = ChatLedger(tally, player, random.Random(f"chat {seed}"))
    run = TableRun(
        scenario, tally, pace, random.Random(seed), deadline, chat, list(origins), table_id=created["table_id"]
    )
    human = {"table": created["table_id"], "token": token, "name": player.typed, **DE}
    watcher_origin = random.Random(f"watcher {seed}").choice(origins)
    clients = [
        asyncio.create_task(run.stay_connected(HUMAN, human, owner or away, account.cookie() if account else None)),
        asyncio.create_task(run.stay_connected(SPECTATOR, {"room": created["code"], **EN}, watcher_origin)),
    ]
    talking = asyncio.create_task(run.talk())
    try:
        await run.play_human()
        if run.over.is_set():
            tally.tables_finished += 1
        talking.cancel()
        await run.settle_chat()
    finally:
        talking.cancel()
        for client in clients:
            client.cancel()
        for socket in list(run.sockets.values()):
            await socket.close()


def ws_origin(origin: str) -> str:
    """``http://host:port`` as ``ws://host:port``."""
    return "ws" + origin.removeprefix("http")
