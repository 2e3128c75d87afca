"""What the interop tests share: the states of random games played through a codec's action space."""

from __future__ import annotations

import random
from typing import Any

from busbahnhof.interop.codecs import Codec


def playout_states(codec: Codec, seed: int) -> list[Any]:
    """Every state of one random game (clones), each decision taken through the action space."""
    rng = random.Random(seed)
    state = codec.game.new_state(codec.players, seed)
    states = [state.clone()]
    while not state.is_over:
        indices = codec.actions.indices(state)
        state.apply(codec.actions.action(rng.choice(indices)))
        states.append(state.clone())
    return states
