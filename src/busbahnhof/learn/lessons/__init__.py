"""Lessons: a guided first game of each game at a real table, as data (docs/lessons.md).

- :func:`lessons` / :func:`find_lesson`: the lesson files of ``data/``, loaded and format-checked;
- :func:`walk`: a lesson's expected decisions replayed against the engine with the table's bots
  (the validator: a step no legal action matches fails, naming the step);
- :func:`progress`: which step a lesson table is at, and where the learner chose otherwise.
"""

from __future__ import annotations

import functools
from pathlib import Path

from ...engine import InvalidDataError
from .model import Lesson, Step, load_lesson, parse_lesson
from .walk import BotRng, Progress, Walk, progress, start_state, walk

DATA = Path(__file__).parent / "data"


@functools.cache
def lessons() -> tuple[Lesson, ...]:
    """Every lesson of ``data/``, by game and order.

    Raises:
        InvalidDataError: a file is not a lesson, or two lessons of a game share an id.
    """
    found = [load_lesson(path) for path in sorted(DATA.glob("*.toml"))]
    seen: set[tuple[str, str]] = set()
    for lesson in found:
        if (lesson.game, lesson.id) in seen:
            raise InvalidDataError(f"two lessons {lesson.game}/{lesson.id}")
        seen.add((lesson.game, lesson.id))
    return tuple(sorted(found, key=lambda lesson: (lesson.game, lesson.order, lesson.id)))


def find_lesson(game: str, lesson_id: str) -> Lesson | None:
    """The lesson ``lesson_id`` of ``game``, or ``None``."""
    return next((lesson for lesson in lessons() if lesson.game == game and lesson.id == lesson_id), None)


__all__ = [
    "DATA",
    "BotRng",
    "Lesson",
    "Progress",
    "Step",
    "Walk",
    "find_lesson",
    "lessons",
    "load_lesson",
    "parse_lesson",
    "progress",
    "start_state",
    "walk",
]
