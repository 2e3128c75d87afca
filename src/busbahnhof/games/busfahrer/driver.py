"""Busfahrer, Phase 2, end: who becomes the Busfahrer.

"Ist die Spitze aufgedeckt, wird Busfahrer, wer die meisten Karten übrig hat. Haben mehrere
gleich viele, fährt der mit der niedrigsten Karte; ist auch das gleich, zieht jeder von ihnen
eine Karte, und die niedrigste fährt."  Option ``driver_tie`` selects the other published rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import DECK_SIZE

if TYPE_CHECKING:
    from .state import BusfahrerState

TIE_LOWEST, TIE_HIGHEST, TIE_LOT, TIE_ALL_RIDE = range(4)
TIE_RULES = {"lowest_card": TIE_LOWEST, "highest_card": TIE_HIGHEST, "lot": TIE_LOT, "all_ride": TIE_ALL_RIDE}


def choose_driver(state: BusfahrerState) -> None:
    """Set ``state.drivers`` (one seat, or every tied seat with ``driver_tie="all_ride"``)."""
    players = state.players
    order = [(state.dealer + 1 + i) % players for i in range(players)]
    hands = state.hands
    most = max(len(hand) for hand in hands)
    tied = [seat for seat in order if len(hands[seat]) == most]
    if len(tied) > 1:
        if state.keeps_log:
            state.emit("driver_tie", left=most, count=len(tied))
        rule = state.tie_rule
        if rule == TIE_LOT:
            tied = [tied[state.rng.below(len(tied))]]
            if state.keeps_log:
                state.emit("driver_lot", seat=tied[0])
        elif rule in (TIE_LOWEST, TIE_HIGHEST):
            tied = _settle_by_cards(state, tied, most, lowest=rule == TIE_LOWEST)
    state.drivers = tied
    for seat in tied:
        state.driver_count[seat] += 1
        if state.keeps_log:
            state.emit("driver", seat=seat)


def _settle_by_cards(state: BusfahrerState, tied: list[int], most: int, *, lowest: bool) -> list[int]:
    """The tied player with the lowest (highest) card rides; if that is level too, they draw until one is lowest.

    Players without cards have no lowest card and go straight to drawing (ruling R7).
    """
    pick = min if lowest else max
    if most > 0:
        key = "tie_low_card" if lowest else "tie_high_card"
        values = {}
        for seat in tied:
            card = pick(state.hands[seat], key=_rank)
            values[seat] = card // 4
            if state.keeps_log:
                state.emit(key, seat=seat, card=card)
        best = pick(values.values())
        tied = [seat for seat in tied if values[seat] == best]
    while len(tied) > 1:
        draws: list[int] = []
        for _ in tied:
            draws.append(_draw(state, draws))
        state.tie_draws.append(draws)
        if state.keeps_log:
            for seat, card in zip(tied, draws, strict=True):
                state.emit("tie_draw", seat=seat, card=card)
        best = pick(card // 4 for card in draws)
        tied = [seat for seat, card in zip(tied, draws, strict=True) if card // 4 == best]
    return tied


def _rank(card: int) -> int:
    return card // 4


def _draw(state: BusfahrerState, drawn_now: list[int]) -> int:
    """The top card of the rest of the deck; if none is left, every card not in a hand and not drawn in
    this round (the pyramid, the laid and earlier drawn cards) is gathered and shuffled into a new one."""
    if not state.deck:
        out = {card for hand in state.hands for card in hand}
        out.update(drawn_now)
        stock = [card for card in range(DECK_SIZE) if card not in out]
        state.rng.shuffled(stock)
        state.deck = stock
        state.pyramid = []
        state.laid = []
        state.turned = 0
        if state.keeps_log:
            state.emit("tie_reshuffle", count=len(stock))
    return state.deck.pop()
