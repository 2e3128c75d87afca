"""The game registry: games announce themselves under the entry-point group ``busbahnhof.games``.

The engine never imports a game by name; it discovers them through package metadata, so a game
shipped by another distribution registers the same way as the built-in ones.  A game's module
is imported only when the game is first asked for.
"""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .errors import UnknownGameError
from .game import Game

ENTRY_POINT_GROUP = "busbahnhof.games"

_GAMES: dict[str, type[Game[Any, Any]]] = {}


def register(game_class: type[Game[Any, Any]]) -> type[Game[Any, Any]]:
    """Register ``game_class`` under its ``id`` (usable as a class decorator)."""
    _GAMES[game_class.id] = game_class
    return game_class


def _entry_points() -> dict[str, EntryPoint]:
    return {entry.name: entry for entry in entry_points(group=ENTRY_POINT_GROUP)}


def game_ids() -> list[str]:
    """The ids of every registered game, sorted."""
    return sorted(set(_GAMES) | set(_entry_points()))


def game_class(game_id: str) -> type[Game[Any, Any]]:
    """The class registered under ``game_id``."""
    if game_id not in _GAMES:
        entry = _entry_points().get(game_id)
        if entry is None:
            raise UnknownGameError(
                f"no game {game_id!r}; registered games: {', '.join(game_ids()) or 'none'}",
                key="error.unknown_game",
                params={"game": game_id, "games": ", ".join(game_ids()) or "–"},
            )
        register(entry.load())
    return _GAMES[game_id]


def load_game(game_id: str, **options: Any) -> Game[Any, Any]:
    """The game ``game_id`` with validated rule ``options``."""
    return game_class(game_id)(**options)
