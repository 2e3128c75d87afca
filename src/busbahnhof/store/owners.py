"""Which process owns a table: on PostgreSQL the one holding the table's session advisory lock.

Each open table is owned by exactly one server process: the owner keeps it in memory, serves its
clients, runs its bots and turn timer and commits its actions; the other processes send a
client of the table on to the owner (:meth:`TableOwners.owner_url`) instead of replaying its
moves.  Ownership is the session advisory lock ``pg_try_advisory_lock(key)``, taken on one
connection of the process's own; that connection's ``application_name`` carries the process's
address (``busbahnhof@<url>``), so any process can read who owns a table from ``pg_locks`` and
``pg_stat_activity``.  The lock goes with the session: when a process stops or dies (``kill -9``
closes its sockets, and PostgreSQL ends the session at once), its locks are free, and another
process takes its tables over at its next look for tables nobody owns (:meth:`free_keys`).
"""

from __future__ import annotations

import hashlib
import threading

import psycopg

APPLICATION_PREFIX = "busbahnhof@"
"""The owners connection's ``application_name``: this prefix and the process's address."""
APPLICATION_NAME_MAX = 63
"""PostgreSQL keeps at most this many bytes of an ``application_name``."""

HELD_KEYS = """
SELECT classid::bigint, objid::bigint FROM pg_locks
WHERE locktype = 'advisory' AND objsubid = 1 AND granted
  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
"""
OWNER_OF_KEY = """
SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND l.granted AND l.classid = %s AND l.objid = %s
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
"""


def lock_key(table_id: str) -> int:
    """The table's advisory lock key: a signed 64-bit number hashed from its id."""
    digest = hashlib.blake2b(f"busbahnhof table {table_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def lock_halves(key: int) -> tuple[int, int]:
    """How ``pg_locks`` shows a 64-bit key: ``(classid, objid)``, its high and low 32 bits, unsigned."""
    unsigned = key % (1 << 64)
    return unsigned >> 32, unsigned & 0xFFFFFFFF


def application_name(url: str | None) -> str:
    """The owners connection's ``application_name`` for a process reachable at ``url``."""
    return (APPLICATION_PREFIX + (url or ""))[:APPLICATION_NAME_MAX]


class TableOwners:
    """The tables this process owns: their advisory locks, on one connection of its own (``conninfo``).

    Args:
        conninfo: a libpq connection string or ``postgresql://`` URL.
        url: this process's address for clients sent here by other processes (may be set later
            with :meth:`announce`).
    """

    def __init__(self, conninfo: str, url: str | None = None) -> None:
        self.conninfo = conninfo
        self.url = url
        self.guard = threading.Lock()
        self.connection: psycopg.Connection[tuple[object, ...]] | None = None
        self.held: set[str] = set()

    def _connect(self) -> psycopg.Connection[tuple[object, ...]]:
        if self.connection is None or self.connection.closed:
            self.connection = psycopg.connect(
                self.conninfo, autocommit=True, application_name=application_name(self.url)
            )
            self.held.clear()  # a new session holds no lock
        return self.connection

    def announce(self, url: str) -> None:
        """Tell the other processes that clients of this process's tables reach it at ``url``."""
        with self.guard:
            self.url = url
            try:
                self._connect().execute("SELECT set_config('application_name', %s, false)", (application_name(url),))
            except psycopg.Error:
                self.connection = None

    def take(self, table_id: str) -> bool:
        """Whether this process owns the table now (its lock is taken if it is free)."""
        with self.guard:
            if table_id in self.held and self.connection is not None and not self.connection.closed:
                return True
            try:
                row = self._connect().execute("SELECT pg_try_advisory_lock(%s)", (lock_key(table_id),)).fetchone()
            except psycopg.Error:
                self.connection = None
                return False
            if row is not None and row[0]:
                self.held.add(table_id)
                return True
            return False

    def release(self, table_id: str) -> None:
        """Give the table up (it left this process's memory)."""
        with self.guard:
            if table_id not in self.held or self.connection is None:
                return
            self.held.discard(table_id)
            try:
                self.connection.execute("SELECT pg_advisory_unlock(%s)", (lock_key(table_id),))
            except psycopg.Error:
                self.connection = None

    def close(self) -> None:
        """Release every lock (the session ends)."""
        with self.guard:
            if self.connection is not None:
                self.connection.close()
            self.connection = None
            self.held.clear()


def unowned(table_ids: list[str], held: set[tuple[int, int]]) -> list[str]:
    """The ids among ``table_ids`` whose lock no session holds (``held``: :data:`HELD_KEYS`' rows)."""
    return [table_id for table_id in table_ids if lock_halves(lock_key(table_id)) not in held]


def owner_address(application: str | None) -> str | None:
    """The address in an owners connection's ``application_name`` (``None``: not one of ours, or none given)."""
    if application is None or not application.startswith(APPLICATION_PREFIX):
        return None
    return application.removeprefix(APPLICATION_PREFIX) or None
