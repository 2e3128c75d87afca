"""The workbench's tables (migration 0006): decks of accounts, their versions, playtest feedback.

``workbench_decks``: one row per deck, owned by an account, private unless it has a
``share_token`` (a secret in the share link: whoever holds it reads the deck, never changes it).
``workbench_versions``: every saved state of a deck, primary key ``(deck_id, number)``; rows are
only ever inserted (nothing is overwritten), so the database refuses a second version with the
same number.  ``workbench_feedback``: testers' answers after a playtest game, per version.
``workbench_balance``: a simulation of a version (its job and parameters; the job holds the results).
``workbench_playtests``: the tables that play a version.
"""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Column, Float, ForeignKey, Index, Integer, MetaData, String, Table, Text

metadata = MetaData()

decks = Table(
    "workbench_decks",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("owner_id", String(32), nullable=False, index=True),
    Column("name", String(200), nullable=False),
    Column("game", String(32), nullable=False),
    Column("share_token", String(64), nullable=True, unique=True),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
)

versions = Table(
    "workbench_versions",
    metadata,
    Column("deck_id", String(32), ForeignKey("workbench_decks.id", ondelete="CASCADE"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("text", Text, nullable=False),
    Column("sha256", String(64), nullable=False),
    Column("valid", Boolean, nullable=False),
    Column("cards", Integer, nullable=False),
    Column("note", String(500), nullable=False),
    Column("created_at", Float, nullable=False),
)

feedback = Table(
    "workbench_feedback",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("deck_id", String(32), ForeignKey("workbench_decks.id", ondelete="CASCADE"), nullable=False),
    Column("version", Integer, nullable=False),
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("tester", String(128), nullable=False),
    Column("fun", Integer, nullable=False),
    Column("length", String(16), nullable=False),
    Column("confusing", JSON, nullable=False),
    Column("comment", Text, nullable=False),
    Column("created_at", Float, nullable=False),
    Index("ix_workbench_feedback_version", "deck_id", "version"),
    Index("ux_workbench_feedback_seat", "table_id", "seat", unique=True),
)

balance = Table(
    "workbench_balance",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("deck_id", String(32), ForeignKey("workbench_decks.id", ondelete="CASCADE"), nullable=False),
    Column("version", Integer, nullable=False),
    Column("job_id", String(64), nullable=True),
    Column("params", JSON, nullable=False),
    Column("status", String(16), nullable=False),
    Column("created_at", Float, nullable=False),
    Index("ix_workbench_balance_version", "deck_id", "version"),
)

playtests = Table(
    "workbench_playtests",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("deck_id", String(32), ForeignKey("workbench_decks.id", ondelete="CASCADE"), nullable=False),
    Column("version", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
)
