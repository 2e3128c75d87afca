"""A finished table's successor (the follow-up table of a rematch).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.successor`` (the follow-up table's id, or null)."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("successor", sa.String(32), nullable=True))


def downgrade() -> None:
    """Drop ``tables.successor``."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("successor")
