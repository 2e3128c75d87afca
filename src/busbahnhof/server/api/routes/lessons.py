"""``/api/lessons``: the lessons (docs/lessons.md), a lesson's real table, its progress, the first game after it.

A lesson is played at an ordinary table (the lesson's game, options and seed, bots at the other
seats with a think delay to watch them by); the learner's page asks after each new version how far
they are (``progress``), which the server works out from the table's actions and the lesson's steps.
A learner who chose otherwise may try that step again (``retry``): a fresh table of the lesson that
has replayed the old table's actions before that decision.
"""

from __future__ import annotations

import asyncio
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel, ConfigDict, Field

from ....learn.lessons import Lesson, Progress, find_lesson, lessons, progress
from ....tables import SeatSpec, TableService, TableSpec, UnknownTokenError
from ....tables.messages import table_catalog
from ....tables.table import HUMAN, Table
from ...errors import ServerError, UnknownLessonError
from ..deps import LangDep, ServiceDep

router = APIRouter(prefix="/api/lessons", tags=["lessons"])


class NotLessonTableError(ServerError):
    """The table was not opened for this lesson."""

    code = "server/not_lesson_table"


class LessonOnTrackError(ServerError):
    """A step is to be tried again, but the learner chose nothing otherwise at this lesson table."""

    code = "server/lesson_on_track"


class LessonTableMovedError(ServerError):
    """A bot of the fresh table moved before the old table's actions were replayed into it."""

    code = "server/lesson_table_moved"


class TokenIn(BaseModel):
    """The learner's seat token."""

    model_config = ConfigDict(extra="forbid")

    token: str = Field(max_length=100)


def lesson_of_path(game: str, lesson_id: str) -> Lesson:
    """The lesson the route's path names.

    Raises:
        UnknownLessonError: no such lesson (404).
    """
    lesson = find_lesson(game, lesson_id)
    if lesson is None:
        raise UnknownLessonError(
            f"there is no lesson {game}/{lesson_id}", key="server.error.unknown_lesson", game=game, lesson=lesson_id
        )
    return lesson


LessonDep = Annotated[Lesson, Depends(lesson_of_path)]


LESSON_ABANDON_SECONDS = 900.0
"""A lesson table left alone this long is closed (each start or restart opens a new one)."""


def lesson_spec(lesson: Lesson) -> TableSpec:
    """The lesson's table: its game, options and seed, its bots with the lesson's think delay."""
    return TableSpec(
        game=lesson.game,
        options=dict(lesson.options),
        seats=tuple(SeatSpec(bot=bot) for bot in lesson.seat_bots()),
        seed=lesson.seed,
        think_seconds=lesson.think_seconds,
        abandon_seconds=LESSON_ABANDON_SECONDS,
    )


def first_game_spec(lesson: Lesson) -> TableSpec:
    """The first game after the lesson: the learner at seat 1 against the lesson's ``first_game`` bots, a new deal."""
    seats = (SeatSpec(), *(SeatSpec(bot=bot) for bot in lesson.first_game))
    return TableSpec(game=lesson.game, options=dict(lesson.options), seats=seats)


@router.get("")
async def list_lessons(lang: LangDep) -> list[dict[str, Any]]:
    """Every lesson by game and order: ``[{game, id, title, summary, steps}]`` in the asked language."""
    return [
        {
            "game": one.game,
            "id": one.id,
            "title": one.title[lang],
            "summary": one.summary[lang],
            "steps": len(one.steps),
        }
        for one in lessons()
    ]


@router.get("/{game}/{lesson_id}", response_model=None)
async def get_lesson(lesson: LessonDep, lang: LangDep) -> dict[str, Any]:
    """A lesson's texts and steps in the asked language (the expected actions stay on the server)."""
    return lesson.to_dict(lang)


async def _open(service: ServiceDep, spec: TableSpec, lang: str) -> dict[str, Any]:
    created = await service.create(spec, lang)
    return {"table_id": created.table_id, "token": created.seats[0].token}


@router.post("/{game}/{lesson_id}/tables", status_code=201, response_model=None)
async def start_lesson(lesson: LessonDep, service: ServiceDep, lang: LangDep) -> dict[str, Any]:
    """Open a table for the lesson: ``{"table_id", "token"}`` (the learner's seat token)."""
    return await _open(service, lesson_spec(lesson), lang)


@router.post("/{game}/{lesson_id}/first-game", status_code=201, response_model=None)
async def first_game(lesson: LessonDep, service: ServiceDep, lang: LangDep) -> dict[str, Any]:
    """Open the first game after the lesson: the learner against the lesson's ``first_game`` bots, a new deal."""
    return await _open(service, first_game_spec(lesson), lang)


