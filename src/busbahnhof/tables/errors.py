"""Refusals of the table service: errors as data with stable codes (``table/...``).

They derive from :class:`busbahnhof.engine.GameError`, so a client receives one shape for every
refusal, whether the table or the game refused: ``{"code", "message", "rule", "key", "params"}``.
The keys render in German and English from ``busbahnhof/tables/locales``.
"""

from __future__ import annotations

from ..engine import RequestError


class TableError(RequestError):
    """A request the table service refuses; nothing changes."""

    code = "table/invalid"


class UnknownTableError(TableError):
    """No open or finished table has this id or room code."""

    code = "table/unknown_table"


class UnknownTokenError(TableError):
    """The token belongs to no seat of this table (never issued, or re-issued since)."""

    code = "table/unknown_token"


class StaleVersionError(TableError):
    """The client acted on an older state than the table's current version."""

    code = "table/stale_version"


class ForeignSeatError(TableError):
    """The token's seat is not the one to decide now."""

    code = "table/foreign_seat"


class SpectatorError(TableError):
    """A spectator tried to act."""

    code = "table/spectator"


class TableClosedError(TableError):
    """The table is finished or closed; no more actions are taken."""

    code = "table/closed"


class TablePausedError(TableError):
    """The table is paused (a workshop's facilitator paused it); it takes actions again once resumed."""

    code = "table/paused"


class GameNotOverError(TableError):
    """A rematch was asked for a table whose game has not ended."""

    code = "table/not_over"


class NotCreatorError(TableError):
    """Only the table's creator may do this (re-issue a token)."""

    code = "table/not_creator"


class NoFreeSeatError(TableError):
    """Joining by room code found no unclaimed human seat."""

    code = "table/no_free_seat"


class InvalidTableError(TableError):
    """The table spec cannot be played (bad seat list, unknown bot, a deck path instead of content...)."""

    code = "table/invalid_spec"


class HintsOffError(TableError):
    """A hint was asked at a table whose hints are switched off (a table meant to be rated)."""

    code = "table/hints_off"


class ElsewhereError(TableError):
    """Another server process owns the table and serves its clients: connect there (``params.url``,
    empty while no process owns it: try again shortly)."""

    code = "table/elsewhere"
