"""The workshops' store: sessions and their participants, on the tables' database (migration 0007).

:class:`WorkshopStore` works on the engine of :class:`busbahnhof.store.Store` (which opens and
migrates the database) with plain dicts; every method commits before it returns.  A participant
is stored by the hash of their key, which is also their seat's token once the tables are open
(:mod:`.service`): neither is ever stored in the clear.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    insert,
    select,
)
from sqlalchemy import update as sql_update
from sqlalchemy.exc import IntegrityError

metadata = MetaData()

workshops = Table(
    "workshops",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("code", String(8), nullable=False, unique=True),
    Column("game", String(32), nullable=False),
    Column("deck", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("table_count", Integer, nullable=False),
    Column("bot", String(40), nullable=False),
    Column("lang", String(5), nullable=False),
    Column("facilitator_hash", String(64), nullable=False),
    Column("status", String(16), nullable=False),
    Column("paused", Boolean, nullable=False, default=False),
    Column("table_ids", JSON, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("started_at", Float, nullable=True),
)

participants = Table(
    "workshop_participants",
    metadata,
    Column("workshop_id", String(32), ForeignKey("workshops.id", ondelete="CASCADE"), primary_key=True),
    Column("key_hash", String(64), primary_key=True),
    Column("name", String(128), nullable=False),
    Column("table_index", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("joined_at", Float, nullable=False),
)

Place = Callable[[dict[str, Any], list[dict[str, Any]]], tuple[int, int] | None]
"""Given the workshop and its participants so far: the new participant's (table, seat), or ``None``."""


class WorkshopStore:
    """Workshops and participants on ``engine`` (already migrated by the tables' store)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, workshop: dict[str, Any]) -> bool:
        """Store a new workshop; ``False`` if its id or code is taken."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(workshops).values(**workshop))
        except IntegrityError:
            return False
        return True

    def load(self, workshop_id: str) -> dict[str, Any] | None:
        """The workshop, or ``None``."""
        with self.engine.connect() as connection:
            row = connection.execute(select(workshops).where(workshops.c.id == workshop_id)).mappings().first()
        return None if row is None else dict(row)

    def find_code(self, code: str) -> str | None:
        """The id of the workshop with code ``code``, or ``None``."""
        with self.engine.connect() as connection:
            return connection.execute(select(workshops.c.id).where(workshops.c.code == code)).scalar()

    def add_participant(
        self, workshop_id: str, key_hash: str, name: str, at: float, place: Place
    ) -> dict[str, Any] | None:
        """Seat a new participant where ``place`` says, atomically with every other join (the
        workshop's row is locked first); ``None`` if ``place`` finds no seat or the workshop is gone."""
        with self.engine.begin() as connection:
            locked = connection.execute(
                sql_update(workshops).where(workshops.c.id == workshop_id).values(status=workshops.c.status)
            )
            if locked.rowcount == 0:
                return None
            workshop = dict(connection.execute(select(workshops).where(workshops.c.id == workshop_id)).mappings().one())
            seated = _participants(connection, workshop_id)
            where = place(workshop, seated)
            if where is None:
                return None
            row = {
                "workshop_id": workshop_id,
                "key_hash": key_hash,
                "name": name,
                "table_index": where[0],
                "seat": where[1],
                "joined_at": at,
            }
            connection.execute(insert(participants).values(**row))
        return row

    def participants(self, workshop_id: str) -> list[dict[str, Any]]:
        """The workshop's participants in the order they joined."""
        with self.engine.connect() as connection:
            return _participants(connection, workshop_id)

    def participant(self, workshop_id: str, key_hash: str) -> dict[str, Any] | None:
        """The participant with this key hash, or ``None``."""
        with self.engine.connect() as connection:
            row = (
                connection.execute(
                    select(participants).where(
                        participants.c.workshop_id == workshop_id, participants.c.key_hash == key_hash
                    )
                )
                .mappings()
                .first()
            )
        return None if row is None else dict(row)

    def close_joining(self, workshop_id: str) -> bool:
        """Mark a gathering workshop ``starting`` (nobody joins any more); ``False`` if it was not
        gathering (another start came first)."""
        with self.engine.begin() as connection:
            done = connection.execute(
                sql_update(workshops)
                .where(workshops.c.id == workshop_id, workshops.c.status == "gathering")
                .values(status="starting")
            )
        return done.rowcount == 1

    def start(self, workshop_id: str, table_ids: list[str], at: float) -> None:
        """Record the workshop's tables and mark it running."""
        with self.engine.begin() as connection:
            connection.execute(
                sql_update(workshops)
                .where(workshops.c.id == workshop_id)
                .values(status="running", table_ids=table_ids, started_at=at)
            )

    def set_paused(self, workshop_id: str, paused: bool) -> None:
        """Record whether the workshop's tables are paused."""
        with self.engine.begin() as connection:
            connection.execute(sql_update(workshops).where(workshops.c.id == workshop_id).values(paused=paused))

    def paused_table_ids(self) -> list[str]:
        """The tables of every paused workshop (paused again after a restart)."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(workshops.c.table_ids).where(workshops.c.paused.is_(True))).scalars()
            return [table_id for table_ids in rows for table_id in table_ids]


def _participants(connection: Any, workshop_id: str) -> list[dict[str, Any]]:
    rows = connection.execute(
        select(participants).where(participants.c.workshop_id == workshop_id).order_by(participants.c.joined_at)
    )
    return [dict(row) for row in rows.mappings()]
