"""Bus: Spielende und Wertung -- the three ends at their moments, time stones, both tie-breaks."""

from __future__ import annotations

from bus_helpers import after_setup, select

from busbahnhof.engine import load_game
from busbahnhof.engine.contract import random_playout
from busbahnhof.games.bus import BusState

SELECT_BUILD_LAST = [
    "take buildings",
    "take clock",
    "take start",
    "take vrroomm",
    "take vrroomm",
    "take vrroomm",
    "pass",
    "pass",
    "pass",
]


def finish_round(state: BusState, round_number: int) -> None:
    while not state.is_over and state.round == round_number:
        state.apply(state.legal_actions()[0])


def test_no_free_lot_ends_the_game_at_the_end_of_the_round() -> None:
    state = after_setup(3, 41)
    for lot in range(state.board.lots):
        if state.building[lot] < 0 and lot != state.board.zone_lots[3][-1]:
            state.building[lot] = 2
    state.zone_free = [0, 0, 0, 1]
    select(state, SELECT_BUILD_LAST)
    state.apply(state.legal_actions()[0])
    assert state.free_lots() == 0 and not state.is_over  # the round goes on: clock, Vrroomm
    finish_round(state, 1)
    assert state.is_over and state.end_reason == "lots_full"
    keys = [event.key for event in state.log]
    last_building = max(i for i, key in enumerate(keys) if key == "building_built")
    assert {"time_advanced", "time_stopped", "clock_untaken"} & set(keys[last_building:])  # the clock still ran
    assert state.log[-1].key == "game_over_lots_full"


def test_only_one_player_with_markers_ends_the_game_at_the_end_of_the_round() -> None:
    state = after_setup(3, 42)
    a, b, c = [(state.start_player + k) % 3 for k in range(3)]
    state.markers[a] = 2
    state.markers[b] = 2
    select(state, ["take start", "take vrroomm", "take buses", "take vrroomm", "take vrroomm", "take vrroomm", "pass"])
    finish_round(state, 1)
    assert state.markers[a] == 0 and state.markers[b] == 0 and state.markers[c] > 0
    assert state.is_over and state.end_reason == "markers_out"


def test_two_players_with_markers_play_on() -> None:
    state = after_setup(3, 43)
    a = state.start_player
    state.markers[a] = 2
    select(
        state,
        ["take start", "take vrroomm", "take buses", "take vrroomm", "take vrroomm", "take vrroomm", "pass", "pass"],
    )
    finish_round(state, 1)
    assert not state.is_over and state.round == 2
    assert state.passed[a] and state.to_move != a


def ended(deliveries: list[int], stones: list[int], reached: list[int]) -> BusState:
    state = after_setup(len(deliveries), 44)
    state.deliveries, state.stones, state.reached = deliveries, stones, reached
    state._finish("markers_out")
    return state


def test_score_is_deliveries_minus_time_stones() -> None:
    outcome = ended([5, 4, 3], [1, 0, 0], [9, 8, 7]).outcome()
    assert outcome.points == (4, 4, 3)


def test_tie_more_time_stones_wins() -> None:
    assert ended([5, 4, 3], [1, 0, 0], [9, 3, 7]).outcome().winners == (0,)


def test_tie_then_who_reached_the_position_first() -> None:
    """Equal score and stones means the same track position; the lowest disc (first there) wins."""
    outcome = ended([4, 4, 1], [0, 0, 0], [12, 10, 3]).outcome()
    assert outcome.winners == (1,)
    assert outcome.details["reached_at"] == [12, 10, 3]


def test_no_deliveries_at_all_is_a_shared_win() -> None:
    assert ended([0, 0, 0], [0, 0, 0], [0, 0, 0]).outcome().winners == (0, 1, 2)


def test_delivery_order_is_recorded() -> None:
    game = load_game("bus")
    for seed in range(20):
        state = random_playout(game, 4, seed)
        assert isinstance(state, BusState)
        stamps = [state.reached[s] for s in range(4) if state.deliveries[s]]
        assert len(set(stamps)) == len(stamps)
        assert state.stamp == sum(state.deliveries)


def test_random_games_end_and_last_at_most_ten_rounds() -> None:
    """20 markers and at least two per round: at most ten rounds."""
    game = load_game("bus")
    reasons = set()
    for seed in range(150):
        state = random_playout(game, 3 + seed % 3, seed)
        assert isinstance(state, BusState)
        reasons.add(state.end_reason)
        assert state.round <= 10
    assert reasons >= {"time_stones", "markers_out"}
