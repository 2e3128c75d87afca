"""Merge the branches of 2026-12-04: lobby and chat (0004), jobs (0005), the workbench (0006),
workshops (0007), mail (0009) and turn mails (0010) were each added from 0003 by separate work;
this revision joins them, so the history has one head again. It changes no table.

Revision ID: 0011
Revises: 0004, 0005, 0006, 0007, 0009, 0010
Create Date: 2026-12-04
"""

from __future__ import annotations

revision = "0011"
down_revision = ("0004", "0005", "0006", "0007", "0009", "0010")
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing to change: the branches' tables are independent of each other."""


def downgrade() -> None:
    """Nothing to change (downgrading to one branch's revision leaves the others as they are)."""
