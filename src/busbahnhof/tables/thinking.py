"""Where bots think: in worker processes (the server's default) or in threads of the serving process.

A bot's decision is Python code that holds the interpreter lock while it runs; in a thread of
the server it stops every table's event loop for as long as it thinks (a strong bot such as
``ismcts`` for seconds).  :class:`ProcessThinker` runs decisions in separate processes instead:

* **Replicas, not pickled states.**  Each worker keeps its own copy ("replica") of the states of
  the tables it serves, built from the table's setup (game, options, players, seed) and fed with
  the action texts the table accepted since the worker's last decision for it.  A request is a
  few short strings; the worker replays the new actions (cheap) and decides.  A table's decisions
  go to the same worker (its home) while that worker keeps up, so its replica stays warm; a
  worker that does not hold the table's replica (new, restarted, the table moved, or it dropped
  it: each keeps :data:`REPLICAS`) says so and gets the whole record once.
* **Deterministic.**  The bot's generator for a decision is derived from the table's seed, the
  seat and the version (:func:`bot_rng`), and the replica is the table's record replayed, so a
  decision depends only on the table's record: a restarted server, a worker that was replaced,
  and the thread path all decide the same.
* **Pipes on the event loop.**  Each worker has two pipes, requests and answers, which the
  server reads and writes from its event loop (asyncio pipe transports): no thread of the server
  takes part in a decision.  (A ``ProcessPoolExecutor`` per worker, as before, added two threads
  to the serving process, a manager and a feeder, and three hand-offs of the interpreter lock to
  every bot move; under load each one made the tables wait.)  A worker answers its requests in
  order.  Requests and answers travel in batches: what the event loop asks of a worker in one
  turn is one pickle and one ``write``, and a worker answers each batch together, so
  at a thousand tables the serving process makes a few pipe writes and reads per loop turn, not
  one per bot move.
* **As many workers as demand.**  :class:`ProcessThinker` starts with ``least`` workers and
  starts another (up to ``most``, by default twice the CPUs) when requests queue for long, and
  stops one again after a quiet minute; a table whose worker is far busier than another moves.
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
from collections import OrderedDict, deque
from collections.abc import Coroutine
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
FLUSH_SECONDS = 0.02
"""A worker sends the answers it has after deciding this long, even if its batch is not done."""
MOVE_SLACK = 2
"""A table moves to the least busy worker when its own has this many more unanswered requests..."""
MOVE_WAIT_SECONDS = 1.0
"""... and its own worker's oldest request has waited this long (a table has one request at a
time, so a worker's queue is as long as the number of its tables waiting for a decision)."""
GROW_WAIT_SECONDS = 0.5
"""Another worker starts when the least busy worker's oldest request has waited this long."""
SHRINK_QUIET_SECONDS = 60.0
"""A worker above the least number stops after this long without a request that had to queue."""
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
_bots: dict[tuple[Game[Any, Any], str], Bot] = {}
"""Per built game (shared, :func:`~.decks.build_game`) and bot name; the key keeps its game alive."""


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


def decide(decision: Decision) -> str:
    """Bring the table's replica up to ``decision.version`` and let the bot choose (in a worker).

    Raises:
        ReplicaMissingError: no replica holding ``decision.since`` actions, and no setup to build one.
    """
    state = _replicas.pop(decision.table_id, None)
    if state is None or len(state.history) != decision.since:
        if decision.setup is None:
            raise ReplicaMissingError(decision.table_id)
        setup = decision.setup
        state = build_game(setup.game, setup.options, setup.deck_text).new_state(setup.players, setup.seed)
    for action in decision.actions:
        state.apply(action)
    if len(state.history) != decision.version:
        raise ReplicaMissingError(decision.table_id)
    _replicas[decision.table_id] = state
    while len(_replicas) > REPLICAS:
        _replicas.popitem(last=False)
    key = (state.game, decision.bot)
    bot = _bots.get(key)
    if bot is None:
        bot = _bots[key] = make_bot(state.game, decision.bot)
    seed = int(state.seed)
    return str(bot.choose(state.clone(), decision.seat, bot_rng(seed, decision.seat, decision.version)))


