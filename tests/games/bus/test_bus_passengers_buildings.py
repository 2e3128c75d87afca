"""Bus: Fahrgäste (to a station of the player's choice, while the supply lasts) and Gebäude
(any type, on the lowest zone that still has a free lot, anywhere on the map)."""

from __future__ import annotations

import pytest
from bus_helpers import after_setup, events, legal_texts, select

from busbahnhof.engine import IllegalActionError

SELECT_PASSENGERS = [
    "take passengers",
    "take clock",
    "take start",
    "take buses",
    "take vrroomm",
    "take vrroomm",
    "pass",
    "pass",
    "pass",
]
SELECT_BUILDINGS = [
    "take buildings",
    "take clock",
    "take start",
    "take buses",
    "take vrroomm",
    "take vrroomm",
    "pass",
    "pass",
    "pass",
]


def test_new_passengers_go_to_a_station_of_choice() -> None:
    state = after_setup(3, 31)
    a = state.start_player
    state.buses[a] = 2  # a buys the third bus before passengers resolve: M = 3
    select(state, SELECT_PASSENGERS)
    assert state.to_move == a and legal_texts(state) == ["passenger 10", "passenger 25"]
    with pytest.raises(IllegalActionError, match="Fahrgäste"):
        state.apply("passenger 14")
    state.apply("passenger 10")
    state.apply("passenger 25")
    state.apply("passenger 25")
    assert (state.standing[10], state.standing[25], state.supply) == (1, 2, 8)


def test_passengers_only_while_the_supply_lasts() -> None:
    state = after_setup(3, 32)
    a = state.start_player
    state.buses[a] = 2
    state.supply = 1
    select(state, SELECT_PASSENGERS)
    state.apply("passenger 25")
    assert state.supply == 0
    assert next(e.params for e in events(state, "nothing_possible")) == {
        "seat": a,
        "area": "passengers",
        "left": 2,
        "reason": "supply_empty",
    }


def test_buildings_on_the_lowest_open_zone_any_type() -> None:
    state = after_setup(3, 33)
    a = state.start_player
    state.buses[a] = 3
    board = state.board
    zone_one_free = [lot for lot in board.zone_lots[0] if state.building[lot] < 0]
    assert len(zone_one_free) == 6  # 12 lots, 6 start buildings
    for lot in zone_one_free[:5]:
        state.building[lot] = 0
    state.zone_free[0] = 1
    select(state, SELECT_BUILDINGS)
    last_zone_one = zone_one_free[5]
    assert legal_texts(state) == [f"build {last_zone_one} {kind}" for kind in ("house", "office", "pub")]
    zone_two = board.zone_lots[1][0]
    with pytest.raises(IllegalActionError, match="lowest open zone"):
        state.apply(f"build {zone_two} pub")
    state.apply(f"build {last_zone_one} pub")
    assert {int(text.split()[1]) for text in legal_texts(state)} == set(board.zone_lots[1])
    state.apply(f"build {zone_two} office")
    assert state.building[zone_two] == 1 and state.zone_free[:2] == [0, 10]
