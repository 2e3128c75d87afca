"""The turn mails' table (migration 0010): which waiting decisions were mailed, to whom and when.

:class:`TurnMailStore` implements ``busbahnhof.players.turn_mail.TurnMailStore`` on the players'
engine.  A decision is mailed at most once (primary key: table, version, seat, so of two processes
noting it only one succeeds); an account gets at most one turn mail per throttle window (the
newest ``sent_at`` of the account is checked in the same transaction).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Column, Engine, Float, ForeignKey, Index, Integer, String, Table, func, insert, select
from sqlalchemy.exc import IntegrityError

from .resets import account_emails
from .schema import accounts, metadata, seat_players

turn_mails = Table(
    "turn_mails",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("sent_at", Float, nullable=False),
    Index("ix_turn_mails_player_sent", "player_id", "sent_at"),
)


class TurnMailStore:
    """Who plays a seat and where to write to them; the mails noted."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def addressee(self, table_id: str, seat: int) -> dict[str, Any] | None:
        """The account playing the seat and its address: ``{"player_id", "display_name", "email"}``, or
        ``None`` (a guest's seat, or an account without an address)."""
        query = (
            select(seat_players.c.player_id, accounts.c.display_name, account_emails.c.email)
            .join(accounts, accounts.c.id == seat_players.c.player_id)
            .join(account_emails, account_emails.c.player_id == seat_players.c.player_id)
            .where(seat_players.c.table_id == table_id, seat_players.c.seat == seat)
        )
        with self.engine.connect() as connection:
            row = connection.execute(query).mappings().first()
        return None if row is None else dict(row)

    def note(self, table_id: str, version: int, seat: int, player_id: str, at: float, quiet_since: float) -> bool:
        """Note the decision as mailed now, unless it was mailed already or the account had a turn
        mail after ``quiet_since``; whether to send it."""
        try:
            with self.engine.begin() as connection:
                latest = connection.execute(
                    select(func.max(turn_mails.c.sent_at)).where(turn_mails.c.player_id == player_id)
                ).scalar()
                if latest is not None and latest > quiet_since:
                    return False
                connection.execute(
                    insert(turn_mails).values(
                        table_id=table_id, version=version, seat=seat, player_id=player_id, sent_at=at
                    )
                )
        except IntegrityError:
            return False
        return True
