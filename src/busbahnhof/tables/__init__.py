"""The authoritative table service: seats and tokens, state versions, bots and clocks at the table.

Game-agnostic and free of web code: it talks to clients and to storage only through the small
interfaces in :mod:`busbahnhof.tables.ports`.  See ``docs/tables.md``.
"""

from .codes import ROOM_ALPHABET, hash_token, join_link, new_room_code, normalize_code
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
    TableError,
    TablePausedError,
    UnknownTableError,
    UnknownTokenError,
)
from .ports import Client, Message, TableStore
from .results import Accepted, CreatedTable, Refused, Rematch, SeatTicket, SubmitResult
from .service import Connection, TableService
from .spec import DEFAULT_THINK_SECONDS, SeatSpec, TableSpec

__all__ = [
    "DEFAULT_THINK_SECONDS",
    "ROOM_ALPHABET",
    "Accepted",
    "Client",
    "Connection",
    "CreatedTable",
    "ElsewhereError",
    "ForeignSeatError",
    "GameNotOverError",
    "HintsOffError",
    "InvalidTableError",
    "Message",
    "NoFreeSeatError",
    "NotCreatorError",
    "Refused",
    "Rematch",
    "SeatSpec",
    "SeatTicket",
    "SpectatorError",
    "StaleVersionError",
    "SubmitResult",
    "TableClosedError",
    "TableError",
    "TablePausedError",
    "TableService",
    "TableSpec",
    "TableStore",
    "UnknownTableError",
    "UnknownTokenError",
    "hash_token",
    "join_link",
    "new_room_code",
    "normalize_code",
]
