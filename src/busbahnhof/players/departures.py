"""Abandonment: a player who left a finished game (docs/turns.md) takes the last place, behind every
seat that stayed, whatever the bot playing for them scored; in the ratings and on the player page
the game counts as a loss for them."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..engine import Outcome


def final_places(outcome: dict[str, Any], left: Collection[int]) -> list[int]:
    """Each seat's place (0 = winner; equal places for ties, numbered without gaps as
    ``Outcome.places``) in a stored outcome, the seats in ``left`` behind all who stayed (sharing the
    last place among themselves); the stayers keep their order among themselves."""
    places = Outcome(tuple(outcome["points"]), tuple(outcome["winners"]), outcome["lower_is_better"]).places()
    stayed = sorted({place for seat, place in enumerate(places) if seat not in left})
    return [len(stayed) if seat in left else stayed.index(place) for seat, place in enumerate(places)]
