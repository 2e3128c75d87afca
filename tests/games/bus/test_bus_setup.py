"""Bus: Aufbau -- start buildings, first lines in snake order, passengers, time stones, buses."""

from __future__ import annotations

import pytest
from bus_helpers import after_setup, events, legal_texts, new_game, play, seat_after

from busbahnhof.engine import IllegalActionError


@pytest.mark.parametrize(
    ("players", "edition", "stones"),
    [(3, "complete", 4), (4, "complete", 5), (5, "complete", 5), (3, "1999", 3), (4, "1999", 4), (5, "1999", 5)],
)
def test_time_stones(players: int, edition: str, stones: int) -> None:
    """Complete Edition: 5 stones, 4 with three players; 1999: one per player."""
    assert new_game(players, 1, edition=edition).stones_left == stones


@pytest.mark.parametrize("edition", ["complete", "1999"])
def test_initial_material(edition: str) -> None:
    """CE: 5 buses (one on the bus area), 20 action markers, 25 line markers, 4 passengers at the
    start intersections; 1999: 21 cubes, one of them the first bus, so also 20 actions."""
    state = new_game(4, 3, edition=edition)
    assert state.buses == [1, 1, 1, 1]
    assert state.markers == [20] * 4
    assert state.line_markers_left == [25] * 4
    assert state.clock == 0  # the hand on the house
    assert [state.standing[node] for node in (14, 15, 20, 21)] == [1, 1, 1, 1]
    assert sum(state.standing) == 4
    assert state.supply == 11
    assert events(state, "start_player_drawn")[0].params["seat"] == state.start_player


def test_start_buildings_two_each_in_player_order_on_zone_one() -> None:
    state = new_game(5, 2)
    order = [seat_after(state, k) for k in range(5)]
    for seat in order:
        for _ in range(2):
            assert state.to_move == seat
            assert all(text.startswith("build ") for text in legal_texts(state))
            lots = {int(text.split()[1]) for text in legal_texts(state)}
            assert {state.board.lot_zone[lot] for lot in lots} == {1}
            play(state, legal_texts(state)[-1])
    assert sum(1 for kind in state.building if kind >= 0) == 10
    assert state.phase_name() == "setup_first_line"


def test_start_building_type_is_free() -> None:
    state = new_game(3, 0)
    kinds = {text.split()[2] for text in legal_texts(state)}
    assert kinds == {"house", "office", "pub"}


def test_first_lines_snake_order() -> None:
    """First street anywhere in player order, second attached, in reverse order."""
    state = new_game(3, 4)
    while state.phase_name() == "setup_buildings":
        play(state, legal_texts(state)[0])
    order = [seat_after(state, k) for k in range(3)]
    firsts = {order[0]: "line 14-15", order[1]: "line 33-34", order[2]: "line 0-1"}
    for seat in order:
        assert state.to_move == seat
        assert len(state.legal_actions()) == 70
        play(state, firsts[seat])
    for seat in reversed(order):
        assert state.to_move == seat
        assert state.phase_name() == "setup_second_line"
        ends = set(state.line_nodes[seat])
        assert all(int(text.split()[1].split("-")[0]) in ends for text in legal_texts(state))
        play(state, legal_texts(state)[0])
    assert state.round == 1
    assert state.to_move == state.start_player
    assert all(len(streets) == 2 for streets in state.line_streets)


def test_first_street_may_be_taken_twice_only_by_others() -> None:
    """'eine beliebige Straße': the first marker may share a street with another line."""
    state = new_game(3, 4)
    while state.phase_name() == "setup_buildings":
        play(state, legal_texts(state)[0])
    play(state, "line 14-15")
    assert "line 14-15" in legal_texts(state)
    play(state, "line 14-15")
    assert len(state.street_players[state.board.street_between[(14, 15)]]) == 2


def test_second_street_follows_the_line_rules() -> None:
    """The second street attaches at an end by the normal rules: free streets, plus running
    alongside a line that ends at the same intersection from another direction."""
    state = new_game(3, 4)
    while state.phase_name() == "setup_buildings":
        play(state, legal_texts(state)[0])
    play(state, "line 14-15", "line 33-34", "line 15-21")
    assert state.to_move == seat_after(state, 2)
    assert sorted(legal_texts(state)) == sorted(
        ["line 21-20", "line 21-22", "line 21-26", "line 21-27", "line 21-33", "line 15-16", "line 15-14"]
    )
    play(state, "line 15-14")
    assert state.to_move == seat_after(state, 1)
    # a line grows only from its own ends
    assert "line 34-35" in legal_texts(state)
    with pytest.raises(IllegalActionError, match="Linienausbau"):
        play(state, "line 14-13")


def test_setup_ends_in_round_one_selection() -> None:
    state = after_setup(4, 7)
    assert state.phase_name() == "selection"
    assert state.round == 1
    assert state.markers_per_round == [0]
