"""The database tables: one row per table (its record without the actions), one row per action.

``actions`` has the primary key ``(table_id, version)``: of two processes that try to accept an
action for the same version, the database lets exactly one commit.  Changes go through Alembic
migrations (``busbahnhof/store/migrations``), never ``create_all``.

The players' tables (migration 0003) sit beside them: ``accounts``, ``sessions`` (by the hash of
the session id), ``login_attempts`` (keyed by hashes of names and addresses), ``seat_players``
(the account playing a table's seat; the table service never reads it), ``ratings`` per player,
game and pool, and ``results`` (which finished tables were settled into the ratings).
"""

from __future__ import annotations

from sqlalchemy import JSON, BigInteger, Column, Float, ForeignKey, Index, Integer, MetaData, String, Table, Text

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

accounts = Table(
    "accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("user_name", String(64), nullable=False),
    Column("name_key", String(64), nullable=False, unique=True),
    Column("display_name", String(128), nullable=False),
    Column("password_hash", String(255), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("password_changed_at", Float, nullable=False),
)

sessions = Table(
    "sessions",
    metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("player_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("csrf", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
)

login_attempts = Table(
    "login_attempts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(64), nullable=False),
    Column("at", Float, nullable=False, index=True),
    Index("ix_login_attempts_key_at", "key", "at"),
)

seat_players = Table(
    "seat_players",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("at", Float, nullable=False),
)

ratings = Table(
    "ratings",
    metadata,
    Column("player_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("pool", String(16), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
    Index("ix_ratings_game_pool", "game", "pool"),
)

results = Table(
    "results",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("pool", String(16), nullable=True),
    Column("settled_at", Float, nullable=False),
)

# The public lobby and the chat (migration 0004): a public table's listing (its host's name; for a
# quick match its kind, when bots take its empty seats and which bot), and the messages said at a
# table (by seat, with the table's version when they were said, so a replay shows them in place).
lobby_tables = Table(
    "lobby_tables",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("host", String(128), nullable=False),
    Column("quick_key", String(64), nullable=True, index=True),
    Column("fill_at", Float, nullable=True),
    Column("bot", String(40), nullable=True),
    Column("created_at", Float, nullable=False),
)

chat_messages = Table(
    "chat_messages",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(128), nullable=False),
    Column("text", Text, nullable=False),
    Column("version", Integer, nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_chat_messages_table_id_id", "table_id", "id"),
)
