"""Which process runs a table's bots: on PostgreSQL the one holding the table's advisory lock.

Every server process that holds a table in memory could run its bots; the database would let
only one of their moves in, but every process would think, commit in vain and catch up.  So a
process runs the bots (and the turn timer) of a table only while it holds the table's session
advisory lock, taken with ``pg_try_advisory_lock`` on a connection of its own.  The lock goes
with the session: when a process stops or dies, its locks are free, and another process takes
them over the next time it asks (the table service asks again at every sweep).
"""

from __future__ import annotations

import threading

import psycopg

LOCK_SPACE = 0x42757362
"""The first key of the two-key advisory lock: this program's space (``Busb``)."""


def lock_key(table_id: str) -> int:
    """The table's second lock key: a signed 32-bit number made from its id."""
    value = int.from_bytes(table_id.encode("utf-8")[-8:].rjust(8, b"\0"), "big") % (1 << 32)
    return value - (1 << 31)


class BotHosts:
    """The advisory locks of one process, on one connection of its own (``conninfo``)."""

    def __init__(self, conninfo: str) -> None:
        self.conninfo = conninfo
        self.guard = threading.Lock()
        self.connection: psycopg.Connection[tuple[object, ...]] | None = None
        self.held: set[str] = set()

    def _connect(self) -> psycopg.Connection[tuple[object, ...]]:
        if self.connection is None or self.connection.closed:
            self.connection = psycopg.connect(self.conninfo, autocommit=True)
            self.held.clear()  # a new session holds no lock
        return self.connection

    def take(self, table_id: str) -> bool:
        """Whether this process runs the table's bots now (the lock is taken if it is free)."""
        with self.guard:
            if table_id in self.held and self.connection is not None and not self.connection.closed:
                return True
            try:
                row = (
                    self._connect()
                    .execute("SELECT pg_try_advisory_lock(%s, %s)", (LOCK_SPACE, lock_key(table_id)))
                    .fetchone()
                )
            except psycopg.Error:
                self.connection = None
                return False
            if row is not None and row[0]:
                self.held.add(table_id)
                return True
            return False

    def release(self, table_id: str) -> None:
        """Give the table's bots up (the table left this process's memory)."""
        with self.guard:
            if table_id not in self.held or self.connection is None:
                return
            self.held.discard(table_id)
            try:
                self.connection.execute("SELECT pg_advisory_unlock(%s, %s)", (LOCK_SPACE, lock_key(table_id)))
            except psycopg.Error:
                self.connection = None

    def close(self) -> None:
        """Release every lock (the session ends)."""
        with self.guard:
            if self.connection is not None:
                self.connection.close()
            self.connection = None
            self.held.clear()
