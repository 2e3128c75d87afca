"""The interface the players package stores through (``busbahnhof.store.PlayerStore`` implements it).

Plain dicts, as with the table service's ``TableStore``; every call is committed when it returns.

An account is ``{"id", "user_name", "name_key", "display_name", "password_hash", "created_at",
"password_changed_at"}``; ``id`` is the public player id (it appears in URLs, never the user
name).  A session is stored by the SHA-256 hash of its id: ``{"id_hash", "player_id", "csrf",
"created_at", "expires_at"}``.  A seat's player is kept beside the table (``seat_players``): the
table service knows only seat names and tokens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

RatingValue = tuple[float, float]
"""An OpenSkill rating as stored: ``(mu, sigma)``."""
Rate = Callable[[dict[str, RatingValue | None]], dict[str, RatingValue]]
"""Given each player's rating before a game (``None``: unrated so far), their ratings after it."""


class PlayerStore(Protocol):
    """Accounts, sessions, login attempts, seats' players and ratings."""

    def create_account(self, account: dict[str, Any]) -> bool:
        """Store a new account; ``False`` if its ``name_key`` is registered already."""
        ...

    def account_by_key(self, name_key: str) -> dict[str, Any] | None:
        """The account with user name key ``name_key``, or ``None``."""
        ...

    def account(self, player_id: str) -> dict[str, Any] | None:
        """The account with id ``player_id``, or ``None``."""
        ...

    def set_password(self, player_id: str, password_hash: str, at: float) -> None:
        """Replace the account's password hash."""
        ...

    def set_display_name(self, player_id: str, display_name: str) -> None:
        """Replace the account's display name."""
        ...

    def create_session(self, session: dict[str, Any], replaces: str | None) -> None:
        """Store a new session and, in the same transaction, end the session whose id hash is
        ``replaces`` (the one the client came with) and the account's expired ones."""
        ...

    def session(self, id_hash: str, now: float) -> dict[str, Any] | None:
        """The unexpired session with this id hash and its account's ``user_name`` and
        ``display_name``, or ``None``."""
        ...

    def delete_sessions(self, player_id: str, keep: str | None = None) -> int:
        """End every session of the account except the one with id hash ``keep``; how many ended."""
        ...

    def delete_session(self, id_hash: str) -> None:
        """End one session."""
        ...

    def note_attempt(self, keys: Sequence[str], at: float, since: float) -> tuple[list[int], dict[str, int]]:
        """Record one attempt under each of ``keys`` (and forget attempts before ``since``); returns
        the new rows' ids and, per key, the attempts since ``since`` including this one.  Committed
        before counting, so processes that try at the same time count each other."""
        ...

    def drop_attempts(self, ids: Sequence[int]) -> None:
        """Forget attempts (a successful login, or one refused before it was tried)."""
        ...

    def oldest_attempt(self, key: str, since: float) -> float | None:
        """When the oldest attempt under ``key`` since ``since`` was made (for a retry-after hint)."""
        ...

    def claim_seat(self, table_id: str, token_hash: str, player_id: str, at: float) -> str:
        """Record ``player_id`` as the player of the open table's seat whose token has this hash.

        Returns ``claimed`` (or ``already`` if it was this player's), ``taken`` (another account's
        seat), ``unknown_token`` (no seat has this token), ``not_open`` (the table ended) or
        ``unknown_table``."""
        ...

    def player_tables(self, player_id: str, limit: int) -> list[dict[str, Any]]:
        """The tables where the player holds a seat, newest first: ``{"id", "game", "status",
        "players", "seats": [{"name", "bot"}], "players_at": {seat: {"id", "display_name"}},
        "outcome", "created_at", "ended_at"}``."""
        ...

    def pending_results(self, limit: int) -> list[dict[str, Any]]:
        """Finished tables not yet settled, oldest end first: ``{"id", "game", "options",
        "custom_deck", "seats": [{"name", "bot", "hints"}], "players_at": {seat: player_id}, "outcome"}``."""
        ...

    def settle_result(self, table_id: str, game: str, pool: str | None, rate: Rate | None, at: float) -> bool:
        """Mark the table settled and, if it is rated (``pool`` and ``rate`` given), apply ``rate``
        to its players' current ratings in ``game`` and ``pool``, all in one transaction
        serialised with every other settlement; ``False`` if the table was settled already."""
        ...

    def ratings_of(self, player_id: str) -> list[dict[str, Any]]:
        """The player's ratings: ``{"game", "pool", "mu", "sigma", "games", "updated_at"}`` per game
        and pool rated in."""
        ...

    def leaderboard(self, game: str, pool: str, limit: int) -> list[dict[str, Any]]:
        """The rated players of ``game`` in ``pool`` (``{"id", "display_name", "mu", "sigma", "games"}``),
        highest conservative rating (``mu - 3 sigma``) first."""
        ...


class MailStore(Protocol):
    """Accounts' e-mail addresses and password reset tokens (``busbahnhof.store.resets`` implements it).

    An address is stored as typed (``email``) and by its lower-case key (``email_key``); a reset
    token by the SHA-256 hash of the token, with its account, expiry and when it was used.
    """

    def email(self, player_id: str) -> str | None:
        """The account's e-mail address, or ``None``."""
        ...

    def set_email(self, player_id: str, email: str | None, email_key: str | None, at: float) -> None:
        """Give the account this address (``None``: remove it)."""
        ...

    def accounts_with_email(self, email_key: str) -> list[dict[str, Any]]:
        """The accounts with this address key: ``{"id", "user_name", "display_name", "email"}``."""
        ...

    def create_reset(self, token_hash: str, player_id: str, created_at: float, expires_at: float) -> None:
        """Store a reset token's hash (and forget the expired ones)."""
        ...

    def use_reset(self, token_hash: str, now: float) -> str | None:
        """Mark the unexpired, unused token with this hash used, and end every other token of its
        account, in one transaction; the account's id, or ``None`` (no such token, used or
        expired).  Of two uses at the same time exactly one gets the id."""
        ...
