"""Busfahrer: Überblick and Vorbereitung (players, deck, dealer, options), stacked decks, hidden information."""

from __future__ import annotations

import pytest
from busfahrer_helpers import anna_ben_carla, cards, stacked

from busbahnhof.engine import InvalidOptionError, Rng, load_game
from busbahnhof.games.busfahrer import Busfahrer, BusfahrerState


@pytest.mark.parametrize("players", [2, 5, 8])
def test_all_52_cards_are_in_play_and_every_player_starts_with_zero(players: int) -> None:
    state = load_game("busfahrer").new_state(players, 11)
    assert isinstance(state, BusfahrerState)
    assert sorted(state.deck) == list(range(52))
    assert state.total_points() == [0] * players


@pytest.mark.parametrize("players", [0, 1, 9])
def test_two_to_eight_players(players: int) -> None:
    with pytest.raises(InvalidOptionError, match="2 to 8"):
        load_game("busfahrer").new_state(players, 0)


def test_the_last_seat_deals_first_so_seat_0_answers_first() -> None:
    """Ruling R1: the dealer of the first game is the last seat; he plays along and answers last."""
    state = load_game("busfahrer").new_state(5, 0)
    assert isinstance(state, BusfahrerState)
    assert state.dealer == 4 and state.to_move == 0


@pytest.mark.parametrize(
    "options",
    [{"pyramid": "3-2-1"}, {"laying": "sometimes"}, {"games": 0}, {"driver_tie": "coin"}, {"jokers": True}],
)
def test_unknown_or_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(InvalidOptionError):
        load_game("busfahrer", **options)


def test_every_preset_is_a_valid_option_set() -> None:
    for name, options in Busfahrer.presets.items():
        assert load_game("busfahrer", **options).option_dict(), name


def test_stacked_deck_deals_the_named_cards_first_and_shuffles_the_rest() -> None:
    top = cards("Karo-9", "Pik-2", "Herz-Ass")
    state = stacked(2, [top], seed=4)
    assert state.deck[-3:] == top[::-1]
    assert sorted(state.deck) == list(range(52))
    assert stacked(2, [top], seed=4).deck == state.deck
    assert stacked(2, [top], seed=5).deck != state.deck


@pytest.mark.parametrize("deck", [[3, 3], [52], [-1], ["Karo-9"]])
def test_stacked_deck_must_name_distinct_cards(deck: list[object]) -> None:
    game = load_game("busfahrer")
    assert isinstance(game, Busfahrer)
    with pytest.raises(InvalidOptionError, match="deck 1"):
        game.new_state_with_decks(2, 0, [deck])  # type: ignore[list-item]


def test_hands_are_open_to_everyone_face_down_cards_to_nobody() -> None:
    """Deine Karten bleiben offen vor dir liegen; the pyramid and the deck are face down."""
    state = anna_ben_carla()
    views = [state.view(seat)["state"] for seat in (None, 0, 1, 2)]
    assert all(view == views[0] for view in views)
    assert views[0]["hands"] == state.hands
    pyramid = views[0]["pyramid"]["cards"]
    assert pyramid[: state.turned] == state.pyramid[: state.turned]
    assert pyramid[state.turned :] == [None] * (10 - state.turned)
    assert "deck" not in str(views[0]["ride"])


def test_determinize_reshuffles_exactly_the_unseen_cards() -> None:
    state = anna_ben_carla()
    twin = state.determinize(0, Rng(1))
    assert twin.hands == state.hands and twin.laid == state.laid
    assert twin.pyramid[: state.turned] == state.pyramid[: state.turned]
    unseen = state.pyramid[state.turned :] + state.deck
    twin_unseen = twin.pyramid[state.turned :] + twin.deck
    assert sorted(twin_unseen) == sorted(unseen) and twin_unseen != unseen
    assert twin.view(0) == state.view(0)


def test_determinize_in_the_ride_keeps_face_up_and_removed_cards() -> None:
    state = load_game("busfahrer").new_state(3, 8)
    assert isinstance(state, BusfahrerState)
    while state.phase_name != "ride" or not state.discard:
        state.apply(state.legal_actions()[0])
    twin = state.determinize(1, Rng(2))
    assert twin.discard == state.discard
    assert [twin.diamond[p] for p in state.face_up] == [state.diamond[p] for p in state.face_up]
    assert sorted(twin.diamond + twin.pile) == sorted(state.diamond + state.pile)
    assert twin.diamond + twin.pile != state.diamond + state.pile
    assert twin.view(1) == state.view(1)


def test_karten_zaehlen_with_the_american_ride_is_refused_before_dealing() -> None:
    """Option karten_zaehlen prices picture cards of the diamond; the American ride has no diamond (ruling R15)."""
    game = load_game("busfahrer", karten_zaehlen=True, ride="american")
    with pytest.raises(InvalidOptionError, match="Karten zählen"):
        game.new_state(3, 0)
