"""Accounts and sessions: register, log in, log out (here or everywhere), change password or name.

Everything a process must know about a session is in the store, so any server process serves
any session.  Logins are rate limited in the store as well (:class:`LoginLimits`), per user name
and per client address, so the limit holds however many processes answer: an attempt is written
before the password is checked and counted with every other attempt in the window, and only a
successful login (or one refused by the limit) is forgotten again.  "No such user" and "wrong
password" give the same refusal after the same work (:class:`.passwords.Passwords`).

No password and no session id is ever logged: this module logs nothing, and the errors it
raises carry neither.
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import (
    CsrfError,
    InvalidNameError,
    LoginFailedError,
    NameTakenError,
    NotLoggedInError,
    TooManyAttemptsError,
)
from .names import display_name, user_name, user_name_key
from .passwords import Passwords, check_new_password
from .ports import PlayerStore
from .sessions import hash_secret, new_secret, same_secret

PLAYER_ID_BYTES = 12


@dataclass(frozen=True)
class LoginLimits:
    """How many login attempts are allowed within ``window_seconds``: per user name, per client
    address; and how many accounts one address may register in that window."""

    window_seconds: float = 900.0
    per_name: int = 5
    per_address: int = 20
    registrations_per_address: int = 5


@dataclass(frozen=True)
class Session:
    """A logged-in person as a request sees them (no secret but the CSRF token, which is theirs)."""

    player_id: str
    user_name: str
    display_name: str
    csrf: str
    expires_at: float
    id_hash: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form for the person themselves: ``{"player": {...}, "csrf", "expires_at"}``."""
        player = {"id": self.player_id, "user_name": self.user_name, "display_name": self.display_name}
        return {"player": player, "csrf": self.csrf, "expires_at": self.expires_at}


@dataclass(frozen=True)
class Login:
    """A new session: its secret id (for the cookie, nowhere else) and what it stands for."""

    session_id: str
    session: Session


