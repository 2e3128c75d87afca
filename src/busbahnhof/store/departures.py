"""Who left a game, read from its actions: a human seat whose last decision the zombie bot made
(its turn timer ran out, or its player pressed leave, and the player did not come back and decide
again before the end; docs/turns.md "Abandonment")."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Connection, and_, func, select

from .schema import actions

ZOMBIE = "zombie"


def left_seats(connection: Connection, table_ids: Sequence[str]) -> dict[str, list[int]]:
    """Per table (of ``table_ids``), the seats whose last decision was the zombie bot's, in seat order."""
    if not table_ids:
        return {}
    last = (
        select(actions.c.table_id, actions.c.seat, func.max(actions.c.version).label("version"))
        .where(actions.c.table_id.in_(table_ids))
        .group_by(actions.c.table_id, actions.c.seat)
        .subquery()
    )
    query = (
        select(actions.c.table_id, actions.c.seat)
        .join(
            last,
            and_(
                actions.c.table_id == last.c.table_id,
                actions.c.seat == last.c.seat,
                actions.c.version == last.c.version,
            ),
        )
        .where(actions.c.by == ZOMBIE)
        .order_by(actions.c.table_id, actions.c.seat)
    )
    found: dict[str, list[int]] = {}
    for table_id, seat in connection.execute(query):
        found.setdefault(table_id, []).append(seat)
    return found
