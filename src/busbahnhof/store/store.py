"""The store: tables as records in any SQLAlchemy database (SQLite by default, PostgreSQL by URL).

:class:`Store` implements the table service's ``TableStore`` interface with plain dicts.  Every
method commits before it returns; ``append_actions`` commits a batch of actions and reports
``False`` for each whose version exists already (the primary key ``(table_id, version)`` decides
between processes).
On PostgreSQL each committed change of a table's seats, status or successor is announced with
``NOTIFY`` (:mod:`.notify`); its actions are not (only the table's owner needs them).
"""

from __future__ import annotations

import contextlib
import functools
import sqlite3
import threading
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import platformdirs
from sqlalchemy import Connection, Engine, bindparam, create_engine, event, insert, select, text, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.pool import PoolProxiedConnection

from .migrate import upgrade
from .notify import CHANNEL, Callback, PgListener, notification_payload
from .owners import HELD_KEYS, OWNER_OF_KEY, TableOwners, lock_halves, lock_key, owner_address, unowned
from .schema import actions, tables

if TYPE_CHECKING:
    from .loop_appends import PgLoopAppender

T = TypeVar("T")
SeatsChange = Callable[[list[dict[str, Any]]], T]

APP_NAME = "busbahnhof"
CHECKPOINT_SECONDS = 1.0
SUMMARY_COLUMNS = (
    tables.c.id,
    tables.c.code,
    tables.c.game,
    tables.c.options,
    tables.c.players,
    tables.c.seats,
    tables.c.status,
    tables.c.outcome,
    tables.c.version,
    tables.c.created_at,
    tables.c.updated_at,
    tables.c.ended_at,
)

# Actions are committed in plain SQL on the driver's own connection: SQLAlchemy Core spends
# about 0.3 ms of CPU per commit on statements, execution contexts and results (the sqlite3
# driver 0.05 ms), and on the event loop (SQLite) or against the interpreter lock (PostgreSQL's
# store threads) that is time every table waits for.  Several actions (of different tables) go
# in one transaction (the table service's group commit, tables/commits.py); an action whose
# version exists already is skipped (``ON CONFLICT DO NOTHING``) and reported, the others are
# stored.  SQLite: an INSERT per action and, where it stored, the version bump, then one commit.
# PostgreSQL: one statement for the whole batch in autocommit mode (one round trip, no separate
# COMMIT), a VALUES row per action.  Actions are not announced to the other processes: only a
# table's owner commits its actions and serves its clients (store/owners.py), and a process that
# holds a table only to answer a request reads its changes when asked again (TableService.table);
# a NOTIFY per action would cost every listening process and the database's notification queue
# CPU that grows with the number of processes.
ActionRow = tuple[str, int, str, int, str, float]
"""An action to commit: ``(table_id, version, action, seat, by, at)`` (tables.ports.ActionRow)."""

APPEND_SQLITE = (
    'INSERT INTO actions (table_id, version, action, seat, "by", at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    "UPDATE tables SET version = ?, updated_at = ? WHERE id = ?",
)
APPEND_POSTGRES = """
WITH stored AS (
    INSERT INTO actions (table_id, version, action, seat, "by", at) VALUES {rows}
    ON CONFLICT DO NOTHING
    RETURNING table_id, version, at
), bumped AS (
    UPDATE tables SET version = stored.version, updated_at = stored.at FROM stored WHERE tables.id = stored.table_id
)
SELECT table_id, version FROM stored
"""


@functools.cache
def append_postgres(count: int) -> str:
    """The statement for ``count`` actions: a ``VALUES`` row each, so the planner knows how many
    (an array of rows, ``unnest``, cost PostgreSQL four times the CPU for one action: its plan
    joined the ``tables`` it expected many rows for by scanning them)."""
    return APPEND_POSTGRES.format(rows=", ".join(["(%s, %s, %s, %s, %s, %s)"] * count))


def stored_rows(rows: list[ActionRow], found: list[tuple[str, int]]) -> list[bool]:
    """Per row of a batch, whether :func:`append_postgres`'s answer ``found`` (the stored
    ``(table_id, version)`` pairs) holds it."""
    stored = set(found)
    return [(row[0], row[1]) in stored for row in rows]


LOCKED_CODES = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
"""SQLite's answers when another connection holds the lock a write needs (and we did not wait)."""

LOCK_ROW = update(tables).where(tables.c.id == bindparam("table")).values(version=tables.c.version)


def default_url() -> str:
    """The default database: ``busbahnhof.db`` in the user's data directory (``platformdirs``)."""
    folder = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    return f"sqlite:///{folder / 'busbahnhof.db'}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA wal_autocheckpoint=0")  # the store's checkpointer thread does it (below)
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url``; an SQLite file gets its folder created and WAL mode."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


