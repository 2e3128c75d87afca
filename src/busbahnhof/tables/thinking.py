"""Where bots think: in worker processes (the server's default) or in threads of the serving process.

A bot's decision is Python code that holds the interpreter lock while it runs; in a thread of
the server it stops every table's event loop for as long as it thinks (a strong bot such as
``ismcts`` for seconds).  :class:`ProcessThinker` runs decisions in separate processes instead:

* **Replicas, not pickled states.**  Each worker keeps its own copy ("replica") of the states of
  the tables it serves, built from the table's setup (game, options, players, seed) and fed with
  the action texts the table accepted since the worker's last decision for it.  A request is a
  few short strings; the worker replays the new actions (cheap) and decides.  A table always goes
  to the same worker (by its id), so its replica stays warm; a worker that does not hold the
  table's replica (new, restarted, or it dropped it: each keeps :data:`REPLICAS`) says so and
  gets the whole record once.
* **Deterministic.**  The bot's generator for a decision is derived from the table's seed, the
  seat and the version (:func:`bot_rng`), and the replica is the table's record replayed, so a
  decision depends only on the table's record: a restarted server, a worker that was replaced,
  and the thread path all decide the same.
* **Pipes on the event loop.**  Each worker has two pipes, requests and answers, which the
  server reads and writes from its event loop (asyncio pipe transports): no thread of the server
  takes part in a decision.  (A ``ProcessPoolExecutor`` per worker, as before, added two threads
  to the serving process, a manager and a feeder, and three hand-offs of the interpreter lock to
  every bot move; under load each one made the tables wait.)  A worker answers its requests in
  order.
* **Life cycle.**  Workers are spawned (not forked: the server has threads) when the service
  starts, import the games at once, and exit with the server: :meth:`ProcessThinker.close` ends
  their request pipes, and a worker whose server died without closing (``kill -9``) notices
  within a second that its parent is gone and exits (:func:`_watch_parent`).  A worker that
  dies is replaced and the decision asked again.

:class:`ThreadThinker` decides in a thread of the serving process on a clone of the state (the
service's ``bot_processes=0``; the table tests use it, and it suits a process that runs only
cheap bots).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import pickle
import struct
import threading
import time
import zlib
from collections import OrderedDict, deque
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnContext
from typing import TYPE_CHECKING, Any, Protocol

from ..bots import make_bot
from ..engine import Bot, Game, Rng, State, derive_seed
from .decks import build_game

if TYPE_CHECKING:
    from .table import Table

REPLICAS = 1000
"""Table states a worker keeps (least recently used first out)."""
PARENT_POLL_SECONDS = 1.0
RETRIES = 2
CLOSE_SECONDS = 5.0
HEADER = struct.Struct("!i")
"""The length before each message on a worker's pipes (as ``multiprocessing.Connection`` frames them)."""


def bot_rng(seed: int, seat: int, version: int) -> Rng:
    """The generator of the bot deciding for ``seat`` at ``version`` of a table with ``seed``."""
    return Rng(derive_seed(seed, "table-bot", seat, version))


@dataclass(frozen=True)
class Setup:
    """What a replica of a table is built from: the stored record without its actions."""

    game: str
    options: dict[str, Any]
    deck_text: str | None
    players: int
    seed: int


@dataclass(frozen=True)
class Decision:
    """One question to a bot: which action does ``bot`` choose for ``seat`` at ``version``?

    Attributes:
        table_id: the table (the worker's key for its replica).
        version: the table's version now (the number of accepted actions).
        seat: the seat to decide for.
        bot: the bot's name.
        since: the number of actions the worker's replica holds already, as far as the table knows.
        actions: the action texts from ``since`` up to ``version``.
        setup: the table's setup when ``since`` is 0 (``None`` otherwise: the worker has it).
    """

    table_id: str
    version: int
    seat: int
    bot: str
    since: int
    actions: tuple[str, ...]
    setup: Setup | None


class ReplicaMissingError(LookupError):
    """The worker holds no replica of the table at ``since``; ask again with the whole record."""


class WorkerLostError(ConnectionError):
    """A worker process ended (or was replaced) before it answered."""


class Thinker(Protocol):
    """Decides bots' moves for the table service."""

    async def choose(self, table: Table, seat: int, bot: str) -> str:
        """The action text ``bot`` chooses for ``seat`` at the table's current version."""
        ...

    async def start(self) -> None:
        """Get the workers ready (they import the games) before the first decision."""
        ...

    def forget(self, table_id: str) -> None:
        """The table is finished or closed: nothing needs to be kept for it."""
        ...

    async def close(self) -> None:
        """Release the workers."""
        ...


# -- the worker side ---------------------------------------------------------------------

_replicas: OrderedDict[str, State[Any]] = OrderedDict()
_games: dict[tuple[str, str], Game[Any, Any]] = {}
_bots: dict[tuple[str, str, str], Bot] = {}


