"""What the table service answers: results and refusals as data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import GameError


@dataclass(frozen=True)
class Accepted:
    """An action was committed; ``version`` is the table's new version."""

    version: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``{"ok": true, "version": N}``."""
        return {"ok": True, "version": self.version}


@dataclass(frozen=True)
class Refused:
    """An action or request was refused and nothing changed.

    Attributes:
        error: the engine's or the table's error (code, message, rule, message key, params).
        version: the table's current version (so a stale client knows where it stands).
        text: the error rendered in the requesting client's language.
    """

    error: GameError
    version: int
    text: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``{"ok": false, "version": N, "error": {code, message, rule, key, params, text}}``."""
        return {"ok": False, "version": self.version, "error": {**self.error.to_dict(), "text": self.text}}


SubmitResult = Accepted | Refused


@dataclass(frozen=True)
class SeatTicket:
    """A seat's access: its number, its secret token, and the path of its join link.

    The link is relative (``/t/<CODE>?token=<TOKEN>``); the server puts its own origin in front.
    """

    seat: int
    token: str
    link: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"seat": self.seat, "token": self.token, "link": self.link}


@dataclass(frozen=True)
class CreatedTable:
    """A new table: its id, its room code, the creator's token and a ticket for every human seat."""

    table_id: str
    code: str
    creator_token: str
    seats: tuple[SeatTicket, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "table_id": self.table_id,
            "code": self.code,
            "creator_token": self.creator_token,
            "seats": [ticket.to_dict() for ticket in self.seats],
        }


@dataclass(frozen=True)
class Rematch:
    """The follow-up table of a finished game as offered to one client.

    Attributes:
        table_id: the new table's id.
        code: its room code.
        ticket: the client's own seat there with its token and join link (a player), or ``None``
            (a spectator, or a creator without a seat).
    """

    table_id: str
    code: str
    ticket: SeatTicket | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``{"table_id", "code", "seat", "token", "link"}``; ``seat``,
        ``token`` and ``link`` are ``null`` without a seat (a spectator's link is the room code)."""
        ticket = self.ticket
        return {
            "table_id": self.table_id,
            "code": self.code,
            "seat": None if ticket is None else ticket.seat,
            "token": None if ticket is None else ticket.token,
            "link": None if ticket is None else ticket.link,
        }
