"""The one bot interface for all games.

A bot is asked ``choose(state, seat, rng)`` when ``seat`` is to move.  It may read only what
``state.view(seat)`` shows (and the legal actions); a bot given two states that look the same
from its seat decides the same.  The contract suite checks this with ``determinize``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .game import Action, State
    from .rng import Rng


@runtime_checkable
class Bot(Protocol):
    """Anything with a ``name`` and ``choose``."""

    name: str

    def choose(self, state: State, seat: int, rng: Rng) -> Action:  # type: ignore[type-arg]
        """One of ``state.legal_actions()`` for ``seat``, decided from ``seat``'s information only."""
        ...


BotFactory = Callable[[], Bot]
