"""The 1999 short rules' own passenger model (ruling 18): no clock moves a passenger, a building of
the current type at a passenger's intersection serves them without taking them in, and passengers
ride out of buildings.  Option ``complete_passengers`` gives the 1999 edition the Complete
Edition's step-out/step-in model."""

from __future__ import annotations

import pytest
from bus_helpers import events, legal_texts, select
from test_bus_vrroomm import SELECT_VRROOMM, city, lot

from busbahnhof.games.bus import BusState
from busbahnhof.games.bus.actions import HOUSE, OFFICE
from busbahnhof.games.bus.passengers import after_clock

COMPLETE = {"complete_passengers": True}


def office_at_21(state: BusState) -> int:
    return lot(state, 21)


def city_with_a_guest(**options: object) -> tuple[BusState, int]:
    """The city of ``test_bus_vrroomm`` (line 8-14-15-21, houses at 14 and 15, an office at 21, the
    hand on the pub) plus a passenger standing at 14 and one sitting in the office at 21."""
    state, a = city("1999", **options)
    state.standing[14] = 1
    state.occupied[office_at_21(state)] = True
    return state, a


def test_the_clock_moves_nobody_in_1999() -> None:
    """Zeit: "die Uhr wird ... 1 Stunde weitergestellt" -- nothing more: the passenger in the office
    stays there, the one at 14 stays outside the (empty) house."""
    state, _ = city_with_a_guest()
    select(state, SELECT_VRROOMM)
    state.apply("clock advance")
    assert state.clock == HOUSE
    assert state.occupied[office_at_21(state)]
    assert state.standing[14] == 1 and not state.occupied[lot(state, 14)]
    assert not events(state, "passengers_stepped_in")


def test_complete_passengers_step_out_and_in_in_1999() -> None:
    """``complete_passengers``: Bus: Uhr of the Complete Edition -- out of the office, into the house."""
    state, _ = city_with_a_guest(**COMPLETE)
    select(state, SELECT_VRROOMM)
    state.apply("clock advance")
    assert not state.occupied[office_at_21(state)] and state.standing[21] == 2
    assert state.occupied[lot(state, 14)] and state.standing[14] == 0
    assert events(state, "passengers_stepped_in")[-1].params == {"count": 1, "building": HOUSE}


@pytest.mark.parametrize(
    ("options", "sources", "targets"),
    [({}, {8, 21}, {14, 15}), (COMPLETE, {8, 21}, {15})],
    ids=["1999", "1999-complete-passengers"],
)
def test_an_in_time_building_serves_without_taking_in(
    options: dict[str, object], sources: set[int], targets: set[int]
) -> None:
    """ "Beförderungswillig sind nur Passagiere, die sich in keinem zeitgerechten Gebäude befinden und
    kein zeitgerechtes Gebäude an derselben Kreuzung haben": the passenger at 14 is served by the house
    there and does not ride, and that house stays empty, a destination for others (1999).  In the
    Complete Edition's model the house takes him in at the clock and is full."""
    state, a = city_with_a_guest(**options)
    select(state, SELECT_VRROOMM)
    state.apply("clock advance")
    assert state.to_move == a
    assert set(legal_texts(state)) == {f"deliver {s} {lot(state, n)}" for s in sources for n in targets}


def test_passengers_ride_out_of_buildings_in_1999() -> None:
    """The passenger sitting in the office at 21 is willing when the clock asks for houses (no house at
    21); a bus takes him first, before the one standing there, and the office is free again (ruling 18)."""
    state, a = city_with_a_guest()
    state.standing[8] = 0
    select(state, SELECT_VRROOMM)
    state.apply("clock advance")
    state.apply(f"deliver 21 {lot(state, 15)}", seat=a)
    assert not state.occupied[office_at_21(state)] and state.standing[21] == 1
    assert state.occupied[lot(state, 15)] and state.deliveries[a] == 1


def test_a_passenger_in_an_in_time_building_stays() -> None:
    """1999: a delivered passenger sits in his house; while the clock shows the house, neither he nor
    anyone else at that intersection rides, and the clock step to the house did not move him."""
    state, a = city("1999")
    for node in (8, 21):
        state.standing[node] = 0
    state.occupied[lot(state, 14)] = True
    state.standing[14] = 1
    select(state, SELECT_VRROOMM)
    state.apply("clock advance")  # pub -> house
    assert not any(e.params["seat"] == a for e in events(state, "delivered"))
    skipped = [e.params for e in events(state, "nothing_possible") if e.params["seat"] == a]
    assert skipped[0]["reason"] == "no_willing_passenger"
    assert state.occupied[lot(state, 14)] and state.standing[14] == 1


@pytest.mark.parametrize(
    ("options", "waiting", "empty"),
    [({}, {8: 2, 14: 0, 21: 2}, {14: 1, 15: 1}), (COMPLETE, {8: 2, 14: 0, 21: 2}, {14: 0, 15: 1})],
    ids=["1999", "1999-complete-passengers"],
)
def test_the_planer_forecast_follows_the_passenger_model(
    options: dict[str, object], waiting: dict[int, int], empty: dict[int, int]
) -> None:
    """The bots' forecast of a clock step to the house: who will be willing, which houses are open."""
    state, _ = city_with_a_guest(**options)
    after_waiting, after_empty = after_clock(state, HOUSE)
    assert {node: after_waiting[node] for node in waiting} == waiting
    assert {node: after_empty[node] for node in empty} == empty
    assert after_clock(state, OFFICE)[0][21] == 0  # the office at 21 serves everyone there
