"""One codec per game: the fixed-size action space and the observation encoding of a configuration."""

from __future__ import annotations

from typing import Any

from ...engine import Game, InvalidOptionError, load_game
from .base import Codec
from .bus import BusCodec
from .busfahrer import BusfahrerCodec
from .busfaktor import BusfaktorCodec

CODECS: dict[str, type[Codec]] = {"busfahrer": BusfahrerCodec, "bus": BusCodec, "busfaktor": BusfaktorCodec}


def make_codec(game: str | Game[Any, Any], players: int, **options: Any) -> Codec:
    """The codec of a game (an id with rule options, or a game object) for ``players`` seats."""
    game_object = load_game(game, **options) if isinstance(game, str) else game
    codec = CODECS.get(game_object.id)
    if codec is None:
        raise InvalidOptionError(f"no encoding for game {game_object.id!r}; known: {', '.join(CODECS)}")
    if not game_object.min_players <= players <= game_object.max_players:
        game_object.new_state(players, 0)  # raises the engine's own player-count error
    return codec(game_object, players)


__all__ = ["CODECS", "Codec", "make_codec"]
