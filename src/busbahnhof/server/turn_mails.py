"""The table service's ``on_waiting`` hook for turn mails: the waiting decision as plain data for
:class:`busbahnhof.players.turn_mail.TurnMails`, looked up and sent off the event loop."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from ..players.mail import Outbox
from ..players.turn_mail import TurnMails, WaitingDecision
from ..store import Store
from ..store.turn_mails import TurnMailStore
from ..tables.table import Table
from .api.players_deps import mailer, public_url
from .config import Settings
from .logs import server_log

WaitingHook = Callable[[Table, int, int], Coroutine[Any, Any, None]]


def turn_mail_hook(store: Store, settings: Settings) -> tuple[TurnMails, WaitingHook]:
    """The turn mails on ``store``'s database and the hook that feeds them."""
    mails = TurnMails(TurnMailStore(store.engine), Outbox(mailer(settings)), public_url(settings))

    async def waiting(table: Table, seat: int, version: int) -> None:
        if not mails.enabled or table.version != version or table.seats[seat].connections > 0:
            return  # mail is off, the decision is made already, or its player is at the table
        decision = WaitingDecision(
            table.id,
            table.code,
            table.game.title,
            version,
            seat,
            table.seats[seat].name,
            table.spec.turn_seconds or 0.0,
            table.spec.lang,
        )
        try:
            await asyncio.to_thread(mails.decision_waits, decision)
        except Exception:
            server_log.exception("a turn mail failed", extra={"fields": {"table": table.id}})

    return mails, waiting