def forget(table_id: str) -> None:
    """Drop a finished table's replica (in a worker)."""
    _replicas.pop(table_id, None)


def _answer(request: Decision) -> tuple[str, ...]:
    try:
        return ("ok", decide(request))
    except ReplicaMissingError:
        return ("missing",)
    except Exception as problem:  # a bot's failure is the decision's, not the worker's
        return ("error", f"{type(problem).__name__}: {problem}")


def _serve(requests: Connection, answers: Connection, parent: int) -> None:
    """A worker's main loop.  Each message on either pipe is a pickled list (a batch).  The first
    answer, an empty batch, says the worker is ready.  A request is a :class:`Decision`, answered
    in order with ``("ok", action)``, ``("missing",)`` (:class:`ReplicaMissingError`) or
    ``("error", text)``, or a table id (a finished table), forgotten without an answer.  The
    answers to a batch are sent together when it is done, or what is decided so far after
    :data:`FLUSH_SECONDS` of deciding (a long batch does not hold its first answers back); the end
    of the request pipe ends the worker."""
    _start_worker(parent)
    answers.send_bytes(pickle.dumps([]))
    while True:
        try:
            batch = pickle.loads(requests.recv_bytes())
        except EOFError:
            return
        done: list[tuple[str, ...]] = []
        since = time.monotonic()
        for request in batch:
            if isinstance(request, str):
                forget(request)
                continue
            done.append(_answer(request))
            if time.monotonic() - since >= FLUSH_SECONDS:
                answers.send_bytes(pickle.dumps(done, pickle.HIGHEST_PROTOCOL))
                done, since = [], time.monotonic()
        if done:
            answers.send_bytes(pickle.dumps(done, pickle.HIGHEST_PROTOCOL))


# -- the server side ---------------------------------------------------------------------


class _Answers(asyncio.Protocol):
    """Reads a worker's batches of answers from its pipe (``multiprocessing`` framing: a 4-byte
    big-endian length, then the pickle) and hands each answer to the oldest waiting request."""

    def __init__(self, worker: Worker) -> None:
        self.worker = worker
        self.buffer = bytearray()

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while len(self.buffer) >= HEADER.size:
            (size,) = HEADER.unpack_from(self.buffer)
            if len(self.buffer) < HEADER.size + size:
                return
            batch = pickle.loads(self.buffer[HEADER.size : HEADER.size + size])
            del self.buffer[: HEADER.size + size]
            self.worker.answered(batch)

    def connection_lost(self, exc: Exception | None) -> None:
        self.worker.lost()


