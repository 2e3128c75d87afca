"""What the players' routes share: the players services of the running app, the session cookie,
and the guard of every state-changing request a cookie authenticates.

The services (:class:`PlayersHub`) live on ``app.state.players`` (made in the app's lifespan on
the app's store, so they share its database).  The session id travels only in the cookie
:data:`SESSION_COOKIE` (HttpOnly, SameSite=Lax, Secure over https or as configured); every POST
it authenticates must carry the session's CSRF token in :data:`CSRF_HEADER` and, where it has a
body, be JSON (a cross-site form cannot send either without the browser asking this origin
first, which it never allows).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request, Response

from ...players import Accounts, LoginLimits, NotLoggedInError, Pages, Passwords, Ratings, Seats, Session
from ...players.errors import PlayersError
from ...players.mail import Mailer, MailSettings, Outbox
from ...players.resets import PasswordResets
from ...store import PlayerStore, Store
from ...store.resets import ResetStore
from ...tables import hash_token
from ..config import Settings
from ..logs import server_log

SESSION_COOKIE = "busbahnhof_session"
CSRF_HEADER = "X-CSRF-Token"
DAY_SECONDS = 86_400.0
JSON_TYPE = "application/json"


class NotJsonError(PlayersError):
    """A request body that is not declared as JSON (a form post from another site, for instance)."""

    code = "players/not_json"


@dataclass(frozen=True)
class PlayersHub:
    """The players services of one server process."""

    accounts: Accounts
    seats: Seats
    ratings: Ratings
    pages: Pages
    resets: PasswordResets

    async def settle(self, table_id: str) -> None:
        """The table service's hook when a game ends: settle finished tables into the ratings (in a
        thread; ``table_id`` is the one that ended, but whatever is pending is settled)."""
        try:
            await asyncio.to_thread(self.ratings.settle)
        except Exception:
            server_log.exception("settling ratings failed", extra={"fields": {"table": table_id}})


def players_hub(store: Store, settings: Settings) -> PlayersHub:
    """The players services on ``store``'s database, limited as ``settings`` say."""
    player_store = PlayerStore(store.engine)
    limits = LoginLimits(
        window_seconds=settings.login_window_seconds,
        per_name=settings.login_max_per_name,
        per_address=settings.login_max_per_address,
        registrations_per_address=settings.registrations_per_address,
    )
    accounts = Accounts(player_store, Passwords(), limits, settings.session_days * DAY_SECONDS)
    ratings = Ratings(player_store)
    resets = PasswordResets(ResetStore(store.engine), accounts, Outbox(mailer(settings)), public_url(settings))
    return PlayersHub(accounts, Seats(player_store, hash_token), ratings, Pages(player_store, ratings), resets)


def mailer(settings: Settings) -> Mailer:
    """The mail sender the settings describe (off without an SMTP host)."""
    password = settings.smtp_password.get_secret_value() if settings.smtp_password else None
    return Mailer(
        MailSettings(
            host=settings.smtp_host,
            port=settings.smtp_port,
            security=settings.smtp_security,
            user=settings.smtp_user,
            password=password,
            sender=settings.mail_from,
        )
    )


def public_url(settings: Settings) -> str:
    """Where players reach the site (links in mails): the setting, else this process's address."""
    return settings.public_url or f"http://{settings.host}:{settings.port}"


async def get_players(request: Request) -> PlayersHub:
    """The app's players services."""
    hub: PlayersHub = request.app.state.players
    return hub


PlayersDep = Annotated[PlayersHub, Depends(get_players)]


def client_address(request: Request) -> str:
    """The client's address as the server sees it (behind a trusted proxy: the one it names)."""
    return request.client.host if request.client else "unknown"


def session_cookie(request: Request) -> str | None:
    """The session id the request came with, if any."""
    return request.cookies.get(SESSION_COOKIE)


def set_session_cookie(response: Response, request: Request, settings: Settings, session_id: str) -> None:
    """Give the browser its (new) session id: HttpOnly, SameSite=Lax, Secure over https (or as set)."""
    secure = settings.cookie_secure if settings.cookie_secure is not None else request.url.scheme == "https"
    response.set_cookie(
        SESSION_COOKIE,
        session_id,
        max_age=int(settings.session_days * DAY_SECONDS),
        path="/",
        secure=secure,
        httponly=True,
        samesite="lax",
    )


def clear_session_cookie(response: Response, request: Request, settings: Settings) -> None:
    """Make the browser forget its session id."""
    secure = settings.cookie_secure if settings.cookie_secure is not None else request.url.scheme == "https"
    response.delete_cookie(SESSION_COOKIE, path="/", secure=secure, httponly=True, samesite="lax")


def require_json(request: Request) -> None:
    """Refuse a body that is not declared as JSON.

    Raises:
        NotJsonError: another ``Content-Type``.
    """
    declared = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if declared != JSON_TYPE:
        raise NotJsonError(
            f"the request body must be {JSON_TYPE}", key="players.error.not_json", content_type=JSON_TYPE
        )


def cookie_session(request: Request, players: PlayersHub) -> Session:
    """The session of a state-changing request: the cookie's, with its CSRF token in the header.

    Raises:
        NotLoggedInError, CsrfError.
    """
    return players.accounts.authorise(session_cookie(request), request.headers.get(CSRF_HEADER))


def read_session(request: Request, players: PlayersHub) -> Session:
    """The session of a reading request: the cookie's (no CSRF token needed to read).

    Raises:
        NotLoggedInError: no live session (401).
    """
    session = players.accounts.session(session_cookie(request))
    if session is None:
        raise NotLoggedInError("log in first", key="players.error.not_logged_in")
    return session
