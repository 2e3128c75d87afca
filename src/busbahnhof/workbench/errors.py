"""The workbench's refusals: each a stable code and a message key of ``locales/*.toml``; nothing changes."""

from __future__ import annotations

from ..engine import RequestError


class WorkbenchError(RequestError):
    """A workbench request that is refused."""

    code = "workbench/invalid"


class UnknownDeckError(WorkbenchError):
    """No deck (or version) the asker may read has this id: a private deck of another account and
    a guessed id get the same answer, so ids cannot be probed."""

    code = "workbench/unknown_deck"


class DeckTooLargeError(WorkbenchError):
    """A deck file over the size or card limit."""

    code = "workbench/too_large"


class InvalidVersionError(WorkbenchError):
    """A version that cannot be used for this (an invalid deck cannot be played, printed or simulated)."""

    code = "workbench/invalid_version"
