"""Busfahrer, end of Phase 2: who becomes the Busfahrer (and the option ``driver_tie``)."""

from __future__ import annotations

from typing import Any

import pytest
from busfahrer_helpers import (
    CARLA,
    NO_MATCH_PYRAMID,
    TIE_HANDS,
    anna_ben_carla,
    at_the_ride,
    card,
    cards,
    first_deck,
    play_first_legal_until,
    ride_deck,
    stacked,
)

from busbahnhof.games.busfahrer import BusfahrerState


def driven(
    hands: tuple[tuple[str, ...], ...], pyramid_cards: tuple[str, ...], draws: tuple[str, ...] = (), **options: Any
) -> BusfahrerState:
    state = stacked(len(hands), [first_deck(hands, pyramid_cards) + cards(*draws)], **options)
    play_first_legal_until(state, "ride")
    return state


def test_most_cards_left_drives() -> None:
    """Ist die Spitze aufgedeckt, wird Busfahrer, wer die meisten Karten übrig hat."""
    state = anna_ben_carla()
    play_first_legal_until(state, "ride")
    assert state.cards_left == [0, 3, 4]
    assert state.hands == [[], [], []]  # "Sammelt alle Karten ein"
    assert state.drivers == [CARLA]
    assert state.driver_count == [0, 0, 1]


def test_tie_lowest_card_drives() -> None:
    """Haben mehrere gleich viele, fährt der mit der niedrigsten Karte."""
    hands = (("Kreuz-3", "Kreuz-5", "Kreuz-9", "Kreuz-A"), ("Herz-4", "Herz-K", "Herz-A", "Pik-2"))
    state = driven(hands, NO_MATCH_PYRAMID)
    assert state.drivers == [1]
    assert not state.tie_draws


@pytest.mark.parametrize(
    ("last_cards", "driver"), [(("Kreuz-9", "Herz-10"), 0), (("Kreuz-B", "Herz-10"), 1), (("Kreuz-Ass", "Herz-8"), 1)]
)
def test_a_tie_with_one_card_each_is_settled_by_that_card(last_cards: tuple[str, str], driver: int) -> None:
    """Both players laid three cards and keep one: the lower single card drives, nobody draws."""
    hands = (
        ("Kreuz-2", "Kreuz-3", "Kreuz-4", last_cards[0]),
        ("Herz-5", "Herz-6", "Herz-7", last_cards[1]),
    )
    pyramid_cards = (
        "Pik-2",
        "Pik-3",
        "Pik-4",
        "Pik-5",
        "Pik-6",
        "Pik-7",
        "Pik-Dame",
        "Karo-Dame",
        "Pik-König",
        "Karo-König",
    )
    state = driven(hands, pyramid_cards)
    assert state.cards_left == [1, 1]
    assert state.drivers == [driver]
    assert not state.tie_draws
    shown = [(e.params["seat"], e.params["card"]) for e in state.log if e.key == "tie_low_card"]
    assert shown == [(0, card(last_cards[0])), (1, card(last_cards[1]))]  # the log says why


def test_tie_lowest_card_level_too_then_draws_until_one_is_lowest() -> None:
    """... ist auch das gleich, zieht jeder von ihnen eine Karte, und die niedrigste fährt."""
    hands = (("Kreuz-2", "Kreuz-5", "Kreuz-9", "Kreuz-A"), ("Pik-2", "Herz-K", "Herz-A", "Pik-6"))
    draws = ("Kreuz-K", "Pik-K", "Herz-5", "Herz-3")  # first draw level, second: seat 1 lower
    state = driven(hands, NO_MATCH_PYRAMID, draws)
    assert state.tie_draws == [cards("Kreuz-K", "Pik-K"), cards("Herz-5", "Herz-3")]
    assert state.drivers == [1]
    assert [e.key for e in state.log if e.key.startswith(("driver", "tie"))] == [
        "driver_tie",
        "tie_low_card",
        "tie_low_card",
        "tie_draw",
        "tie_draw",
        "tie_draw",
        "tie_draw",
        "driver",
    ]


def test_tied_without_cards_draw_at_once() -> None:
    """Ruling R7: players who laid every card have no lowest card; they draw."""
    hands = (("Kreuz-2", "Kreuz-3", "Kreuz-4", "Kreuz-5"), ("Herz-6", "Herz-7", "Herz-8", "Herz-9"))
    pyramid = ("Pik-2", "Pik-3", "Pik-4", "Pik-5", "Pik-6", "Pik-7", "Pik-8", "Pik-9", "Pik-10", "Pik-B")
    state = driven(hands, pyramid, ("Karo-9", "Karo-4"), laying="mandatory")
    assert state.cards_left == [0, 0]
    assert state.tie_draws == [cards("Karo-9", "Karo-4")]
    assert state.drivers == [1]


def test_tie_highest_card_option() -> None:
    hands = TIE_HANDS
    assert driven(hands, NO_MATCH_PYRAMID, driver_tie="highest_card").drivers == [0]
    assert driven(hands, NO_MATCH_PYRAMID, driver_tie="lowest_card").drivers == [1]


def test_tie_lot_option_picks_one_of_the_tied() -> None:
    hands = TIE_HANDS
    picked = {driven(hands, NO_MATCH_PYRAMID, driver_tie="lot", seed=seed).drivers[0] for seed in range(12)}
    assert picked == {0, 1}


def test_tie_all_ride_option_every_tied_player_rides_and_pays() -> None:
    # the Spitze is an Ass: 1 point for each rider; its replacement is a number card
    state = at_the_ride(ride_deck({0: "Herz-A"}, ["Kreuz-2"]), driver_tie="all_ride")
    assert state.drivers == [0, 1]
    assert state.ride_row == 1
    forced = [e.params["seat"] for e in state.log if e.key == "forced" and e.params["action"] == "turn 1"]
    assert forced[-2:] == [0, 1] and state.to_move == 0  # the tied players turn cards in turn
    assert state.points[2] == [1, 1]
    assert state.driver_count == [1, 1]


def test_tie_draws_reshuffle_when_the_rest_of_the_deck_runs_out() -> None:
    """Ruling R7: 8 players, a 15-card pyramid: 5 cards are left for drawing; four players are level on a 2."""
    suits = ("Kreuz", "Pik", "Herz", "Karo")
    others = [f"{suit}-{rank}" for rank in range(3, 10) for suit in suits]
    hands = [(f"{suits[seat]}-2", *others[3 * seat : 3 * seat + 3]) for seat in range(4)]
    hands += [tuple(others[12 + 4 * i : 16 + 4 * i]) for i in range(4)]
    high = [f"{suit}-{rank}" for rank in ("10", "B", "D", "A") for suit in suits]
    pyramid, leftover = tuple(high[:15]), high[15]
    kings = tuple(f"{suit}-K" for suit in suits)
    state = driven(tuple(hands), pyramid, (*kings, leftover), pyramid="5-4-3-2-1")
    assert state.tie_draws[0] == cards(*kings)
    assert state.tie_draws[1][0] == cards(leftover)[0]
    assert any(e.key == "tie_reshuffle" for e in state.log)
    assert all(len(set(draws)) == len(draws) for draws in state.tie_draws)
    assert len(state.drivers) == 1 and state.drivers[0] in (0, 1, 2, 3)
