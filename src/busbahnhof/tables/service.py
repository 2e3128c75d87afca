"""The authoritative table service: creates tables, seats players, takes actions, runs bots and clocks.

It depends only on a :class:`~busbahnhof.tables.ports.TableStore` and on clients with ``send``
(:class:`~busbahnhof.tables.ports.Client`), so the same logic runs behind WebSockets, in tests
and in the load script.  All methods are coroutines on one asyncio event loop; store calls run
in a worker thread (or, for a store as quick as SQLite in WAL mode, on the loop itself:
``store_workers=0``), bots think in worker processes (or threads: :mod:`.thinking`), so nothing
blocks the loop for long.

A move's way: ``submit`` checks token, table status, version, seat and legality on a copy of the
state; the store commits the action with its version (``UNIQUE (table_id, version)``: of two
processes, one wins); only then the table takes the new state, every client gets its message,
and the next bot, zombie or timer is scheduled.  Refusals are data (:class:`Refused`), and the
state is unchanged by them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from ..bots import make_bot
from ..engine import Catalog, Game, GameError, State, game_class
from .codes import hash_token, join_link, new_room_code, new_token, normalize_code
from .commits import ActionCommits, in_store
from .decks import build_game, public_options
from .errors import (
    ElsewhereError,
    ForeignSeatError,
    GameNotOverError,
    HintsOffError,
    InvalidTableError,
    NoFreeSeatError,
    NotCreatorError,
    SpectatorError,
    StaleVersionError,
    TableClosedError,
    TablePausedError,
    UnknownTableError,
    UnknownTokenError,
)
from .messages import Broadcast, LogCursor, encode, table_catalog, table_summary
from .names import default_name, names_catalog
from .ports import Client, TableStore, Unsubscribe
from .rematch import follow_up_token, rematch_seats, rematch_spec, take_up
from .results import Accepted, CreatedTable, Refused, Rematch, SeatTicket, SubmitResult
from .spec import LONG_TURN_SECONDS, MAX_TURN_SECONDS, TableSpec
from .table import BOT, CLOSED, FINISHED, HUMAN, OPEN, ZOMBIE, Seat, Table
from .thinking import ProcessThinker, Thinker, ThreadThinker

T = TypeVar("T")

CODE_ATTEMPTS = 20
CLOSE_TAKEN_OVER = 4409
MAX_THINK_SECONDS = 10.0
MIN_TURN_LEFT_SECONDS = 60.0
"""A player back at a turn-based table whose time ran out while away gets at least this long."""
TICK_SECONDS = 0.05
"""Bots' think delays (when not 0) end on this grid, so the bot turns of many tables start in
one turn of the event loop: their requests to a worker go out as one batch, the answers come
back together, and their actions are committed together (a bot moves up to this much later)."""
BOT_RETRY_SECONDS = 5.0
"""A bot turn that failed (a bot's error, no worker) is tried again after this long."""

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Connection:
    """One client at one table: its seat (``None``: spectator), the token it came with (its seat's
    link to a rematch) and how much of the log it has."""

    table_id: str
    seat: int | None
    client: Client
    token: str | None = None
    cursor: LogCursor = field(default_factory=LogCursor)


class TableService:
    """The tables of this process, backed by ``store``.

    Args:
        store: where tables and actions are committed.
        sweep_seconds: how often abandoned tables are looked for.
        bot_processes: worker processes for thinking bots (:class:`~.thinking.ProcessThinker`),
            started at once and always kept; 0: bots think in ``bot_workers`` threads of this
            process instead.
        bot_processes_max: the most worker processes when bots' requests queue (``None``:
            :func:`~.thinking.most_workers`, twice the CPUs).
        bot_workers: threads for thinking bots when ``bot_processes`` is 0.
        store_workers: threads for store calls (1 suits SQLite's single writer; PostgreSQL takes
            more); 0: store calls run on the event loop (for a store whose calls are short and never
            wait long, such as SQLite in WAL mode).
        wall_clock: seconds since the epoch (timestamps in the store).
        on_finished: awaited (in the background) with a table's id after its game ended and the
            store recorded it: the results hook (the server settles ratings there; the table
            service knows nothing of players).
        on_waiting: awaited (in the background) with the table, the seat and the version when a
            decision starts waiting for a human at a turn-based table (a timer of at least
            ``LONG_TURN_SECONDS``; by the process that runs its clock): the turn mails' hook
            (docs/turns.md); it may be called again for the same decision (a restart, a return).
    """

    def __init__(
        self,
        store: TableStore,
        *,
        sweep_seconds: float = 5.0,
        bot_processes: int = 0,
        bot_processes_max: int | None = None,
        bot_workers: int = 2,
        store_workers: int = 1,
        wall_clock: Callable[[], float] = time.time,
        on_finished: Callable[[str], Coroutine[Any, Any, None]] | None = None,
        on_waiting: Callable[[Table, int, int], Coroutine[Any, Any, None]] | None = None,
    ) -> None:
        self.store = store
        self.on_finished = on_finished
        self.on_waiting = on_waiting
        self.sweep_seconds = sweep_seconds
        self.wall_clock = wall_clock
        self.tables: dict[str, Table] = {}
        self.connections: dict[str, list[Connection]] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._store_pool = (
            ThreadPoolExecutor(store_workers, thread_name_prefix="busbahnhof-store") if store_workers > 0 else None
        )
        self._appender = store.loop_appender()
        commit = self._appender.append_actions if self._appender else in_store(store.append_actions, self._store)
        self._commits = ActionCommits(commit, store.try_append_actions)
        self._thinker: Thinker = (
            ProcessThinker(bot_processes, bot_processes_max) if bot_processes > 0 else ThreadThinker(bot_workers)
        )
        self._loading: dict[str, asyncio.Lock] = {}
        self._background: set[asyncio.Task[None]] = set()
        self._sweeper: asyncio.Task[None] | None = None
        self._unsubscribe: Unsubscribe | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.address: str | None = None
        """This process's address for clients (as announced to the other processes), where several
        processes share the store; ``None`` with one process: clients connect where they are."""

    # -- life cycle ----------------------------------------------------------------------

    async def start(self) -> None:
        """Rebuild every open table by replay, start its bots and clocks, listen for other processes."""
        self._loop = asyncio.get_running_loop()
        await self._thinker.start()
        await self.adopt()
        self._unsubscribe = self.store.subscribe(self._notified)
        self._sweeper = asyncio.create_task(self._sweep_forever())

    async def stop(self) -> None:
        """Stop bots, clocks and the listener (stored tables stay as they are)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        tasks = [*self._background, *([self._sweeper] if self._sweeper else [])]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self._commits.close()
        if self._appender is not None:
            await self._appender.close()
        if self._store_pool is not None:
            self._store_pool.shutdown(wait=True)
        await self._thinker.close()

    # -- tables --------------------------------------------------------------------------

    async def create(
        self, spec: TableSpec, lang: str = "de", token_hashes: dict[int, str] | None = None
    ) -> CreatedTable:
        """Open a table as ``spec`` says; bots start playing at once.

        ``lang`` is the creator's language: seats left without a name get their default name in
        it (:mod:`.names`), stored with the table so that every viewer sees the same names.
        Returns the table id, its room code, the creator's token and a ticket (token and join
        link) for every human seat.  ``token_hashes`` gives human seats whose tokens the caller
        issued itself (only their hashes: a workshop's participants hold theirs, :mod:`busbahnhof.workshop`);
        those seats get no ticket.

        Raises:
            GameError: the spec cannot be played (unknown game or bot, bad options, a deck path,
                a player count the game does not take...); nothing is stored then.
        """
        check_spec(spec)
        options = public_options(spec.game, spec.options, spec.deck_text)
        game = build_game(spec.game, options, spec.deck_text)
        seed = spec.seed if spec.seed is not None else secrets.randbelow(2**31)
        state = game.new_state(spec.players, seed)
        for bot in {entry.bot for entry in spec.seats if entry.bot} | ({spec.zombie_bot} if spec.zombie_bot else set()):
            make_bot(game, bot)
        spec = replace(spec, options=options, seed=seed, lang=lang)
        catalog = names_catalog(lang)
        issued = token_hashes or {}
        tokens = {n: new_token() for n, seat in enumerate(spec.seats) if seat.bot is None and n not in issued}
        seats = [
            Seat(
                name=entry.name or default_name(catalog, n, entry.bot),
                bot=entry.bot,
                token_hash=hash_token(tokens[n]) if n in tokens else issued.get(n) if entry.bot is None else None,
            )
            for n, entry in enumerate(spec.seats)
        ]
        creator_token = new_token()
        table = await self._open(spec, game, state, seats, hash_token(creator_token))
        tickets = tuple(SeatTicket(n, token, join_link(table.code, token)) for n, token in tokens.items())
        return CreatedTable(table.id, table.code, creator_token, tickets)

    async def _open(
        self, spec: TableSpec, game: Game[Any, Any], state: State[Any], seats: list[Seat], creator_hash: str
    ) -> Table:
        """Store a new table under a fresh id and room code, keep it in memory and start its bots."""
        now = self.wall_clock()
        table_id = secrets.token_hex(8)
        # owned before it is stored: no other process adopts it as a table nobody owns meanwhile
        runs_bots = await self._store(self.store.host_bots, table_id)
        for _ in range(CODE_ATTEMPTS):
            code = new_room_code()
            record = {
                "id": table_id,
                "code": code,
                "game": game.id,
                "options": spec.options,
                "players": spec.players,
                "seed": spec.seed,
                "deck_text": spec.deck_text,
                "spec": {**spec.to_dict(), "deck_text": None},
                "seats": [seat.stored() for seat in seats],
                "creator_hash": creator_hash,
                "status": OPEN,
                "outcome": None,
                "created_at": now,
                "updated_at": now,
                "ended_at": None,
            }
            if await self._store(self.store.create_table, record):
                break
        else:
            await self._store(self.store.release_bots, table_id)
            raise InvalidTableError("no free room code found; try again", key="table.error.no_code")
        table = Table(table_id, code, spec, spec.options, game, state, seats, creator_hash, now, spec.deck_text)
        table.humans_gone_since = now
        table.updated_at = now
        table.runs_bots = runs_bots
        self.tables[table_id] = table
        self._schedule(table)
        return table

    async def rematch(self, table_id: str, token: str) -> Rematch:
        """The follow-up table of a finished game (:mod:`.rematch`): opened by the first call, the
        same table for every later one (from any process: the store records one successor).

        Every client of the finished table is offered it at once (a ``rematch`` message): a
        player with their own seat's link, a spectator with the room code.  ``token`` is a
        seat's token or the creator's; the answer is that token's offer.

        Raises:
            UnknownTableError; UnknownTokenError: neither a seat's nor the creator's token;
            GameNotOverError: the table's game has not ended (a closed table never had an end).
        """
        table = await self.table(table_id)
        if table.holds_seat(token) is None and not table.is_creator(token):
            raise UnknownTokenError("this token belongs to no seat of the table", key="table.error.unknown_token")
        async with table.lock:
            if table.status != FINISHED:
                raise GameNotOverError(
                    "the game at this table is not over; a rematch comes after its end", key="table.error.not_over"
                )
            opening = table.successor is None
            successor = await self._open_successor(table) if table.successor is None else table.successor
        if opening:
            await self._offer_successor(table, list(self.connections.get(table.id, [])))
        return await self._successor_offer(successor, token)

    async def _open_successor(self, table: Table) -> str:
        """Open the follow-up table and record it as the finished table's successor (under its lock);
        returns the successor's id.

        Of two processes asking at once the store keeps the first successor; the other one's
        table is closed at once, and both tell their clients about the one kept.
        """
        seed = secrets.randbelow(2**31)
        state = table.game.new_state(len(table.seats), seed)
        opened = await self._open(
            rematch_spec(table, seed), table.game, state, rematch_seats(table), table.creator_hash
        )
        table.successor = await self._store(self.store.set_successor, table.id, opened.id)
        if table.successor != opened.id:
            opened.status = CLOSED
            await self._store(self.store.finish, opened.id, CLOSED, None, self.wall_clock())
            self._forget_if_done(opened)
        return table.successor

    async def _successor_offer(self, successor_id: str, token: str | None) -> Rematch:
        """What the holder of ``token`` (a finished table's seat token; ``None``: a spectator) is
        offered of the successor table: their seat there with its own fresh token (:mod:`.rematch`)."""
        successor = await self.table(successor_id)
        if token is None:
            return Rematch(successor.id, successor.code, None)
        fresh = follow_up_token(token, successor.id)
        seat = successor.holds_seat(fresh)
        if seat is None:
            async with successor.lock:
                seat, stored = await self._store(
                    self.store.change_seats, successor.id, take_up(hash_token(token), hash_token(fresh))
                )
                successor.take_seats(stored)
        ticket = None if seat is None else SeatTicket(seat, fresh, join_link(successor.code, fresh))
        return Rematch(successor.id, successor.code, ticket)

    async def _offer_successor(self, table: Table, connections: list[Connection]) -> None:
        """Send each of ``connections`` its own offer of the table's successor (if it has one)."""
        successor = table.successor
        if successor is None or not connections:
            return
        sends = []
        for connection in connections:
            offer = await self._successor_offer(successor, connection.token)
            sends.append(connection.client.send(encode({"type": "rematch", **offer.to_dict()})))
        await asyncio.gather(*sends, return_exceptions=True)

    async def find(self, code: str) -> str:
        """The id of the table with room code ``code`` (read leniently: case, spaces, dashes).

        Raises:
            UnknownTableError: no table has this code.
        """
        normal = normalize_code(code)
        table_id = next((table.id for table in self.tables.values() if table.code == normal), None)
        if table_id is None and normal is not None:  # a code is never reused: a table held here answers
            table_id = await self._store(self.store.find_code, normal)
        if table_id is None:
            raise UnknownTableError(f"no table has the room code {code!r}", key="table.error.unknown_code", code=code)
        return table_id

    async def join(self, code: str, name: str | None = None) -> SeatTicket:
        """Take the first human seat nobody has claimed yet, by room code; a new token is issued for it.

        Raises:
            UnknownTableError, TableClosedError, NoFreeSeatError.
        """
        table = await self.table(await self.find(code))
        token = new_token()

        def take_free_seat(seats: list[dict[str, Any]]) -> int | None:
            free = [n for n, seat in enumerate(seats) if seat["bot"] is None and not seat["claimed"]]
            if free:
                seats[free[0]].update(token_hash=hash_token(token), claimed=True, **({"name": name} if name else {}))
            return free[0] if free else None

        async with table.lock:
            self._require_open(table)
            seat, stored = await self._store(self.store.change_seats, table.id, take_free_seat)
            table.take_seats(stored)
        if seat is None:
            raise NoFreeSeatError("every seat of this table is taken; watch as a spectator", key="table.error.full")
        await self._broadcast(table)
        return SeatTicket(seat, token, join_link(table.code, token))

    async def seat_bots(self, table_id: str, bot: str) -> list[int]:
        """Bots ``bot`` take every human seat of the table that nobody has claimed (a quick match whose
        wait is over, :mod:`.lobby`), under their default names; one ``change_seats`` transaction, so a
        seat taken by a joiner meanwhile stays theirs.  Returns the seats the bots took.

        Raises:
            UnknownTableError, TableClosedError; GameError: no such bot for the game.
        """
        table = await self.table(table_id)
        make_bot(table.game, bot)
        catalog = names_catalog(table.spec.lang)

        def take_empty_seats(seats: list[dict[str, Any]]) -> list[int]:
            empty = [n for n, seat in enumerate(seats) if seat["bot"] is None and not seat["claimed"]]
            for n in empty:
                seats[n].update(bot=bot, name=default_name(catalog, n, bot), token_hash=None, claimed=True)
            return empty

        async with table.lock:
            self._require_open(table)
            taken: list[int]  # (the store's generic change_seats loses its type through _store)
            taken, stored = await self._store(self.store.change_seats, table.id, take_empty_seats)
            table.take_seats(stored)
            for n in taken:
                table.seats[n].zombie = table.seats[n].left_here = False
        if taken:
            self._schedule(table)
            await self._broadcast(table)
        return taken

    async def reissue_token(self, table_id: str, creator_token: str, seat: int) -> SeatTicket:
        """A new token for human ``seat`` (its old token stops working); only the creator may ask.

        Raises:
            UnknownTableError, NotCreatorError, InvalidTableError (no such human seat).
        """
        table = await self.table(table_id)
        if not table.is_creator(creator_token):
            raise NotCreatorError("only the table's creator can re-issue a token", key="table.error.not_creator")
        return await self.renew_token(table_id, seat)

    async def renew_token(self, table_id: str, seat: int) -> SeatTicket:
        """A new token for human ``seat`` (its old token stops working), for a caller that has
        checked who may ask: the creator (:meth:`reissue_token`) or the seat's account (the
        players' routes, from ``seat_players``, which this service never reads).

        Raises:
            UnknownTableError, InvalidTableError (no such human seat).
        """
        table = await self.table(table_id)
        async with table.lock:
            if not (0 <= seat < len(table.seats) and table.seats[seat].is_human):
                raise InvalidTableError(f"there is no human seat {seat}", key="table.error.no_seat", seat=seat)
            token = new_token()

            def replace_token(seats: list[dict[str, Any]]) -> None:
                seats[seat]["token_hash"] = hash_token(token)

            _, stored = await self._store(self.store.change_seats, table.id, replace_token)
            table.take_seats(stored)
        return SeatTicket(seat, token, join_link(table.code, token))

    async def connect(
        self,
        table_id: str,
        token: str | None,
        client: Client,
        *,
        name: str | None = None,
        take_over: bool = False,
        deltas: bool = False,
    ) -> Connection:
        """Seat ``client`` at its token's seat (``None``: as a spectator) and send it the full current state.

        A seat's first connection claims it; a seat whose bot played for it (zombie) gets its
        player back.  ``name`` (a checked display name) becomes the seat's name.  With
        ``take_over`` the seat's older connections in this process are displaced: each is sent
        ``{"type": "taken_over"}`` and closed with :data:`CLOSE_TAKEN_OVER` (one device plays a seat).
        With ``deltas`` every message after the first is a delta (:mod:`.messages`).

        Raises:
            UnknownTableError, UnknownTokenError.
        """
        table = await self._owned(table_id)
        returned = False
        displaced: list[Connection] = []
        async with table.lock:
            seat = None if token is None else table.seat_of(token)
            connection = Connection(
                table_id, seat, client, token if seat is not None else None, LogCursor(deltas=deltas)
            )
            self.connections.setdefault(table_id, []).append(connection)
            if seat is not None:
                entry = table.seats[seat]
                entry.connections += 1
                table.humans_gone_since = None
                if not entry.claimed:
                    claimed, stored = await self._store(self.store.change_seats, table.id, claim(seat, token))
                    table.take_seats(stored)
                    if not claimed:  # another process re-issued the token meanwhile
                        self.connections[table_id].remove(connection)
                        entry.connections -= 1
                        raise UnknownTokenError(
                            "this token belongs to no seat of the table", key="table.error.unknown_token"
                        )
                if name is not None and entry.name != name:
                    _, stored = await self._store(self.store.change_seats, table.id, rename(seat, name))
                    table.take_seats(stored)
                if take_over:
                    displaced = [c for c in self.connections[table_id] if c.seat == seat and c is not connection]
                    for old in displaced:
                        self.connections[table_id].remove(old)
                        entry.connections -= 1
                returned = table.end_zombie(seat)
        if returned:
            self._schedule(table)
        await asyncio.gather(*(tell_taken_over(old) for old in displaced))
        await self._broadcast(table)
        await self._offer_successor(table, [connection])
        return connection

    async def disconnect(self, connection: Connection) -> None:
        """Forget ``connection`` (its seat stays; the player may come back with the same token)."""
        clients = self.connections.get(connection.table_id, [])
        if connection not in clients:
            return
        clients.remove(connection)
        table = self.tables.get(connection.table_id)
        if table is None or self._forget_if_done(table) or connection.seat is None:
            return
        table.seats[connection.seat].connections -= 1
        if not table.humans_present():
            table.humans_gone_since = self.wall_clock()
        await self._broadcast(table)

    async def leave(self, connection: Connection) -> None:
        """The player of ``connection`` leaves the running game: the stand-in (zombie) bot plays the
        seat from now on, the log says so and every client sees the seat played by a bot; the
        connection is forgotten.  Opening the seat again before the game ends brings its player
        back (docs/turns.md); a seat whose last decision the bot made has left the game.

        Raises:
            SpectatorError: a spectator has no seat to leave.  TableClosedError: the game is over.
        """
        if connection.seat is None:
            raise SpectatorError("a spectator has no seat to leave", key="table.error.leave_spectator")
        table = self.tables.get(connection.table_id)
        if table is None or not table.is_open:
            raise TableClosedError("the game is over; only a running game can be left", key="table.error.leave_over")
        async with table.lock:
            leaving = not table.seats[connection.seat].zombie
            if leaving:
                table.start_zombie(connection.seat, "left")
        if leaving:
            self._schedule(table)
        await self.disconnect(connection)

    async def back(self, connection: Connection) -> None:
        """The player of ``connection`` takes the seat back from the bot that played for it."""
        table = self.tables.get(connection.table_id)
        if table is None or connection.seat is None:
            return
        async with table.lock:
            returned = table.end_zombie(connection.seat)
        if returned:
            self._schedule(table)
            await self._broadcast(table)

    async def resync(self, connection: Connection) -> None:
        """Send ``connection`` its whole message again, not a delta (its client lost the view it held)."""
        table = await self.table(connection.table_id)
        connection.cursor.view = None
        broadcast = Broadcast(table, asyncio.get_running_loop().time())
        await connection.client.send(broadcast.message(connection.seat, connection.client.lang, connection.cursor))

    async def submit(
        self, table_id: str, token: str | None, version: int, action_text: str, lang: str = "de"
    ) -> SubmitResult:
        """Play ``action_text`` for the token's seat, if ``version`` is the table's current version.

        Returns :class:`Accepted` with the new version once the action is committed (and every
        client has its message), or :class:`Refused` with the error (the table's ``table/*``
        codes or the engine's, rendered in ``lang``); a refusal changes nothing.
        """
        try:
            table = await self.table(table_id)
        except GameError as error:
            return Refused(error, 0, Catalog(("busbahnhof.tables", "busbahnhof.engine"), lang).error_text(error))
        async with table.lock:
            try:
                seat = table.seat_of(token)
                self._require_open(table)
                self._require_unpaused(table)
                if version != table.version:
                    raise StaleVersionError(
                        f"the table is at version {table.version}, not {version}; look again",
                        key="table.error.stale",
                        version=version,
                        current=table.version,
                    )
                self._require_to_move(table, seat)
                candidate = table.state.clone()
                candidate.apply(action_text, seat=seat)
            except GameError as error:
                return Refused(error, table.version, table_catalog(table, lang).error_text(error))
            table.end_zombie(seat)
            committed = await self._commit(table, candidate, seat, HUMAN)
            current = table.version
        await self._after_change(table)
        if not committed:
            lost = StaleVersionError(
                "another server accepted an action first; look again",
                key="table.error.stale",
                version=version,
                current=current,
            )
            return Refused(lost, current, table_catalog(table, lang).error_text(lost))
        return Accepted(current)

    async def pause(self, table_id: str, paused: bool) -> bool:
        """Pause the table (its bots and turn clock stop, no seat may act) or let it go on; the game's
        state does not change.  A resumed human turn starts its clock afresh.  The pause is this
        process's (each process makes its tables follow their workshop's stored pause:
        :meth:`busbahnhof.workshop.WorkshopService.keep_pauses`).  Returns whether it changed.

        Raises:
            UnknownTableError.
        """
        table = await self.table(table_id)
        async with table.lock:
            if table.paused == paused or not table.is_open:
                return False
            table.paused = paused
            table.log_event("table.paused" if paused else "table.resumed")
        await self._after_change(table)
        return True

    async def hint_position(self, table_id: str, token: str | None) -> tuple[State[Any], int, int]:
        """What a hint for the token's seat starts from: a copy of the game, the seat, the version.

        The copy holds the whole state; the hint must read only the seat's information from it
        (:func:`busbahnhof.learn.hint` draws every hidden card afresh from the seat's view).

        Raises:
            UnknownTableError, SpectatorError, UnknownTokenError, TableClosedError;
            HintsOffError: the table's hints are off; ForeignSeatError: not the seat's decision.
        """
        table = await self.table(table_id)
        async with table.lock:
            seat = table.seat_of(token)
            self._require_open(table)
            self._require_unpaused(table)
            if not table.spec.hints:
                raise HintsOffError("hints are off at this table", key="table.error.hints_off")
            self._require_to_move(table, seat)
            return table.state.clone(), seat, table.version

    async def count_hint(self, table_id: str, seat: int) -> None:
        """Record in the store that ``seat`` was given a hint (``seats[].hints``)."""
        table = await self.table(table_id)

        def add_hint(seats: list[dict[str, Any]]) -> None:
            seats[seat]["hints"] = seats[seat].get("hints", 0) + 1

        async with table.lock:
            _, stored = await self._store(self.store.change_seats, table.id, add_hint)
            table.take_seats(stored)

    async def info(self, table_id: str) -> dict[str, Any]:
        """The public summary of a table (seats, status, code; the seed once the game is over)."""
        return table_summary(await self.table(table_id))

    async def record(self, table_id: str) -> dict[str, Any]:
        """The table's game record with seat names and status; the seed only once the game is over."""
        table = await self.table(table_id)
        record = {**table.state.record(), "options": table.options, "names": table.seat_names()}
        record.update(status=table.status, table_id=table.id, code=table.code)
        if not table.state.is_over:
            record["seed"] = None
        return record

    async def position(self, table_id: str, turn: int) -> State[Any]:
        """The table's game after its first ``turn`` actions (a finished game's positions move by move;
        callers show spectators ``view(None)`` of it).

        Raises:
            UnknownTableError; InvalidTableError: ``turn`` outside 0..version.
        """
        table = await self.table(table_id)
        if not 0 <= turn <= table.version:
            raise InvalidTableError(
                f"the table has positions 0 to {table.version}, not {turn}", key="table.error.turn", turn=turn
            )
        state = table.game.new_state(table.state.players, table.seed)
        for action in table.state.history[:turn]:
            state.apply(action)
        return state

    async def list_tables(self, status: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        """Stored tables (``open``, ``finished``, ``closed`` or all), newest first, public facts only."""
        return await self._store(self.store.list_tables, status, limit)

    # -- internals -----------------------------------------------------------------------

    async def _store(self, call: Callable[..., T], *args: Any) -> T:
        if self._store_pool is None:
            return call(*args)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._store_pool, call, *args)

    async def table(self, table_id: str) -> Table:
        """The table ``table_id`` in memory (loaded from the store and replayed if needed).

        Raises:
            UnknownTableError: no such table.
        """
        table = self.tables.get(table_id)
        if table is not None and not table.runs_bots:  # held here to answer requests: another process
            async with table.lock:  # owns it and does not announce its actions, so read them now
                await self._catch_up_locked(table)
        if table is not None:
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self.tables.get(table_id)
            if table is None:
                record = await self._store(self.store.load_table, table_id)
                if record is None:
                    raise UnknownTableError(f"no table {table_id!r}", key="table.error.unknown_table")
                table = Table.from_record(record)
                table.humans_gone_since = self.wall_clock()
                table.runs_bots = await self._store(self.store.host_bots, table_id)
                self.tables[table_id] = table
                async with table.lock:
                    # another process may have committed while we read: its notice found no table here
                    await self._catch_up_locked(table)
                self._schedule(table)
        return table

    async def owner_address(self, table_id: str) -> str | None:
        """Where the clients of ``table_id`` connect: the address of the process that owns it (this
        one's own, :attr:`address`, when it does), so that a client that has it connects there at
        once instead of being sent on (``table/elsewhere``).  ``None`` with one process, or when no
        process owns the table now (the process a client reaches takes it over)."""
        if self.address is None:
            return None
        held = self.tables.get(table_id)
        if held is not None and held.runs_bots:
            return self.address
        return await self._store(self.store.table_owner, table_id)

    async def _owned(self, table_id: str) -> Table:
        """The table, if this process owns it (its clients are served here; see
        :mod:`busbahnhof.store.owners`); taken over if no process owns it.

        Raises:
            UnknownTableError; ElsewhereError: another process owns it (``params.url``: its address).
        """
        held = self.tables.get(table_id)
        if held is not None and held.runs_bots:
            return held
        if not await self._store(self.store.host_bots, table_id):  # asked first: nothing replayed in vain
            if held is not None and not self.connections.get(table_id):
                self._drop_visitor(held)
            owner = await self._store(self.store.table_owner, table_id) or ""
            raise ElsewhereError(
                f"another server process serves this table: {owner or 'try again'}",
                key="table.error.elsewhere",
                url=owner,
            )
        if held is not None:
            await self._adopt(held)
            return held
        try:
            return await self.table(table_id)
        except UnknownTableError:
            await self._store(self.store.release_bots, table_id)
            raise

    async def adopt(self) -> list[str]:
        """Take over every open table no process owns (all of them at start; later those whose owner
        stopped or died): load and replay each, start its bots and clock.  Returns their ids."""
        adopted = []
        for table_id in await self._store(self.store.orphaned_tables):
            held = self.tables.get(table_id)
            if (held is not None and held.runs_bots) or not await self._store(self.store.host_bots, table_id):
                continue
            if held is None:
                await self.table(table_id)  # replayed and scheduled as its owner
            else:
                await self._adopt(held)
            adopted.append(table_id)
        return adopted

    async def _adopt(self, table: Table) -> None:
        """A table held here as a visitor is this process's own now: catch up, run its bots and clock."""
        table.runs_bots = True
        async with table.lock:
            await self._catch_up_locked(table)
        self._schedule(table)

    def _drop_visitor(self, table: Table) -> None:
        """Forget a table another process owns (it was loaded here to answer a request only)."""
        self.tables.pop(table.id, None)
        self.connections.pop(table.id, None)
        self._loading.pop(table.id, None)

    @staticmethod
    def _require_open(table: Table) -> None:
        if not table.is_open:
            raise TableClosedError(
                f"the table is {table.status}; it takes no more actions", key=f"table.error.{table.status}"
            )

    @staticmethod
    def _require_unpaused(table: Table) -> None:
        if table.paused:
            raise TablePausedError("the table is paused; it goes on when it is resumed", key="table.error.paused")

    @staticmethod
    def _require_to_move(table: Table, seat: int | None) -> None:
        """Raises ForeignSeatError unless ``seat`` decides now."""
        if table.state.to_move != seat:
            raise ForeignSeatError(
                f"it is not seat {seat}'s decision now",
                key="table.error.foreign_seat",
                seat=seat,
                seat2=table.state.to_move,
            )

    async def _commit(self, table: Table, candidate: State[Any], seat: int, by: str) -> bool:
        """Store the candidate's last action as the next version, then make it the table's state.

        Called under the table's lock.  ``False``: another process took that version first;
        the table has caught up with the store instead.  Shielded: once the store is asked, the
        table in memory follows it even if the caller is cancelled (a client that went away).
        """
        return await asyncio.shield(self._commit_now(table, candidate, seat, by))

    async def _commit_now(self, table: Table, candidate: State[Any], seat: int, by: str) -> bool:
        version = table.version + 1
        now = self.wall_clock()
        text = str(candidate.history[-1])
        if not await self._commits.append((table.id, version, text, seat, by, now)):
            await self._catch_up_locked(table)
            return False
        table.state, table.version, table.updated_at = candidate, version, now
        table.seats[seat].decided_by = by
        if candidate.is_over:
            table.status = FINISHED
            await self._store(self.store.finish, table.id, FINISHED, candidate.outcome().to_dict(), now)
            if self.on_finished is not None:
                self._in_background(self.on_finished(table.id))
        return True

    async def _after_change(self, table: Table) -> None:
        if not table.is_open:
            self._thinker.forget(table.id)
        self._schedule(table)
        await self._broadcast(table)
        self._forget_if_done(table)

    def _forget_if_done(self, table: Table) -> bool:
        """Drop a finished or closed table nobody watches from memory (the store keeps it)."""
        if table.is_open or self.connections.get(table.id):
            return False
        self.tables.pop(table.id, None)
        self.connections.pop(table.id, None)
        self._loading.pop(table.id, None)
        if table.runs_bots:
            self._in_background(self._store(self.store.release_bots, table.id))
        return True

    def _in_background(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run ``work`` as a task of its own, kept until it is done (and cancelled by :meth:`stop`)."""
        task = (self._loop or asyncio.get_running_loop()).create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _broadcast(self, table: Table) -> None:
        """Send every client of the table its own message; a client whose send fails is disconnected.

        A client queues what it is sent (the WebSocket's writer task writes it), so the sends are
        awaited one after another: no task per client and version (each cost a getpid syscall).
        """
        clients = list(self.connections.get(table.id, []))
        if not clients:
            return
        broadcast = Broadcast(table, asyncio.get_running_loop().time())
        failed = []
        for connection in clients:
            message = broadcast.message(connection.seat, connection.client.lang, connection.cursor)
            try:
                await connection.client.send(message)
            except Exception:  # a client that is gone (any error of its own): it is disconnected
                failed.append(connection)
        for connection in failed:
            await self.disconnect(connection)

    def _awake(self, table: Table, turn: Callable[..., Coroutine[Any, Any, None]], *args: Any) -> None:
        """A bot turn's or timer's time has come (a callback of the loop's timer): ``turn(table,
        *args)`` runs from now on as a background task, no longer cancelled by a new position (it
        may commit and broadcast); it checks the table's version itself instead."""
        self._timers.pop(table.id, None)
        self._in_background(turn(table, *args))

    def _schedule(self, table: Table) -> None:
        """Start what the table waits for next: a bot's move, a zombie's move, or the turn timer.
        The timer still waiting for the previous position is cancelled.

        Waiting is a timer of the event loop (``call_at``), not a task: a task is made only when
        the time has come (most human turns are cut short by the move, and a cancelled timer costs
        nothing)."""
        waiting = self._timers.pop(table.id, None)
        if waiting is not None:
            waiting.cancel()
        table.deadline = None
        mover = table.mover()
        if mover is None:
            return
        seat, who = mover
        loop = self._loop or asyncio.get_running_loop()
        if who in (BOT, ZOMBIE) and (table.runs_bots or table.seats[seat].left_here):  # one process runs the bots
            due = loop.time() + table.spec.think_seconds
            if table.spec.think_seconds > 0:
                due = math.ceil(due / TICK_SECONDS) * TICK_SECONDS
            self._timers[table.id] = loop.call_at(due, self._awake, table, self._bot_turn, seat, who, table.version)
        elif who == HUMAN and table.spec.turn_seconds is not None:
            table.deadline = loop.time() + turn_time_left(table.spec.turn_seconds, self.wall_clock() - table.updated_at)
            if table.runs_bots:
                self._timers[table.id] = loop.call_at(
                    table.deadline, self._awake, table, self._turn_timer, seat, table.version
                )
                if self.on_waiting is not None and table.spec.turn_seconds >= LONG_TURN_SECONDS:
                    self._in_background(self.on_waiting(table, seat, table.version))

    async def _bot_turn(self, table: Table, seat: int, who: str, version: int) -> None:
        """After the think delay, the bot decides in a worker (:mod:`.thinking`) and its action is
        committed.  Not shielded: nothing cancels a bot turn once it runs but :meth:`stop`.  A turn
        that fails is logged and tried again after :data:`BOT_RETRY_SECONDS` (the table would
        stall otherwise)."""
        async with table.lock:
            if table.version != version or table.mover() != (seat, who):
                return
            try:
                action = await self._thinker.choose(table, seat, table.bot_name(seat))
                candidate = table.state.clone()
                candidate.apply(action, seat=seat)
            except Exception:
                log.exception("bot turn failed", extra={"table": table.id, "seat": seat, "version": version})
                if table.id not in self._timers:  # nothing else was scheduled meanwhile
                    loop = asyncio.get_running_loop()
                    retry = loop.time() + BOT_RETRY_SECONDS
                    self._timers[table.id] = loop.call_at(retry, self._awake, table, self._bot_turn, seat, who, version)
                return
            await self._commit_now(table, candidate, seat, who)
        await self._after_change(table)

    async def _turn_timer(self, table: Table, seat: int, version: int) -> None:
        """When the seat's time is up, a bot plays for it (zombie mode) until its player is back."""
        async with table.lock:
            if table.version != version or table.mover() != (seat, HUMAN):
                return
            table.start_zombie(seat, "timeout")
        await self._after_change(table)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_seconds)
            await self.sweep()

    async def sweep(self) -> list[str]:
        """Close every table whose humans have all been gone (and which saw no action) for longer
        than its ``abandon_seconds``; it is kept as a finished record with status ``closed``.
        Tables held here only to answer a request (another process owns them) are dropped.
        Returns the ids closed."""
        now = self.wall_clock()
        closed = []
        for table in list(self.tables.values()):
            if not table.runs_bots and not self.connections.get(table.id):
                self._drop_visitor(table)  # its owner serves it; nobody here needs it caught up
                continue
            limit = table.spec.abandon_after
            gone = table.humans_gone_since
            if not table.is_open or limit is None or gone is None or not table.has_human_seats():
                continue
            if table.humans_present() or now - max(gone, table.updated_at) < limit:
                continue
            async with table.lock:
                table.status = CLOSED
                table.log_event("table.closed_abandoned", minutes=round(limit / 60))
                await self._store(self.store.finish, table.id, CLOSED, None, now)
            closed.append(table.id)
            await self._after_change(table)
        return closed

    def _notified(self, table_id: str, version: int) -> None:
        """A change committed by another process (called from the store's listener thread)."""
        loop = self._loop
        if loop is None or table_id not in self.tables:
            return

        loop.call_soon_threadsafe(lambda: self._in_background(self.catch_up(table_id)))

    async def catch_up(self, table_id: str) -> None:
        """Take over what other processes committed for a table (actions, seats, status) and tell our clients."""
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            known_successor = table.successor
            changed = await self._catch_up_locked(table)
        if changed:
            await self._after_change(table)
        if table.successor != known_successor:  # another process opened the rematch
            await self._offer_successor(table, list(self.connections.get(table.id, [])))

    async def _catch_up_locked(self, table: Table) -> bool:
        before = (table.version, table.status, [seat.stored() for seat in table.seats])
        record = await self._store(self.store.changes_since, table.id, table.version)
        if record is not None:
            for entry in record["actions"]:
                table.replay_action(entry)
                table.updated_at = entry["at"]
            table.status = record["status"]
            table.successor = record["successor"]
            table.take_seats(record["seats"])
            if record["status"] == CLOSED and before[1] != CLOSED:
                table.log_event("table.closed_abandoned", minutes=round((table.spec.abandon_after or 0) / 60))
        return before != (table.version, table.status, [seat.stored() for seat in table.seats])


def turn_time_left(turn_seconds: float, since_last_action: float) -> float:
    """The seconds a decision gets now: a short timer starts afresh; a long one (turn-based play) counts
    from the table's last action, so a restart or a player's return does not give a new day, but
    leaves at least :data:`MIN_TURN_LEFT_SECONDS` to a player who is back."""
    if turn_seconds < LONG_TURN_SECONDS:
        return turn_seconds
    return max(MIN_TURN_LEFT_SECONDS, turn_seconds - max(0.0, since_last_action))


def claim(seat: int, token: str | None) -> Callable[[list[dict[str, Any]]], bool]:
    """A change of the stored seats that claims ``seat`` if ``token`` is still its token."""

    def change(seats: list[dict[str, Any]]) -> bool:
        if token is None or seats[seat]["token_hash"] != hash_token(token):
            return False
        seats[seat]["claimed"] = True
        return True

    return change


def rename(seat: int, name: str) -> Callable[[list[dict[str, Any]]], None]:
    """A change of the stored seats that gives ``seat`` the name ``name``."""

    def change(seats: list[dict[str, Any]]) -> None:
        seats[seat]["name"] = name

    return change


async def tell_taken_over(connection: Connection) -> None:
    """Tell a displaced connection that its seat is played on another device now, and close it."""
    with contextlib.suppress(Exception):
        await connection.client.send(encode({"type": "taken_over", "seat": connection.seat}))
    await connection.client.close(CLOSE_TAKEN_OVER)


def check_spec(spec: TableSpec) -> None:
    """Refuse a spec whose parts cannot work before anything is built (the game checks the rest).

    Raises:
        GameError: unknown game or bot; InvalidTableError: bad timer, think delay or abandon time.
    """
    game_class(spec.game)
    if spec.turn_seconds is not None and not 1 <= spec.turn_seconds <= MAX_TURN_SECONDS:
        raise InvalidTableError(
            "the turn timer takes 1 second to 7 days", key="table.error.turn_seconds", value=spec.turn_seconds
        )
    if not 0 <= spec.think_seconds <= MAX_THINK_SECONDS:
        raise InvalidTableError(
            f"the think delay takes 0 to {MAX_THINK_SECONDS:g} seconds",
            key="table.error.think_seconds",
            value=spec.think_seconds,
        )
    if spec.abandon_seconds is not None and spec.abandon_seconds <= 0:
        raise InvalidTableError(
            "the abandon time must be positive", key="table.error.abandon_seconds", value=spec.abandon_seconds
        )
    if spec.seed is not None and (isinstance(spec.seed, bool) or not 0 <= spec.seed < 2**63):
        raise InvalidTableError("the seed is a whole number from 0 to 2^63-1", key="table.error.seed")
