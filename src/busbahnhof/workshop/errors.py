"""Refusals of workshops (codes ``workshop/...``), as data like every refusal (``busbahnhof.engine.RequestError``)."""

from __future__ import annotations

from ..engine import RequestError


class WorkshopError(RequestError):
    """A workshop request that cannot be done; nothing changes."""

    code = "workshop/invalid"


class UnknownWorkshopError(WorkshopError):
    """No workshop has this id or code."""

    code = "workshop/unknown"


class NotFacilitatorError(WorkshopError):
    """Only the facilitator's key may start, pause or resume a workshop."""

    code = "workshop/not_facilitator"


class UnknownParticipantError(WorkshopError):
    """This key belongs to no participant of the workshop."""

    code = "workshop/unknown_participant"


class WorkshopFullError(WorkshopError):
    """Every seat of every table is taken, or the workshop has started (its tables are set)."""

    code = "workshop/full"


class NotStartedError(WorkshopError):
    """The workshop's tables are not open yet (pause, debrief)."""

    code = "workshop/not_started"
