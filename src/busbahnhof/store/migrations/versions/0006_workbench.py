"""Workbench: decks of accounts, their versions, playtest tables and feedback, balance runs.

Revision ID: 0006
Revises: 0003
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the workbench's five tables (``busbahnhof.workbench.schema``)."""
    op.create_table(
        "workbench_decks",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("owner_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("share_token", sa.String(64), nullable=True, unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_workbench_decks_owner_id", "workbench_decks", ["owner_id"])
    op.create_table(
        "workbench_versions",
        sa.Column("deck_id", sa.String(32), sa.ForeignKey("workbench_decks.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("valid", sa.Boolean, nullable=False),
        sa.Column("cards", sa.Integer, nullable=False),
        sa.Column("note", sa.String(500), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "workbench_feedback",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("deck_id", sa.String(32), sa.ForeignKey("workbench_decks.id", ondelete="CASCADE"), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("tester", sa.String(128), nullable=False),
        sa.Column("fun", sa.Integer, nullable=False),
        sa.Column("length", sa.String(16), nullable=False),
        sa.Column("confusing", sa.JSON, nullable=False),
        sa.Column("comment", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_workbench_feedback_version", "workbench_feedback", ["deck_id", "version"])
    op.create_index("ux_workbench_feedback_seat", "workbench_feedback", ["table_id", "seat"], unique=True)
    op.create_table(
        "workbench_balance",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("deck_id", sa.String(32), sa.ForeignKey("workbench_decks.id", ondelete="CASCADE"), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("job_id", sa.String(64), nullable=True),
        sa.Column("params", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_workbench_balance_version", "workbench_balance", ["deck_id", "version"])
    op.create_table(
        "workbench_playtests",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("deck_id", sa.String(32), sa.ForeignKey("workbench_decks.id", ondelete="CASCADE"), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop them again."""
    for name in (
        "workbench_playtests",
        "workbench_balance",
        "workbench_feedback",
        "workbench_versions",
        "workbench_decks",
    ):
        op.drop_table(name)
