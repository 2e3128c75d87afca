"""The phases of a Bus round as the state keeps them (Bus: Ablauf einer Runde): the set-up steps,
action selection, the eight action areas resolving in order (their indices), and the end.  A module
of their own so that the rule modules the state imports (legal moves, previews) can name them
without importing the state."""

from __future__ import annotations

from .actions import AREA_NAMES

SETUP_BUILDINGS, SETUP_FIRST_LINE, SETUP_SECOND_LINE, SELECTION, OVER = 10, 11, 12, 20, 30
PHASE_NAMES = {
    SETUP_BUILDINGS: "setup_buildings",
    SETUP_FIRST_LINE: "setup_first_line",
    SETUP_SECOND_LINE: "setup_second_line",
    SELECTION: "selection",
    OVER: "over",
    **dict(enumerate(AREA_NAMES)),
}
