"""The view shows the odds of each answer of the seat to move, counted from the visible cards only
(Phase 1 and the American ride); the web table prints them beside the answers."""

from __future__ import annotations

from typing import Any

from busfahrer_helpers import at_the_ride, cards, first_deck, stacked


def odds_of(view: dict[str, Any]) -> dict[str, tuple[int, int]]:
    return {entry["action"]: (entry["right"], entry["of"]) for entry in view["state"]["odds"]}


def test_the_first_question_counts_the_open_cards_for_every_seat_alike() -> None:
    """Frage 1: before any card is seen, 26 of 52 are red; after seat 0's black card, 26 of 51."""
    state = stacked(2, [cards("Pik-2")])
    assert odds_of(state.view(0)) == {"guess red": (26, 52), "guess black": (26, 52)}
    state.apply("guess black")
    assert odds_of(state.view(1)) == {"guess red": (26, 51), "guess black": (25, 51)}
    views = [state.view(seat)["state"]["odds"] for seat in (0, 1, None)]
    assert views[0] == views[1] == views[2], "hands are open (R13): every seat sees the same odds"


def test_higher_or_lower_and_inside_follow_the_rules_equal_ranks() -> None:
    """Frage 2: equal rank is wrong; Frage 3: equal rank counts as inside (R16 for a pair)."""
    hands = [("Kreuz-7", "Pik-7", "Karo-2", "Karo-3"), ("Herz-2", "Herz-3", "Herz-4", "Herz-5")]
    state = stacked(2, [first_deck(hands)])
    state.apply("guess red")
    state.apply("guess red")
    # Seen: Kreuz-7, Herz-2 -> 50 unseen; higher than a 7: 7 ranks x 4 = 28; lower: 5 ranks x 4 - 1 (Herz-2) = 19.
    assert odds_of(state.view(0)) == {"guess higher": (28, 50), "guess lower": (19, 50)}
    state.apply("guess higher")
    state.apply("guess higher")
    # Two 7s: only the other two 7s are inside (R16), of 48 unseen cards.
    assert odds_of(state.view(0)) == {"guess inside": (2, 48), "guess outside": (46, 48)}


def test_no_odds_outside_the_questions() -> None:
    state = at_the_ride(cards("Herz-5"))
    assert state.phase_name == "ride"
    assert state.view(1)["state"]["odds"] is None


def test_the_american_ride_counts_the_attempts_cards_and_the_removed_ones() -> None:
    state = at_the_ride(cards("Herz-5", "Pik-3", "Herz-König"), ride="american")
    assert odds_of(state.view(1)) == {"guess red": (26, 52), "guess black": (26, 52)}
    state.apply("guess red")  # Herz-5: right
    assert odds_of(state.view(1)) == {"guess higher": (36, 51), "guess lower": (12, 51)}
