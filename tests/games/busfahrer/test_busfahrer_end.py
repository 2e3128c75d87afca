"""Busfahrer, Spielende: fewest points win, ties share, matches add up; the simulation figures."""

from __future__ import annotations

from typing import Any

import pytest

from busbahnhof.engine import load_game
from busbahnhof.engine.contract import random_playout
from busbahnhof.games.busfahrer import BusfahrerState


def playouts(count: int, players: int = 4, **options: Any) -> list[BusfahrerState]:
    game = load_game("busfahrer", **options)
    states = [random_playout(game, players, seed) for seed in range(count)]
    assert all(isinstance(state, BusfahrerState) for state in states)
    return states  # type: ignore[return-value]


def test_fewest_points_win_and_ties_share() -> None:
    """Wer die wenigsten Strafpunkte hat, gewinnt (bei Gleichstand gewinnen beide)."""
    shared = 0
    for state in playouts(60):
        outcome = state.outcome()
        assert outcome.lower_is_better
        assert list(outcome.points) == state.total_points()
        assert outcome.winners == tuple(s for s, p in enumerate(outcome.points) if p == min(outcome.points))
        shared += len(outcome.winners) > 1
        if len(outcome.winners) > 1:
            assert outcome.payoff(outcome.winners[0]) == 1 / len(outcome.winners)
    assert shared > 0


def test_a_match_adds_up_the_games_and_the_deal_rotates() -> None:
    """Ihr könnt mehrere Partien hintereinander spielen und die Punkte zusammenzählen."""
    for state in playouts(10, players=3, games=3):
        starts = [e.params for e in state.log if e.key == "game_started"]
        assert [(p["number"], p["seat"]) for p in starts] == [(1, 2), (2, 0), (3, 1)]
        assert state.q_asked == [9, 9, 9, 9]
        assert sum(state.driver_count) == 3
        assert sum(state.total_points()) == sum(
            e.params["points"] for e in state.log if e.key in ("answered_wrong", "gave", "ride_penalty")
        )


def test_each_game_of_a_match_starts_with_the_seat_left_of_its_dealer() -> None:
    state = load_game("busfahrer", games=2).new_state(4, 1)
    assert isinstance(state, BusfahrerState)
    while state.game_no == 0:
        state.apply(state.legal_actions()[0])
    assert state.dealer == 0 and state.to_move == 1 and state.phase_name == "questions"
    assert all(len(hand) == 0 for hand in state.hands)


@pytest.mark.parametrize("options", [{}, {"driver_tie": "all_ride", "games": 2}])
def test_summary_counts_driver_ties(options: dict[str, Any]) -> None:
    """Several players with the most cards left: a tie, settled by ``driver_tie`` (all of them ride with all_ride)."""
    game = load_game("busfahrer", **options)
    ties_seen = 0
    for state in playouts(40, **options):
        summary = game.summarize(state)
        ties = [e.params["count"] for e in state.log if e.key == "driver_tie"]
        assert summary["driver"] == {"ties": len(ties)} and len(ties) <= state.games
        extra_drivers = sum(count - 1 for count in ties) if options.get("driver_tie") == "all_ride" else 0
        assert sum(figures["driver"] for figures in summary["seats"]) == state.games + extra_drivers
        ties_seen += len(ties)
    assert ties_seen > 0, "40 random games include a tie for the Busfahrer"


@pytest.mark.parametrize("options", [{}, {"rising_penalties": True, "games": 2}, {"ride": "american"}])
def test_summary_has_the_agreed_shape_and_adds_up(options: dict[str, Any]) -> None:
    game = load_game("busfahrer", **options)
    for state in playouts(20, **options):
        summary = game.summarize(state)
        assert set(summary) == {"seats", "questions", "driver", "ride"}
        for seat, figures in enumerate(summary["seats"]):
            assert set(figures) == {
                "points",
                "points_questions",
                "points_pyramid",
                "points_ride",
                "driver",
                "cards_laid",
            }
            phases = figures["points_questions"] + figures["points_pyramid"] + figures["points_ride"]
            assert figures["points"] == phases == state.total_points()[seat]
            laid = sum(1 for e in state.log if e.key == "laid" and e.params["seat"] == seat)
            assert figures["cards_laid"] == laid
        assert set(summary["questions"]) == {"q1", "q2", "q3", "q4"}
        games = state.games
        for key, counts in summary["questions"].items():
            assert counts["asked"] == 4 * games
            assert 0 <= counts["right"] <= counts["asked"], key
        right = sum(1 for e in state.log if e.key == "answered_right")
        american_right = right - sum(c["right"] for c in summary["questions"].values())
        assert american_right >= 0 and (american_right == 0 or options.get("ride") == "american")
        ride = summary["ride"]
        assert set(ride) == {"attempts", "cards_turned", "points", "pile_ran_out", "completed"}
        assert ride["pile_ran_out"] + ride["completed"] == games
        assert ride["points"] == sum(e.params["points"] for e in state.log if e.key == "ride_penalty")
        answers = sum(1 for e in state.log if e.key in ("answered_right", "answered_wrong"))
        turned = sum(1 for e in state.log if e.key == "ride_turned")
        assert ride["cards_turned"] == turned + answers - 4 * state.players * games