class Accounts:
    """Accounts and sessions in ``store``.

    Args:
        store: where accounts, sessions and attempts live.
        passwords: the password hasher.
        limits: the login rate limits.
        session_seconds: how long a session lasts after login.
        clock: seconds since the epoch.
    """

    def __init__(
        self,
        store: PlayerStore,
        passwords: Passwords,
        limits: LoginLimits,
        session_seconds: float,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.passwords = passwords
        self.limits = limits
        self.session_seconds = session_seconds
        self.clock = clock

    # -- accounts ------------------------------------------------------------------------

    def register(
        self, name: str, password: str, shown_as: str | None, address: str, replaces: str | None = None
    ) -> Login:
        """Open an account and log it in (a new session; the one the client came with ends).

        Raises:
            InvalidNameError, WeakPasswordError, NameTakenError, TooManyAttemptsError.
        """
        login_name = user_name(name)
        shown = display_name(shown_as if shown_as is not None else login_name)
        check_new_password(password)
        now = self.clock()
        key = attempt_key("register", address)
        ids, counts = self.store.note_attempt([key], now, now - self.limits.window_seconds)
        if counts[key] > self.limits.registrations_per_address:
            self.store.drop_attempts(ids)
            raise self._too_many(key, now)
        password_hash = self.passwords.hash(password)  # after the limit: refused requests cost no hash
        account = {
            "id": secrets.token_hex(PLAYER_ID_BYTES),
            "user_name": login_name,
            "name_key": login_name.lower(),
            "display_name": shown,
            "password_hash": password_hash,
            "created_at": now,
            "password_changed_at": now,
        }
        if not self.store.create_account(account):
            self.store.drop_attempts(ids)
            raise NameTakenError("this user name is taken", key="players.error.name_taken")
        return self._open_session(account, replaces)

    def login(self, name: str, password: str, address: str, replaces: str | None = None) -> Login:
        """A new session for the account ``name`` if ``password`` is its password; the session the
        client came with (``replaces``, a session id) ends, so a session id planted before the
        login never becomes a logged-in one (session fixation).

        Raises:
            LoginFailedError: unknown name or wrong password (one answer for both).
            TooManyAttemptsError: the name or the address used up its attempts in the window.
        """
        key = login_key(name)
        ids = self._password_attempt(key, address)
        account = self.store.account_by_key(key)
        verified = self.passwords.verify(account["password_hash"] if account else None, password)
        if account is None or not verified:
            raise LoginFailedError("wrong user name or password", key="players.error.login_failed")
        self.store.drop_attempts(ids)
        if self.passwords.needs_rehash(account["password_hash"]):
            self.store.set_password(account["id"], self.passwords.hash(password), self.clock())
        return self._open_session(account, replaces)

    def change_password(self, session: Session, old: str, new: str, address: str) -> Login:
        """Set a new password (the old one must be given, and counts as a login attempt: a stolen
        cookie does not allow guessing it faster) and end every session of the account, this one
        too; returns the new session that replaces this one.

        Raises:
            LoginFailedError: ``old`` is not the password.  WeakPasswordError: ``new`` is not allowed.
            TooManyAttemptsError: the account's name or the address used up its attempts.
        """
        check_new_password(new)
        account = self.confirm_password(session, old, address)
        self.set_password(account["id"], new)
        return self._open_session(account, None)

    def confirm_password(self, session: Session, password: str, address: str) -> dict[str, Any]:
        """The session's account, if ``password`` is its password (a change of password or e-mail
        address asks for it; counted as a login attempt under the same limits).

        Raises:
            LoginFailedError: not the password.  TooManyAttemptsError: over a limit.
        """
        account = self._account(session)
        ids = self._password_attempt(account["name_key"], address)
        if not self.passwords.verify(account["password_hash"], password):
            raise LoginFailedError("wrong password", key="players.error.wrong_password")
        self.store.drop_attempts(ids)
        return account

    def set_password(self, player_id: str, new: str) -> None:
        """Give the account a new password (checked) and end every session it has.

        Raises:
            WeakPasswordError: ``new`` is not allowed.
        """
        check_new_password(new)
        self.store.set_password(player_id, self.passwords.hash(new), self.clock())
        self.store.delete_sessions(player_id)

    def _password_attempt(self, name_key: str, address: str) -> list[int]:
        """Count a password check under the user name and the address; the ids of the attempt's
        rows (to forget on success).

        Raises:
            TooManyAttemptsError: either passed its limit in the window (the attempt is forgotten).
        """
        return self.count_attempt(
            {("name", name_key): self.limits.per_name, ("address", address): self.limits.per_address}
        )

    def count_attempt(self, limits: dict[tuple[str, str], int]) -> list[int]:
        """Record one attempt under each ``(kind, value)`` and check it against its limit within the
        window; the ids of the attempt's rows (to forget on success).

        Raises:
            TooManyAttemptsError: one passed its limit (the attempt is forgotten).
        """
        now = self.clock()
        keyed = {attempt_key(kind, value): limit for (kind, value), limit in limits.items()}
        ids, counts = self.store.note_attempt(list(keyed), now, now - self.limits.window_seconds)
        for key, limit in keyed.items():
            if counts[key] > limit:
                self.store.drop_attempts(ids)
                raise self._too_many(key, now)
        return ids

    def rename(self, session: Session, shown_as: str) -> Session:
        """Change the account's display name (checked by :func:`.names.display_name`)."""
        shown = display_name(shown_as)
        self.store.set_display_name(session.player_id, shown)
        return Session(session.player_id, session.user_name, shown, session.csrf, session.expires_at, session.id_hash)

    # -- sessions ------------------------------------------------------------------------

    def session(self, session_id: str | None) -> Session | None:
        """The live session with this id, or ``None`` (no id, unknown, ended or expired)."""
        if not session_id:
            return None
        found = self.store.session(hash_secret(session_id), self.clock())
        if found is None:
            return None
        return Session(
            found["player_id"],
            found["user_name"],
            found["display_name"],
            found["csrf"],
            found["expires_at"],
            found["id_hash"],
        )

    def authorise(self, session_id: str | None, csrf: str | None) -> Session:
        """The session of a state-changing request: it must carry the session's CSRF token.

        Raises:
            NotLoggedInError: no live session.  CsrfError: the token is missing or wrong.
        """
        session = self.session(session_id)
        if session is None:
            raise NotLoggedInError("log in first", key="players.error.not_logged_in")
        if not same_secret(session.csrf, csrf):
            raise CsrfError(
                "the request lacks this session's X-CSRF-Token header", key="players.error.csrf", header="X-CSRF-Token"
            )
        return session

    def logout(self, session: Session) -> None:
        """End this session."""
        self.store.delete_session(session.id_hash)

    def logout_everywhere(self, session: Session) -> int:
        """End every session of the account (on every device); how many ended."""
        return self.store.delete_sessions(session.player_id)

    def _open_session(self, account: dict[str, Any], replaces: str | None) -> Login:
        session_id = new_secret()
        now = self.clock()
        stored = {
            "id_hash": hash_secret(session_id),
            "player_id": account["id"],
            "csrf": new_secret(),
            "created_at": now,
            "expires_at": now + self.session_seconds,
        }
        self.store.create_session(stored, None if replaces is None else hash_secret(replaces))
        session = Session(
            account["id"],
            account["user_name"],
            account["display_name"],
            stored["csrf"],
            stored["expires_at"],
            stored["id_hash"],
        )
        return Login(session_id, session)

    def _account(self, session: Session) -> dict[str, Any]:
        account = self.store.account(session.player_id)
        if account is None:
            raise NotLoggedInError("log in first", key="players.error.not_logged_in")
        return account

    def _too_many(self, key: str, now: float) -> TooManyAttemptsError:
        window = self.limits.window_seconds
        oldest = self.store.oldest_attempt(key, now - window)
        wait = max(1, math.ceil((oldest if oldest is not None else now) + window - now))
        return TooManyAttemptsError(
            f"too many attempts; try again in {wait} seconds", key="players.error.too_many_attempts", seconds=wait
        )


def login_key(name: str) -> str:
    """The key a login attempt is counted under: the user name key, or, for a name no account
    can have, the name as typed (lower case, trimmed, cut to 64 characters)."""
    try:
        return user_name_key(name)
    except InvalidNameError:
        return name.strip().lower()[:64]


def attempt_key(kind: str, value: str) -> str:
    """The stored key of an attempt counter: a hash, so the store holds no addresses or names."""
    return hash_secret(f"{kind}:{value}")
