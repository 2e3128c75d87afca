"""The uniform random bot: every legal action equally likely."""

from __future__ import annotations

from typing import Any

from ..engine import Action, Rng, State


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, state: State[Any], seat: int, rng: Rng) -> Action:
        """A uniformly random legal action."""
        return rng.pick(state.legal_actions())
