"""The two interfaces the table service depends on: its clients and its store.

As in boardgame.io's ``Master``, the table logic knows no network and no database: a client is
anything that can ``send`` a message, JSON text (a WebSocket, a test), and the
store is anything with the methods of :class:`TableStore` (``busbahnhof.store.Store`` on SQLite
or PostgreSQL).  The store speaks plain dicts, so it needs nothing from this package.

A stored table (``TableStore.load_table``) is its record::

    {"id", "code", "game", "options", "players", "seed", "deck_text", "spec", "seats",
     "creator_hash", "status", "outcome", "successor", "created_at", "updated_at", "ended_at",
     "actions": [{"version", "action", "seat", "by", "at"}, ...]}

``seats`` is a list of ``{"name", "bot", "token_hash", "claimed"}`` (a rematch seat not yet taken
up also has ``heir_of``, :mod:`.rematch`); tokens are stored only as hashes.  ``status`` is
``open``, ``finished`` (the game ended) or ``closed`` (abandoned);
``successor`` is the id of a finished table's follow-up table (a rematch), or ``None``.
``by`` says who played an action: ``human``, ``bot`` or ``zombie`` (a bot for a timed-out seat).
Timestamps are seconds since the epoch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

Message = str
"""A message to one client: a JSON object as text (built and encoded by :mod:`.messages`, the
parts shared by several clients encoded once)."""


class Client(Protocol):
    """One connected client of a table (a player's or a spectator's connection).

    Attributes:
        lang: the language log lines and errors are rendered in (``de`` or ``en``).
    """

    lang: str

    async def send(self, message: Message) -> None:
        """Deliver ``message``; a client that is gone may raise, the service then disconnects it."""
        ...

    async def close(self, code: int) -> None:
        """End the connection with WebSocket close code ``code`` (its seat was taken over)."""
        ...


Unsubscribe = Callable[[], None]
T = TypeVar("T")
SeatsChange = Callable[[list[dict[str, Any]]], T]
"""A function that edits the stored seats in place and returns what its caller wants to know."""


ActionRow = tuple[str, int, str, int, str, float]
"""An action to commit: ``(table_id, version, action, seat, by, at)``."""


class LoopAppender(Protocol):
    """Commits actions from the event loop that calls it (an asynchronous database driver)."""

    async def append_actions(self, rows: list[ActionRow]) -> list[bool]:
        """:meth:`TableStore.append_actions`, awaited on the loop instead of run in a store thread."""
        ...

    async def close(self) -> None:
        """Release its connection."""
        ...


class TableStore(Protocol):
    """Persistence of tables as records; every call is committed when it returns."""

    def create_table(self, table: dict[str, Any]) -> bool:
        """Store a new table (without actions); ``False`` if its id or room code is taken."""
        ...

    def append_actions(self, rows: list[ActionRow]) -> list[bool]:
        """Commit the actions (of different tables, each making its table's next version) in one
        transaction; per action ``False`` if that version exists already (another process
        accepted an action first: the caller must catch up and refuse).  Raises, with nothing of
        the batch stored, if the transaction fails."""
        ...

    def loop_appender(self) -> LoopAppender | None:
        """An appender that commits actions from the event loop without a thread, where the store
        has an asynchronous driver; ``None``: commit through :meth:`try_append_actions` and
        :meth:`append_actions` in a store thread."""
        ...

    def try_append_actions(self, rows: list[ActionRow]) -> list[bool] | None:
        """:meth:`append_actions` at once on the caller's thread (the event loop) if the store can
        commit there without waiting (for a lock, the disk or the network); ``None``: nothing
        stored, use :meth:`append_actions` in a store thread."""
        ...

    def change_seats(
        self, table_id: str, change: Callable[[list[dict[str, Any]]], T]
    ) -> tuple[T, list[dict[str, Any]]]:
        """Let ``change`` edit the stored seats (a claim, a re-issued token) in place, atomically
        with respect to every other process; returns its result and the seats as stored now."""
        ...

    def finish(self, table_id: str, status: str, outcome: dict[str, Any] | None, at: float) -> None:
        """Mark the table ``finished`` (with the game's outcome) or ``closed`` (abandoned)."""
        ...

    def set_successor(self, table_id: str, successor: str) -> str:
        """Record ``successor`` as the table's follow-up table unless another process recorded one
        first; returns the one recorded."""
        ...

    def load_table(self, table_id: str) -> dict[str, Any] | None:
        """The stored table with all its actions, or ``None``."""
        ...

    def find_code(self, code: str) -> str | None:
        """The id of the table with room code ``code`` (any status), or ``None``."""
        ...

    def open_table_ids(self) -> list[str]:
        """The ids of every table still ``open``."""
        ...

    def changes_since(self, table_id: str, version: int) -> dict[str, Any] | None:
        """The table's ``status``, ``successor`` and ``seats`` and its ``actions`` after ``version``
        (in order), or ``None``."""
        ...

    def list_tables(self, status: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        """Summaries (no actions, no seed of an unfinished game, no token hashes), newest first."""
        ...

    def host_bots(self, table_id: str) -> bool:
        """Whether this process owns the table: serves its clients, runs its bots and turn timer
        (of several processes on one database, one at a time; a single process always)."""
        ...

    def release_bots(self, table_id: str) -> None:
        """This process no longer owns the table."""
        ...

    def table_owner(self, table_id: str) -> str | None:
        """The address of the process that owns the table (``None``: none now, or not known)."""
        ...

    def orphaned_tables(self) -> list[str]:
        """The open tables no process owns (a single process: every open table)."""
        ...

    def subscribe(self, callback: Callable[[str, int], None]) -> Unsubscribe:
        """Call ``callback(table_id, version)`` after any process committed a change to a table
        (PostgreSQL: ``LISTEN``; SQLite: changes of this process only).  The callback may be
        called from another thread."""
        ...
