"""Busfaktor: 1 (rules v1.0): the complete card game, its default deck and the deck format."""

from .game import Busfaktor, BusfaktorOptions
from .state import BusfaktorState

__all__ = ["Busfaktor", "BusfaktorOptions", "BusfaktorState"]
