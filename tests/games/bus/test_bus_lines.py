"""Bus: Linienausbau -- ends only, free streets first, the two exceptions, loops, own streets, supply."""

from __future__ import annotations

import pytest
from bus_helpers import after_setup, events, lay_lines, select

from busbahnhof.games.bus import BusState
from busbahnhof.games.bus.actions import line
from busbahnhof.games.bus.lines import extend, line_moves, marked_ends


def moves(state: BusState, seat: int) -> set[str]:
    return {str(move) for move in line_moves(state, seat)}


def test_only_free_streets_while_an_end_has_one() -> None:
    state = after_setup(3, 0)
    # seat 1 runs through 15 (not ending there): 15-16 is occupied, 15-21 is free
    lay_lines(state, {0: [8, 14, 15], 1: [16, 15, 14, 13]})
    assert moves(state, 0) == {"line 15-21", "line 8-1", "line 8-2", "line 8-7"}


def test_exception_one_no_free_street_at_that_end() -> None:
    state = after_setup(3, 0)
    lay_lines(state, {0: [8, 14, 15], 1: [22, 16, 15, 21, 20]})
    assert moves(state, 0) == {"line 15-16", "line 15-21", "line 8-1", "line 8-2", "line 8-7"}


def test_exception_two_alongside_a_line_ending_at_the_same_intersection() -> None:
    state = after_setup(3, 0)
    lay_lines(state, {0: [8, 14, 15], 1: [9, 16, 15]})
    assert {"line 15-21", "line 15-16"} <= moves(state, 0)


def exception_two_position(parallel_street: str) -> BusState:
    state = after_setup(3, 0, parallel_street=parallel_street)
    lay_lines(state, {0: [14, 20, 21], 1: [22, 21], 2: [26, 21, 27]})
    return state


def test_exception_two_end_street_reading() -> None:
    """Default ruling: only the other line's end street (docs/rulings/bus.md)."""
    at_21 = {m for m in moves(exception_two_position("end_street"), 0) if m.startswith("line 21-")}
    assert at_21 == {"line 21-15", "line 21-33", "line 21-22"}


def test_exception_two_any_occupied_reading() -> None:
    at_21 = {m for m in moves(exception_two_position("any_occupied"), 0) if m.startswith("line 21-")}
    assert at_21 == {"line 21-15", "line 21-33", "line 21-22", "line 21-26", "line 21-27"}


@pytest.mark.parametrize(("edition", "expected"), [("complete", set()), ("1999", {"line 21-26", "line 21-27"})])
def test_exception_two_needs_another_direction(edition: str, expected: set[str]) -> None:
    """Complete Edition: 'aus anderer Richtung'; the 1999 text only asks that the ends meet."""
    state = after_setup(3, 0, parallel_street="any_occupied", edition=edition)
    lay_lines(state, {0: [14, 20, 21], 1: [20, 21], 2: [26, 21, 27]})
    at_21 = {m for m in moves(state, 0) if m.startswith("line 21-")}
    assert at_21 - {"line 21-15", "line 21-33", "line 21-22"} == expected


def test_never_two_own_markers_on_a_street_but_crossing_is_fine() -> None:
    state = after_setup(3, 0)
    lay_lines(state, {0: [13, 14, 15, 21, 20]})
    assert "line 20-14" in moves(state, 0)  # touching its own line at 14 is allowed
    extend(state, 0, line(20, 14))
    assert state.line_nodes[0] == [13, 14, 15, 21, 20, 14]
    assert "line 14-15" not in moves(state, 0) and "line 14-13" not in moves(state, 0)
    assert "line 14-8" in moves(state, 0)
    extend(state, 0, line(14, 8))
    assert state.line_nodes[0][-2:] == [14, 8]  # the line crosses itself at 14


def test_a_loop_keeps_both_ends_and_marks_the_touching_one() -> None:
    state = after_setup(3, 0)
    lay_lines(state, {0: [14, 15, 21, 20]})
    extend(state, 0, line(20, 14))
    assert state.line_nodes[0] == [14, 15, 21, 20, 14]
    assert marked_ends(state.line_nodes[0]) == [14]
    both = moves(state, 0)
    assert both == {"line 14-8", "line 14-9", "line 14-13"}
    extend(state, 0, line(14, 13))
    assert marked_ends(state.line_nodes[0]) == [14]  # the other end still touches the loop
    assert {m.split()[1].split("-")[0] for m in moves(state, 0)} == {"13", "14"}


def test_line_marker_supply_of_25() -> None:
    state = after_setup(3, 0)
    lay_lines(state, {0: [8, 14, 15]})
    state.line_markers_left[0] = 0
    assert moves(state, 0) == set()


def test_line_expansion_is_carried_out_as_far_as_possible_then_skipped() -> None:
    state = after_setup(3, 0)
    a = state.start_player
    state.line_markers_left[a] = 1
    state.buses[a] = 2
    select(
        state,
        [
            "take line",
            "take clock",
            "take start",
            "take vrroomm",
            "take vrroomm",
            "take vrroomm",
            "pass",
            "pass",
            "pass",
        ],
    )
    if state.phase_name() == "line":
        state.apply(state.legal_actions()[0])
    assert [e.params["seat"] for e in events(state, "line_built")[-1:]] == [a]
    assert events(state, "nothing_possible")[0].params == {
        "seat": a,
        "area": "line",
        "left": 1,
        "reason": "no_line_markers",
    }
    assert state.line_markers_left[a] == 0


def test_extension_from_either_end_by_notation() -> None:
    state = after_setup(3, 0)
    a = state.start_player
    lay_lines(state, {a: [8, 14, 15]})
    state.buses[a] = 2
    select(
        state,
        [
            "take line",
            "take clock",
            "take start",
            "take vrroomm",
            "take vrroomm",
            "take vrroomm",
            "pass",
            "pass",
            "pass",
        ],
    )
    state.apply("line 8-7", seat=a)
    assert state.phase_name() == "line"
    state.apply("line 15-21", seat=a)
    assert state.line_nodes[a] == [7, 8, 14, 15, 21]
    assert [e.params["to"] for e in events(state, "line_built")[-2:]] == [7, 21]
