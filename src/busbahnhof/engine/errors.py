"""The error hierarchy every game raises.

Every error carries a stable machine-readable ``code`` and, where a rule forbids the input,
the ``rule`` it enforces (e.g. ``"Busfaktor §8.3"``).  Bad input never changes a state: the
engine validates before it mutates.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar


class GameError(Exception):
    """Base of every error the engine and the games raise on bad input.

    Args:
        message: the English text (logs, tracebacks, API clients without a language).
        rule: the rule the error enforces, in the rule documents' own terms.
        key: the message key for user interfaces (``Catalog.error_text`` renders it in German
            or English); ``None`` where no translation exists.
        params: the values the key's template needs.
    """

    code: ClassVar[str] = "game_error"

    def __init__(
        self,
        message: str,
        *,
        rule: str | None = None,
        key: str | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.key = key
        self.params: dict[str, Any] = dict(params or {})

    def __str__(self) -> str:
        if self.rule:
            return f"{self.message} ({self.rule})"
        return self.message

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description for clients."""
        return {"code": self.code, "message": self.message, "rule": self.rule, "key": self.key, "params": self.params}


class RequestError(GameError):
    """Base of the refusals of the layers above the games (tables, players, server): no rule of a
    game, the template's parameters as keywords; nothing changes."""

    def __init__(self, message: str, *, key: str | None = None, **params: Any) -> None:
        super().__init__(message, key=key, params=params)


class InvalidOptionError(GameError):
    """A rule option, an option combination or a player count the game cannot be played with."""

    code = "invalid_option"


class UnknownGameError(GameError):
    """No game is registered under the requested id."""

    code = "unknown_game"


class MalformedActionError(GameError):
    """Action text that is not in the game's notation at all."""

    code = "malformed_action"


class IllegalActionError(GameError):
    """A well-formed action that the rules forbid at this moment."""

    code = "illegal_action"


class WrongSeatError(IllegalActionError):
    """An action submitted by a seat that is not the one to move."""

    code = "wrong_seat"


class GameOverError(IllegalActionError):
    """An action submitted after the game has ended."""

    code = "game_over"


class InvalidRecordError(GameError):
    """A game record that cannot be read or does not replay."""

    code = "invalid_record"


class InvalidDataError(GameError):
    """A data file (map, deck, locale) that fails validation; the message names file, entry and field."""

    code = "invalid_data"
