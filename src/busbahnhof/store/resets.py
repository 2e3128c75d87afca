"""The mail tables: an account's e-mail address and its password reset tokens (migration 0009).

:class:`ResetStore` implements ``busbahnhof.players.ports.MailStore`` on the same engine as the
players' store; every method commits before it returns.  A token is stored by its SHA-256 hash
only, so a copy of the database resets no password; using one is a single conditional
``UPDATE`` (unused and unexpired), so of two uses at the same time exactly one succeeds.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Column, Engine, Float, ForeignKey, Index, String, Table, delete, insert, select, update

from .schema import accounts, metadata

account_emails = Table(
    "account_emails",
    metadata,
    Column("player_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("email", String(254), nullable=False),
    Column("email_key", String(254), nullable=False),
    Column("set_at", Float, nullable=False),
    Index("ix_account_emails_email_key", "email_key"),
)

password_resets = Table(
    "password_resets",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("player_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Column("used_at", Float, nullable=True),
    Index("ix_password_resets_player_id", "player_id"),
)


class ResetStore:
    """E-mail addresses and reset tokens on ``engine`` (migrated by :class:`.Store`)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def email(self, player_id: str) -> str | None:
        """The account's address, or ``None``."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(account_emails.c.email).where(account_emails.c.player_id == player_id)
            ).scalar()
        return None if found is None else str(found)

    def set_email(self, player_id: str, email: str | None, email_key: str | None, at: float) -> None:
        """Replace (or with ``None`` remove) the account's address."""
        with self.engine.begin() as connection:
            connection.execute(delete(account_emails).where(account_emails.c.player_id == player_id))
            if email is not None and email_key is not None:
                connection.execute(
                    insert(account_emails).values(player_id=player_id, email=email, email_key=email_key, set_at=at)
                )

    def accounts_with_email(self, email_key: str) -> list[dict[str, Any]]:
        """The accounts with this address key."""
        query = (
            select(accounts.c.id, accounts.c.user_name, accounts.c.display_name, account_emails.c.email)
            .join(account_emails, account_emails.c.player_id == accounts.c.id)
            .where(account_emails.c.email_key == email_key)
        )
        with self.engine.connect() as connection:
            return [dict(row) for row in connection.execute(query).mappings()]

    def create_reset(self, token_hash: str, player_id: str, created_at: float, expires_at: float) -> None:
        """Store a token's hash; forget expired tokens."""
        with self.engine.begin() as connection:
            connection.execute(delete(password_resets).where(password_resets.c.expires_at <= created_at))
            connection.execute(
                insert(password_resets).values(
                    token_hash=token_hash, player_id=player_id, created_at=created_at, expires_at=expires_at
                )
            )

    def use_reset(self, token_hash: str, now: float) -> str | None:
        """Use the token (once, before it expires) and end the account's other tokens; its account."""
        with self.engine.begin() as connection:
            used = connection.execute(
                update(password_resets)
                .where(
                    password_resets.c.token_hash == token_hash,
                    password_resets.c.used_at.is_(None),
                    password_resets.c.expires_at > now,
                )
                .values(used_at=now)
                .returning(password_resets.c.player_id)
            ).scalar()
            if used is None:
                return None
            connection.execute(
                delete(password_resets).where(
                    password_resets.c.player_id == used, password_resets.c.token_hash != token_hash
                )
            )
        return str(used)
