"""Bus: Aktionen wählen -- two markers each, then place or pass for good; slots in letter order."""

from __future__ import annotations

import pytest
from bus_helpers import after_setup, events, legal_texts, play, seat_after, select

from busbahnhof.engine import IllegalActionError
from busbahnhof.games.bus.actions import AREA_NAMES, BUSES, START


def test_two_markers_before_passing() -> None:
    state = after_setup(3, 1)
    assert "pass" not in legal_texts(state)
    with pytest.raises(IllegalActionError, match="at least 2 markers"):
        play(state, "pass")
    select(state, ["take line", "take line", "take line", "take vrroomm"])
    assert state.to_move == seat_after(state, 1)
    assert "pass" not in legal_texts(state)
    select(state, ["take passengers", "take buildings"])
    assert "pass" in legal_texts(state)


def test_slots_fill_in_letter_order_and_single_slots_close() -> None:
    state = after_setup(3, 2)
    select(state, ["take line", "take line", "take buses", "take line"])
    first, second, third = (seat_after(state, k) for k in range(3))
    assert state.slots[0] == [first, second, first]
    assert [e.params["slot"] for e in events(state, "marker_placed") if e.params["area"] == "line"] == ["A", "B", "C"]
    assert state.slots[BUSES] == [third]
    assert "take buses" not in legal_texts(state)
    with pytest.raises(IllegalActionError, match="slot"):
        play(state, "take buses")


def test_passing_is_final_for_the_round() -> None:
    state = after_setup(3, 3)
    a, b, c = (seat_after(state, k) for k in range(3))
    select(state, ["take line", "take line", "take line", "take clock", "take start", "take buses"])
    select(state, ["pass"])  # a passes
    select(state, ["take vrroomm"])  # b goes on
    assert state.to_move == c
    select(state, ["take vrroomm"])
    assert state.to_move == b  # a is skipped for good
    select(state, ["pass", "pass"])
    assert state.phase_name() != "selection"
    assert [state.markers_used[s] for s in (a, b, c)] == [2, 3, 3]


def test_a_player_without_markers_is_out() -> None:
    state = after_setup(3, 4)
    a, b, _ = (seat_after(state, k) for k in range(3))
    state.markers[a] = 1
    select(state, ["take line"])
    assert state.markers[a] == 0
    assert events(state, "out_of_markers")[0].params["seat"] == a
    select(state, ["take line", "take line", "take buses", "take vrroomm"])
    assert state.to_move == b


def test_no_free_slot_forces_a_pass() -> None:
    state = after_setup(5, 5)
    first = state.to_move
    assert first is not None
    for area in range(len(AREA_NAMES)):
        state.slots[area] = [first] * state.slot_count(area)
    state.slots[START] = []
    state.full_areas = (1 << len(AREA_NAMES)) - 1 - (1 << START)  # kept with the slots as markers go on
    state._legal = None
    play(state, "take start")
    forced_passes = [e.params["seat"] for e in events(state, "forced") if e.params["action"] == "pass"]
    assert forced_passes[:5] == [seat_after(state, k) for k in (1, 2, 3, 4, 0)]


def test_markers_are_used_up() -> None:
    state = after_setup(3, 6)
    select(state, ["take line", "take passengers", "take buildings", "take vrroomm", "take vrroomm", "take vrroomm"])
    assert state.markers == [18, 18, 18]
    assert state.markers_per_round == [6]
