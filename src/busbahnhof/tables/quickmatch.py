"""Quick match: a game of a kind (game and player count) with strangers, now.

The player names the game, the number of players and how long they will wait for people
(:data:`WAITS`).  They take a free seat at the oldest waiting quick match of that kind in the
public lobby; if none waits, they open one (the rules as written, a turn timer of
:data:`TURN_SECONDS`) and wait there.  Strangers who ask for the same kind take its other seats;
when the wait is over, bots (the game's middle level) take the seats still empty and the game
goes on (:meth:`busbahnhof.tables.lobby.Lobby.refresh`).  The table is played from its first
moment: a human seat still empty when its turn comes is played by a bot after the turn timer,
like any seat whose player is away, and given back when its player sits down.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import game_class
from .errors import InvalidTableError
from .lobby import Lobby
from .results import SeatTicket
from .spec import SeatSpec, TableSpec
from .table import default_zombie_bot

WAITS = (15, 60, 300)
"""The waits a player may choose, in seconds: 15 s, 1 min, 5 min."""
TURN_SECONDS = 60.0
"""A quick match's turn timer: strangers who wander off do not hold the table up for long."""
BOT_LEVEL = "mittel"
"""The bots that take the empty seats: the game's middle level (else its own bot)."""


@dataclass(frozen=True)
class QuickSeat:
    """Where a quick match put the player.

    Attributes:
        table_id, code: the table.
        ticket: the player's seat, token and join link.
        opened: whether the player opened the table (else they joined a waiting one).
    """

    table_id: str
    code: str
    ticket: SeatTicket
    opened: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"table_id": self.table_id, "code": self.code, "opened": self.opened, **self.ticket.to_dict()}


def quick_key(game: str, players: int) -> str:
    """The kind of a quick match, as listed: ``busfahrer:4``."""
    return f"{game}:{players}"


def quick_bot(game: str) -> str:
    """The bot that takes a quick match's empty seats."""
    instance = game_class(game)()
    return BOT_LEVEL if BOT_LEVEL in instance.bots() else default_zombie_bot(instance)


def check_request(game: str, players: int, wait_seconds: int) -> None:
    """Refuse a kind the game does not have or a wait not on offer.

    Raises:
        GameError: unknown game; InvalidTableError: player count or wait.
    """
    game_type = game_class(game)
    if not game_type.min_players <= players <= game_type.max_players:
        raise InvalidTableError(
            f"{game_type.title} is played by {game_type.min_players} to {game_type.max_players} players",
            key="lobby.error.players",
            low=game_type.min_players,
            high=game_type.max_players,
        )
    if wait_seconds not in WAITS:
        raise InvalidTableError(
            f"the wait is one of {', '.join(map(str, WAITS))} seconds",
            key="lobby.error.wait",
            waits=", ".join(map(str, WAITS)),
        )


async def quick_match(
    lobby: Lobby, game: str, players: int, wait_seconds: int, name: str | None, lang: str
) -> QuickSeat:
    """Seat ``name`` at a waiting quick match of the kind, or open one that waits ``wait_seconds``
    for people before bots take its empty seats.

    Raises:
        GameError: unknown game; InvalidTableError: player count or wait (:func:`check_request`).
    """
    check_request(game, players, wait_seconds)
    kind = quick_key(game, players)
    taken = await lobby.take_first_free(kind, name)
    if taken is not None:
        return QuickSeat(*taken, opened=False)
    spec = TableSpec(game, seats=(SeatSpec(name),) + (SeatSpec(),) * (players - 1), turn_seconds=TURN_SECONDS)
    created = await lobby.open_table(
        spec, name, lang, quick_key=kind, fill_at=lobby.wall_clock() + wait_seconds, bot=quick_bot(game)
    )
    return QuickSeat(created.table_id, created.code, created.seats[0], opened=True)
