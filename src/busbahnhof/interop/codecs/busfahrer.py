"""Busfahrer: the action universe and the observation of a seat's view.

Actions (112, the same for every player count and rule option): ``guess red`` ... ``guess
diamonds`` (10, in the order of the four questions), ``lay``, ``keep``, ``give K to P`` for
K = 1..12 and P = 1..8 (96, K major), ``turn 1`` ... ``turn 4``.  A give to a seat that is not
at the table is never legal.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from ...games.busfahrer.actions import GUESS_WORDS, MAX_GIVE, MAX_ROW, MAX_SEATS
from ...games.busfahrer.cards import DECK_SIZE
from ...games.busfahrer.layout import DIAMOND_SIZE
from ...games.busfahrer.options import PYRAMID_ROWS, pyramid_size
from ...games.busfahrer.phases import GIVING, OVER, PHASE_NAMES
from ...games.busfahrer.state import BusfahrerState
from ..layout import Field, Writer
from .base import Attributes, Codec, Part, name_index

STREAK = 4
"""Cards of one ride attempt: the four questions."""


class BusfahrerCodec(Codec):
    """Busfahrer's encoding (cards are 0..51: rank = card // 4 from the 2, suit = card % 4 Kreuz, Pik, Herz, Karo)."""

    def action_names(self) -> Iterable[str]:
        yield from (f"guess {word}" for word in GUESS_WORDS)
        yield from ("lay", "keep")
        yield from (f"give {points} to {seat}" for points in range(1, MAX_GIVE + 1) for seat in range(1, MAX_SEATS + 1))
        yield from (f"turn {k}" for k in range(1, MAX_ROW + 1))

    def fields(self) -> list[Field]:
        p, cards = self.players, DECK_SIZE
        slots = pyramid_size(PYRAMID_ROWS[self.game.options.pyramid])
        inf = math.inf
        return [
            Field("phase", (len(PHASE_NAMES),), 1, f"one-hot: {', '.join(PHASE_NAMES)}"),
            Field("question", (4,), 1, "one-hot: the question of Phase 1 (Frage 1-4)"),
            Field("game", (2,), 100, "the number of this game in the match and the match's games"),
            Field("dealer", (p,), 1, "one-hot: the dealer"),
            Field("hands", (p, cards), 1, "per seat its open hand cards (hands lie face up)"),
            Field("points", (4, p), inf, "penalty points per seat: questions, pyramid, ride, total"),
            Field("deck", (1,), cards, "cards left in the deck"),
            Field("pyramid", (slots, cards), 1, "per pyramid position (bottom row first) its card once turned"),
            Field("pyramid_turned", (1,), slots, "pyramid cards turned so far"),
            Field("laid", (slots, cards), 1, "per pyramid position the cards laid on it"),
            Field("giver", (p,), 1, "one-hot: the seat handing out pyramid points now"),
            Field("give_left", (1,), inf, "the points it still has to hand out"),
            Field("drivers", (p,), 1, "the seats riding the bus"),
            Field("cards_left", (p,), 4, "per seat its hand cards when Phase 2 ended (the driver tie-break)"),
            Field("tie_draws", (cards,), 1, "cards drawn to break a driver tie"),
            Field("ride_kind", (2,), 1, "one-hot: diamond ride (Phase 3), American ride"),
            Field(
                "diamond", (DIAMOND_SIZE, cards), 1, "per diamond position (rows 1-2-3-4-3-2-1) its card once face up"
            ),
            Field("ride_row", (1,), 8, "the diamond row the driver is in (1-7; 8 once through)"),
            Field("streak", (STREAK, cards), 1, "American ride: the cards of the current attempt in order"),
            Field("ride_discard", (cards,), 1, "cards removed from the ride"),
            Field("pile", (1,), cards, "cards left in the ride's draw pile"),
            Field("ride_points", (1,), inf, "penalty points of the ride so far"),
        ]

    def fill(self, view: dict[str, Any], seat: int, out: Writer) -> None:
        out.one("phase", name_index(PHASE_NAMES, view["phase"]))
        out.one("question", view["round"] - 1)
        out.put("game", (view["game_no"], view["games"]))
        out.one("dealer", view["dealer"])
        for s, hand in enumerate(view["hands"]):
            out.many("hands", hand, s)
        points = view["points"]
        for row, bucket in enumerate(("questions", "pyramid", "ride", "total")):
            out.put("points", points[bucket], row)
        out.set("deck", view["deck"])
        pyramid = view["pyramid"]
        for position, card in enumerate(pyramid["cards"]):
            out.one("pyramid", card, position)
        out.set("pyramid_turned", pyramid["turned"])
        for position, laid in enumerate(pyramid["laid"]):
            out.many("laid", laid, position)
        giving = view["giving"]
        if giving is not None:
            out.one("giver", giving["seat"])
            out.set("give_left", giving["points"])
        out.many("drivers", view["drivers"])
        out.put("cards_left", view["cards_left"])
        for draws in view["tie_draws"]:
            out.many("tie_draws", draws)
        ride = view["ride"]
        out.one("ride_kind", 0 if ride["kind"] == "diamond" else 1)
        for position, card in enumerate(ride["diamond"]):
            out.one("diamond", card, position)
        out.set("ride_row", ride["row"])
        for position, card in enumerate(ride["streak"]):
            out.one("streak", card, position)
        out.many("ride_discard", ride["discard"])
        out.set("pile", ride["pile"])
        out.set("ride_points", ride["points"])

    def observation_parts(self) -> list[Part]:
        # Busfahrer's view is the same for every seat: hands lie face up; the deck order, the
        # pyramid cards not yet turned and the diamond's face-down cards are what it hides.
        return [
            Part(_read_table, _write_table),
            Part(Attributes("hands"), _write_hands),
            Part(Attributes("points"), _write_points),
            Part(_read_pyramid, _write_pyramid),
            Part(Attributes("laid"), _write_laid),
            Part(Attributes("drivers", "cards_left", "tie_draws"), _write_drivers),
            Part(_read_diamond, _write_diamond),
            Part(Attributes("streak", "discard"), _write_ride_cards),
        ]


