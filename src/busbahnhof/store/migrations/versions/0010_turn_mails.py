"""Turn mails: which waiting decisions were mailed to which account (``busbahnhof.store.turn_mails``).

Revision ID: 0010
Revises: 0003
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``turn_mails``: one row per decision mailed (table, version, seat), by account and time."""
    op.create_table(
        "turn_mails",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("sent_at", sa.Float, nullable=False),
    )
    op.create_index("ix_turn_mails_player_sent", "turn_mails", ["player_id", "sent_at"])


def downgrade() -> None:
    """Drop it again."""
    op.drop_table("turn_mails")
