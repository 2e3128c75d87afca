"""Workshops (teaching sessions): N Busfaktor tables under one code, the facilitator's live
overview, pause and resume of all tables, and the group's debrief.  See ``docs/workshop.md``.

Imports ``engine``, games and ``tables``; its storage is :mod:`.store` on the tables' database.
"""

from .debrief import PlayedGame, debrief, replay_projects
from .errors import (
    NotFacilitatorError,
    NotStartedError,
    UnknownParticipantError,
    UnknownWorkshopError,
    WorkshopError,
    WorkshopFullError,
)
from .seating import place
from .service import WorkshopService
from .store import WorkshopStore

__all__ = [
    "NotFacilitatorError",
    "NotStartedError",
    "PlayedGame",
    "UnknownParticipantError",
    "UnknownWorkshopError",
    "WorkshopError",
    "WorkshopFullError",
    "WorkshopService",
    "WorkshopStore",
    "debrief",
    "place",
    "replay_projects",
]