Table = tuple[int, int, int, int, int, int, int, int, bool, int, int, int]
"""Phase, round, game, games, dealer, deck, giver (-1 unless giving), points to give, American
ride, ride row, pile, ride points."""


def _read_table(state: BusfahrerState, seat: int) -> Table:
    giving = state.phase == GIVING
    return (
        state.phase,
        state.round,
        state.game_no,
        state.games,
        state.dealer,
        len(state.deck),
        state.mover if giving else -1,
        state.give_left if giving else 0,
        state.american,
        state.ride_row,
        len(state.pile),
        state.ride_stats[2],
    )


def _write_table(table: Table, out: Writer) -> None:
    phase, question, game_no, games, dealer, deck, giver, give_left, american, ride_row, pile, ride_points = table
    out.one("phase", phase)
    out.one("question", min(question, 3))
    out.put("game", (game_no + 1 if phase != OVER else games, games))
    out.one("dealer", dealer)
    out.set("deck", deck)
    if giver >= 0:
        out.one("giver", giver)
        out.set("give_left", give_left)
    out.one("ride_kind", 1 if american else 0)
    out.set("ride_row", ride_row + 1)
    out.set("pile", pile)
    out.set("ride_points", ride_points)


def _write_hands(hands: list[list[int]], out: Writer) -> None:
    out.many_rows("hands", hands)


def _write_points(points: list[list[int]], out: Writer) -> None:
    questions, pyramid_points, ride_points = points
    totals = [q + p + r for q, p, r in zip(questions, pyramid_points, ride_points, strict=True)]
    out.put("points", [*questions, *pyramid_points, *ride_points, *totals])  # the rows in order


def _read_pyramid(state: BusfahrerState, seat: int) -> list[int]:
    """The pyramid cards turned so far (never one still face down)."""
    return state.pyramid[: state.turned]


def _write_pyramid(turned: list[int], out: Writer) -> None:
    out.rows("pyramid", turned)
    out.set("pyramid_turned", len(turned))


def _write_laid(laid: list[list[int]], out: Writer) -> None:
    out.many_rows("laid", laid)


def _write_drivers(drivers: tuple[list[int], list[int], list[list[int]]], out: Writer) -> None:
    seats, cards_left, tie_draws = drivers
    out.many("drivers", seats)
    out.put("cards_left", cards_left)
    out.many("tie_draws", [card for draws in tie_draws for card in draws])


def _read_diamond(state: BusfahrerState, seat: int) -> tuple[list[int], list[int]]:
    """The face-up positions of the diamond and their cards (never a face-down one)."""
    return state.face_up, list(map(state.diamond.__getitem__, state.face_up))


def _write_diamond(diamond: tuple[list[int], list[int]], out: Writer) -> None:
    for position, card in zip(*diamond, strict=True):
        out.one("diamond", card, position)


def _write_ride_cards(cards: tuple[list[int], list[int]], out: Writer) -> None:
    streak, discard = cards
    out.rows("streak", streak)
    out.many("ride_discard", discard)
