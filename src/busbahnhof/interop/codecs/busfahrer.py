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
from .base import Codec, name_index

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

    def write(self, state: BusfahrerState, seat: int, out: Writer) -> None:
        # Busfahrer's view is the same for every seat: hands lie face up; the deck order, the
        # pyramid cards not yet turned and the diamond's face-down cards are what it hides.
        phase = state.phase
        out.one("phase", phase)
        out.one("question", min(state.round, 3))
        out.put("game", (state.game_no + 1 if phase != OVER else state.games, state.games))
        out.one("dealer", state.dealer)
        out.many_rows("hands", state.hands)
        questions, pyramid_points, ride_points = state.points
        out.put("points", [*questions, *pyramid_points, *ride_points, *state.total_points()])  # the rows in order
        out.set("deck", len(state.deck))
        turned = state.turned
        out.rows("pyramid", state.pyramid[:turned])
        out.set("pyramid_turned", turned)
        out.many_rows("laid", state.laid)
        if phase == GIVING:
            out.one("giver", state.mover)
            out.set("give_left", state.give_left)
        out.many("drivers", state.drivers)
        out.put("cards_left", state.cards_left)
        out.many("tie_draws", [card for draws in state.tie_draws for card in draws])
        out.one("ride_kind", 1 if state.american else 0)
        diamond = state.diamond
        for position in state.face_up:
            out.one("diamond", diamond[position], position)
        out.set("ride_row", state.ride_row + 1)
        out.rows("streak", state.streak)
        out.many("ride_discard", state.discard)
        out.set("pile", len(state.pile))
        out.set("ride_points", state.ride_stats[2])
