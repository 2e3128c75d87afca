"""Actions committed from the event loop on PostgreSQL: an asynchronous psycopg connection, no thread.

The table service commits each batch of actions (``tables/commits.py``) and waits for it before
a player gets the ``result``.  Through a store thread each batch costs two hand-offs of the
interpreter lock: the thread takes it to send the statement and again to read the answer, and
each time it may wait up to a switch interval (5 ms) while the loop runs.  Here the statement is
sent from the loop and its answer read when the socket is ready, in the loop's own ``select``:
about 0.05 ms less of the process's CPU per action (0.15 against 0.20 ms with the script's own
0.03, ``python tests/store/bench_commit_path.py URL appender`` and ``... thread``), and no waiting
for the lock (docs/deploy.md, "Fifth pass").

One connection in autocommit mode, one statement per batch (the statement of
:func:`~.store.append_postgres`): it is its own transaction.  A batch that fails closes the
connection (nothing of it is stored: the statement did not commit), and the next opens a new one.
"""

from __future__ import annotations

import asyncio
import contextlib

import psycopg

from .store import ActionRow, append_postgres, stored_rows

__all__ = ["PgLoopAppender"]


class PgLoopAppender:
    """Commits batches of actions on one asynchronous connection to ``conninfo``, opened on first use
    (on the loop that uses it: every call must come from that loop)."""

    def __init__(self, conninfo: str) -> None:
        self.conninfo = conninfo
        self._connection: psycopg.AsyncConnection[tuple[str, int]] | None = None
        self._lock = asyncio.Lock()

    async def append_actions(self, rows: list[ActionRow]) -> list[bool]:
        """Commit ``rows`` (the store's ``append_actions``): per row ``False`` if its version exists.

        Raises:
            psycopg.Error: the statement failed or the connection broke; nothing of the batch is stored.
        """
        async with self._lock:
            connection = self._connection or await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
            self._connection = None
            try:
                cursor = await connection.execute(append_postgres(len(rows)), [value for row in rows for value in row])
                found = await cursor.fetchall()
            except BaseException:
                with contextlib.suppress(Exception):
                    await connection.close()
                raise
            self._connection = connection
        return stored_rows(rows, found)

    async def close(self) -> None:
        """Close the connection (the next call would open a new one)."""
        async with self._lock:
            connection, self._connection = self._connection, None
            if connection is not None:
                await connection.close()
