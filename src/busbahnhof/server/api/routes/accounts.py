"""Accounts and sessions: ``/api/accounts`` (register), ``/api/session`` (log in, who am I, log
out, log out everywhere), ``/api/account/...`` (password, display name, the seats a guest held),
``/api/names/check`` (a display name as the server would store it), ``/api/account`` and
``/api/account/email`` (the account's e-mail address) and ``/api/password-reset`` (a reset mail;
a new password with the mail's token).

Handlers are plain functions: FastAPI runs them in its thread pool, where password hashing
(about 0.1 s) and store calls do not hold the event loop.  Every POST that a session cookie
authenticates checks the session's CSRF token (:func:`..players_deps.cookie_session`); register
and log in take JSON only (no cross-site form can log a browser into someone else's account);
no GET changes anything.  Passwords and session ids never leave these handlers except in the
``Set-Cookie`` header.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from ....players import HeldSeat, display_name
from ....players.errors import NotYourSeatError
from ....players.names import DISPLAY_NAME_MAX, USER_NAME_MAX
from ....players.passwords import PASSWORD_MAX
from ....players.resets import EMAIL_MAX
from ....players.seats import MAX_TICKETS
from ....players.sessions import SECRET_BYTES
from ..deps import LangDep, ServiceDep, SettingsDep
from ..players_deps import (
    PlayersDep,
    clear_session_cookie,
    client_address,
    cookie_session,
    read_session,
    require_json,
    session_cookie,
    set_session_cookie,
)

router = APIRouter(tags=["accounts"])

NAME_INPUT = 4 * DISPLAY_NAME_MAX
"""The longest display name input read (it is checked for its real length after normalising)."""


class RegisterIn(BaseModel):
    """A new account: its user name (login), password and optional display name."""

    model_config = ConfigDict(extra="forbid")

    user_name: str = Field(max_length=USER_NAME_MAX + 8)
    password: str = Field(max_length=PASSWORD_MAX)
    display_name: str | None = Field(None, max_length=NAME_INPUT)


class LoginIn(BaseModel):
    """A login."""

    model_config = ConfigDict(extra="forbid")

    user_name: str = Field(max_length=NAME_INPUT)
    password: str = Field(max_length=PASSWORD_MAX)


class PasswordIn(BaseModel):
    """A change of password."""

    model_config = ConfigDict(extra="forbid")

    current_password: str = Field(max_length=PASSWORD_MAX)
    new_password: str = Field(max_length=PASSWORD_MAX)


class NameIn(BaseModel):
    """A new display name."""

    model_config = ConfigDict(extra="forbid")

    display_name: str = Field(max_length=NAME_INPUT)


class SeatTokenIn(BaseModel):
    """A seat token the client holds, with its table."""

    model_config = ConfigDict(extra="forbid")

    table_id: str = Field(max_length=32)
    token: str = Field(max_length=100)


class SeatsIn(BaseModel):
    """The seat tokens a guest held before logging in."""

    model_config = ConfigDict(extra="forbid")

    seats: list[SeatTokenIn] = Field(max_length=MAX_TICKETS)


class TableIn(BaseModel):
    """A table of the account's."""

    model_config = ConfigDict(extra="forbid")

    table_id: str = Field(max_length=32)


class EmailIn(BaseModel):
    """A new e-mail address ("" removes it), confirmed by the password."""

    model_config = ConfigDict(extra="forbid")

    email: str = Field(max_length=EMAIL_MAX + 8)
    password: str = Field(max_length=PASSWORD_MAX)


class ResetRequestIn(BaseModel):
    """Ask for a password reset mail."""

    model_config = ConfigDict(extra="forbid")

    email: str = Field(max_length=EMAIL_MAX + 8)


class ResetIn(BaseModel):
    """A new password with the token from the reset mail."""

    model_config = ConfigDict(extra="forbid")

    token: str = Field(max_length=4 * SECRET_BYTES)
    new_password: str = Field(max_length=PASSWORD_MAX)


@router.post("/api/accounts", status_code=201)
def register(
    body: RegisterIn, request: Request, response: Response, players: PlayersDep, settings: SettingsDep
) -> dict[str, Any]:
    """Open an account and log in: ``{"player": {id, user_name, display_name}, "csrf", "expires_at"}``
    and a new session cookie."""
    require_json(request)
    login = players.accounts.register(
        body.user_name, body.password, body.display_name, client_address(request), session_cookie(request)
    )
    set_session_cookie(response, request, settings, login.session_id)
    return login.session.to_dict()


@router.post("/api/session")
def log_in(
    body: LoginIn, request: Request, response: Response, players: PlayersDep, settings: SettingsDep
) -> dict[str, Any]:
    """Log in: a new session (always a new id; the one the browser came with ends) and its CSRF token."""
    require_json(request)
    login = players.accounts.login(body.user_name, body.password, client_address(request), session_cookie(request))
    set_session_cookie(response, request, settings, login.session_id)
    return login.session.to_dict()


@router.get("/api/session")
def who_am_i(request: Request, players: PlayersDep) -> dict[str, Any]:
    """The logged-in player and the session's CSRF token (a page reads it here after a reload).

    Raises:
        NotLoggedInError: no live session (401).
    """
    return read_session(request, players).to_dict()


