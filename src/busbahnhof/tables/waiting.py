"""The tables waiting for a player: of the seats someone holds, those whose decision it is now.

A seat waits for its player when its table is open and not paused, the game asks that seat to
decide, the seat is a human's and no bot plays for it.  A seat a bot plays for (its player's time
ran out, or they left) is not waiting, but it is listed apart (``bot_plays``): its player can come
back and take it over.  The seats come
from the caller: an account's seats (the store's ``seat_players``) and the seat tokens a browser
holds.  Tables are read from memory (every open table a process owns is there); one not in memory
is loaded only if the store has it open, so finished games cost one query, not a replay.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .errors import UnknownTableError
from .service import TableService
from .table import HUMAN, Table

MAX_TABLES = 100
"""The most tables one question looks at (a browser keeps 50 seats; an account's open games)."""


@dataclass(frozen=True)
class WaitingSeat:
    """A seat whose decision it is now.

    Attributes:
        table_id, code, game, title: the table.
        seat: the seat's number; ``name``: its name at the table.
        bot_plays: a bot plays for the seat (its player's time ran out, or they left) until they are
            back; the seat is listed, but it is not waiting.
        since: when the decision began to wait (the table's last action, seconds since the epoch).
        deadline: when its turn timer runs out (seconds since the epoch), ``None`` without a timer.
        turn_seconds: the table's turn timer.
        players: the names of all seats, in seat order.
    """

    table_id: str
    code: str
    game: str
    title: str
    seat: int
    name: str
    bot_plays: bool
    since: float
    deadline: float | None
    turn_seconds: float | None
    players: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "table_id": self.table_id,
            "code": self.code,
            "game": self.game,
            "title": self.title,
            "seat": self.seat,
            "name": self.name,
            "bot_plays": self.bot_plays,
            "since": self.since,
            "deadline": self.deadline,
            "turn_seconds": self.turn_seconds,
            "players": list(self.players),
        }


def waiting_seat(table: Table, seat: int, wall_now: float, loop_now: float) -> WaitingSeat | None:
    """``seat`` of ``table`` if it waits for its player now or a bot plays for it, else ``None``."""
    if seat < 0 or seat >= len(table.seats) or not table.is_open or table.paused:
        return None
    bot_plays = table.seats[seat].is_human and table.seats[seat].zombie
    if not bot_plays and table.mover() != (seat, HUMAN):
        return None
    deadline = None if table.deadline is None or bot_plays else wall_now + max(0.0, table.deadline - loop_now)
    return WaitingSeat(
        table.id,
        table.code,
        table.game.id,
        table.game.title,
        seat,
        table.seats[seat].name,
        bot_plays,
        table.updated_at,
        deadline,
        table.spec.turn_seconds,
        tuple(table.seat_names()),
    )


async def waiting_for(
    service: TableService, seats: Iterable[tuple[str, int]], tokens: Iterable[tuple[str, str]]
) -> list[WaitingSeat]:
    """Of the seats given by number (``(table_id, seat)``) or by token (``(table_id, token)``), those
    waiting for their player now, the longest waiting first, then those a bot plays for."""
    wanted: dict[str, set[int | str]] = {}
    held_list: list[tuple[str, int | str]] = [*seats, *tokens]
    for table_id, held in held_list:
        if table_id in wanted or len(wanted) < MAX_TABLES:
            wanted.setdefault(table_id, set()).add(held)
    open_ids: set[str] | None = None
    waiting = []
    loop_now, wall_now = asyncio.get_running_loop().time(), service.wall_clock()
    for table_id, held_seats in wanted.items():
        table = service.tables.get(table_id)
        if table is None:
            if open_ids is None:
                open_ids = set(await asyncio.to_thread(service.store.open_table_ids))
            if table_id not in open_ids:
                continue
            try:
                table = await service.table(table_id)
            except UnknownTableError:
                continue
        numbers = {held if isinstance(held, int) else table.holds_seat(held) for held in held_seats}
        for seat in sorted(number for number in numbers if number is not None):
            found = waiting_seat(table, seat, wall_now, loop_now)
            if found is not None:
                waiting.append(found)
    return sorted(waiting, key=lambda entry: (entry.bot_plays, entry.since, entry.table_id, entry.seat))
