"""Bus: every entry of the "Häufige Irrtümer" list of the rule document, as a test."""

from __future__ import annotations

import pytest
from bus_helpers import after_setup, events, lay_lines, select

from busbahnhof.engine import IllegalActionError
from busbahnhof.games.bus import BusState
from busbahnhof.games.bus.actions import HOUSE, OFFICE, PUB
from busbahnhof.games.bus.lines import line_moves


def finish_round(state: BusState) -> None:
    round_number = state.round
    while not state.is_over and state.round == round_number:
        state.apply(state.legal_actions()[0])


def test_actions_resolve_top_to_bottom_not_in_choosing_order() -> None:
    """'Aktionen werden in Wahlreihenfolge ausgeführt: Nein, von oben nach unten, innerhalb einer
    Aktion von links nach rechts.'"""
    state = after_setup(3, 51)
    select(
        state,
        [
            "take vrroomm",
            "take buildings",
            "take line",
            "take buildings",
            "take line",
            "take passengers",
            "pass",
            "pass",
            "pass",
        ],
    )
    finish_round(state)
    areas = [e.params["area"] for e in state.log if e.key in ("marker_resolves", "no_power")]
    assert areas == ["line", "line", "passengers", "buildings", "buildings", "vrroomm"]


def test_points_only_for_carried_passengers() -> None:
    """'Man bekommt Punkte fürs Bauen von Linien oder Fahrgästen: Punkte gibt es nur für
    beförderte Fahrgäste (Brumm).'"""
    state = after_setup(3, 52)
    state.buses = [3, 3, 3]
    select(
        state,
        [
            "take line",
            "take passengers",
            "take buildings",
            "take line",
            "take passengers",
            "take buildings",
            "pass",
            "pass",
            "pass",
        ],
    )
    finish_round(state)
    assert events(state, "line_built") and events(state, "passenger_placed") and events(state, "building_built")
    assert state.deliveries == [0, 0, 0]
    assert state.view(None)["state"]["scores"] == [0, 0, 0]


def test_a_time_stone_keeps_the_type_costs_a_point_and_the_last_ends_the_game() -> None:
    """'Der Zeitstein ist nur Schaden: Er verlängert die Gelegenheit, denselben Gebäudetyp weiter zu
    bedienen; kostet aber einen Punkt, und der letzte beendet das Spiel.'"""
    state = after_setup(3, 53)
    a = state.start_player
    state.clock = OFFICE
    select(
        state,
        [
            "take clock",
            "take start",
            "take buses",
            "take vrroomm",
            "take vrroomm",
            "take vrroomm",
            "pass",
            "pass",
            "pass",
        ],
    )
    state.apply("clock stop")
    assert state.clock == OFFICE  # the same type is served again
    assert state.view(None)["state"]["scores"][a] == state.deliveries[a] - 1
    state.stones_left = 1
    if state.round == 1:
        finish_round(state)
    select(
        state,
        [
            "take clock",
            "take start",
            "take buses",
            "take vrroomm",
            "take vrroomm",
            "take vrroomm",
            "pass",
            "pass",
            "pass",
        ],
    )
    assert state.phase_name() == "clock"
    state.apply("clock stop")
    assert state.is_over and state.end_reason == "time_stones"


def test_own_line_may_cross_itself_but_never_double_a_street() -> None:
    """'Eigene Linien dürfen sich nie berühren: Sie dürfen sich kreuzen, nur nicht dieselbe Straße
    doppelt belegen.'"""
    state = after_setup(3, 54)
    lay_lines(state, {0: [8, 14, 15, 21, 20]})
    moves = {str(move) for move in line_moves(state, 0)}
    assert "line 20-14" in moves  # touching/crossing its own line at 14
    lay_lines(state, {0: [8, 14, 20, 21, 15, 14]})
    moves = {str(move) for move in line_moves(state, 0)}
    assert not {"line 14-8", "line 14-20", "line 14-15"} & moves
    assert {"line 14-9", "line 14-13"} <= moves


def test_markers_cannot_be_saved_two_per_round() -> None:
    """'Man darf Aktionsmarker für später aufheben: Gesetzte Marker sind verbraucht; zwei muss man je
    Runde setzen.'"""
    state = after_setup(3, 55)
    with pytest.raises(IllegalActionError, match="at least 2"):
        state.apply("pass")
    select(
        state,
        [
            "take vrroomm",
            "take vrroomm",
            "take vrroomm",
            "take start",
            "take buses",
            "take clock",
            "pass",
            "pass",
            "pass",
        ],
    )
    finish_round(state)
    assert state.markers == [18, 18, 18]
    assert state.round == 2 and state.slots == [[] for _ in range(7)]


def test_buses_do_not_drive_on_the_map() -> None:
    """'Die Busse fahren auf dem Plan: Sie bleiben im Busbereich.'  A bus carries a passenger from
    one end of the line to the other in one go; buses have no position, only a count."""
    state = after_setup(3, 56)
    a = state.start_player
    state.building = [-1] * state.board.lots
    state.occupied = [False] * state.board.lots
    state.standing = [0] * state.board.intersections
    state.clock = PUB
    lay_lines(state, {a: [10, 3, 2, 1, 0, 5, 12, 19, 25]})
    far_house = state.board.lots_at[19][0]
    state.building[far_house] = HOUSE
    state.standing[10] = 1
    select(
        state,
        [
            "take vrroomm",
            "take clock",
            "take buses",
            "take start",
            "take vrroomm",
            "take vrroomm",
            "pass",
            "pass",
            "pass",
        ],
    )
    state.apply("clock advance")
    assert state.deliveries[a] == 1 and state.occupied[far_house]
    assert events(state, "forced")[-1].params["action"] == f"deliver 10 {far_house}"
    assert state.view(None)["state"]["buses"] == state.buses