def _start_worker(parent: int) -> None:
    """Run in each worker as it starts: import the games and the bots, watch the parent."""
    from ..engine import game_class, game_ids

    for game_id in game_ids():
        game_class(game_id)
    threading.Thread(target=_watch_parent, args=(parent,), name="busbahnhof-parent", daemon=True).start()


def _watch_parent(parent: int) -> None:
    """Exit when the server that started this worker is gone (killed without closing the pool)."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(0)


def _game(setup: Setup) -> Game[Any, Any]:
    key = (setup.game, repr(sorted(setup.options.items())) + (setup.deck_text or ""))
    game = _games.get(key)
    if game is None:
        game = _games[key] = build_game(setup.game, setup.options, setup.deck_text)
    return game


def decide(decision: Decision) -> str:
    """Bring the table's replica up to ``decision.version`` and let the bot choose (in a worker).

    Raises:
        ReplicaMissingError: no replica holding ``decision.since`` actions, and no setup to build one.
    """
    state = _replicas.pop(decision.table_id, None)
    if state is None or len(state.history) != decision.since:
        if decision.setup is None:
            raise ReplicaMissingError(decision.table_id)
        state = _game(decision.setup).new_state(decision.setup.players, decision.setup.seed)
    for action in decision.actions:
        state.apply(action)
    if len(state.history) != decision.version:
        raise ReplicaMissingError(decision.table_id)
    _replicas[decision.table_id] = state
    while len(_replicas) > REPLICAS:
        _replicas.popitem(last=False)
    game = state.game
    key = (game.id, decision.bot, str(id(game)))
    bot = _bots.get(key)
    if bot is None:
        bot = _bots[key] = make_bot(game, decision.bot)
    seed = int(state.seed)
    return str(bot.choose(state.clone(), decision.seat, bot_rng(seed, decision.seat, decision.version)))


def forget(table_id: str) -> None:
    """Drop a finished table's replica (in a worker)."""
    _replicas.pop(table_id, None)


def _serve(requests: Connection, answers: Connection, parent: int) -> None:
    """A worker's main loop: a :class:`Decision` is answered with ``("ok", action)``,
    ``("missing",)`` (:class:`ReplicaMissingError`) or ``("error", text)``; a table id (a finished
    table) is forgotten without an answer; the end of the request pipe ends the worker."""
    _start_worker(parent)
    while True:
        try:
            request = pickle.loads(requests.recv_bytes())
        except EOFError:
            return
        if isinstance(request, str):
            forget(request)
            continue
        try:
            answer: tuple[str, ...] = ("ok", decide(request))
        except ReplicaMissingError:
            answer = ("missing",)
        except Exception as problem:  # a bot's failure is the decision's, not the worker's
            answer = ("error", f"{type(problem).__name__}: {problem}")
        answers.send_bytes(pickle.dumps(answer))


# -- the server side ---------------------------------------------------------------------


class _Answers(asyncio.Protocol):
    """Reads a worker's answers from its pipe (``multiprocessing`` framing: a 4-byte big-endian
    length, then the pickle) and hands each to the oldest waiting request."""

    def __init__(self, worker: Worker) -> None:
        self.worker = worker
        self.buffer = bytearray()

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while len(self.buffer) >= HEADER.size:
            (size,) = HEADER.unpack_from(self.buffer)
            if len(self.buffer) < HEADER.size + size:
                return
            answer = pickle.loads(self.buffer[HEADER.size : HEADER.size + size])
            del self.buffer[: HEADER.size + size]
            self.worker.answered(answer)

    def connection_lost(self, exc: Exception | None) -> None:
        self.worker.lost()


