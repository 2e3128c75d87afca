"""Where the cards are, what every seat knows of it, and a state resampled from that knowledge.

All hands are open and every seat sees the same table, so knowledge does not depend on the
seat.  Face-down cards (the undealt deck, the pyramid's unturned cards, the diamond's face-down
cards, the draw pile) are unknown, but not all alike: with ``empty_pile="reshuffle"`` the removed
cards, which everybody saw, are shuffled under the pile, so a card later dealt from them into the
diamond is one of those.  ``pool`` (per card) says which shuffle put a face-down card where it is
(0 the deal, ``k`` the ``k``-th reshuffle of the ride); a hidden card may only be one of the hidden
cards of its pool.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from .phases import AMERICAN, OVER, RIDE

if TYPE_CHECKING:
    from ...engine import Rng
    from .state import BusfahrerState


def card_places(state: BusfahrerState) -> dict[str, list[int]]:
    """Every place that holds cards: hands, pyramid, laid cards, deck, diamond, pile, removed cards, streak."""
    places = {f"hand {seat}": list(hand) for seat, hand in enumerate(state.hands)}
    places.update({f"laid {position}": list(cards) for position, cards in enumerate(state.laid)})
    places.update(
        pyramid=list(state.pyramid),
        deck=list(state.deck),
        diamond=list(state.diamond),
        pile=list(state.pile),
        discard=list(state.discard),
        streak=list(state.streak),
    )
    return places


def _is_face_up(state: BusfahrerState, place: str, index: int) -> bool:
    """Face up on the table, or gone there face up (removed cards, streak, laid cards, open hands)."""
    if place == "pyramid":
        return index < state.turned
    if place == "diamond":
        return index in state.face_up
    return place not in ("deck", "pile")


def known_places(state: BusfahrerState) -> dict[str, list[Hashable | frozenset[Hashable] | None]]:
    """Every face-up card exactly; a face-down one as the face-down cards of its pool."""
    places = card_places(state)
    hidden: dict[int, set[int]] = {}
    for place, cards in places.items():
        for index, card in enumerate(cards):
            if not _is_face_up(state, place, index):
                hidden.setdefault(state.pool[card], set()).add(card)
    pools = {key: frozenset[Hashable](cards) for key, cards in hidden.items()}
    return {
        place: [
            card if _is_face_up(state, place, index) else pools[state.pool[card]] for index, card in enumerate(cards)
        ]
        for place, cards in places.items()
    }


def resample(state: BusfahrerState, rng: Rng) -> None:
    """Exchange every face-down card with a random face-down card of its pool (sorted first, so that
    states that look the same resample alike)."""
    if state.phase == OVER:
        return
    if state.phase in (RIDE, AMERICAN):
        resample_slots(state, rng, face_down_slots(state))
    else:
        resample_deal(state, rng)


def face_down_slots(state: BusfahrerState) -> list[tuple[list[int], int]]:
    """Every face-down slot as (place, index), in the order :func:`resample` deals them: the
    diamond's face-down cards (in the ride) or the unturned pyramid cards, then the pile, then the deck."""
    if state.phase in (RIDE, AMERICAN):
        up = set(state.face_up)
        slots = [(state.diamond, pos) for pos in range(len(state.diamond)) if pos not in up]
    else:
        slots = [(state.pyramid, pos) for pos in range(state.turned, len(state.pyramid))]
    slots.extend((state.pile, index) for index in range(len(state.pile)))
    slots.extend((state.deck, index) for index in range(len(state.deck)))
    return slots


def resample_slots(state: BusfahrerState, rng: Rng, slots: list[tuple[list[int], int]]) -> None:
    """Deal the cards of ``slots`` anew, each among the cards of its pool: every pool sorted and
    shuffled (in the order of the pools), then dealt from its end in slot order."""
    pool = state.pool
    pools: dict[int, list[int]] = {}
    keys = []  # each slot's pool, computed once: search resamples for every iteration
    for place, index in slots:
        card = place[index]
        key = pool[card]
        keys.append(key)
        cards = pools.get(key)
        if cards is None:
            pools[key] = [card]
        else:
            cards.append(card)
    for key in sorted(pools):
        pools[key].sort()
        rng.shuffled(pools[key])
    for (place, index), key in zip(slots, keys, strict=True):
        place[index] = pools[key].pop()


def resample_deal(state: BusfahrerState, rng: Rng) -> None:
    """:func:`resample_slots` of every face-down slot before the ride, where all of them (the
    unturned pyramid cards, the deck; the pile is empty) are of the deal's one pool (``pool`` is
    reset with each deal and changed only by the ride's reshuffles), by slices: the cards sorted
    and shuffled as one pool, then dealt from its end, the pyramid first."""
    pyramid, deck, turned = state.pyramid, state.deck, state.turned
    cards = pyramid[turned:] + deck
    cards.sort()
    rng.shuffled(cards)
    cards.reverse()
    split = len(pyramid) - turned
    pyramid[turned:] = cards[:split]
    deck[:] = cards[split:]
