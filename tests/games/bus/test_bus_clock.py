"""Bus: Uhr -- stop with a time stone or advance; passengers step out and in; the last stone."""

from __future__ import annotations

import pytest
from bus_helpers import after_setup, events, lay_lines, select

from busbahnhof.games.bus import BusState
from busbahnhof.games.bus.actions import HOUSE, OFFICE, PUB

SELECT_CLOCK = [
    "take clock",
    "take start",
    "take vrroomm",
    "take vrroomm",
    "take vrroomm",
    "take vrroomm",
    "pass",
    "pass",
    "pass",
]


def empty_city(state: BusState) -> None:
    """No buildings, no passengers: a clean board for clock scenarios."""
    state.building = [-1] * state.board.lots
    state.occupied = [False] * state.board.lots
    state.standing = [0] * state.board.intersections
    state.zone_free = [len(lots) for lots in state.board.zone_lots]


def test_advance_moves_the_hand_clockwise() -> None:
    state = after_setup(3, 1)
    taker = state.start_player
    select(state, SELECT_CLOCK)
    state.apply("clock advance")
    assert state.clock == OFFICE
    assert events(state, "time_advanced")[-1].params["seat"] == taker


def test_stop_takes_a_time_stone_and_keeps_the_hand() -> None:
    state = after_setup(3, 1)
    taker = state.start_player
    select(state, SELECT_CLOCK)
    state.apply("clock stop")
    assert state.clock == HOUSE
    assert state.stones[taker] == 1 and state.stones_left == 3


COMPLETE_PASSENGERS = [{}, {"edition": "1999", "complete_passengers": True}]


@pytest.mark.parametrize("options", COMPLETE_PASSENGERS, ids=["complete", "1999-complete-passengers"])
def test_passengers_step_out_and_into_buildings_of_the_new_type(options: dict[str, object]) -> None:
    state = after_setup(3, 2, **options)
    empty_city(state)
    lots_at_2 = state.board.lots_at[2]  # zone 2 and zone 3 lots
    state.building[lots_at_2[0]] = OFFICE
    state.building[lots_at_2[1]] = HOUSE
    state.occupied[lots_at_2[1]] = True  # a passenger in the house
    state.standing[2] = 2  # and two more at the intersection
    lots_at_7 = state.board.lots_at[7]
    state.building[lots_at_7[0]] = OFFICE
    state.building[lots_at_7[1]] = OFFICE
    state.standing[7] = 1
    select(state, SELECT_CLOCK)
    state.apply("clock advance")
    assert state.occupied[lots_at_2[0]] and not state.occupied[lots_at_2[1]]
    assert state.standing[2] == 2  # three people at 2, one office: one steps in
    assert [state.occupied[lot] for lot in lots_at_7].count(True) == 1
    assert state.standing[7] == 0
    assert events(state, "passengers_stepped_in")[-1].params == {"count": 2, "building": OFFICE}


@pytest.mark.parametrize("options", COMPLETE_PASSENGERS, ids=["complete", "1999-complete-passengers"])
def test_stopping_time_lets_passengers_back_in(options: dict[str, object]) -> None:
    state = after_setup(3, 2, **options)
    empty_city(state)
    lot = state.board.lots_at[2][0]
    state.building[lot] = HOUSE
    state.occupied[lot] = True
    select(state, SELECT_CLOCK)
    state.apply("clock stop")
    assert state.occupied[lot] and state.standing[2] == 0


def test_nobody_on_the_clock_means_time_advances() -> None:
    state = after_setup(3, 3)
    select(
        state,
        [
            "take start",
            "take vrroomm",
            "take vrroomm",
            "take vrroomm",
            "take vrroomm",
            "take vrroomm",
            "pass",
            "pass",
            "pass",
        ],
    )
    assert state.clock == OFFICE
    assert events(state, "clock_untaken")


def test_the_last_time_stone_ends_the_game_at_once() -> None:
    """Bus: Uhr -- whoever takes the last stone ends the game immediately: Vrroomm is not played."""
    state = after_setup(3, 4)
    taker = state.start_player
    state.stones_left = 1
    empty_city(state)
    lay_lines(state, {seat: [14, 15] if seat == taker else [] for seat in range(3)})
    lot = state.board.lots_at[14][0]
    state.building[lot] = HOUSE
    state.standing[15] = 1
    select(state, SELECT_CLOCK)
    state.apply("clock stop")
    assert state.is_over and state.end_reason == "time_stones"
    assert state.deliveries == [0, 0, 0]
    assert all(e.params["area"] != "vrroomm" for e in events(state, "marker_resolves"))


def test_the_clock_cycle_house_office_pub() -> None:
    state = after_setup(3, 5)
    for expected in (OFFICE, PUB, HOUSE):
        round_number = state.round
        select(state, SELECT_CLOCK)
        state.apply("clock advance")
        while state.round == round_number and not state.is_over:
            state.apply(state.legal_actions()[0])
        assert state.clock == expected