@router.post("/api/session/logout")
def log_out(request: Request, response: Response, players: PlayersDep, settings: SettingsDep) -> dict[str, Any]:
    """End this session (and drop the cookie)."""
    players.accounts.logout(cookie_session(request, players))
    clear_session_cookie(response, request, settings)
    return {"ok": True}


@router.post("/api/session/logout-everywhere")
def log_out_everywhere(
    request: Request, response: Response, players: PlayersDep, settings: SettingsDep
) -> dict[str, Any]:
    """End every session of the account, on every device: ``{"ok", "ended"}``."""
    ended = players.accounts.logout_everywhere(cookie_session(request, players))
    clear_session_cookie(response, request, settings)
    return {"ok": True, "ended": ended}


@router.post("/api/account/password")
def change_password(
    body: PasswordIn, request: Request, response: Response, players: PlayersDep, settings: SettingsDep
) -> dict[str, Any]:
    """A new password: every session of the account ends, this browser gets a new one."""
    require_json(request)
    session = cookie_session(request, players)
    login = players.accounts.change_password(session, body.current_password, body.new_password, client_address(request))
    set_session_cookie(response, request, settings, login.session_id)
    return login.session.to_dict()


@router.post("/api/account/name")
def rename(body: NameIn, request: Request, players: PlayersDep) -> dict[str, Any]:
    """A new display name (checked as :func:`busbahnhof.players.display_name` says)."""
    require_json(request)
    return players.accounts.rename(cookie_session(request, players), body.display_name).to_dict()


@router.post("/api/account/seats")
def claim_seats(body: SeatsIn, request: Request, players: PlayersDep) -> dict[str, Any]:
    """The seats whose tokens the browser held as a guest become the account's (open tables only):
    ``{"seats": [{"table_id", "result"}]}`` (results: ``claimed``, ``already``, ``taken``,
    ``unknown_token``, ``not_open``, ``unknown_table``)."""
    require_json(request)
    session = cookie_session(request, players)
    held = [HeldSeat(seat.table_id, seat.token) for seat in body.seats]
    return {"seats": players.seats.claim(session.player_id, held)}


@router.post("/api/account/seat-links")
async def take_seats_here(body: TableIn, request: Request, players: PlayersDep, service: ServiceDep) -> dict[str, Any]:
    """New tokens for the account's seats of an open table, to play them on this device:
    ``{"table_id", "seats": [{seat, token, link}]}``.  The old tokens stop working; the device
    that opens a new one takes the seat over (the other device is told, as with any seat link).

    Raises:
        NotYourSeatError: the account holds no seat of this open table.
    """
    require_json(request)
    session = await asyncio.to_thread(cookie_session, request, players)
    seats = await asyncio.to_thread(players.seats.open_seats, session.player_id, body.table_id)
    if not seats:
        raise NotYourSeatError(
            "you hold no seat of this open table", key="players.error.not_your_seat", table=body.table_id
        )
    tickets = [await service.renew_token(body.table_id, seat) for seat in seats]
    return {"table_id": body.table_id, "seats": [ticket.to_dict() for ticket in tickets]}


@router.get("/api/names/check")
def check_name(name: str = Query(max_length=NAME_INPUT)) -> dict[str, Any]:
    """A display name as the server stores it (``{"name"}``), or the refusal saying what is wrong."""
    return {"name": display_name(name)}


@router.get("/api/account")
def account_details(request: Request, players: PlayersDep) -> dict[str, Any]:
    """The logged-in account's own settings: ``{"email"}`` (``None`` without one).

    Raises:
        NotLoggedInError: no live session (401).
    """
    return {"email": players.resets.email(read_session(request, players))}


@router.post("/api/account/email")
def set_email(body: EmailIn, request: Request, players: PlayersDep) -> dict[str, Any]:
    """Set or remove (``""``) the account's e-mail address; the password confirms it: ``{"email"}``."""
    require_json(request)
    session = cookie_session(request, players)
    return {"email": players.resets.set_email(session, body.password, body.email, client_address(request))}


@router.get("/api/password-reset")
def reset_available(players: PlayersDep) -> dict[str, Any]:
    """Whether this server sends reset mails: ``{"available"}``."""
    return {"available": players.resets.outbox.enabled}


@router.post("/api/password-reset", status_code=202)
def request_reset(body: ResetRequestIn, request: Request, players: PlayersDep, lang: LangDep) -> dict[str, Any]:
    """Mail a reset link to the accounts with this address.  The answer is the same whether any
    account has it (``{"ok": true}``, 202); the mails are sent by the outbox's thread, so the
    answer does not wait for them."""
    require_json(request)
    players.resets.request(body.email, client_address(request), lang)
    return {"ok": True}


@router.post("/api/password-reset/confirm")
def confirm_reset(body: ResetIn, request: Request, players: PlayersDep) -> dict[str, Any]:
    """A new password with the mail's token (once, within the hour); every session of the account ends."""
    require_json(request)
    players.resets.confirm(body.token, body.new_password)
    return {"ok": True}
