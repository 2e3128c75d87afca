"""One table in memory: the game state, its version, the seats and the table's own log.

The :class:`Table` holds no I/O; :class:`busbahnhof.tables.service.TableService` drives it,
commits to the store and talks to clients.  A table is rebuilt from its stored record by
replaying the actions (:meth:`Table.from_record`).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from ..engine import Catalog, Event, Game, State
from .codes import hash_token
from .decks import build_game
from .errors import SpectatorError, UnknownTokenError
from .spec import TableSpec
from .thinking import Setup

OPEN, FINISHED, CLOSED = "open", "finished", "closed"
HUMAN, BOT, ZOMBIE = "human", "bot", "zombie"


@dataclass
class Seat:
    """A seat at the table.

    Attributes:
        name: the name shown.
        bot: the bot's name for a bot seat, ``None`` for a human seat.
        token_hash: the hash of the seat's token (human seats).
        claimed: whether someone has taken the seat (used its link or joined by code).
        connections: open client connections of the seat.
        zombie: a bot plays for this human seat until its player is back (timer ran out, or left).
        left_here: the player left through this process (only it knows; it plays the seat's bot).
        hints: how many hints the seat's player asked for (stored: the result says so).
        heir_of: at a rematch table, the token hash its player had at the finished table; the
            seat's own token is issued when that player takes the offer up (:mod:`.rematch`).
        decided_by: who made the seat's last decision (``human``, ``bot``, ``zombie``), ``None``
            before its first; a finished game's human seat last decided by the zombie was left.
    """

    name: str
    bot: str | None = None
    token_hash: str | None = None
    claimed: bool = False
    connections: int = 0
    zombie: bool = False
    left_here: bool = False
    hints: int = 0
    heir_of: str | None = None
    decided_by: str | None = None

    @property
    def is_human(self) -> bool:
        """Whether a person plays this seat."""
        return self.bot is None

    def stored(self) -> dict[str, Any]:
        """The stored form (without presence)."""
        return {
            "name": self.name,
            "bot": self.bot,
            "token_hash": self.token_hash,
            "claimed": self.claimed,
            "hints": self.hints,
            **({"heir_of": self.heir_of} if self.heir_of is not None else {}),
        }


@dataclass
class TableEvent:
    """An event of the table itself (a seat joined, a bot took over), placed in the game's log order.

    Attributes:
        after: the number of game log events before it.
        event: message key (``table.*``) and parameters.
    """

    after: int
    event: Event


@dataclass
class Table:
    """A table in memory.  Mutated only by the service, under :attr:`lock`."""

    id: str
    code: str
    spec: TableSpec
    options: dict[str, Any]
    game: Game[Any, Any]
    state: State[Any]
    seats: list[Seat]
    creator_hash: str
    created_at: float
    deck_text: str | None = None
    status: str = OPEN
    successor: str | None = None
    version: int = 0
    events: list[TableEvent] = field(default_factory=list)
    updated_at: float = 0.0
    deadline: float | None = None
    humans_gone_since: float | None = None
    runs_bots: bool = True
    paused: bool = False
    """Paused (:meth:`busbahnhof.tables.service.TableService.pause`): nobody moves, no clock runs."""
    views: dict[tuple[int, int | None], dict[str, Any]] = field(default_factory=dict)
    """Each seat's view at the current version (and the one before: a delta's base) without its
    ``"state"`` (:func:`.messages.seat_view_parts`)."""
    states: dict[tuple[int, int | None], dict[str, bytes]] = field(default_factory=dict)
    """Each seat's ``"state"`` of its view at the current version and the one before, without the
    static parts, each entry encoded; one for all seats (under ``None``) in a game whose view is
    the same for every seat (:func:`.messages.state_parts`)."""
    catalogs: dict[tuple[str, tuple[str, ...]], Catalog] = field(default_factory=dict)
    log_lines: dict[tuple[str, tuple[str, ...]], tuple[list[bytes], list[bytes]]] = field(default_factory=dict)
    """Per catalog (language and seat names, as :attr:`catalogs`) the log entries rendered so far,
    encoded: game events and table events (:func:`.messages.new_log`); events never change."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Table:
        """The table a stored record describes, its actions replayed (zombie turns logged again)."""
        spec = TableSpec.from_dict(record["spec"])
        game = build_game(record["game"], record["options"], record["deck_text"])
        table = cls(
            id=record["id"],
            code=record["code"],
            spec=spec,
            options=record["options"],
            game=game,
            state=game.new_state(record["players"], record["seed"]),
            seats=[Seat(**seat) for seat in record["seats"]],
            creator_hash=record["creator_hash"],
            created_at=record["created_at"],
            deck_text=record["deck_text"],
            status=record["status"],
            successor=record.get("successor"),
            updated_at=record["updated_at"],
        )
        for entry in record["actions"]:
            table.replay_action(entry)
        return table

    def replay_action(self, entry: dict[str, Any]) -> None:
        """Apply a stored action (this process's or another's) and advance the version."""
        seat = entry["seat"]
        if entry["by"] == ZOMBIE and not self.seats[seat].zombie:
            self.start_zombie(seat, "timeout")
        elif entry["by"] == HUMAN and self.seats[seat].zombie:
            self.end_zombie(seat)
        self.state.apply(entry["action"], seat=seat)
        self.seats[seat].decided_by = entry["by"]
        self.version = entry["version"]

    @property
    def is_open(self) -> bool:
        """Whether the table still takes actions."""
        return self.status == OPEN

    @property
    def seed(self) -> int:
        """The seed of the deal (secret until the game is over)."""
        return int(self.state.seed)

    def seat_of(self, token: str | None) -> int:
        """The seat whose token is ``token``.

        Raises:
            SpectatorError: no token (a spectator).
            UnknownTokenError: a token of no seat.
        """
        if token is None:
            raise SpectatorError("spectators watch; only a seat's token can act", key="table.error.spectator")
        wanted = hash_token(token)
        for number, seat in enumerate(self.seats):
            if seat.token_hash is not None and seat.token_hash == wanted:
                return number
        raise UnknownTokenError("this token belongs to no seat of the table", key="table.error.unknown_token")

    def take_seats(self, stored: list[dict[str, Any]]) -> None:
        """Take over the seats as stored (names, bots, token hashes, claims, hints; presence stays as it is)."""
        for seat, entry in zip(self.seats, stored, strict=True):
            seat.name, seat.token_hash, seat.claimed = entry["name"], entry["token_hash"], entry["claimed"]
            seat.bot = entry["bot"]  # a quick match's empty seat taken by a bot (TableService.seat_bots)
            seat.hints = entry.get("hints", 0)
            seat.heir_of = entry.get("heir_of")

    def holds_seat(self, token: str | None) -> int | None:
        """The seat whose token is ``token``, or ``None`` (no token, or no seat's)."""
        try:
            return self.seat_of(token)
        except (SpectatorError, UnknownTokenError):
            return None

    def is_creator(self, token: str) -> bool:
        """Whether ``token`` is the creator's."""
        return hash_token(token) == self.creator_hash

    def mover(self) -> tuple[int, str] | None:
        """The seat to move and who decides for it (``human``, ``bot``, ``zombie``), or ``None`` (also
        while the table is paused)."""
        if not self.is_open or self.paused or self.state.is_over:
            return None
        seat = self.state.to_move
        if seat is None:
            return None
        entry = self.seats[seat]
        if entry.bot is not None:
            return seat, BOT
        return seat, ZOMBIE if entry.zombie else HUMAN

    def bot_name(self, seat: int) -> str:
        """The bot that plays ``seat``: the seat's own bot, or the zombie bot for a human seat."""
        return self.seats[seat].bot or self.spec.zombie_bot or default_zombie_bot(self.game)

    def setup(self) -> Setup:
        """What a copy of this table's game is built from (its record without the actions)."""
        return Setup(self.game.id, self.options, self.deck_text, self.state.players, self.seed)

    def log_event(self, key: str, **params: Any) -> None:
        """Append a table event after the game's current log."""
        self.events.append(TableEvent(len(self.state.log), Event(key, params)))

    def start_zombie(self, seat: int, reason: str) -> None:
        """A bot plays for human ``seat`` from now on (``reason``: ``timeout`` or ``left``)."""
        self.seats[seat].zombie = True
        self.seats[seat].left_here = reason == "left"
        self.log_event(f"table.zombie_{reason}", seat=seat)

    def end_zombie(self, seat: int) -> bool:
        """The player of ``seat`` is back; ``False`` if no bot was playing for them."""
        if not self.seats[seat].zombie:
            return False
        self.seats[seat].zombie = self.seats[seat].left_here = False
        self.log_event("table.back", seat=seat)
        return True

    def has_human_seats(self) -> bool:
        """Whether any seat is played by a person."""
        return any(seat.is_human for seat in self.seats)

    def humans_present(self) -> bool:
        """Whether any human seat has an open connection."""
        return any(seat.is_human and seat.connections > 0 for seat in self.seats)

    def left_seats(self) -> list[int]:
        """The seats whose players left the finished game: human seats whose last decision the zombie
        bot made (they did not come back and decide again before the end; docs/turns.md)."""
        if self.status != FINISHED:
            return []
        return [n for n, seat in enumerate(self.seats) if seat.is_human and seat.decided_by == ZOMBIE]

    def seat_names(self) -> list[str]:
        """The names in seat order."""
        return [seat.name for seat in self.seats]


def default_zombie_bot(game: Game[Any, Any]) -> str:
    """The game's own first bot (its heuristic), else ``random``."""
    own = sorted(game.bots())
    return own[0] if own else "random"
