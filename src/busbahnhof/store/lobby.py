"""The lobby's and the chat's store: public tables as listed for strangers, and messages said at tables.

:class:`LobbyStore` implements ``busbahnhof.tables.lobby.LobbyStore`` and
``busbahnhof.tables.chat.ChatStore`` with plain dicts on the same engine as the tables'
:class:`.Store` (migrated by it).  Every method commits before it returns.  Seats are never
changed here: taking a listed table's free seat goes through ``Store.change_seats``, the one
place that decides between two joiners.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, and_, delete, insert, select

from .schema import chat_messages, lobby_tables, tables

LISTED_COLUMNS = (
    tables.c.id,
    tables.c.code,
    tables.c.game,
    tables.c.options,
    tables.c.players,
    tables.c.seats,
    tables.c.spec,
    tables.c.created_at,
    lobby_tables.c.host,
    lobby_tables.c.quick_key,
    lobby_tables.c.fill_at,
    lobby_tables.c.bot,
)
CHAT_COLUMNS = (
    chat_messages.c.id,
    chat_messages.c.seat,
    chat_messages.c.name,
    chat_messages.c.text,
    chat_messages.c.version,
    chat_messages.c.at,
)
ADD_CHAT = insert(chat_messages).returning(chat_messages.c.id)
"""One message, its id back (built once: SQLAlchemy then finds its compiled form in its cache)."""


class LobbyStore:
    """Public listings and chat messages on ``engine`` (the tables' database)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def _reading(self) -> Any:
        return self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")

    # -- the public lobby ----------------------------------------------------------------

    def list_table(self, listing: dict[str, Any]) -> None:
        """List a table in the public lobby: ``{"table_id", "host", "quick_key", "fill_at", "bot", "created_at"}``."""
        with self.engine.begin() as connection:
            connection.execute(insert(lobby_tables).values(**listing))

    def unlist(self, table_id: str) -> None:
        """Take a table out of the lobby (it is full, finished or closed)."""
        with self.engine.begin() as connection:
            connection.execute(delete(lobby_tables).where(lobby_tables.c.table_id == table_id))

    def listed(self, quick_key: str | None = None) -> list[dict[str, Any]]:
        """The listed tables (oldest first) with their status, stored seats and spec; only quick
        matches of ``quick_key`` if given.  The caller unlists those that are over or full."""
        query = (
            select(*LISTED_COLUMNS, tables.c.status)
            .select_from(lobby_tables.join(tables, tables.c.id == lobby_tables.c.table_id))
            .order_by(tables.c.created_at)
        )
        if quick_key is not None:
            query = query.where(lobby_tables.c.quick_key == quick_key)
        with self._reading() as connection:
            return [dict(row) for row in connection.execute(query).mappings()]

    # -- chat ----------------------------------------------------------------------------

    def add_chats(self, messages: list[dict[str, Any]]) -> list[int]:
        """Store chat messages ``{"table_id", "seat", "name", "text", "version", "at"}`` (of any
        tables) in one transaction, a statement each (in the order given, so their ids ascend in
        it); returns their ids.  Raises the driver's error, with nothing stored, if the
        transaction fails."""
        with self.engine.begin() as connection:
            return [int(connection.execute(ADD_CHAT, message).scalar_one()) for message in messages]

    def chat(self, table_id: str, after: int = 0, limit: int = 200) -> list[dict[str, Any]]:
        """The table's chat messages with an id above ``after``: the last ``limit`` of them, oldest first."""
        query = (
            select(*CHAT_COLUMNS)
            .where(and_(chat_messages.c.table_id == table_id, chat_messages.c.id > after))
            .order_by(chat_messages.c.id.desc())
            .limit(limit)
        )
        with self._reading() as connection:
            rows = [dict(row) for row in connection.execute(query).mappings()]
        return rows[::-1]
