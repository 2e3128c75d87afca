"""Mail: an account's e-mail address (optional) and password reset tokens (by their hash).

Revision ID: 0009
Revises: 0003
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``account_emails`` and ``password_resets`` (``busbahnhof.store.resets``)."""
    op.create_table(
        "account_emails",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("email_key", sa.String(254), nullable=False),
        sa.Column("set_at", sa.Float, nullable=False),
    )
    op.create_index("ix_account_emails_email_key", "account_emails", ["email_key"])
    op.create_table(
        "password_resets",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("used_at", sa.Float, nullable=True),
    )
    op.create_index("ix_password_resets_player_id", "password_resets", ["player_id"])


def downgrade() -> None:
    """Drop them again."""
    op.drop_table("password_resets")
    op.drop_table("account_emails")
