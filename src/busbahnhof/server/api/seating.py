"""Seating a logged-in player: the requests that give a browser a seat (a public table's host seat,
a join by room code, a seat from the public lobby, a quick match, a seat link opened over the
WebSocket) seat the account when the browser comes with a live session: the seat takes the
account's display name and is claimed for the account in the same request, so no later claim
call from the client can be missed or come too late.  Guests keep the name their browser sends.

Where several processes share the database, each answer also names the process that serves the
table (``node``, :func:`owner_field`): the browser opens its WebSocket there at once instead of
being sent on by whichever process the proxy picked (docs/deploy.md, "Reverse proxy").

A seating POST that a live session cookie authenticates must carry the session's CSRF token, as
every other POST a cookie authenticates (``players/csrf`` otherwise: another site cannot sit a
logged-in visitor at its table under their account).  A cookie whose session has ended counts as
a guest.  The WebSocket cannot send headers: its handshake's ``Origin`` is checked instead
(:func:`busbahnhof.server.security_headers.accept_from_allowed_origin`), before anything here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

from ...players import HeldSeat, Session, display_name
from ...tables import TableService
from .players_deps import CSRF_HEADER, SESSION_COOKIE, PlayersHub

OWN_SEAT = ("claimed", "already")
"""Claim results that leave the seat the account's."""


def live_session(players: PlayersHub, cookies: Mapping[str, str]) -> Session | None:
    """The live session of the cookies, or ``None`` (no cookie, or its session has ended)."""
    return players.accounts.session(session_id(cookies))


async def seating_account(
    players: PlayersHub, cookies: Mapping[str, str], headers: Mapping[str, str]
) -> Session | None:
    """The account a seating POST seats: the cookie's live session, which must send its CSRF token;
    ``None`` for a guest.

    Raises:
        CsrfError: a live session without its CSRF token (403).
    """

    def check() -> Session | None:
        session = live_session(players, cookies)
        return None if session is None else players.accounts.authorise(session_id(cookies), headers.get(CSRF_HEADER))

    if session_id(cookies) is None:  # a guest: no store read, no hand-off to a thread
        return None
    return await asyncio.to_thread(check)


def session_id(cookies: Mapping[str, str]) -> str | None:
    """The session id the cookies carry."""
    return cookies.get(SESSION_COOKIE)


def name_at_seat(account: Session | None, given: str | None) -> str | None:
    """The name a seat takes: the account's display name, else the guest's checked name (``None``:
    the seat's default name)."""
    if account is not None:
        return account.display_name
    return None if given is None else display_name(given)


async def claim_for_account(players: PlayersHub, account: Session | None, table_id: str, token: str) -> str | None:
    """Claim the seat of ``token`` at ``table_id`` for ``account`` (nothing for a guest): the store's
    answer (``claimed``, ``already``, ``taken``, ...), or ``None`` for a guest."""
    if account is None:
        return None
    answers = await asyncio.to_thread(players.seats.claim, account.player_id, [HeldSeat(table_id, token)])
    return answers[0]["result"]


async def owner_field(service: TableService, table_id: str) -> dict[str, str]:
    """The address of the process that serves the table as a field of a seating route's JSON
    (``node``); none with one process, or while no process owns the table."""
    address = await service.owner_address(table_id)
    return {} if address is None else {"node": address}


def claimed(answer: str | None) -> dict[str, str]:
    """The claim's answer as a field of a seating route's JSON (none for a guest)."""
    return {} if answer is None else {"account_seat": answer}


async def link_seat_name(
    players: PlayersHub, cookies: Mapping[str, str], table_id: str, token: str | None, name: str | None
) -> str | None:
    """A seat link opened over the WebSocket: with a live session the seat is claimed for the
    account, and the name the browser sent (a one-seat page sends one; pass-and-play none) gives
    way to the account's display name when the seat is the account's.  Returns the seat's new
    name (``None``: unchanged)."""
    if token is None:
        return None
    account = None if session_id(cookies) is None else await asyncio.to_thread(live_session, players, cookies)
    answer = await claim_for_account(players, account, table_id, token)
    if name is None:
        return None
    return name_at_seat(account if answer in OWN_SEAT else None, name)
