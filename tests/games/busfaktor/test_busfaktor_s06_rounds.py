"""§6 Runden und Züge, §15 Spielende: fixed start person, clockwise turns, six rounds of one turn each."""

from __future__ import annotations

from busfaktor_helpers import GAME

from busbahnhof.engine import Rng
from busbahnhof.games.busfaktor import BusfaktorState


def _turn_order(players: int, seed: int) -> tuple[BusfaktorState, list[tuple[int, int]]]:
    state: BusfaktorState = GAME.new_state(players, seed)  # type: ignore[assignment]
    chooser = Rng(seed)
    turns = [(state.round, state.active)]
    while not state.is_over:
        state.apply(chooser.pick(state.legal_actions()))
        if not state.is_over and (state.round, state.active) != turns[-1]:
            turns.append((state.round, state.active))
    return state, turns


def test_every_round_starts_with_the_same_person_and_goes_clockwise() -> None:
    for players in (2, 3, 4):
        state, turns = _turn_order(players, 11)
        expected = [(r, (state.start + k) % players) for r in range(1, 7) for k in range(players)]
        assert turns == expected


def test_the_game_ends_after_six_rounds_with_exactly_six_turns_each() -> None:
    state, turns = _turn_order(3, 4)
    assert state.is_over and state.to_move is None
    assert [seat for _, seat in turns].count(0) == 6
    assert state.legal_actions() == ()


def test_each_turn_has_three_phases_in_order() -> None:
    state: BusfaktorState = GAME.new_state(2, 2)  # type: ignore[assignment]
    assert state.view(state.active)["state"]["phase"] == "ziehen"
    state.apply("ziehe aktion")
    state.apply("ziehe aktion")
    assert state.view(state.active)["state"]["phase"] == "aktionen"
