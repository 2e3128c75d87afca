"""Facts Bus keeps for speed (issue 11: search speed) agree with a recomputation from scratch.

``BusState.full_areas`` is kept up to date as markers go on the action board instead of being
counted from ``slots`` at every selection decision; ``BoardActions`` holds each map's actions by
where they happen.  Random games of every preset and player count check both.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from busbahnhof.engine import Rng, load_game
from busbahnhof.games.bus import BusState
from busbahnhof.games.bus.actions import AREA_SLOTS, PASS, TAKES, build, line, passenger
from busbahnhof.games.bus.game import Bus
from busbahnhof.games.bus.phases import SELECTION
from busbahnhof.games.bus.rules import MIN_MARKERS_PER_ROUND


def full_areas_from_scratch(state: BusState) -> int:
    return sum(1 << area for area, taken in enumerate(state.slots) if len(taken) == AREA_SLOTS[area])


def selection_moves_from_scratch(state: BusState) -> list[object]:
    """Bus: Aktionen wählen, read off the slots: a free slot takes a marker; pass after two."""
    moves: list[object] = [TAKES[area] for area, taken in enumerate(state.slots) if len(taken) < AREA_SLOTS[area]]
    if state.placed[state.current] >= MIN_MARKERS_PER_ROUND or not moves:
        moves.append(PASS)
    return moves


@settings(max_examples=30, deadline=None)
@given(
    preset=st.sampled_from(sorted(Bus.presets)),
    players=st.integers(3, 5),
    seed=st.integers(0, 2**32 - 1),
)
def test_full_areas_and_selection_moves_match_the_slots(preset: str, players: int, seed: int) -> None:
    state = load_game("bus", **Bus.presets[preset]).new_state(players, seed)
    assert isinstance(state, BusState)
    chooser = Rng(seed)
    selections = 0
    while not state.is_over:
        assert state.full_areas == full_areas_from_scratch(state)
        if state.phase == SELECTION:
            selections += 1
            assert list(state.legal_actions()) == selection_moves_from_scratch(state)
        state.apply(chooser.pick(state.legal_actions()))
    assert selections > 0


def test_board_actions_are_the_interned_actions_of_the_map() -> None:
    game = load_game("bus")
    assert isinstance(game, Bus)
    board, actions = game.board, game.board_actions
    for node in range(board.intersections):
        incident = board.incident[node]
        assert board.incident_mask[node] == sum(1 << street for street in incident)
        for subset in range(2 ** len(incident)):
            along = [street for bit, street in enumerate(incident) if subset >> bit & 1]
            moves = actions.lines_from[node][sum(1 << street for street in along)]
            expected = [line(node, b if a == node else a) for a, b in (board.streets[street] for street in along)]
            assert len(moves) == len(expected) and all(move is made for move, made in zip(moves, expected, strict=True))
    assert len(actions.builds_on) == board.lots
    for lot, builds in enumerate(actions.builds_on):
        assert builds == tuple(build(lot, kind) for kind in range(3))
        assert all(made is build(lot, kind) for kind, made in enumerate(builds))
    assert actions.new_passengers == tuple(passenger(station) for station in board.stations)
