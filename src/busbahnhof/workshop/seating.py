"""Balanced seating: each participant who joins a workshop sits at the table with the fewest people.

Ties go to the lower table number, so the tables fill in turn (1, 2, 3, 1, 2, 3, ...) and no
table has two people more than another.  People take a table's seats from seat 0 on; the seats
left empty get the workshop's bot when the facilitator starts.
"""

from __future__ import annotations

from typing import Any


def place(workshop: dict[str, Any], seated: list[dict[str, Any]]) -> tuple[int, int] | None:
    """The (table, seat) of the next participant, or ``None`` when the workshop is not gathering
    any more or every seat of every table is taken."""
    if workshop["status"] != "gathering":
        return None
    counts = [0] * workshop["table_count"]
    for participant in seated:
        counts[participant["table_index"]] += 1
    table = min(range(len(counts)), key=lambda index: (counts[index], index))
    if counts[table] >= workshop["players"]:
        return None
    return table, counts[table]
