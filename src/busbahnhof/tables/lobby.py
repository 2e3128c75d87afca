"""The public lobby: tables opened for strangers, listed while they have free seats, joined with one click.

A public table is an ordinary table (:attr:`TableSpec.public`) plus a listing in the store
(:class:`LobbyStore`): its host's name and, for a quick match (:mod:`.quickmatch`), its kind and
when bots take its empty seats.  Its host sits down at once (the first human seat is claimed
for them at creation), so a stranger's click can only take another seat.  Taking a seat goes
through :meth:`TableService.join`, one ``change_seats`` transaction that locks the table's row:
of two strangers clicking the last seat at once, one gets it and the other ``table/no_free_seat``,
in one process or several.

:class:`Lobby` keeps the listing that this process shows (:meth:`Lobby.listing`) fresh: it is
read again at once when a listed table changes (this process's joins and new tables; other
processes' commits through the store's change feed, PostgreSQL ``NOTIFY``) and at least every
:data:`REFRESH_SECONDS` (a seat claimed by its link, a game that ended); every change bumps
:attr:`Lobby.stamp` and wakes the lobby's live subscribers.  The same pass lets bots take the
empty seats of quick matches whose wait is over.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from .errors import NoFreeSeatError, TableClosedError, TableError
from .ports import TableStore, Unsubscribe
from .results import CreatedTable, SeatTicket
from .service import TableService
from .spec import TableSpec

REFRESH_SECONDS = 1.0
"""How often the listing is read again when nothing announced a change."""
LISTED_LIMIT = 100
"""The most tables the lobby lists (the oldest waiting first)."""


class NotPublicError(TableError):
    """A public lobby request for a table that is not listed there (never public, full, or over)."""

    code = "lobby/not_listed"


class LobbyStore(Protocol):
    """The listings of public tables (implemented by ``busbahnhof.store.LobbyStore``)."""

    def list_table(self, listing: dict[str, Any]) -> None:
        """List a table: ``{"table_id", "host", "quick_key", "fill_at", "bot", "created_at"}``."""
        ...

    def unlist(self, table_id: str) -> None:
        """Take a table out of the lobby."""
        ...

    def listed(self, quick_key: str | None = None) -> list[dict[str, Any]]:
        """The listed tables, oldest first, with ``id, code, game, options, players, seats, spec,
        created_at, status, host, quick_key, fill_at, bot`` (only quick matches of ``quick_key`` if given)."""
        ...


@dataclass(frozen=True)
class Listing:
    """One public table as strangers see it in the lobby (no tokens, no hashes).

    Attributes:
        table_id, code, game, options, players: the table's facts (options in public form).
        seats: per seat ``{"name", "bot", "free"}``.
        free: how many seats a stranger can still take.
        turn_seconds: the turn timer (``None``: none).
        host: the name of whoever opened it.
        quick: whether it is a quick match (then ``fill_at``: when bots take its empty seats,
            seconds since the epoch).
        created_at: seconds since the epoch.
    """

    table_id: str
    code: str
    game: str
    options: dict[str, Any]
    players: int
    seats: tuple[dict[str, Any], ...]
    free: int
    turn_seconds: float | None
    host: str
    quick: bool
    fill_at: float | None
    created_at: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "table_id": self.table_id,
            "code": self.code,
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "seats": list(self.seats),
            "free": self.free,
            "turn_seconds": self.turn_seconds,
            "host": self.host,
            "quick": self.quick,
            "fill_at": self.fill_at,
            "created_at": self.created_at,
        }


def is_free(seat: dict[str, Any]) -> bool:
    """Whether a stranger can take this stored seat: a human seat nobody has claimed."""
    return seat["bot"] is None and not seat["claimed"]


def listing_of(row: dict[str, Any]) -> Listing:
    """A stored listing row as the lobby shows it."""
    seats = tuple({"name": seat["name"], "bot": seat["bot"], "free": is_free(seat)} for seat in row["seats"])
    return Listing(
        table_id=row["id"],
        code=row["code"],
        game=row["game"],
        options=row["options"],
        players=row["players"],
        seats=seats,
        free=sum(seat["free"] for seat in seats),
        turn_seconds=row["spec"].get("turn_seconds"),
        host=row["host"],
        quick=row["quick_key"] is not None,
        fill_at=row["fill_at"],
        created_at=row["created_at"],
    )


class Lobby:
    """The public lobby of this process, on the table service and the listings in ``store``.

    Args:
        service: the table service (tables are created and joined through it).
        store: the listings.
        table_store: the tables' store, whose change feed announces other processes' commits.
        wall_clock: seconds since the epoch.
    """

    def __init__(
        self,
        service: TableService,
        store: LobbyStore,
        table_store: TableStore,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self.service = service
        self.store = store
        self.table_store = table_store
        self.wall_clock = wall_clock
        self.stamp = 0
        self._listing: list[Listing] = []
        self._changed = asyncio.Condition()
        self._nudge = asyncio.Event()
        self._reading = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._unsubscribe: Unsubscribe | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    # -- life cycle ----------------------------------------------------------------------

    async def start(self) -> None:
        """Read the listing, then keep it fresh (and fill due quick matches) until :meth:`stop`."""
        self._loop = asyncio.get_running_loop()
        await self.refresh()
        self._unsubscribe = self.table_store.subscribe(self._notified)
        self._task = asyncio.create_task(self._watch())

    async def stop(self) -> None:
        """Stop watching."""
        if self._unsubscribe is not None:
            self._unsubscribe()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    def _notified(self, table_id: str, version: int) -> None:
        """Another process committed a change (called from the store's listener thread)."""
        loop = self._loop
        if loop is not None and any(listing.table_id == table_id for listing in self._listing):
            loop.call_soon_threadsafe(self._nudge.set)

    async def _watch(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(REFRESH_SECONDS):
                    await self._nudge.wait()
            self._nudge.clear()
            try:
                await self.refresh()
            except Exception:  # a store hiccup: the next pass tries again
                await asyncio.sleep(REFRESH_SECONDS)

    # -- the listing ---------------------------------------------------------------------

    def listing(self) -> list[dict[str, Any]]:
        """The public tables with free seats, oldest first, as last read."""
        return [listing.to_dict() for listing in self._listing]

    async def refresh(self) -> bool:
        """Read the listing again.  Bots take the empty seats of quick matches whose wait is over;
        tables that are over or full leave the lobby for good (a seat, once taken, is never free
        again).  Returns whether the listing changed (then subscribers of :meth:`changed` wake)."""
        async with self._reading:
            return await self._refresh()

    async def _refresh(self) -> bool:
        now = self.wall_clock()
        waiting = []
        for row in await asyncio.to_thread(self.store.listed):
            listing = listing_of(row)
            due = row["fill_at"] is not None and row["fill_at"] <= now
            if row["status"] == "open" and listing.free and not due:
                waiting.append(listing)
                continue
            if row["status"] == "open" and listing.free:
                await self.fill(row["id"], row["bot"])
            await asyncio.to_thread(self.store.unlist, listing.table_id)
        waiting = waiting[:LISTED_LIMIT]
        if waiting == self._listing:
            return False
        self._listing = waiting
        async with self._changed:
            self.stamp += 1
            self._changed.notify_all()
        return True

    async def fill(self, table_id: str, bot: str) -> None:
        """Bots take the empty seats of a quick match whose wait is over, so its game goes on.  Of
        several processes, each may try: the seats change in one transaction, so a bot never takes
        a seat twice nor one a joiner took meanwhile."""
        with contextlib.suppress(TableError):  # over meanwhile, or served by another process
            await self.service.seat_bots(table_id, bot)

    async def changed(self, stamp: int, timeout: float) -> int:
        """Wait until the listing is newer than ``stamp`` (at most ``timeout`` seconds); returns the
        current stamp."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout), self._changed:
                await self._changed.wait_for(lambda: self.stamp != stamp)
        return self.stamp

    # -- public tables -------------------------------------------------------------------

    async def open_table(
        self,
        spec: TableSpec,
        host: str | None,
        lang: str,
        *,
        quick_key: str | None = None,
        fill_at: float | None = None,
        bot: str | None = None,
    ) -> CreatedTable:
        """Open a public table: created as ``spec`` says, its first human seat taken by its host,
        named ``host`` (``None``: the seat's default name); the returned ticket of that seat is the
        host's, every other human seat is free for strangers.  It is listed in the lobby.

        Raises:
            GameError: the spec cannot be played; NoFreeSeatError: it has fewer than two human seats.
        """
        spec = replace(spec, public=True)
        if sum(seat.bot is None for seat in spec.seats) < 2:
            raise NoFreeSeatError(
                "a public table needs a human seat for its host and one for a stranger", key="lobby.error.no_free_seat"
            )
        created = await self.service.create(spec, lang)
        ticket = await self.service.join(created.code, host)
        tickets = tuple(ticket if entry.seat == ticket.seat else entry for entry in created.seats)
        table = await self.service.table(created.table_id)
        listing = {
            "table_id": created.table_id,
            "host": table.seats[ticket.seat].name,
            "quick_key": quick_key,
            "fill_at": fill_at,
            "bot": bot,
            "created_at": self.wall_clock(),
        }
        await asyncio.to_thread(self.store.list_table, listing)
        await self.refresh()
        return replace(created, seats=tickets)

    async def join(self, table_id: str, name: str | None) -> SeatTicket:
        """Take a free seat of the listed table ``table_id`` (one click in the lobby).

        Raises:
            NotPublicError: the table is not listed (never public, or full or over since);
            NoFreeSeatError: another stranger took the last seat first; TableClosedError.
        """
        listed = await asyncio.to_thread(self.store.listed)
        row = next((row for row in listed if row["id"] == table_id), None)
        if row is None:
            raise NotPublicError("this table is not in the public lobby (any more)", key="lobby.error.not_listed")
        try:
            return await self.service.join(row["code"], name)
        finally:
            await self.refresh()

    async def take_first_free(self, quick_key: str, name: str | None) -> tuple[str, str, SeatTicket] | None:
        """A seat at the oldest listed quick match of ``quick_key`` that still has one: its table id,
        room code and the seat's ticket, or ``None`` if every such table is full (or none waits)."""
        for row in await asyncio.to_thread(self.store.listed, quick_key):
            if row["status"] != "open" or not any(is_free(seat) for seat in row["seats"]):
                continue
            with contextlib.suppress(NoFreeSeatError, TableClosedError):
                ticket = await self.service.join(row["code"], name)
                await self.refresh()
                return row["id"], row["code"], ticket
        return None
