"""Change notifications between server processes: PostgreSQL ``LISTEN/NOTIFY``, no extra broker.

Every committing write of a table's seats, status or successor sends ``pg_notify('busbahnhof',
'{"t": table, "v": version, "o": origin}')`` in its own transaction, so a notification goes out
only if the change committed (actions are not announced: only the table's owner commits and
serves them, see :mod:`.owners`).
:class:`PgListener` holds one extra connection per process in a daemon thread, ``LISTEN``\\s, and
calls the subscribers with ``(table_id, version)`` for changes of other processes (``origin``
tells its own apart).
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from typing import Any

import psycopg

CHANNEL = "busbahnhof"
POLL_SECONDS = 0.5

log = logging.getLogger(__name__)

Callback = Callable[[str, int], None]


def notification_payload(table_id: str, version: int, origin: str) -> str:
    """The JSON text of one notification."""
    return json.dumps({"t": table_id, "v": version, "o": origin})


class PgListener:
    """A thread that listens on :data:`CHANNEL` and fans notifications out to subscribers.

    Args:
        conninfo: a libpq connection string or ``postgresql://`` URL.
        origin: this process's store origin; its own notifications are skipped.
    """

    def __init__(self, conninfo: str, origin: str) -> None:
        self.conninfo = conninfo
        self.origin = origin
        self.callbacks: list[Callback] = []
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.ready = threading.Event()
        self.thread: threading.Thread | None = None

    def subscribe(self, callback: Callback) -> Callable[[], None]:
        """Call ``callback`` for every change of another process (from the listener thread)."""
        with self.lock:
            self.callbacks.append(callback)
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="busbahnhof-listen", daemon=True)
                self.thread.start()
        self.ready.wait(timeout=10)

        def unsubscribe() -> None:
            with self.lock:
                if callback in self.callbacks:
                    self.callbacks.remove(callback)

        return unsubscribe

    def close(self) -> None:
        """Stop the thread."""
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(timeout=5)

    def _run(self) -> None:
        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    while not self.stopping.is_set():
                        for note in connection.notifies(timeout=POLL_SECONDS):
                            self._deliver(note.payload)
            except psycopg.Error as exc:
                log.warning("LISTEN connection lost (%s); reconnecting", exc)
                self.stopping.wait(1.0)

    def _deliver(self, payload: str) -> None:
        try:
            data: dict[str, Any] = json.loads(payload)
            table_id, version, origin = str(data["t"]), int(data["v"]), str(data["o"])
        except (ValueError, KeyError, TypeError):
            log.warning("ignored a malformed notification %r", payload)
            return
        if origin == self.origin:
            return
        with self.lock:
            callbacks = list(self.callbacks)
        for callback in callbacks:
            try:
                callback(table_id, version)
            except Exception:
                log.exception("a change subscriber failed")
