"""Turn mails: when a decision starts waiting at a turn-based table (a turn timer of an hour or
more) for a player with an account and an e-mail address, one mail says so, with a link to their
"your turn" list (docs/turns.md).

At most one mail per decision (table, version, seat), none while the player is at the table (the
caller says so), and at most one per account every :data:`QUIET_SECONDS` (a game played quickly
by mail-holders does not fill their inbox; the list shows every table waiting).  Off without an
SMTP server: nothing is looked up then.  The mail goes out through the :class:`.mail.Outbox`
(no table waits for the SMTP server).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..engine import Catalog
from .mail import Mail, Outbox

QUIET_SECONDS = 3600.0
"""The least time between two turn mails to one account."""


class TurnMailStore(Protocol):
    """Where seats' accounts, their addresses and the mails sent are kept (``busbahnhof.store.turn_mails``)."""

    def addressee(self, table_id: str, seat: int) -> dict[str, Any] | None:
        """``{"player_id", "display_name", "email"}`` of the seat's account, or ``None``."""
        ...

    def note(self, table_id: str, version: int, seat: int, player_id: str, at: float, quiet_since: float) -> bool:
        """Note the decision as mailed unless it was, or the account had a mail after ``quiet_since``."""
        ...


@dataclass(frozen=True)
class WaitingDecision:
    """A decision that started waiting for a seat's player.

    Attributes:
        table_id, code, title: the table (its room code, the game's title).
        version: the table's version (one decision per version and seat).
        seat: the seat that decides; ``seat_name``: its name at the table.
        turn_seconds: the table's turn timer.
        lang: the table's language (``de`` or ``en``), the mail's.
    """

    table_id: str
    code: str
    title: str
    version: int
    seat: int
    seat_name: str
    turn_seconds: float
    lang: str


class TurnMails:
    """Sends turn mails through ``outbox``; links start with ``link_base`` (the server's public URL)."""

    def __init__(
        self, store: TurnMailStore, outbox: Outbox, link_base: str, clock: Callable[[], float] = time.time
    ) -> None:
        self.store = store
        self.outbox = outbox
        self.link_base = link_base.rstrip("/")
        self.clock = clock

    @property
    def enabled(self) -> bool:
        """Whether mail is sent at all (an SMTP server is configured)."""
        return self.outbox.enabled

    def decision_waits(self, decision: WaitingDecision) -> bool:
        """Mail the seat's player about ``decision`` if they have an address and none of the limits
        holds it back; whether a mail was queued."""
        if not self.enabled:
            return False
        addressee = self.store.addressee(decision.table_id, decision.seat)
        if addressee is None:
            return False
        now = self.clock()
        if not self.store.note(
            decision.table_id, decision.version, decision.seat, addressee["player_id"], now, now - QUIET_SECONDS
        ):
            return False
        self.outbox.post(self.mail(decision, addressee))
        return True

    def mail(self, decision: WaitingDecision, addressee: dict[str, Any]) -> Mail:
        """The mail in the table's language."""
        catalog = Catalog(("busbahnhof.players",), decision.lang)
        params = {
            "display_name": addressee["display_name"],
            "game": decision.title,
            "code": decision.code,
            "seat_name": decision.seat_name,
            "hours": max(1, round(decision.turn_seconds / 3600)),
            "link": f"{self.link_base}/#/turns",
        }
        subject = catalog.text("players.turn_mail.subject", **params)
        return Mail(addressee["email"], subject, catalog.text("players.turn_mail.text", **params))
