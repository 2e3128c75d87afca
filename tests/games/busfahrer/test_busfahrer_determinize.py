"""Issue 7: ``determinize`` keeps what every seat saw: cards reshuffled under the pile in the ride
(``empty_pile="reshuffle"``) were all seen removed, so only they can be where they went."""

from __future__ import annotations

import pytest

from busbahnhof.engine import Rng, load_game
from busbahnhof.games.busfahrer import BusfahrerState, knowledge
from busbahnhof.games.busfahrer.phases import AMERICAN, RIDE


def _after_a_reshuffle(seed: int) -> BusfahrerState | None:
    """A ride position right after the pile was renewed from the removed cards, or ``None``."""
    state: BusfahrerState = load_game("busfahrer", empty_pile="reshuffle").new_state(3, seed)  # type: ignore[assignment]
    chooser = Rng(seed)
    while not state.is_over:
        if state.phase == RIDE and max(state.pool):
            return state
        state.apply(chooser.pick(state.legal_actions()))
    return None


def test_reshuffled_cards_stay_among_themselves() -> None:
    found = 0
    for seed in range(40):
        state = _after_a_reshuffle(seed)
        if state is None:
            continue
        found += 1
        face_down = [pos for pos in range(len(state.diamond)) if pos not in state.face_up]
        for k in range(20):
            twin = state.determinize(0, Rng(k))
            assert [state.pool[twin.diamond[pos]] for pos in face_down] == [
                state.pool[state.diamond[pos]] for pos in face_down
            ]
            assert [state.pool[card] for card in twin.pile] == [state.pool[card] for card in state.pile]
            assert twin.discard == state.discard
    assert found >= 3


@pytest.mark.parametrize("preset", sorted(load_game("busfahrer").presets))
def test_resampling_the_deal_by_slices_is_resampling_slot_by_slot(preset: str) -> None:
    """Before the ride every face-down card is of the deal's pool and the pile is empty, so
    ``resample_deal`` (slices) deals exactly what ``resample_slots`` deals slot by slot: checked at
    every decision of random games of every preset."""
    game = load_game("busfahrer", **load_game("busfahrer").presets[preset])
    for seed in range(3):
        state: BusfahrerState = game.new_state(3 + seed, seed)  # type: ignore[assignment]
        chooser = Rng(seed)
        while not state.is_over:
            if state.phase not in (RIDE, AMERICAN):
                assert not any(state.pool) and not state.pile
                by_slices, by_slots = state.clone(), state.clone()
                knowledge.resample_deal(by_slices, Rng(seed))
                knowledge.resample_slots(by_slots, Rng(seed), knowledge.face_down_slots(by_slots))
                assert (by_slices.pyramid, by_slices.deck) == (by_slots.pyramid, by_slots.deck)
            state.apply(chooser.pick(state.legal_actions()))
