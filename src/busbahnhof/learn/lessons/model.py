"""A lesson as its data file says it: the table to play at and the learner's decisions, step by step.

One TOML file per lesson in ``learn/lessons/data/`` (docs/lessons.md has the format). Every text
is given in German and English side by side (``{de = "…", en = "…"}``); a missing language, an
unknown key or a wrong type is refused with the file and the entry named.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from ...engine import LANGUAGES, InvalidDataError

Texts = dict[str, str]
"""One text in every language: ``{"de": …, "en": …}``."""

DEFAULT_THINK_SECONDS = 1.2
"""The bots' think delay at a lesson table: long enough to watch each of their moves."""


@dataclass(frozen=True)
class Step:
    """One decision of the learner.

    Attributes:
        expect: notation patterns (``fnmatch``: ``guess higher``, ``take line``, ``beginne *``); the
            learner's action matches the step if it matches any of them (matching by notation and
            fields, so card or intersection numbers may be left open with ``*``).
        text: what to do and the one rule it teaches.
        rule: the rule reference (``Busfaktor §8.1``, ``Bus: Linienausbau``) the text explains; it
            lands on a section of the game's rules page.
        otherwise: what happens when the learner chooses something else (the engine plays on).
        highlight: a CSS selector of the board's pieces to highlight (``[data-pick="c:12"]``), or ``None``.
    """

    expect: tuple[str, ...]
    text: Texts
    rule: str
    otherwise: Texts
    highlight: str | None = None

    def matches(self, notation: str) -> bool:
        """Whether the action written ``notation`` is the decision this step asks for."""
        return any(fnmatchcase(notation, pattern) for pattern in self.expect)


@dataclass(frozen=True)
class Lesson:
    """A lesson: its table (game, options, seed, seats) and its steps.

    Attributes:
        game, id: the game id and the lesson's id (unique within the game); ``order`` sorts a game's lessons.
        options: the game's rule options (as a table takes them).
        seed: the deal; with the bots' seeded decisions it fixes every position of the lesson.
        seat: the learner's seat; ``bots`` the bots of the other seats, in seat order.
        think_seconds: the bots' think delay at the lesson's table.
        title, summary, intro, outro: texts of the lesson page.
        steps: the learner's decisions, in order.
        first_game: the bots of the first game offered at the end (``[leicht, leicht]``).
    """

    game: str
    id: str
    order: int
    options: dict[str, Any]
    seed: int
    seat: int
    bots: tuple[str, ...]
    think_seconds: float
    title: Texts
    summary: Texts
    intro: Texts
    outro: Texts
    steps: tuple[Step, ...]
    first_game: tuple[str, ...]

    @property
    def players(self) -> int:
        """The number of seats: the learner and the bots."""
        return len(self.bots) + 1

    def seat_bots(self) -> list[str | None]:
        """The bot of each seat in seat order, ``None`` for the learner's."""
        bots: list[str | None] = list(self.bots)
        bots.insert(self.seat, None)
        return bots

    def to_dict(self, lang: str) -> dict[str, Any]:
        """What the lesson page needs, with the texts in ``lang``."""
        return {
            "game": self.game,
            "id": self.id,
            "title": self.title[lang],
            "summary": self.summary[lang],
            "intro": self.intro[lang],
            "outro": self.outro[lang],
            "steps": [
                {"text": s.text[lang], "rule": s.rule, "otherwise": s.otherwise[lang], "highlight": s.highlight}
                for s in self.steps
            ],
        }


LESSON_KEYS = {"game", "id", "order", "options", "seed", "seat", "bots", "think_seconds", "title", "summary"}
LESSON_KEYS |= {"intro", "outro", "steps", "first_game"}
STEP_KEYS = {"expect", "text", "rule", "otherwise", "highlight"}


