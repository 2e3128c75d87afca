"""Table ownership in a running server: its own address for the other processes, and fail-over.

Each open table is owned by one process (:mod:`busbahnhof.store.owners`); a client that connects
to another process is sent on to the owner's address (``table/elsewhere``, close code 4307).
When a process stops or dies, its tables have no owner until a surviving process adopts them:
every process looks for such tables every :data:`ADOPT_SECONDS` (one query of ``tables`` and one
of ``pg_locks``), so a killed process's tables are served again within about a second and a half.
"""

from __future__ import annotations

import logging

from ..tables import TableService
from .config import Settings
from .logs import event, server_log
from .periodic import repeat

ADOPT_SECONDS = 1.0


def node_url(settings: Settings) -> str:
    """The address other processes send this process's clients to."""
    if settings.node_url:
        return settings.node_url.rstrip("/")
    host = f"[{settings.host}]" if ":" in settings.host else settings.host
    return f"http://{host}:{settings.port}"


async def adopt_forever(service: TableService, seconds: float = ADOPT_SECONDS) -> None:
    """Take over the tables of stopped or dead processes, every ``seconds``, until cancelled."""

    def report(adopted: list[str]) -> None:
        event(server_log, "tables adopted", logging.WARNING, count=len(adopted), tables=adopted[:20])

    await repeat(seconds, service.adopt, "adopting tables failed", report)
