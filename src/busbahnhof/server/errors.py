"""The server's own refusals (codes ``server/...``) and how every refusal becomes data for a client.

A client always receives one shape, whether the server, the table or the game refused:
``{"code", "message", "rule", "key", "params", "text"}``, ``text`` rendered in the client's
language from the game's, the table service's, the server's and the engine's catalogs.
"""

from __future__ import annotations

from typing import Any

from ..engine import Catalog, GameError, RequestError, game_class, game_ids
from ..players import (
    CsrfError,
    LoginFailedError,
    NameTakenError,
    NotLoggedInError,
    NotYourSeatError,
    TooManyAttemptsError,
    UnknownPlayerError,
)
from ..tables import (
    GameNotOverError,
    HintsOffError,
    NoFreeSeatError,
    NotCreatorError,
    TableClosedError,
    TablePausedError,
    UnknownTableError,
    UnknownTokenError,
)
from ..workbench import DeckTooLargeError, InvalidVersionError, UnknownDeckError
from ..workshop import NotFacilitatorError, UnknownParticipantError, UnknownWorkshopError, WorkshopFullError

CATALOG_PACKAGES = (
    "busbahnhof.server",
    "busbahnhof.tables",
    "busbahnhof.players",
    "busbahnhof.workshop",
    "busbahnhof.workbench",
    "busbahnhof.engine",
)


class ServerError(RequestError):
    """A request the server refuses before it reaches a table; nothing changes."""

    code = "server/invalid_request"


class NotFinishedError(ServerError):
    """A record or replay was asked for a table that is still being played."""

    code = "server/not_finished"


class BadMessageError(ServerError):
    """A WebSocket message that is not JSON or not one of the message types."""

    code = "server/bad_message"


class MessageTooLargeError(ServerError):
    """A WebSocket message over the size limit."""

    code = "server/message_too_large"


class ThrottledError(ServerError):
    """A client sent messages faster than the server takes them."""

    code = "server/throttled"


class UnknownLessonError(ServerError):
    """No lesson has this game and id."""

    code = "server/unknown_lesson"


HTTP_STATUS: dict[type[GameError], int] = {
    UnknownTableError: 404,
    UnknownTokenError: 403,
    NotCreatorError: 403,
    NoFreeSeatError: 409,
    TableClosedError: 409,
    TablePausedError: 409,
    GameNotOverError: 409,
    HintsOffError: 403,
    ThrottledError: 429,
    NotFinishedError: 409,
    LoginFailedError: 401,
    NotLoggedInError: 401,
    CsrfError: 403,
    UnknownPlayerError: 404,
    NotYourSeatError: 403,
    NameTakenError: 409,
    TooManyAttemptsError: 429,
    UnknownWorkshopError: 404,
    NotFacilitatorError: 403,
    UnknownParticipantError: 403,
    WorkshopFullError: 409,
    UnknownLessonError: 404,
    UnknownDeckError: 404,
    DeckTooLargeError: 413,
    InvalidVersionError: 409,
}


def http_status(error: GameError) -> int:
    """The HTTP status of a refusal (400 unless a more specific one fits)."""
    for kind in type(error).__mro__:
        if kind in HTTP_STATUS:
            return HTTP_STATUS[kind]
    return 400


def catalog(lang: str, game_id: str | None = None) -> Catalog:
    """The messages to render a refusal in ``lang``: the game's first (if known), then the server's."""
    if game_id is not None and game_id in game_ids():
        game_catalog = game_class(game_id)().catalog(lang)
        return Catalog((game_catalog.packages[0], *CATALOG_PACKAGES), lang, game_catalog.formatters)
    return Catalog(CATALOG_PACKAGES, lang)


def error_data(error: GameError, lang: str, game_id: str | None = None) -> dict[str, Any]:
    """The refusal as data, with its text in ``lang``."""
    return {**error.to_dict(), "text": catalog(lang, game_id).error_text(error)}