class Worker:
    """One worker process and its two pipes, driven from the event loop (:class:`ProcessThinker`)."""

    def __init__(self, context: SpawnContext) -> None:
        requests_out, self._requests = context.Pipe(duplex=False)
        self._answers, answers_in = context.Pipe(duplex=False)
        self.process = context.Process(
            target=_serve, args=(requests_out, answers_in, os.getpid()), name="busbahnhof-bot", daemon=True
        )
        self.process.start()
        requests_out.close()
        answers_in.close()
        self.waiting: deque[asyncio.Future[tuple[str, ...]]] = deque()
        self.transport: asyncio.WriteTransport | None = None
        self.gone = False

    async def connect(self) -> None:
        """Put both pipes on the running event loop."""
        loop = asyncio.get_running_loop()
        requests = os.fdopen(os.dup(self._requests.fileno()), "wb")
        answers = os.fdopen(os.dup(self._answers.fileno()), "rb")
        self._requests.close()  # the transports own copies of the descriptors from here on
        self._answers.close()
        self.transport, _ = await loop.connect_write_pipe(asyncio.Protocol, requests)
        await loop.connect_read_pipe(lambda: _Answers(self), answers)

    def _send(self, request: Any) -> None:
        if self.transport is None or self.gone:
            raise WorkerLostError("the worker is gone")
        data = pickle.dumps(request)
        self.transport.write(HEADER.pack(len(data)) + data)

    async def ask(self, decision: Decision) -> tuple[str, ...]:
        """The worker's answer to ``decision``."""
        answer: asyncio.Future[tuple[str, ...]] = asyncio.get_running_loop().create_future()
        self._send(decision)
        self.waiting.append(answer)
        return await answer

    def forget(self, table_id: str) -> None:
        """Tell the worker to drop a table's replica (no answer)."""
        with contextlib.suppress(WorkerLostError):
            self._send(table_id)

    def answered(self, answer: tuple[str, ...]) -> None:
        if self.waiting:
            waiting = self.waiting.popleft()
            if not waiting.done():
                waiting.set_result(answer)

    def lost(self) -> None:
        """The answer pipe closed: the worker ended; every waiting request fails."""
        self.gone = True
        while self.waiting:
            waiting = self.waiting.popleft()
            if not waiting.done():
                waiting.set_exception(WorkerLostError("the worker process ended"))

    async def close(self) -> None:
        """End the request pipe (the worker exits), wait for the process, end it if it lingers."""
        if self.transport is not None:
            self.transport.close()
        else:  # never connected: the pipe is still the Connection's
            self._requests.close()
        await asyncio.to_thread(self.process.join, CLOSE_SECONDS)
        if self.process.is_alive():
            self.process.kill()
            await asyncio.to_thread(self.process.join, CLOSE_SECONDS)
        self.lost()


class ProcessThinker:
    """Bots think in ``workers`` processes; each table's decisions go to one of them.

    Args:
        workers: the number of worker processes (at least 1).
    """

    def __init__(self, workers: int) -> None:
        self.context = multiprocessing.get_context("spawn")
        self.workers: list[Worker] = [Worker(self.context) for _ in range(max(1, workers))]
        self.synced: dict[str, int] = {}

    async def start(self) -> None:
        """Connect the workers' pipes (the processes started with the thinker and import the games)."""
        for worker in self.workers:
            await worker.connect()

    def _slot(self, table_id: str) -> int:
        return zlib.crc32(table_id.encode("ascii")) % len(self.workers)

    async def _replace(self, slot: int, worker: Worker) -> None:
        """A new worker in ``slot`` for one that ended (unless another request replaced it already)."""
        if self.workers[slot] is worker:
            self.workers[slot] = fresh = Worker(self.context)
            self.synced = {key: value for key, value in self.synced.items() if self._slot(key) != slot}
            await fresh.connect()
            await worker.close()

    async def choose(self, table: Table, seat: int, bot: str) -> str:
        """Ask the table's worker; a missing replica is sent whole, a dead worker is replaced."""
        slot = self._slot(table.id)
        for _ in range(RETRIES):
            since = self.synced.get(table.id, 0)
            decision = Decision(
                table.id,
                table.version,
                seat,
                bot,
                since,
                tuple(str(action) for action in table.state.history[since:]),
                table.setup() if since == 0 else None,
            )
            worker = self.workers[slot]
            try:
                answer = await worker.ask(decision)
            except WorkerLostError:
                await self._replace(slot, worker)
                continue
            if answer[0] == "missing":
                self.synced.pop(table.id, None)
                continue
            if answer[0] == "error":
                raise RuntimeError(f"the bot {bot!r} failed at table {table.id}: {answer[1]}")
            self.synced[table.id] = table.version
            return answer[1]
        raise RuntimeError(f"no worker could decide for table {table.id}")

    def forget(self, table_id: str) -> None:
        """The table is finished or closed: its worker may drop the replica."""
        if self.synced.pop(table_id, None) is not None:
            self.workers[self._slot(table_id)].forget(table_id)

    async def close(self) -> None:
        """Stop the workers (a decision under way is abandoned)."""
        await asyncio.gather(*(worker.close() for worker in self.workers))


class ThreadThinker:
    """Bots think in ``workers`` threads of the serving process, on a clone of the table's state."""

    def __init__(self, workers: int) -> None:
        self.pool: Executor = ThreadPoolExecutor(workers, thread_name_prefix="busbahnhof-bot")

    async def start(self) -> None:
        """Threads start when needed."""

    async def choose(self, table: Table, seat: int, bot: str) -> str:
        """Decide in a thread."""
        player = make_bot(table.game, bot)
        rng = bot_rng(table.seed, seat, table.version)
        loop = asyncio.get_running_loop()
        return str(await loop.run_in_executor(self.pool, player.choose, table.state.clone(), seat, rng))

    def forget(self, table_id: str) -> None:
        """Nothing is kept per table."""

    async def close(self) -> None:
        """Abandon waiting decisions."""
        self.pool.shutdown(wait=False, cancel_futures=True)
