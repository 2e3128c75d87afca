"""The public lobby and the chat: which tables are listed for strangers, and what was said at a table.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``lobby_tables`` and ``chat_messages`` (``busbahnhof.store.schema``)."""
    op.create_table(
        "lobby_tables",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("host", sa.String(128), nullable=False),
        sa.Column("quick_key", sa.String(64), nullable=True),
        sa.Column("fill_at", sa.Float, nullable=True),
        sa.Column("bot", sa.String(40), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_lobby_tables_quick_key", "lobby_tables", ["quick_key"])
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(128), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_messages_table_id_id", "chat_messages", ["table_id", "id"])


def downgrade() -> None:
    """Drop them again."""
    op.drop_table("chat_messages")
    op.drop_table("lobby_tables")
