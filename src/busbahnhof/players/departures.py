"""Abandonment: a player who left a finished game (docs/turns.md) takes the last place, behind every
seat that stayed, whatever the bot playing for them scored; in the ratings and on the player page
the game counts as a loss for them."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..engine import Outcome


def final_places(outcome: dict[str, Any], left: Collection[int]) -> list[int]:
    """Each seat's place (0 = winner) in a stored outcome, the seats in ``left`` moved behind all others
    (sharing the last place among themselves)."""
    places = Outcome(tuple(outcome["points"]), tuple(outcome["winners"]), outcome["lower_is_better"]).places()
    if not left:
        return list(places)
    last = max(places) + 1
    return [last if seat in left else place for seat, place in enumerate(places)]
