"""A guest's games move into their account: the seats whose tokens they hold become theirs.

The client sends the seat tokens it holds (table id and token per seat); the server checks each
token against its table's seat in the store and records the account as that seat's player.
Only seats of open tables move (a finished game's players are settled); a seat that another
account holds stays theirs.  The table service is not involved: it knows a seat's name and token,
and the store keeps the seat's player beside it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .ports import PlayerStore

MAX_TICKETS = 50
"""The most seats one request may move (a guest rarely holds more than a few)."""
OPEN = "open"
MAX_TABLES = 200
"""The most recent tables of an account searched for its seats (as many as its page lists)."""


@dataclass(frozen=True)
class HeldSeat:
    """A seat token the client holds, for the table ``table_id``."""

    table_id: str
    token: str


class Seats:
    """Records accounts as the players of seats.

    Args:
        store: where seats' players are kept.
        token_hash: the stored form of a seat token (the table service's hash).
        clock: seconds since the epoch.
    """

    def __init__(
        self, store: PlayerStore, token_hash: Callable[[str], str], clock: Callable[[], float] = time.time
    ) -> None:
        self.store = store
        self.token_hash = token_hash
        self.clock = clock

    def claim(self, player_id: str, held: Sequence[HeldSeat]) -> list[dict[str, str]]:
        """Claim each held seat for ``player_id``; per seat ``{"table_id", "result"}`` with the
        store's answer (``claimed``, ``already``, ``taken``, ``unknown_token``, ``not_open``,
        ``unknown_table``).  Tokens never appear in the answer."""
        now = self.clock()
        return [
            {
                "table_id": seat.table_id,
                "result": self.store.claim_seat(seat.table_id, self.token_hash(seat.token), player_id, now),
            }
            for seat in held[:MAX_TICKETS]
        ]

    def open_seats(self, player_id: str, table_id: str) -> list[int]:
        """The seats of the open table ``table_id`` that are ``player_id``'s (none if it has ended):
        an account may take them to another device (a new token, see docs/players.md)."""
        for table in self.store.player_tables(player_id, MAX_TABLES):
            if table["id"] == table_id and table["status"] == OPEN:
                return sorted(seat for seat, account in table["players_at"].items() if account["id"] == player_id)
        return []
