"""Busbahnhof: where Busfahrer, Bus and Busfaktor: 1 are played, watched, simulated and studied."""

from .engine import GameError, game_ids, load_game, replay

__all__ = ["GameError", "game_ids", "load_game", "replay"]
__version__ = "0.1.0"
