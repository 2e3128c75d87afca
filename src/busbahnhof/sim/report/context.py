"""What every part of a report needs: the run, the language's texts and number formats, the game."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...engine import Catalog, Game, UnknownGameError, game_class
from ..aggregate import FlatSummary
from ..results import RunInfo
from .numbers import Numbers

POINT_KEYS = ("points", "score")
"""The per-seat figure holding a seat's points (Busfahrer, Busfaktor: points; Bus: score)."""


@dataclass(frozen=True)
class Group:
    """One setting of one results file: the rows a part of the report is about."""

    label: str
    info: RunInfo
    source: str


@dataclass
class Context:
    """Texts, numbers and the game of a report in one language."""

    lang: str
    info: RunInfo

    def __post_init__(self) -> None:
        self.catalog = Catalog(("busbahnhof.sim.report",), self.lang)
        self.numbers = Numbers(self.lang)
        self.game: type[Game[Any, Any]] | None
        try:
            self.game = game_class(self.info.game)
        except UnknownGameError:
            self.game = None

    def text(self, key: str, **params: Any) -> str:
        """The text ``key`` of the report's catalog in this language."""
        return self.catalog.text(key, **params)

    @property
    def title(self) -> str:
        """The game's title (its id if it is not installed here)."""
        return self.game.title if self.game is not None else self.info.game

    @property
    def lower_is_better(self) -> bool:
        """Whether fewer points win (Busfahrer's penalty points)."""
        return self.game is not None and self.game.lower_is_better

    def seat(self, seat: int) -> str:
        """``Platz 1 (kartenzaehler)``."""
        return self.text("seat_bot", n=seat + 1, bot=self.info.bots[seat])

    def seat_short(self, seat: int) -> str:
        """``Platz 1``."""
        return self.text("seat", n=seat + 1)


Value = Callable[[FlatSummary], float]
NAN = math.nan


def figure(*path: str | int) -> Value:
    """The value of the figure at ``path`` in a game (0 where the game lacks it)."""

    def value(row: FlatSummary) -> float:
        return row.get(path, 0.0)

    return value


def seats_total(players: int, key: str) -> Value:
    """The sum of the per-seat figure ``key`` over all seats of a game."""

    def value(row: FlatSummary) -> float:
        return sum(row.get(("seats", seat, key), 0.0) for seat in range(players))

    return value


def seat_points(seat: int) -> Value:
    """The points (Bus: score) of ``seat`` in a game."""

    def value(row: FlatSummary) -> float:
        return row.get(("seats", seat, points_key(row)), 0.0)

    return value


def points_key(figures: FlatSummary) -> str:
    """The per-seat points figure of a game's figures (``points`` unless only ``score`` is there)."""
    return next((key for key in POINT_KEYS if ("seats", 0, key) in figures), POINT_KEYS[0])


@dataclass(frozen=True)
class Metric:
    """A per-game figure compared between two settings: a share (0/1 per game) or a mean.

    ``value`` returns NaN where the figure is undefined in a game (e.g. no seat held a card).
    """

    table: str
    label: str
    share: bool
    value: Value
    digits: int = 2
