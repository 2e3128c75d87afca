"""Game positions for bot tests: a state some random decisions into a game."""

from __future__ import annotations

from typing import Any

from busbahnhof.engine import Rng, State, load_game


def midgame(game_id: str, players: int, steps: int, seed: int = 4) -> State[Any]:
    """A state ``steps`` random decisions into a game, at a decision with a choice."""
    state = load_game(game_id).new_state(players, seed)
    chooser = Rng(seed)
    for _ in range(steps):
        state.apply(chooser.pick(state.legal_actions()))
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    assert not state.is_over
    return state
