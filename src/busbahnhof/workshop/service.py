"""Workshops: a facilitator's session of N Busfaktor tables under one code.

A workshop is opened with a deck, players per table, a number of tables and the bot that fills
empty seats; the facilitator gets a key (kept in their browser, like a table creator's token)
and the session a code.  People join by the code (or its QR code, ``/w/<CODE>``): each one is
given a key and a place at the table with the fewest people (:mod:`.seating`).  When the
facilitator starts, the tables are opened through the table service, each human seat with its
participant's key as the seat token (only its hash is stored, here and at the table), the empty
seats with the bot.  From then on the facilitator sees every table (:mod:`.overview`), pauses
and resumes all of them (:meth:`busbahnhof.tables.TableService.pause`), and opens the debrief
(:mod:`.debrief`).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from typing import Any, TypeVar

from ..engine import game_class
from ..tables import SeatSpec, TableService, TableSpec, hash_token, new_room_code, normalize_code
from ..tables.codes import new_token
from ..tables.table import Table
from .debrief import PlayedGame, debrief
from .errors import (
    NotFacilitatorError,
    NotStartedError,
    UnknownParticipantError,
    UnknownWorkshopError,
    WorkshopError,
    WorkshopFullError,
)
from .overview import table_overview
from .seating import place
from .store import WorkshopStore

T = TypeVar("T")

GAME = "busfaktor"
GATHERING, RUNNING = "gathering", "running"
MAX_TABLES = 12
CODE_ATTEMPTS = 20
THINK_SECONDS = 0.8
"""The bots' think delay at workshop tables: slow enough for a room to follow."""
KEEP_PAUSES_SECONDS = 0.5
"""How often each process makes its tables follow their workshop's stored pause: within the bots'
think delay (:data:`THINK_SECONDS`), so a table adopted from a dead owner is paused before its bot moves."""
ABANDON_SECONDS = 4 * 3600.0
"""A workshop's tables are closed only after four hours without anybody (a long session with breaks)."""