class Worker:
    """One worker process and its two pipes, driven from the event loop (:class:`ProcessThinker`).

    Requests made during one turn of the event loop are written to the pipe together, as one
    batch, at the loop's next turn (one ``write`` for them all, not one per request); requests
    made before the pipes are connected wait for it.
    """

    def __init__(self, context: SpawnContext) -> None:
        requests_out, self._requests = context.Pipe(duplex=False)
        self._answers, answers_in = context.Pipe(duplex=False)
        self.process = context.Process(
            target=_serve, args=(requests_out, answers_in, os.getpid()), name="busbahnhof-bot", daemon=True
        )
        self.process.start()
        requests_out.close()
        answers_in.close()
        self.waiting: deque[tuple[asyncio.Future[tuple[str, ...]], float]] = deque()
        """The requests sent and not answered yet, oldest first, each with the loop time it was made."""
        self.outbox: list[Decision | str] = []
        self.transport: asyncio.WriteTransport | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.ready = False
        """The worker has imported the games (it answered its first, empty, batch)."""
        self.gone = False

    async def connect(self) -> None:
        """Put both pipes on the running event loop."""
        self.loop = loop = asyncio.get_running_loop()
        requests = os.fdopen(os.dup(self._requests.fileno()), "wb")
        answers = os.fdopen(os.dup(self._answers.fileno()), "rb")
        self._requests.close()  # the transports own copies of the descriptors from here on
        self._answers.close()
        self.transport, _ = await loop.connect_write_pipe(asyncio.Protocol, requests)
        await loop.connect_read_pipe(lambda: _Answers(self), answers)
        self._flush()  # what was asked before the pipes were connected

    @property
    def pending(self) -> int:
        """Requests sent and not answered yet."""
        return len(self.waiting)

    def waited(self, now: float) -> float:
        """How long the oldest unanswered request has waited (0: none waits)."""
        return now - self.waiting[0][1] if self.waiting else 0.0

    def _send(self, request: Decision | str) -> None:
        if self.gone:
            raise WorkerLostError("the worker is gone")
        if not self.outbox and self.transport is not None and self.loop is not None:
            self.loop.call_soon(self._flush)
        self.outbox.append(request)

    def _flush(self) -> None:
        """Write the requests of the last turn of the loop as one batch."""
        batch, self.outbox = self.outbox, []
        if self.transport is not None and not self.gone and batch:
            data = pickle.dumps(batch, pickle.HIGHEST_PROTOCOL)
            self.transport.write(HEADER.pack(len(data)) + data)

    def ask(self, decision: Decision) -> asyncio.Future[tuple[str, ...]]:
        """The worker's answer to ``decision``, when it comes."""
        self._send(decision)
        loop = self.loop or asyncio.get_running_loop()
        answer: asyncio.Future[tuple[str, ...]] = loop.create_future()
        self.waiting.append((answer, loop.time()))
        return answer

    def forget(self, table_id: str) -> None:
        """Tell the worker to drop a table's replica (no answer)."""
        with contextlib.suppress(WorkerLostError):
            self._send(table_id)

    def answered(self, batch: list[tuple[str, ...]]) -> None:
        self.ready = True
        for answer in batch:
            if self.waiting:
                waiting, _ = self.waiting.popleft()
                if not waiting.done():
                    waiting.set_result(answer)

    def lost(self) -> None:
        """The answer pipe closed: the worker ended; every waiting request fails."""
        self.gone = True
        self.outbox = []
        while self.waiting:
            waiting, _ = self.waiting.popleft()
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


def most_workers(cpus: int | None = None) -> int:
    """The default cap on bot worker processes: twice the machine's CPUs (``cpus``: the
    machine's own by default), at least 2.

    Bots think on CPUs, so workers beyond the CPUs add no speed of their own; but the serving
    process, the store and the clients share the CPUs, and a worker gets its turn on a CPU as one
    process among them, so a few more workers than CPUs keep the bots' queues short when the
    machine is busy (docs/deploy.md: 1,000 tables on 2 CPUs).
    """
    return max(2, 2 * (cpus if cpus is not None else os.cpu_count() or 1))


