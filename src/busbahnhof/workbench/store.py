"""The workbench's rows in the store's database (SQLite file or PostgreSQL), as plain dicts.

Every method commits before it returns.  Versions are only inserted: the primary key
``(deck_id, number)`` lets exactly one of two concurrent saves take a number; the other gets
``False`` and tries the next.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, Engine, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from .schema import balance, decks, feedback, playtests, versions

VERSION_SUMMARY = (
    versions.c.number,
    versions.c.sha256,
    versions.c.valid,
    versions.c.cards,
    versions.c.note,
    versions.c.created_at,
)


class WorkbenchStore:
    """The workbench's tables on ``engine`` (migrated by :class:`busbahnhof.store.Store`)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def _reading(self) -> Connection:
        return self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")

    # -- decks and versions ------------------------------------------------------------------

    def create_deck(self, deck: dict[str, Any], version: dict[str, Any]) -> None:
        """Store a new deck with its first version."""
        with self.engine.begin() as connection:
            connection.execute(insert(decks).values(**deck))
            connection.execute(insert(versions).values(deck_id=deck["id"], number=1, **version))

    def deck(self, deck_id: str) -> dict[str, Any] | None:
        """The deck row."""
        with self._reading() as connection:
            row = connection.execute(select(decks).where(decks.c.id == deck_id)).mappings().first()
        return None if row is None else dict(row)

    def deck_by_share(self, token: str) -> dict[str, Any] | None:
        """The deck shared with this token."""
        with self._reading() as connection:
            row = connection.execute(select(decks).where(decks.c.share_token == token)).mappings().first()
        return None if row is None else dict(row)

    def decks_of(self, owner_id: str) -> list[dict[str, Any]]:
        """The account's decks, newest change first, each with its latest version number."""
        latest = (
            select(versions.c.deck_id, func.max(versions.c.number).label("latest"))
            .group_by(versions.c.deck_id)
            .subquery()
        )
        query = (
            select(decks, latest.c.latest)
            .join(latest, latest.c.deck_id == decks.c.id)
            .where(decks.c.owner_id == owner_id)
            .order_by(decks.c.updated_at.desc())
        )
        with self._reading() as connection:
            return [dict(row) for row in connection.execute(query).mappings()]

    def versions(self, deck_id: str) -> list[dict[str, Any]]:
        """The deck's versions without their texts, oldest first."""
        query = select(*VERSION_SUMMARY).where(versions.c.deck_id == deck_id).order_by(versions.c.number)
        with self._reading() as connection:
            return [dict(row) for row in connection.execute(query).mappings()]

    def version(self, deck_id: str, number: int) -> dict[str, Any] | None:
        """One version with its text."""
        query = select(versions).where(versions.c.deck_id == deck_id, versions.c.number == number)
        with self._reading() as connection:
            row = connection.execute(query).mappings().first()
        return None if row is None else dict(row)

    def add_version(self, deck_id: str, number: int, version: dict[str, Any], at: float) -> bool:
        """Insert version ``number``; ``False`` if the deck has it already (never overwritten)."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(versions).values(deck_id=deck_id, number=number, **version))
                connection.execute(update(decks).where(decks.c.id == deck_id).values(updated_at=at))
        except IntegrityError:
            return False
        return True

    def latest_number(self, deck_id: str) -> int:
        """The highest version number of the deck (0 if none)."""
        with self._reading() as connection:
            value = connection.execute(
                select(func.max(versions.c.number)).where(versions.c.deck_id == deck_id)
            ).scalar()
        return int(value or 0)

    def set_share_token(self, deck_id: str, token: str | None) -> None:
        """Share the deck under ``token`` (``None``: private again)."""
        with self.engine.begin() as connection:
            connection.execute(update(decks).where(decks.c.id == deck_id).values(share_token=token))

    # -- playtests ------------------------------------------------------------------------

    def add_playtest(self, table_id: str, deck_id: str, version: int, at: float) -> None:
        """Remember that table ``table_id`` plays this version."""
        with self.engine.begin() as connection:
            connection.execute(
                insert(playtests).values(table_id=table_id, deck_id=deck_id, version=version, created_at=at)
            )

    def playtest(self, table_id: str) -> dict[str, Any] | None:
        """The deck version table ``table_id`` plays, if it is a playtest."""
        with self._reading() as connection:
            row = connection.execute(select(playtests).where(playtests.c.table_id == table_id)).mappings().first()
        return None if row is None else dict(row)

    def playtests_of(self, deck_id: str, version: int) -> list[str]:
        """The tables that played this version."""
        query = select(playtests.c.table_id).where(playtests.c.deck_id == deck_id, playtests.c.version == version)
        with self._reading() as connection:
            return [str(value) for value in connection.execute(query).scalars()]

    def add_feedback(self, answer: dict[str, Any]) -> bool:
        """Store a tester's answer; ``False`` if this seat of this table answered already."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(feedback).values(**answer))
        except IntegrityError:
            return False
        return True

    def feedback_of(self, deck_id: str, version: int) -> list[dict[str, Any]]:
        """The answers for a version, oldest first."""
        query = (
            select(feedback).where(feedback.c.deck_id == deck_id, feedback.c.version == version).order_by(feedback.c.id)
        )
        with self._reading() as connection:
            return [dict(row) for row in connection.execute(query).mappings()]

    # -- balance runs -----------------------------------------------------------------------

    def add_balance(self, run: dict[str, Any]) -> None:
        """Store a new balance run."""
        with self.engine.begin() as connection:
            connection.execute(insert(balance).values(**run))

    def update_balance(self, run_id: str, **values: Any) -> None:
        """Change a balance run's job, status or result."""
        with self.engine.begin() as connection:
            connection.execute(update(balance).where(balance.c.id == run_id).values(**values))

    def balance_run(self, run_id: str) -> dict[str, Any] | None:
        """One balance run."""
        with self._reading() as connection:
            row = connection.execute(select(balance).where(balance.c.id == run_id)).mappings().first()
        return None if row is None else dict(row)

    def balance_of(self, deck_id: str, version: int | None = None) -> list[dict[str, Any]]:
        """The deck's balance runs (of one version), newest first."""
        query = select(balance).where(balance.c.deck_id == deck_id)
        if version is not None:
            query = query.where(balance.c.version == version)
        with self._reading() as connection:
            return [dict(row) for row in connection.execute(query.order_by(balance.c.created_at.desc())).mappings()]