@router.post("/{game}/{lesson_id}/tables/{table_id}/progress", response_model=None)
async def lesson_progress(
    lesson: LessonDep, table_id: str, body: TokenIn, service: ServiceDep, lang: LangDep
) -> dict[str, Any]:
    """How far the learner is: ``{step, steps, off, chosen, chosen_label, expected, over,
    learner_to_move, done, version}`` (``off``: the step where they chose otherwise, ``chosen``
    and ``chosen_label`` what they chose there, in notation and in words; ``expected``: the
    notations the current step accepts now). Only the learner's token may ask, and only at a
    table of this lesson."""
    table = await learners_table(lesson, table_id, body.token, service)
    history = list(table.state.history)
    made = await table_progress(lesson, table, service)
    at = made.chosen_at
    label = None if at is None else table.game.describe_action(history[at], table_catalog(table, lang))
    return {**made.to_dict(), "chosen_label": label, "version": len(history)}


@router.post("/{game}/{lesson_id}/tables/{table_id}/retry", status_code=201, response_model=None)
async def retry_step(
    lesson: LessonDep, table_id: str, body: TokenIn, service: ServiceDep, lang: LangDep
) -> dict[str, Any]:
    """Try again the step at which the learner chose otherwise: ``{"table_id", "token", "step"}``
    of a fresh table of the lesson (same seed and bots) that has replayed this table's actions
    before that decision (the learner's own, which the lesson accepted, and the bots' answers), so
    the learner is back at the step (``step``: its index) and the bots go on as they did.

    Raises:
        LessonOnTrackError: the learner chose nothing otherwise here.
        LessonTableMovedError: the fresh table moved before the replay (try again).
    """
    table = await learners_table(lesson, table_id, body.token, service)
    made = await table_progress(lesson, table, service)
    if made.off is None or made.chosen_at is None:
        raise LessonOnTrackError(
            f"the learner chose nothing otherwise at table {table_id}; there is no step to retry",
            key="server.error.lesson_on_track",
        )
    record = await asyncio.to_thread(service.store.load_table, table_id)
    if record is None:  # a table in memory is stored: this would be a store that lost it
        raise NotLessonTableError(f"table {table_id} is not stored", key="server.error.not_lesson_table")
    opened = await _open(service, lesson_spec(lesson), lang)
    await replay_into(service, opened["table_id"], record["actions"][: made.chosen_at], lesson.seat)
    return {**opened, "step": made.off}


async def learners_table(lesson: Lesson, table_id: str, token: str, service: TableService) -> Table:
    """The lesson table ``table_id``, asked for with the learner's token.

    Raises:
        UnknownTokenError: not the learner's token; NotLessonTableError: not a table of this lesson.
    """
    table = await service.table(table_id)
    if table.seat_of(token) != lesson.seat:
        raise UnknownTokenError("this token is not the learner's seat of the lesson", key="table.error.unknown_token")
    if table.game.id != lesson.game or table.seed != lesson.seed or table.state.players != lesson.players:
        raise NotLessonTableError(
            f"table {table_id} was not opened for the lesson {lesson.game}/{lesson.id}",
            key="server.error.not_lesson_table",
        )
    return table


async def table_progress(lesson: Lesson, table: Table, service: TableService) -> Progress:
    """How far the learner is at the lesson table."""
    start = await service.position(table.id, 0)
    return progress(lesson, start, [str(action) for action in table.state.history])


async def replay_into(service: TableService, table_id: str, actions: list[dict[str, Any]], learner: int) -> None:
    """Commit ``actions`` (stored entries of a table of the same lesson: same seed, so the same
    game) as the first versions of the new table ``table_id``, the ``learner`` seat's as their own
    (not a stand-in bot's, had they left the old table for a while), then let the table service take
    them over as it does another process's (:meth:`TableService.catch_up`): it replays them and
    starts the bots from there.  Its bots think :attr:`Lesson.think_seconds` before their first
    move, so nothing of theirs comes first; if it did, the version is taken and this refuses.

    Raises:
        LessonTableMovedError.
    """
    now = time.time()
    for entry in actions:
        by = HUMAN if entry["seat"] == learner else entry["by"]
        row = (table_id, entry["version"], entry["action"], entry["seat"], by, now)
        if not (await asyncio.to_thread(service.store.append_actions, [row]))[0]:
            raise LessonTableMovedError(
                f"the new lesson table {table_id} moved before it was set up; try again",
                key="server.error.lesson_table_moved",
            )
    await service.catch_up(table_id)
