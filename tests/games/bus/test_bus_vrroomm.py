"""Bus: Brumm (Vrroomm!) -- one passenger per bus and marker to an empty building of the current type."""

from __future__ import annotations

import pytest
from bus_helpers import after_setup, events, lay_lines, legal_texts, select

from busbahnhof.engine import IllegalActionError
from busbahnhof.games.bus import BusState
from busbahnhof.games.bus.actions import HOUSE, OFFICE, PUB

# a: Vrroomm, b: Clock, c: Buses, a: Starting player, b and c: Vrroomm (their lines carry nothing)
SELECT_VRROOMM = [
    "take vrroomm",
    "take clock",
    "take buses",
    "take start",
    "take vrroomm",
    "take vrroomm",
    "pass",
    "pass",
    "pass",
]


def city(edition: str = "complete", **options: object) -> tuple[BusState, int]:
    """Seat ``a`` (the start player) runs 8-14-15-21 with empty houses at 14 and 15 and an office
    at 21; passengers wait at 8 (two), 21 and 1 (off the line); a house at 2 is off the line too.
    The hand shows the pub, so advancing the clock brings it to the house."""
    state = after_setup(3, 21, edition=edition, **options)
    a = state.start_player
    state.building = [-1] * state.board.lots
    state.occupied = [False] * state.board.lots
    state.standing = [0] * state.board.intersections
    state.clock = PUB
    lay_lines(state, {a: [8, 14, 15, 21], (a + 1) % 3: [0, 1], (a + 2) % 3: [33, 34]})
    for node, kind in ((14, HOUSE), (15, HOUSE), (21, OFFICE), (2, HOUSE)):
        state.building[state.board.lots_at[node][0]] = kind
    state.standing[8] = 2
    state.standing[21] = 1
    state.standing[1] = 1
    return state, a


def lot(state: BusState, node: int) -> int:
    return state.board.lots_at[node][0]


def test_each_bus_carries_one_passenger_and_scores() -> None:
    state, a = city()
    state.buses[a] = 2
    select(state, SELECT_VRROOMM)
    state.apply("clock advance")  # pub -> house
    assert state.phase_name() == "vrroomm" and state.to_move == a
    assert set(legal_texts(state)) == {f"deliver {s} {lot(state, n)}" for s in (8, 21) for n in (14, 15)}
    with pytest.raises(IllegalActionError, match="Brumm") as error:
        state.apply(f"deliver 1 {lot(state, 14)}")
    assert "1: it is not on your line" in str(error.value)
    with pytest.raises(IllegalActionError, match="Brumm") as error:
        state.apply(f"deliver 8 {lot(state, 2)}")
    assert f"lot {lot(state, 2)} at 2 is not on your line" in str(error.value)
    with pytest.raises(IllegalActionError, match="Brumm") as error:
        state.apply(f"deliver 8 {lot(state, 21)}")
    assert "holds a building of type office, the clock asks for house" in str(error.value)
    state.apply(f"deliver 21 {lot(state, 14)}")
    assert events(state, "forced")[-1].params == {"seat": a, "action": f"deliver 8 {lot(state, 15)}"}
    assert state.deliveries[a] == 2
    assert state.standing[8] == 1 and state.standing[21] == 0
    assert state.occupied[lot(state, 14)] and state.occupied[lot(state, 15)]


def test_one_passenger_per_bus() -> None:
    state, a = city()
    select(state, SELECT_VRROOMM)
    state.apply("clock advance")
    state.apply(legal_texts(state)[0])
    assert state.deliveries[a] == 1  # one bus, one passenger, though another house is open


def test_every_vrroomm_marker_uses_all_buses_again() -> None:
    state, a = city()
    select(
        state,
        [
            "take vrroomm",
            "take clock",
            "take buses",
            "take vrroomm",
            "take vrroomm",
            "take vrroomm",
            "pass",
            "pass",
            "pass",
        ],
    )
    state.apply("clock advance")
    while state.phase_name() == "vrroomm" and state.to_move == a:
        state.apply(legal_texts(state)[0])
    assert state.deliveries[a] == 2


def test_nothing_to_carry_is_logged() -> None:
    state, a = city()
    select(state, SELECT_VRROOMM)
    state.apply("clock stop")  # the hand stays at the pub: no pub on the line
    skipped = [e.params for e in events(state, "nothing_possible") if e.params["area"] == "vrroomm"]
    assert skipped[0] == {"seat": a, "area": "vrroomm", "left": 1, "reason": "no_building"}
    assert state.deliveries == [0, 0, 0]


@pytest.mark.parametrize(("edition", "waiting_at_14_rides"), [("complete", True), ("1999", False)])
def test_passengers_beside_an_in_time_building(edition: str, waiting_at_14_rides: bool) -> None:
    """1999: 'kein zeitgerechtes Gebäude an derselben Kreuzung' -- a passenger standing where a
    (full) in-time building stands does not ride; the Complete Edition only asks that they stand.
    Both with the Complete Edition's passenger model (the 1999 one with ``complete_passengers``),
    where the house takes one passenger in at the clock."""
    options = {"complete_passengers": True} if edition == "1999" else {}
    state, a = city(edition, **options)
    state.standing[8] = 0
    state.standing[14] = 2  # the house at 14 takes one at the clock, the other waits outside
    select(state, SELECT_VRROOMM)
    state.apply("clock advance")
    assert state.occupied[lot(state, 14)]
    if waiting_at_14_rides:
        assert set(legal_texts(state)) == {f"deliver 14 {lot(state, 15)}", f"deliver 21 {lot(state, 15)}"}
    else:
        assert events(state, "forced")[-1].params == {"seat": a, "action": f"deliver 21 {lot(state, 15)}"}
        assert state.standing[14] == 1
