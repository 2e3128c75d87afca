"""Invariants at every step of random games under every preset: no card is lost or doubled, points only grow."""

from __future__ import annotations

import pytest

from busbahnhof.engine import Rng, load_game
from busbahnhof.games.busfahrer import Busfahrer, BusfahrerState


def cards_on_the_table(state: BusfahrerState) -> list[int]:
    if state.phase_name in ("ride", "american") or (state.is_over and state.cards_left):
        return state.diamond + state.pile + state.discard + state.streak
    drawn = [card for draws in state.tie_draws for card in draws]
    laid = [card for cards in state.laid for card in cards]
    return [card for hand in state.hands for card in hand] + state.pyramid + laid + state.deck + drawn


@pytest.mark.parametrize("preset", sorted(Busfahrer.presets))
def test_every_card_is_somewhere_exactly_once_and_points_only_grow(preset: str) -> None:
    game = load_game("busfahrer", **Busfahrer.presets[preset])
    for seed in range(6):
        players = 2 + seed % 6
        state = game.new_state(players, seed)
        assert isinstance(state, BusfahrerState)
        chooser = Rng(seed)
        totals = state.total_points()
        while not state.is_over:
            assert sorted(cards_on_the_table(state)) == list(range(52)), (preset, seed, state.phase_name)
            state.apply(chooser.pick(state.legal_actions()))
            now = state.total_points()
            assert all(a >= b for a, b in zip(now, totals, strict=True))
            totals = now
        assert sorted(cards_on_the_table(state)) == list(range(52))
