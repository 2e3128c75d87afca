"""Logged-in players in a load test (``--accounts N``): the first N table slots play as accounts.

Before anything is measured, each such slot registers an account (``POST /api/accounts``, a new
user name and password, its display name from :mod:`.names`) and keeps the session cookie and
CSRF token the server answers with.  At each of its tables the human sits down as the web client
does when logged in (docs/players.md, "Seated as your account"): its POSTs carry the cookie and
the ``X-CSRF-Token`` header, so a join by room code seats the account in the same request (its
answer's ``account_seat`` must be ``claimed``, else it is an error), and the WebSocket carries the
cookie, which seats the account at a table it created.  After the test every table an account
played must be on its player page (``GET /api/players/{id}``); one that is not is an error.

The server limits registrations per address (5 in 15 minutes by default): a load test with
accounts runs against a server started with ``BUSBAHNHOF_REGISTRATIONS_PER_ADDRESS`` at least N
(docs/server.md).  Registering costs the server an argon2id hash per account, which is why it
happens before the measurement.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass

import httpx

from .names import NAMES, Player
from .report import Tally

SESSION_COOKIE = "busbahnhof_session"
"""The session cookie's name (``busbahnhof.server.api.players_deps``)."""
PARALLEL_REGISTRATIONS = 4
"""Registrations at once (each is an argon2id hash on the server)."""


class AccountError(RuntimeError):
    """An account could not be registered (the test does not start)."""


@dataclass(frozen=True)
class Account:
    """A registered, logged-in player.

    Attributes:
        player_id: the account's public id (its player page).
        user_name: the login name.
        typed: the display name as registered; shown: as the server keeps it.
        session: the session cookie's value; csrf: the session's CSRF token.
    """

    player_id: str
    user_name: str
    typed: str
    shown: str
    session: str
    csrf: str

    def player(self, seed: int) -> Player:
        """The account's human at the table with seed ``seed`` (joins by room code on odd seeds)."""
        return Player(self.typed, self.shown, joins=seed % 2 == 1, markup=False)

    def cookie(self) -> dict[str, str]:
        """The header a browser sends with every request of the session (the WebSocket's too)."""
        return {"Cookie": f"{SESSION_COOKIE}={self.session}"}

    def headers(self) -> dict[str, str]:
        """What a POST the session authenticates carries: the cookie and the CSRF token."""
        return {**self.cookie(), "X-CSRF-Token": self.csrf}


async def register(url: str, count: int) -> list[Account]:
    """Register ``count`` accounts on the server at ``url``, a few at a time.

    Raises:
        AccountError: the server refused one (the message says how to start it for the test).
    """
    run = secrets.token_hex(4)
    gate = asyncio.Semaphore(PARALLEL_REGISTRATIONS)

    async def one(index: int) -> Account:
        typed = NAMES[index % len(NAMES)][0]
        body = {"user_name": f"last-{run}-{index}", "password": secrets.token_urlsafe(12), "display_name": typed}
        async with gate, httpx.AsyncClient(timeout=60) as http:  # a client of its own: its own cookie jar
            response = await http.post(f"{url}/api/accounts", json=body)
        if response.status_code != 201:
            raise AccountError(
                f"registering account {index + 1} of {count}: HTTP {response.status_code} {response.text[:200]}"
                " (start the server with BUSBAHNHOF_REGISTRATIONS_PER_ADDRESS at least --accounts)"
            )
        answer = response.json()
        session = response.cookies.get(SESSION_COOKIE)
        if session is None:
            raise AccountError(f"registering account {index + 1}: no session cookie in the answer")
        player = answer["player"]
        return Account(player["id"], body["user_name"], typed, player["display_name"], session, answer["csrf"])

    return list(await asyncio.gather(*(one(index) for index in range(count))))


def seated(answer: dict[str, object], tally: Tally) -> bool:
    """Whether a join's answer seated the account (``account_seat``); anything else is counted as an error."""
    result = answer.get("account_seat")
    if result != "claimed":
        tally.errors[f"account:{result or 'not_seated'}"] += 1
        return False
    return True


async def on_player_pages(url: str, accounts: list[Account], played: dict[str, list[str]]) -> dict[str, int]:
    """How many of the tables each account played (``played``: player id to table ids) its player
    page lists: ``{"tables", "listed"}``."""
    listed = 0
    async with httpx.AsyncClient(timeout=60) as http:
        for account in accounts:
            tables = played.get(account.player_id, [])
            if not tables:
                continue
            page = (await http.get(f"{url}/api/players/{account.player_id}")).raise_for_status().json()
            shown = {game["table_id"] for game in page["games"]}
            listed += sum(1 for table_id in tables if table_id in shown)
    return {"tables": sum(len(tables) for tables in played.values()), "listed": listed}
