"""Refusals of the players package (codes ``players/...``): data like every other refusal.

They derive from :class:`busbahnhof.engine.GameError`, so a client receives one shape whoever
refused; the keys render in German and English from ``busbahnhof/players/locales``.
"""

from __future__ import annotations

from ..engine import RequestError


class PlayersError(RequestError):
    """A request about names, accounts or sessions that is refused; nothing changes."""

    code = "players/invalid"


class InvalidNameError(PlayersError):
    """A display name or user name that breaks a naming rule (the message says which)."""

    code = "players/invalid_name"


class WeakPasswordError(PlayersError):
    """A new password too short or too long."""

    code = "players/weak_password"


class NameTakenError(PlayersError):
    """Registering a user name that is already registered."""

    code = "players/name_taken"


class LoginFailedError(PlayersError):
    """Wrong user name or password: one answer for both, so names cannot be probed."""

    code = "players/login_failed"


class TooManyAttemptsError(PlayersError):
    """Too many failed logins for this name or from this address: wait and try again."""

    code = "players/too_many_attempts"


class NotLoggedInError(PlayersError):
    """A request that needs a session came without a valid one."""

    code = "players/not_logged_in"


class CsrfError(PlayersError):
    """A state-changing request authenticated by the session cookie lacks the session's CSRF token."""

    code = "players/csrf"


class UnknownPlayerError(PlayersError):
    """No account has this player id."""

    code = "players/unknown_player"


class NotYourSeatError(PlayersError):
    """An account asked for a seat of a table where it holds none (or the game has ended)."""

    code = "players/not_your_seat"
