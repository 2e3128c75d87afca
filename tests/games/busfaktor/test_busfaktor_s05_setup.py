"""§5 Spielaufbau: stacks, one project and two action cards each, a random start person, round 1."""

from __future__ import annotations

from busfaktor_helpers import GAME

from busbahnhof.games.busfaktor import BusfaktorState


def test_each_person_starts_with_one_project_and_two_action_cards() -> None:
    for players in (2, 3, 4):
        state: BusfaktorState = GAME.new_state(players, 5)  # type: ignore[assignment]
        for hand in state.hands:
            assert len(hand) == 3
            assert sum(1 for c in hand if c < GAME.deck.n_projects) == 1
        assert len(state.pstack) == 16 - players
        assert len(state.astack) == 58 - 2 * players
        assert all(c < 16 for c in state.pstack) and all(c >= 16 for c in state.astack)


def test_piles_start_empty_and_no_project_is_active_in_round_one() -> None:
    state: BusfaktorState = GAME.new_state(3, 1)  # type: ignore[assignment]
    assert state.spent == [] and state.discard == []
    assert all(not active for active in state.actives)
    assert state.round == 1


def test_the_start_person_is_random_and_takes_the_first_turn() -> None:
    starts = set()
    for seed in range(30):
        state: BusfaktorState = GAME.new_state(4, seed)  # type: ignore[assignment]
        assert state.to_move == state.start == state.active
        starts.add(state.start)
    assert starts == {0, 1, 2, 3}
