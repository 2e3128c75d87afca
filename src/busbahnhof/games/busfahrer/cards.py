"""The 52-card deck (Busfahrer: Überblick): cards are the ints 0..51.

``rank = card // 4`` runs from 0 (the 2) to 12 (the Ass); "Das Ass ist hoch".
``suit = card % 4`` is 0 Kreuz, 1 Pik, 2 Herz, 3 Karo; Herz and Karo are red.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...engine import InvalidOptionError

DECK_SIZE = 52
HEARTS = 2
"""Suits from Herz on (Herz, Karo) are red."""

RANK_SHORT = {
    "de": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "D", "K", "A"),
    "en": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"),
}
RANK_LONG = {
    "de": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "Bube", "Dame", "König", "Ass"),
    "en": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace"),
}
SUIT_NAMES = {
    "de": ("Kreuz", "Pik", "Herz", "Karo"),
    "en": ("clubs", "spades", "hearts", "diamonds"),
}
SUIT_SYMBOLS = ("♣", "♠", "♥", "♦")

OF_RANK = tuple(frozenset(range(4 * rank, 4 * rank + 4)) for rank in range(DECK_SIZE // 4))
"""The four cards of each rank: ``OF_RANK[rank].isdisjoint(hand)`` tests a hand without a Python loop."""

HIGHEST_NUMBER_RANK = 8
"""Rank index of the 10: ranks up to here are Zahlenkarten (2-10), above are B, D, K, A (Phase 3)."""


def card_name(card: int, lang: str) -> str:
    """ "Karo-9", "Pik-Dame" in German; "9 of diamonds", "queen of spades" in English."""
    rank, suit = card // 4, card % 4
    if lang == "de":
        return f"{SUIT_NAMES['de'][suit]}-{RANK_LONG['de'][rank]}"
    return f"{RANK_LONG['en'][rank]} of {SUIT_NAMES['en'][suit]}"


def card_label(card: int, lang: str) -> str:
    """A short label for boards: "♦9", "♠D" (German ranks B, D, K, A) or "♠Q"."""
    return f"{SUIT_SYMBOLS[card % 4]}{RANK_SHORT[lang][card // 4]}"


def check_cards(cards: Iterable[int], deck: int) -> list[int]:
    """``cards`` (the stacked order of the ``deck``-th shuffle) as a list of distinct cards 0..51.

    Raises:
        InvalidOptionError: an entry that is not a card, or a card that appears twice.
    """
    result = list(cards)
    for card in result:
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < DECK_SIZE:
            raise InvalidOptionError(
                f"deck {deck}: {card!r} is not a card (cards are the ints 0..51)",
                key="option.not_a_card",
                params={"deck": deck, "value": repr(card)},
            )
    if len(set(result)) != len(result):
        raise InvalidOptionError(f"deck {deck}: a card appears twice", key="option.card_twice", params={"deck": deck})
    return result


def make_card(rank_text: str, suit: int) -> int:
    """The card of a rank written "2".."10", "B"/"J", "D"/"Q", "K", "A" and a suit index."""
    text = rank_text.upper()
    for table in (RANK_SHORT["de"], RANK_SHORT["en"]):
        if text in table:
            return table.index(text) * 4 + suit
    raise ValueError(f"{rank_text!r} is not a rank; write 2..10, B, D, K, A (or J, Q)")