class Checkpointer:
    """Moves an SQLite file's write-ahead log into the database every ``seconds``, in a thread.

    In WAL mode with ``synchronous=NORMAL`` a commit only appends to the log (no ``fsync``); the
    ``fsync`` calls come with the checkpoints, which SQLite by default runs inside whichever
    commit fills the log past 1,000 pages.  The table service may commit on its event loop
    (``store_workers=0``), where such a commit would stop every table for as long as the disk
    takes; so the store's connections never checkpoint (``wal_autocheckpoint=0``) and this
    thread does, ``PASSIVE`` (it never waits for, nor blocks, readers and writers).
    """

    def __init__(self, engine: Engine, seconds: float = CHECKPOINT_SECONDS) -> None:
        self.engine = engine
        self.seconds = seconds
        self.stopping = threading.Event()
        self.running = False
        """Whether a checkpoint (with its ``fsync`` calls) is under way: a write to the log then may
        wait for the disk, so the event loop does not commit meanwhile (:meth:`Store.try_append_actions`)."""
        self.thread = threading.Thread(target=self._run, name="busbahnhof-checkpoint", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stopping.wait(self.seconds):
            self.checkpoint()

    def checkpoint(self) -> None:
        """One passive checkpoint (a failure is retried at the next)."""
        self.running = True
        try:
            with contextlib.suppress(SQLAlchemyError), self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            self.running = False

    def close(self) -> None:
        """Stop the thread after a last checkpoint."""
        self.stopping.set()
        self.thread.join()
        self.checkpoint()


class Store:
    """Tables and actions in the database at ``url`` (migrated to the newest schema on open).

    Args:
        url: any SQLAlchemy URL; ``None`` is :func:`default_url`.  PostgreSQL:
            ``postgresql+psycopg://user:password@host:port/database``.
    """

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine = make_engine(self.url)
        upgrade(self.engine)
        self.origin = uuid.uuid4().hex
        self.is_postgres = self.engine.dialect.name == "postgresql"
        self._listener: PgListener | None = None
        self._hosts = TableOwners(self._conninfo()) if self.is_postgres else None
        in_file = self.engine.dialect.name == "sqlite" and make_url(self.url).database not in (None, "", ":memory:")
        self._checkpointer = Checkpointer(self.engine) if in_file else None
        self._appending = threading.Lock()
        self._appender: PoolProxiedConnection | None = None
        self._at_once: PoolProxiedConnection | None = None

    def _conninfo(self) -> str:
        """The URL as libpq takes it (for the connections psycopg opens itself)."""
        return make_url(self.url).set(drivername="postgresql").render_as_string(hide_password=False)

    def close(self) -> None:
        """Stop listening and release the connections."""
        if self._listener is not None:
            self._listener.close()
        if self._hosts is not None:
            self._hosts.close()
        if self._checkpointer is not None:
            self._checkpointer.close()
        with self._appending:
            for kept in (self._appender, self._at_once):
                if kept is not None:
                    kept.close()
            self._appender = self._at_once = None
        self.engine.dispose()

    # -- owners (which process serves a table and runs its bots) -------------------------

    def host_bots(self, table_id: str) -> bool:
        """Whether this process owns the table: serves its clients, runs its bots and turn timer.
        On PostgreSQL while it holds the table's advisory lock (taken now if free; see
        :mod:`.owners`); SQLite has one process, which always does."""
        return True if self._hosts is None else self._hosts.take(table_id)

    def release_bots(self, table_id: str) -> None:
        """This process no longer owns the table (it dropped the table from memory)."""
        if self._hosts is not None:
            self._hosts.release(table_id)

    def announce(self, url: str) -> None:
        """Tell the other processes where this process's clients reach it (PostgreSQL; see
        :meth:`table_owner`)."""
        if self._hosts is not None:
            self._hosts.announce(url)

    def table_owner(self, table_id: str) -> str | None:
        """The address of the process that owns the table, as it announced it (``None``: no process
        owns it now, or its owner gave none; always ``None`` on SQLite, which has one process)."""
        if self._hosts is None:
            return None
        with self._reading() as connection:
            found = connection.exec_driver_sql(OWNER_OF_KEY, lock_halves(lock_key(table_id))).scalar_one_or_none()
        return owner_address(found)

    def orphaned_tables(self) -> list[str]:
        """The open tables no process owns (PostgreSQL: their owner stopped or died), oldest first;
        on SQLite every open table (the one process owns them all)."""
        table_ids = self.open_table_ids()
        if self._hosts is None:
            return table_ids
        with self._reading() as connection:
            held = {(int(row[0]), int(row[1])) for row in connection.exec_driver_sql(HELD_KEYS)}
        return unowned(table_ids, held)

    # -- writes --------------------------------------------------------------------------

    def _announce(self, connection: Connection, table_id: str, version: int) -> None:
        if self.is_postgres:
            payload = notification_payload(table_id, version, self.origin)
            connection.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})

    def create_table(self, table: dict[str, Any]) -> bool:
        """Store a new table (no actions, no successor yet); ``False`` if its id or room code is taken."""
        fresh = {"version": 0, "successor": None}
        row = {column.name: table[column.name] for column in tables.columns if column.name not in fresh}
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(tables).values(**row, **fresh))
        except IntegrityError:
            return False
        return True

    def append_actions(self, rows: list[ActionRow]) -> list[bool]:
        """Commit the actions (each makes its table's ``version``; at most one per table) in one
        transaction; per row ``False`` if that version exists already (nothing of it stored).
        Raises the driver's error, with nothing of the batch stored, if the transaction fails.

        The actions have a connection of their own, kept open (no pool checkout, and on
        PostgreSQL no ``pool_pre_ping`` round trip, per batch); one that failed is closed and the
        next batch opens a new one."""
        with self._appending:
            connection = self._appender or self.engine.raw_connection()
            self._appender = None
            dbapi: Any = connection.driver_connection  # sqlite3 or psycopg, by the URL
            try:
                stored = self._append_postgres(dbapi, rows) if self.is_postgres else self._append_sqlite(dbapi, rows)
            except BaseException:
                connection.invalidate()  # closed, rolled back: nothing of the batch is stored
                raise
            self._appender = connection
            return stored

    def loop_appender(self) -> PgLoopAppender | None:
        """On PostgreSQL an appender that commits actions from the event loop
        (:class:`~.loop_appends.PgLoopAppender`, a connection of its own); ``None`` on SQLite,
        whose commits run on the loop through :meth:`try_append_actions`."""
        from .loop_appends import PgLoopAppender  # the module builds on this one

        return PgLoopAppender(self._conninfo()) if self.is_postgres else None

    def try_append_actions(self, rows: list[ActionRow]) -> list[bool] | None:
        """:meth:`append_actions` on the caller's thread (the table service's event loop) if that
        never waits: on an SQLite file, whose commit only appends to the write-ahead log (no
        ``fsync``: ``synchronous=NORMAL``, and the :class:`Checkpointer` thread checkpoints), on a
        connection of its own that does not wait for the write lock (``busy_timeout=0``).
        ``None``: nothing stored, the caller must use :meth:`append_actions` in its store thread
        (another connection or process holds the write lock now, or a checkpoint is syncing the
        files; or PostgreSQL, whose commit is a round trip)."""
        if self._checkpointer is None or self._checkpointer.running:
            return None
        with self._appending:
            connection = self._at_once or self._connection_not_waiting()
            self._at_once = None
            dbapi: Any = connection.driver_connection
            try:
                stored = self._append_sqlite(dbapi, rows)
            except sqlite3.OperationalError as error:
                if getattr(error, "sqlite_errorcode", 0) & 0xFF not in LOCKED_CODES:  # extended codes: the low byte
                    connection.invalidate()
                    raise
                dbapi.rollback()
                self._at_once = connection
                return None
            except BaseException:
                connection.invalidate()
                raise
            self._at_once = connection
            return stored

    def _connection_not_waiting(self) -> PoolProxiedConnection:
        connection = self.engine.raw_connection()
        connection.driver_connection.execute("PRAGMA busy_timeout=0")  # type: ignore[union-attr]
        return connection

    @staticmethod
    def _append_sqlite(dbapi: Any, rows: list[ActionRow]) -> list[bool]:
        stored = []
        for table_id, version, action, seat, by, at in rows:
            inserted = dbapi.execute(APPEND_SQLITE[0], (table_id, version, action, seat, by, at)).rowcount == 1
            if inserted:
                dbapi.execute(APPEND_SQLITE[1], (version, at, table_id))
            stored.append(inserted)
        dbapi.commit()
        return stored

    @staticmethod
    def _append_postgres(dbapi: Any, rows: list[ActionRow]) -> list[bool]:
        dbapi.autocommit = True  # the one statement is its own transaction: no COMMIT round trip
        try:
            found = dbapi.execute(append_postgres(len(rows)), [value for row in rows for value in row]).fetchall()
        finally:
            dbapi.autocommit = False
        return stored_rows(rows, found)

    def change_seats(
        self, table_id: str, change: Callable[[list[dict[str, Any]]], T]
    ) -> tuple[T, list[dict[str, Any]]]:
        """Let ``change`` edit the stored seats in place, in one transaction that first locks the
        table's row (a no-op update: PostgreSQL locks the row, SQLite takes its write lock, each
        waiting for a transaction holding it), then reads the seats as committed: two processes
        that claim or re-issue seats at once see each other's change, so no claim and no token
        is lost.  Returns what ``change`` returned and the seats as stored now."""
        with self.engine.begin() as connection:
            connection.execute(LOCK_ROW, {"table": table_id})
            query = select(tables.c.seats, tables.c.version).where(tables.c.id == table_id)
            row = connection.execute(query).one()
            seats: list[dict[str, Any]] = [dict(seat) for seat in row.seats]
            result = change(seats)
            connection.execute(update(tables).where(tables.c.id == table_id).values(seats=seats))
            self._announce(connection, table_id, int(row.version))
        return result, seats

    def finish(self, table_id: str, status: str, outcome: dict[str, Any] | None, at: float) -> None:
        """Mark the table ``finished`` or ``closed``."""
        with self.engine.begin() as connection:
            connection.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(status=status, outcome=outcome, ended_at=at, updated_at=at)
            )
            self._announce(connection, table_id, self._version(connection, table_id))

    def set_successor(self, table_id: str, successor: str) -> str:
        """Record ``successor`` as the table's follow-up table unless it has one already (of two
        processes the first wins); returns the successor recorded."""
        with self.engine.begin() as connection:
            connection.execute(
                update(tables).where(tables.c.id == table_id, tables.c.successor.is_(None)).values(successor=successor)
            )
            recorded = connection.execute(select(tables.c.successor).where(tables.c.id == table_id)).scalar_one()
            self._announce(connection, table_id, self._version(connection, table_id))
        return str(recorded)

    @staticmethod
    def _version(connection: Connection, table_id: str) -> int:
        return int(
            connection.execute(select(tables.c.version).where(tables.c.id == table_id)).scalar_one_or_none() or 0
        )

    # -- reads ---------------------------------------------------------------------------

    def _reading(self) -> Connection:
        """A connection for reads without a transaction of their own (no ``BEGIN``/``ROLLBACK``
        round trips; each statement sees what is committed)."""
        return self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")

    def load_table(self, table_id: str) -> dict[str, Any] | None:
        """The stored table with its actions in version order, or ``None``."""
        with self._reading() as connection:
            row = connection.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
            if row is None:
                return None
            record = dict(row)
            record["actions"] = self._actions(connection, table_id, 0)
        return record

    def changes_since(self, table_id: str, version: int) -> dict[str, Any] | None:
        """What another process may have changed: ``{"status", "successor", "seats", "actions"}`` with the
        actions after ``version`` in order (one connection, two small reads), or ``None``."""
        with self._reading() as connection:
            query = select(tables.c.status, tables.c.successor, tables.c.seats).where(tables.c.id == table_id)
            row = connection.execute(query).mappings().first()
            if row is None:
                return None
            return {**row, "actions": self._actions(connection, table_id, version)}

    @staticmethod
    def _actions(connection: Connection, table_id: str, version: int) -> list[dict[str, Any]]:
        query = (
            select(actions.c.version, actions.c.action, actions.c.seat, actions.c.by, actions.c.at)
            .where(actions.c.table_id == table_id, actions.c.version > version)
            .order_by(actions.c.version)
        )
        return [dict(row) for row in connection.execute(query).mappings()]

    def find_code(self, code: str) -> str | None:
        """The id of the table with room code ``code``."""
        with self._reading() as connection:
            found = connection.execute(select(tables.c.id).where(tables.c.code == code)).scalar_one_or_none()
        return None if found is None else str(found)

    def open_table_ids(self) -> list[str]:
        """Every open table's id, oldest first."""
        with self._reading() as connection:
            query = select(tables.c.id).where(tables.c.status == "open").order_by(tables.c.created_at)
            return [str(value) for value in connection.execute(query).scalars()]

    def list_tables(self, status: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        """Public summaries, newest first: no seed, no deck, no token hashes."""
        query = select(*SUMMARY_COLUMNS).order_by(tables.c.created_at.desc()).limit(limit)
        if status is not None:
            query = query.where(tables.c.status == status)
        with self._reading() as connection:
            rows = [dict(row) for row in connection.execute(query).mappings()]
        for row in rows:
            row["seats"] = [
                {"name": seat["name"], "bot": seat["bot"], "claimed": seat["claimed"]} for seat in row["seats"]
            ]
        return rows

    # -- notifications -------------------------------------------------------------------

    def subscribe(self, callback: Callback) -> Callable[[], None]:
        """Call ``callback(table_id, version)`` when another process commits a change (PostgreSQL);
        on SQLite there is no other process to hear from, and this does nothing."""
        if not self.is_postgres:
            return lambda: None
        if self._listener is None:
            self._listener = PgListener(self._conninfo(), self.origin)
        return self._listener.subscribe(callback)