class ProcessThinker:
    """Bots think in worker processes, as many as demand asks for, between ``least`` and ``most``.

    * **A home per table.**  A table's decisions go to the worker that holds its replica (its
      home); a new table goes to the worker with the fewest unanswered requests.  A table whose
      home is behind (its oldest request waited :data:`MOVE_WAIT_SECONDS`) and has
      :data:`MOVE_SLACK` more unanswered requests than the least busy worker moves there (its
      replica is rebuilt there from the record, once).
    * **More workers under demand.**  When even the least busy worker's oldest request has waited
      :data:`GROW_WAIT_SECONDS`, another worker is started (one at a time, never more than
      ``most``); it takes tables once it is ready (it has imported the games).
    * **Fewer when quiet.**  After :data:`SHRINK_QUIET_SECONDS` in which no request had to queue
      behind another, an idle worker above ``least`` is stopped (one per such stretch).
    * **A lost worker is replaced** at once and its tables' decisions asked again.

    Args:
        least: the workers started with the thinker and always kept (at least 1).
        most: the cap (``None``: :func:`most_workers`; never below ``least``).
    """

    def __init__(self, least: int, most: int | None = None) -> None:
        self.context = multiprocessing.get_context("spawn")
        self.least = max(1, least)
        self.most = max(self.least, most if most is not None else most_workers())
        self.workers: list[Worker] = [Worker(self.context) for _ in range(self.least)]
        self.homes: dict[str, Worker] = {}
        self.synced: dict[str, int] = {}
        self.starting: Worker | None = None
        self.changed_at = 0.0
        """Loop time a worker was last started or stopped."""
        self.queued_at = 0.0
        """Loop time a request last had to queue behind another."""
        self._chores: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Connect the workers' pipes (the processes started with the thinker and import the games)."""
        for worker in self.workers:
            await worker.connect()
        self.changed_at = self.queued_at = asyncio.get_running_loop().time()

    def _chore(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    def _home(self, table_id: str, now: float) -> Worker:
        """The worker to ask for ``table_id`` now (the table moves if its home is far busier)."""
        for worker in self.workers:
            if worker.gone:
                self._replace(worker)
        starting = self.starting
        if starting is not None and (starting.ready or starting.gone):
            self.starting = None
            if not starting.gone:
                self.workers.append(starting)
                self.changed_at = now
        least = min(self.workers, key=lambda worker: worker.pending)
        home = self.homes.get(table_id)
        if home is None or (home.pending >= least.pending + MOVE_SLACK and home.waited(now) >= MOVE_WAIT_SECONDS):
            if home is not None:
                self.forget(table_id)
            home = self.homes[table_id] = least
        if home.pending:
            self.queued_at = now
        if least.waited(now) >= GROW_WAIT_SECONDS:
            self._grow(now)
        elif now - max(self.queued_at, self.changed_at) >= SHRINK_QUIET_SECONDS:
            self._shrink(now)
        return home

    def _grow(self, now: float) -> None:
        if self.starting is None and len(self.workers) < self.most:
            self.starting = fresh = Worker(self.context)
            self.changed_at = now
            self._chore(fresh.connect())

    def _shrink(self, now: float) -> None:
        if len(self.workers) > self.least:
            idle = min(self.workers, key=lambda worker: worker.pending)
            if idle.pending == 0:
                self.workers.remove(idle)
                self._close(idle)
                self.changed_at = now

    def _close(self, worker: Worker) -> None:
        """Close a worker taken out of service; its tables find new homes when they ask next."""
        for table_id in [table_id for table_id, home in self.homes.items() if home is worker]:
            del self.homes[table_id]
            self.synced.pop(table_id, None)
        self._chore(worker.close())

    def _replace(self, worker: Worker) -> None:
        """A new worker in the place of one that ended (unless it was replaced already)."""
        if worker in self.workers:
            self.workers[self.workers.index(worker)] = fresh = Worker(self.context)
            self._chore(fresh.connect())
            self._close(worker)

    async def choose(self, table: Table, seat: int, bot: str) -> str:
        """Ask the table's worker; a missing replica is sent whole, a dead worker is replaced."""
        for _ in range(RETRIES):
            worker = self._home(table.id, asyncio.get_running_loop().time())
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
            try:
                answer = await worker.ask(decision)
            except WorkerLostError:
                self._replace(worker)
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
        """The table is finished or closed (or moves to another worker): its worker may drop the replica."""
        home = self.homes.pop(table_id, None)
        if self.synced.pop(table_id, None) is not None and home is not None:
            home.forget(table_id)

    async def close(self) -> None:
        """Stop the workers (a decision under way is abandoned)."""
        starting = [self.starting] if self.starting is not None else []
        await asyncio.gather(*(worker.close() for worker in [*self.workers, *starting]))
        for task in list(self._chores):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


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