class WorkshopService:
    """Workshops on ``store``, their tables run by ``tables`` (bots waiting ``think_seconds`` before each move)."""

    def __init__(
        self,
        store: WorkshopStore,
        tables: TableService,
        *,
        think_seconds: float = THINK_SECONDS,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.tables = tables
        self.think_seconds = think_seconds
        self.wall_clock = wall_clock
        self.pause_changes = 0
        """How many pauses and resumes this process was asked for (see :meth:`keep_pauses`)."""

    async def _store(self, call: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(call, *args)

    async def create(self, *, deck: str, players: int, tables: int, bot: str, lang: str = "de") -> dict[str, Any]:
        """Open a workshop; returns its id, code and the facilitator's key (shown once).

        Raises:
            WorkshopError: a deck, player count, table count or bot the game does not take.
        """
        game_type = game_class(GAME)
        if deck not in game_type.file_options["deck"]:
            raise WorkshopError(f"unknown deck {deck!r}", key="workshop.error.deck", deck=deck)
        if not game_type.min_players <= players <= game_type.max_players:
            raise WorkshopError(
                f"Busfaktor takes {game_type.min_players} to {game_type.max_players} players per table",
                key="workshop.error.players",
                low=game_type.min_players,
                high=game_type.max_players,
            )
        if not 1 <= tables <= MAX_TABLES:
            raise WorkshopError(
                f"a workshop has 1 to {MAX_TABLES} tables", key="workshop.error.tables", high=MAX_TABLES
            )
        if bot not in game_type(deck=deck).bots():
            raise WorkshopError(f"unknown bot {bot!r}", key="workshop.error.bot", bot=bot)
        key = new_token()
        workshop_id = secrets.token_hex(8)
        for _ in range(CODE_ATTEMPTS):
            code = new_room_code()
            row = {
                "id": workshop_id,
                "code": code,
                "game": GAME,
                "deck": deck,
                "players": players,
                "table_count": tables,
                "bot": bot,
                "lang": lang,
                "facilitator_hash": hash_token(key),
                "status": GATHERING,
                "paused": False,
                "table_ids": [],
                "created_at": self.wall_clock(),
                "started_at": None,
            }
            if await self._store(self.store.create, row):
                return {"id": workshop_id, "code": code, "key": key}
        raise WorkshopError("no free workshop code found; try again", key="workshop.error.no_code")

    async def find(self, code: str) -> dict[str, Any]:
        """The public facts of the workshop with code ``code`` (read leniently, like room codes).

        Raises:
            UnknownWorkshopError.
        """
        normal = normalize_code(code)
        workshop_id = None if normal is None else await self._store(self.store.find_code, normal)
        if workshop_id is None:
            raise UnknownWorkshopError(
                f"no workshop has the code {code!r}", key="workshop.error.unknown_code", code=code
            )
        return public(await self._load(workshop_id))

    async def join(self, code: str, name: str) -> dict[str, Any]:
        """Seat a new participant: their key (their seat's token later), table and seat number.

        Raises:
            UnknownWorkshopError; WorkshopFullError: started already, or every seat taken.
        """
        workshop = await self.find(code)
        key = new_token()
        row = await self._store(
            self.store.add_participant, workshop["id"], hash_token(key), name, self.wall_clock(), place
        )
        if row is None:
            raise WorkshopFullError(
                "this workshop takes nobody more (it has started, or every seat is taken)", key="workshop.error.full"
            )
        return {"workshop_id": workshop["id"], "key": key, "table": row["table_index"], "seat": row["seat"]}

    async def participant(self, workshop_id: str, key: str) -> dict[str, Any]:
        """Where the holder of participant ``key`` sits: the workshop's status, their table number
        and seat, and once the workshop runs the table's id (their key is the seat's token).

        Raises:
            UnknownWorkshopError, UnknownParticipantError.
        """
        workshop = await self._load(workshop_id)
        row = await self._store(self.store.participant, workshop_id, hash_token(key))
        if row is None:
            raise UnknownParticipantError(
                "this key belongs to no participant of the workshop", key="workshop.error.unknown_participant"
            )
        table_ids = workshop["table_ids"]
        return {
            **public(workshop),
            "name": row["name"],
            "table": row["table_index"],
            "seat": row["seat"],
            "table_id": table_ids[row["table_index"]] if table_ids else None,
        }

    async def start(self, workshop_id: str, key: str) -> dict[str, Any]:
        """Open the workshop's tables: participants at their seats, the bot in every empty one.
        Joining ends first (status ``starting``), so nobody is seated at a table already opened,
        and of two starts at once one opens the tables.

        Raises:
            UnknownWorkshopError, NotFacilitatorError; WorkshopError: started already.
        """
        await self._facilitated(workshop_id, key)
        if not await self._store(self.store.close_joining, workshop_id):  # one start; no join after it
            raise WorkshopError("the workshop has started already", key="workshop.error.started")
        workshop = await self._load(workshop_id)
        seated = await self._store(self.store.participants, workshop_id)
        table_ids = []
        for index in range(workshop["table_count"]):
            people = {p["seat"]: p for p in seated if p["table_index"] == index}
            spec = TableSpec(
                game=GAME,
                options={"deck": workshop["deck"]},
                seats=tuple(
                    SeatSpec(name=people[n]["name"]) if n in people else SeatSpec(bot=workshop["bot"])
                    for n in range(workshop["players"])
                ),
                think_seconds=self.think_seconds,
                abandon_seconds=ABANDON_SECONDS,
                lang=workshop["lang"],
            )
            hashes = {n: person["key_hash"] for n, person in people.items()}
            created = await self.tables.create(spec, workshop["lang"], token_hashes=hashes)
            table_ids.append(created.table_id)
        await self._store(self.store.start, workshop_id, table_ids, self.wall_clock())
        return await self.overview(workshop_id, key)

    async def overview(self, workshop_id: str, key: str, since: str | None = None) -> dict[str, Any]:
        """The facilitator's overview: the workshop, its participants, and every table live; only
        ``{"unchanged": true, "stamp"}`` if its stamp is still ``since`` (a poll that finds nothing new).

        Raises:
            UnknownWorkshopError, NotFacilitatorError.
        """
        workshop = await self._facilitated(workshop_id, key)
        seated = await self._store(self.store.participants, workshop_id)
        tables = [await self.tables.table(table_id) for table_id in workshop["table_ids"]]
        now = stamp(workshop, len(seated), tables)
        if since == now:
            return {"unchanged": True, "stamp": now}
        return {
            **public(workshop),
            "participants": [{"name": p["name"], "table": p["table_index"], "seat": p["seat"]} for p in seated],
            "tables": [table_overview(index, table) for index, table in enumerate(tables)],
            "stamp": now,
        }

    async def pause(self, workshop_id: str, key: str, paused: bool) -> dict[str, Any]:
        """Pause (or resume) every table of the workshop; the games' states do not change.

        Raises:
            UnknownWorkshopError, NotFacilitatorError, NotStartedError.
        """
        workshop = await self._facilitated_running(workshop_id, key)
        self.pause_changes += 1  # a keeper's look at the store begun before this is stale now
        await self._store(self.store.set_paused, workshop_id, paused)
        for table_id in workshop["table_ids"]:
            await self.tables.pause(table_id, paused)
        return await self.overview(workshop_id, key)

    async def restore(self) -> int:
        """After a restart, before the table service starts its tables' bots: pause again the tables
        of every paused workshop; returns how many."""
        paused = 0
        for table_id in await self._store(self.store.paused_table_ids):
            paused += await self.tables.pause(table_id, True)
        return paused

    async def keep_pauses(self) -> int:
        """Make this process's tables paused exactly when their workshop is (as the store says).

        With several serving processes (docs/deploy.md) a facilitator's pause reaches the process
        that answered it only; the owner of each other table follows the stored pause here, and so
        does a process that adopted a paused workshop's table from a stopped or dead owner.
        Every process calls this every :data:`KEEP_PAUSES_SECONDS`.  Returns how many tables changed.
        """
        asked_before = self.pause_changes
        should_pause = set(await self._store(self.store.paused_table_ids))
        if self.pause_changes != asked_before:  # a pause or resume here meanwhile: the next look decides
            return 0
        held = self.tables.tables
        changes = [
            (table_id, table_id in should_pause)
            for table_id, table in list(held.items())
            if table.is_open and table.paused != (table_id in should_pause)
        ]
        changed = 0
        for table_id, paused in changes:
            changed += await self.tables.pause(table_id, paused)
        return changed

    async def debrief(self, workshop_id: str, key: str, lang: str) -> dict[str, Any]:
        """The debrief of the workshop's games so far (:mod:`.debrief`), in ``lang``.

        Raises:
            UnknownWorkshopError, NotFacilitatorError, NotStartedError.
        """
        workshop = await self._facilitated_running(workshop_id, key)
        games = [
            played_game(index, await self.tables.table(table_id))
            for index, table_id in enumerate(workshop["table_ids"])
        ]
        return {**public(workshop), **await asyncio.to_thread(debrief, games, lang)}

    async def _load(self, workshop_id: str) -> dict[str, Any]:
        workshop = await self._store(self.store.load, workshop_id)
        if workshop is None:
            raise UnknownWorkshopError(f"no workshop {workshop_id!r}", key="workshop.error.unknown")
        return workshop

    async def _facilitated(self, workshop_id: str, key: str) -> dict[str, Any]:
        workshop = await self._load(workshop_id)
        if not secrets.compare_digest(hash_token(key), workshop["facilitator_hash"]):
            raise NotFacilitatorError(
                "only the workshop's facilitator can do this", key="workshop.error.not_facilitator"
            )
        return workshop

    async def _facilitated_running(self, workshop_id: str, key: str) -> dict[str, Any]:
        """The workshop, for its facilitator, once its tables are open."""
        workshop = await self._facilitated(workshop_id, key)
        if workshop["status"] != RUNNING:
            raise NotStartedError("the workshop's tables are not open yet", key="workshop.error.not_started")
        return workshop


def played_game(index: int, table: Table) -> PlayedGame:
    """What the debrief replays of a table: its game, seed and actions so far, and the seat names."""
    return PlayedGame(
        table=index,
        game=table.game,
        players=table.state.players,
        seed=table.seed,
        actions=tuple(str(action) for action in table.state.history),
        names=tuple(table.seat_names()),
    )


def public(workshop: dict[str, Any]) -> dict[str, Any]:
    """What anyone with the code may know of a workshop (no key hash, no table ids)."""
    return {
        "id": workshop["id"],
        "code": workshop["code"],
        "game": workshop["game"],
        "deck": workshop["deck"],
        "players": workshop["players"],
        "table_count": workshop["table_count"],
        "bot": workshop["bot"],
        "status": workshop["status"],
        "paused": bool(workshop["paused"]),
    }


def stamp(workshop: dict[str, Any], participants: int, tables: list[Table]) -> str:
    """A short text that changes whenever the overview does: the workshop's status, pause and
    participants, each table's version, status, pause and who is connected.  The client's polls
    send it back and get ``unchanged`` while it holds (no view is built then)."""
    head = f"{workshop['status'][0]}{int(bool(workshop['paused']))}:{participants}"
    return ":".join(
        [head]
        + [
            f"{table.version}{table.status[0]}{int(table.paused)}"
            + "".join("c" if seat.connections > 0 else "-" for seat in table.seats)
            for table in tables
        ]
    )