def parse_lesson(data: dict[str, Any], source: str) -> Lesson:
    """The lesson in ``data`` (a parsed file), its format checked.

    Raises:
        InvalidDataError: naming ``source`` and the entry: an unknown or missing key, a wrong type,
            a text without one of the languages.
    """
    _known_keys(data, LESSON_KEYS, source)
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise InvalidDataError(f"{source}: a lesson needs [[steps]]")
    bots = data.get("bots")
    if not isinstance(bots, list) or not bots or not all(isinstance(bot, str) for bot in bots):
        raise InvalidDataError(f"{source}: bots must be a non-empty list of bot names")
    first_game = data.get("first_game", bots)
    if not isinstance(first_game, list) or not all(isinstance(bot, str) for bot in first_game):
        raise InvalidDataError(f"{source}: first_game must be a list of bot names")
    seat = _typed(data, "seat", int, source, 0)
    if not 0 <= seat <= len(bots):
        raise InvalidDataError(f"{source}: seat {seat} is not one of the {len(bots) + 1} seats")
    return Lesson(
        game=_typed(data, "game", str, source),
        id=_typed(data, "id", str, source),
        order=_typed(data, "order", int, source, 0),
        options=_typed(data, "options", dict, source, {}),
        seed=_typed(data, "seed", int, source),
        seat=seat,
        bots=tuple(bots),
        think_seconds=float(_typed(data, "think_seconds", (int, float), source, DEFAULT_THINK_SECONDS)),
        title=_texts(data, "title", source),
        summary=_texts(data, "summary", source),
        intro=_texts(data, "intro", source),
        outro=_texts(data, "outro", source),
        steps=tuple(_step(step, f"{source}, step {n}") for n, step in enumerate(steps, 1)),
        first_game=tuple(first_game),
    )


def load_lesson(path: Path) -> Lesson:
    """The lesson of the TOML file at ``path``.

    Raises:
        InvalidDataError: the file is no TOML or not a lesson (:func:`parse_lesson`).
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise InvalidDataError(f"{path.name}: not TOML: {error}") from error
    return parse_lesson(data, path.name)


def _step(data: Any, source: str) -> Step:
    if not isinstance(data, dict):
        raise InvalidDataError(f"{source}: a step is a table")
    _known_keys(data, STEP_KEYS, source)
    expect = data.get("expect")
    patterns = [expect] if isinstance(expect, str) else expect
    if not isinstance(patterns, list) or not patterns or not all(isinstance(p, str) and p for p in patterns):
        raise InvalidDataError(f"{source}: expect must be a notation pattern or a list of them")
    highlight = data.get("highlight")
    if highlight is not None and not isinstance(highlight, str):
        raise InvalidDataError(f"{source}: highlight must be a CSS selector")
    return Step(
        expect=tuple(patterns),
        text=_texts(data, "text", source),
        rule=_typed(data, "rule", str, source),
        otherwise=_texts(data, "otherwise", source),
        highlight=highlight,
    )


def _known_keys(data: dict[str, Any], known: set[str], source: str) -> None:
    unknown = sorted(set(data) - known)
    if unknown:
        raise InvalidDataError(f"{source}: unknown keys {', '.join(unknown)} (known: {', '.join(sorted(known))})")


def _typed(data: dict[str, Any], key: str, kind: Any, source: str, default: Any = None) -> Any:
    value = data.get(key, default)
    if value is None or not isinstance(value, kind) or isinstance(value, bool):
        raise InvalidDataError(f"{source}: {key} is missing or of the wrong type")
    return value


def _texts(data: dict[str, Any], key: str, source: str) -> Texts:
    value = data.get(key)
    if not isinstance(value, dict):
        raise InvalidDataError(f'{source}: {key} must be {{de = "…", en = "…"}}')
    missing = [lang for lang in LANGUAGES if not isinstance(value.get(lang), str) or not value[lang].strip()]
    if missing or set(value) - set(LANGUAGES):
        raise InvalidDataError(f"{source}: {key} needs a text in each of {', '.join(LANGUAGES)}, and nothing else")
    return {lang: value[lang] for lang in LANGUAGES}
