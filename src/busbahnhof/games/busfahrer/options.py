"""Rule options of Busfahrer: the document's variants and the readings of what it leaves open.

Every option is documented in ``docs/rulings/busfahrer.md`` and ``docs/games/busfahrer.md``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...engine import InvalidOptionError, Options
from .cards import DECK_SIZE

PYRAMID_ROWS = {"4-3-2-1": 4, "5-4-3-2-1": 5, "6-5-4-3-2-1": 6}
POINTS_FACTOR = {"1-2-3-4": 1, "2-4-6-8": 2}
CARDS_PER_HAND = 4


class BusfahrerOptions(Options):
    """Rule options; the defaults are the document's own rules.

    Attributes:
        pyramid: rows of the pyramid ("Varianten: Größere Pyramide").
        pyramid_points: row N is worth N points, or 2N (rules-notes: the lost table).
        laying: "document" (the first matching card must be laid, a further one may),
            "mandatory" (every matching card is laid) or "optional" (each may be laid).
        driver_tie: "lowest_card" (the document), "highest_card", "lot" (a fair lot such as
            rock-paper-scissors) or "all_ride" (every tied player rides, sharing the ride).
        rising_penalties: "Varianten: Steigende Strafen in Phase 1".
        rising_recipients: under rising penalties a right guesser gives the round's points to
            "one" other player ("an jemand anderen", the default) or may "split" them like pyramid
            points (ruling R6); "split" needs ``rising_penalties``.
        karten_zaehlen: "Varianten: Karten zählen".
        ride: "diamond" (Phase 3) or "american" ("Varianten: Ride the Bus, amerikanisch").
        empty_pile: what an exhausted draw pile does to the ride: "document" (the diamond ride
            ends, "Ist der Ziehstapel leer, endet die Fahrt"; the American ride reshuffles the
            removed cards, "bis er alle vier richtig hat"), "end" (every ride ends, the American
            one cut short) or "reshuffle" (every ride shuffles the removed cards into a new pile);
            rulings R10 and R11.
        games: games in a match; points are added up and the deal rotates (Spielende).
    """

    pyramid: Literal["4-3-2-1", "5-4-3-2-1", "6-5-4-3-2-1"] = "4-3-2-1"
    pyramid_points: Literal["1-2-3-4", "2-4-6-8"] = "1-2-3-4"
    laying: Literal["document", "mandatory", "optional"] = "document"
    driver_tie: Literal["lowest_card", "highest_card", "lot", "all_ride"] = "lowest_card"
    rising_penalties: bool = False
    rising_recipients: Literal["one", "split"] = "one"
    karten_zaehlen: bool = False
    ride: Literal["diamond", "american"] = "diamond"
    empty_pile: Literal["document", "end", "reshuffle"] = "document"
    games: int = Field(default=1, ge=1, le=100)


def pyramid_size(rows: int) -> int:
    """Cards in a pyramid of ``rows`` rows (4-3-2-1: 10)."""
    return rows * (rows + 1) // 2


def reshuffles(options: BusfahrerOptions) -> bool:
    """Whether an exhausted draw pile is refilled with the removed cards (rulings R10, R11): by
    default only in the American ride, which goes on "bis er alle vier richtig hat"."""
    if options.empty_pile == "document":
        return options.ride == "american"
    return options.empty_pile == "reshuffle"


def check_deal(options: BusfahrerOptions, players: int) -> None:
    """Refuse a player count whose hands and pyramid need more than 52 cards (rules-notes 6),
    "Karten zählen" with the American ride, which has no diamond to count on (ruling R15), and
    split rising-penalty points without rising penalties (ruling R6).

    Raises:
        InvalidOptionError: before anything is dealt.
    """
    if options.rising_recipients == "split" and not options.rising_penalties:
        raise InvalidOptionError(
            "rising_recipients='split' says how a right guesser hands out points under rising penalties, "
            "but rising_penalties is off; switch it on or leave rising_recipients alone",
            rule="Busfahrer: Varianten, Steigende Strafen in Phase 1",
            key="option.split_without_rising",
        )
    if options.karten_zaehlen and options.ride == "american":
        raise InvalidOptionError(
            "Karten zählen sets the price of a picture card in the diamond, but the American ride has no "
            "diamond; choose one of karten_zaehlen and ride='american'",
            rule="Busfahrer: Varianten, Karten zählen",
            key="option.counting_without_diamond",
        )
    rows = PYRAMID_ROWS[options.pyramid]
    needed = CARDS_PER_HAND * players + pyramid_size(rows)
    if needed > DECK_SIZE:
        raise InvalidOptionError(
            f"{players} players with a {options.pyramid} pyramid need {needed} cards "
            f"({players} x {CARDS_PER_HAND} + {pyramid_size(rows)}), but the deck has {DECK_SIZE}; "
            "play with fewer players or a smaller pyramid",
            rule="Busfahrer: Varianten, Größere Pyramide",
            key="option.deck_too_small",
            params={
                "players": players,
                "pyramid": options.pyramid,
                "needed": needed,
                "hand": CARDS_PER_HAND,
                "pyramid_cards": pyramid_size(rows),
                "deck": DECK_SIZE,
            },
        )
