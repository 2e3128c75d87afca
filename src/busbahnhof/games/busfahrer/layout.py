"""Shapes on the table: the pyramid (Phase 2) and the diamond (Phase 3) as flat position lists."""

from __future__ import annotations

DIAMOND_ROWS = (1, 2, 3, 4, 3, 2, 1)
"""Phase 3: "16 Karten verdeckt als Raute in sieben Reihen aus: 1 – 2 – 3 – 4 – 3 – 2 – 1 Karten"."""
DIAMOND_OFFSETS = tuple(sum(DIAMOND_ROWS[:row]) for row in range(len(DIAMOND_ROWS)))
DIAMOND_SIZE = sum(DIAMOND_ROWS)


def pyramid_rows_of_positions(rows: int) -> tuple[int, ...]:
    """Row number (1 = bottom) of every pyramid position; positions run bottom row first.

    Phase 2: "4 Karten in der untersten Reihe, darüber 3, dann 2 und 1 an der Spitze", turned
    "Reihe für Reihe, von unten nach oben".
    """
    return tuple(row for row in range(1, rows + 1) for _ in range(rows + 1 - row))


PYRAMID_ROW_OF = {rows: pyramid_rows_of_positions(rows) for rows in (4, 5, 6)}


def pyramid_row_slices(rows: int) -> list[tuple[int, int]]:
    """(first position, end position) of each pyramid row, bottom row first."""
    slices = []
    start = 0
    for row in range(1, rows + 1):
        width = rows + 1 - row
        slices.append((start, start + width))
        start += width
    return slices
