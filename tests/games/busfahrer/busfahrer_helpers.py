"""Helpers for the Busfahrer tests: cards by their German names, stacked deals, driving play forward."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from busbahnhof.engine import load_game
from busbahnhof.games.busfahrer import BusfahrerState
from busbahnhof.games.busfahrer.cards import SUIT_NAMES, make_card

LONG_RANKS = {"Bube": "B", "Dame": "D", "König": "K", "Ass": "A"}


def card(name: str) -> int:
    """The card called e.g. "Karo-9", "Pik-Dame", "Herz-K"."""
    suit, rank = name.split("-")
    return make_card(LONG_RANKS.get(rank, rank), SUIT_NAMES["de"].index(suit))


def cards(*names: str) -> list[int]:
    """Several cards by name."""
    return [card(name) for name in names]


def first_deck(hands: Sequence[Sequence[str]], pyramid: Sequence[str] = (), dealer: int | None = None) -> list[int]:
    """The top of the deck that deals ``hands`` (card r of each seat in round r) and then the pyramid."""
    players = len(hands)
    dealer = players - 1 if dealer is None else dealer
    order = []
    for round_ in range(4):
        for index in range(players):
            order.append(card(hands[(dealer + 1 + index) % players][round_]))
    return order + cards(*pyramid)


def stacked(players: int, decks: Sequence[Sequence[int]], seed: int = 0, **options: Any) -> BusfahrerState:
    """A new game of ``players`` with the given deck orders (see ``new_state_with_decks``)."""
    game = load_game("busfahrer", **options)
    return game.new_state_with_decks(players, seed, decks)  # type: ignore[attr-defined, no-any-return]


def answer_questions(state: BusfahrerState) -> None:
    """Play Phase 1 with the first legal answer (and the first legal distribution)."""
    while state.phase_name in ("questions", "giving") and not state.pyramid:
        state.apply(state.legal_actions()[0])


def play_first_legal_until(state: BusfahrerState, phase: str) -> None:
    """Apply the first legal action until the game reaches ``phase`` (or ends)."""
    while not state.is_over and state.phase_name != phase:
        state.apply(state.legal_actions()[0])


ANNA, BEN, CARLA = 0, 1, 2
ABC_HANDS = (
    ("Kreuz-2", "Kreuz-3", "Kreuz-4", "Kreuz-5"),
    ("Herz-7", "Herz-6", "Karo-6", "Kreuz-8"),
    ("Herz-Ass", "Karo-Ass", "Kreuz-Ass", "Pik-Ass"),
)
ABC_PYRAMID = ("Pik-2", "Pik-3", "Pik-4", "Pik-5", "Pik-9", "Pik-10", "Pik-Bube", "Karo-7", "Pik-Dame", "Pik-König")
"""Anna matches the whole bottom row, Ben's Herz-7 matches the first card of the 3rd row, Carla nothing."""


def anna_ben_carla(ride: Sequence[int] = (), **options: Any) -> BusfahrerState:
    """Anna (seat 0), Ben (1) and Carla (2, the dealer) after Phase 1, the pyramid being turned."""
    state = stacked(3, [first_deck(ABC_HANDS, ABC_PYRAMID), ride], **options)
    answer_questions(state)
    return state


NUMBER_FILL = tuple(
    f"{suit}-{rank}"
    for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10")
    for suit in ("Kreuz", "Pik", "Herz", "Karo")
)


def ride_deck(diamond: dict[int, str], pile: Sequence[str] = ()) -> list[int]:
    """The top of the Phase 3 deck: the named diamond positions (0 = Spitze, rows in order), number cards
    elsewhere, then the draw pile from the top."""
    used = set(diamond.values()) | set(pile)
    fill = iter(name for name in NUMBER_FILL if name not in used)
    names = [diamond[pos] if pos in diamond else next(fill) for pos in range(16)]
    return cards(*names, *pile)


TIE_HANDS = (("Kreuz-3", "Kreuz-5", "Kreuz-9", "Kreuz-A"), ("Herz-4", "Herz-K", "Herz-7", "Pik-2"))
NO_MATCH_PYRAMID = (
    "Karo-10",
    "Herz-10",
    "Pik-10",
    "Kreuz-10",
    "Karo-B",
    "Herz-B",
    "Pik-B",
    "Kreuz-B",
    "Karo-D",
    "Herz-D",
)
"""Two players with four cards each; seat 1 holds the lowest card (Pik-2) and drives; no card matches the pyramid."""


def at_the_ride(deck: Sequence[int], **options: Any) -> BusfahrerState:
    """Seat 1 of two is the Busfahrer; ``deck`` is the top of the diamond and pile (or the American pile)."""
    state = stacked(2, [first_deck(TIE_HANDS, NO_MATCH_PYRAMID), deck], **options)
    play_first_legal_until(state, "ride" if options.get("ride", "diamond") == "diamond" else "american")
    return state


def laid_by(state: BusfahrerState, seat: int) -> list[int]:
    """The cards ``seat`` has laid on the pyramid, from the public log."""
    return [e.params["card"] for e in state.log if e.key == "laid" and e.params["seat"] == seat]
