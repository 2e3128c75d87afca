"""The database tables: one row per table (its record without the actions), one row per action.

``actions`` has the primary key ``(table_id, version)``: of two processes that try to accept an
action for the same version, the database lets exactly one commit.  Changes go through Alembic
migrations (``busbahnhof/store/migrations``), never ``create_all``.
"""

from __future__ import annotations

from sqlalchemy import JSON, BigInteger, Column, Float, ForeignKey, Integer, MetaData, String, Table, Text

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("code", String(8), nullable=False, unique=True),
    Column("game", String(32), nullable=False),
    Column("options", JSON, nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("deck_text", Text, nullable=True),
    Column("spec", JSON, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("creator_hash", String(64), nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("outcome", JSON, nullable=True),
    Column("successor", String(32), nullable=True),
    Column("version", Integer, nullable=False, default=0),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("ended_at", Float, nullable=True),
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("action", Text, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("by", String(8), nullable=False),
    Column("at", Float, nullable=False),
)
