"""Workshops (teaching sessions): a session of N Busfaktor tables under one code, and its participants.

Revision ID: 0007
Revises: 0003
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``workshops`` and ``workshop_participants`` (``busbahnhof.workshop.store``)."""
    op.create_table(
        "workshops",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("code", sa.String(8), nullable=False, unique=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("deck", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("table_count", sa.Integer, nullable=False),
        sa.Column("bot", sa.String(40), nullable=False),
        sa.Column("lang", sa.String(5), nullable=False),
        sa.Column("facilitator_hash", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("paused", sa.Boolean, nullable=False, default=False),
        sa.Column("table_ids", sa.JSON, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=True),
    )
    op.create_table(
        "workshop_participants",
        sa.Column("workshop_id", sa.String(32), sa.ForeignKey("workshops.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(128), nullable=False),
        sa.Column("table_index", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("joined_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop the workshops' tables."""
    op.drop_table("workshop_participants")
    op.drop_table("workshops")
