"""Games played by the game's own bots, to review and to ask for hints at."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from busbahnhof import load_game
from busbahnhof.bots import make_bot
from busbahnhof.engine import Rng, State

Play = Callable[..., State[Any]]


def play_until(game_id: str, players: int, seed: int, stop: Callable[[State[Any]], bool] | None = None) -> State[Any]:
    """A seeded game of ``mittel`` bots, played until ``stop(state)`` holds (or to its end)."""
    game = load_game(game_id)
    state = game.new_state(players, seed)
    bots = [make_bot(game, "mittel") for _ in range(players)]
    rng = Rng(seed)
    while not state.is_over and not (stop and stop(state)):
        seat = state.to_move
        assert seat is not None
        state.apply(bots[seat].choose(state, seat, rng))
    return state


@pytest.fixture
def play() -> Play:
    return play_until
