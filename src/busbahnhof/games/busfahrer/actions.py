"""Busfahrer actions: interned, immutable values with one text notation each.

Notation (seats in ``give`` are player numbers 1..8, as shown to players):

* ``guess red`` / ``guess black`` (Frage 1), ``guess higher`` / ``guess lower`` (Frage 2),
  ``guess inside`` / ``guess outside`` (Frage 3), ``guess clubs|spades|hearts|diamonds`` (Frage 4);
  the German words (``rot``, ``höher``, ``innerhalb``, ``Pik`` ...) are accepted as input too;
* ``lay`` / ``keep``: lay a matching card on the pyramid card, or keep the rest (Phase 2);
* ``give K to P``: give K penalty points to player P (Phase 2, rising penalties);
* ``turn K``: turn the K-th card of the current diamond row (Phase 3).

Every action exists once, in the module's tables; :func:`parse_action` returns those objects,
so actions compare by identity and legal-action tuples are built once.
"""

from __future__ import annotations

from typing import Any, NoReturn

from ...engine import Action

GUESS, LAY, KEEP, GIVE, TURN = range(5)

RED, BLACK, HIGHER, LOWER, INSIDE, OUTSIDE = range(6)
SUIT_GUESS_BASE = 6
"""Guess values 6..9 name the suits Kreuz, Pik, Herz, Karo (card suit = value - 6)."""

GUESS_WORDS = ("red", "black", "higher", "lower", "inside", "outside", "clubs", "spades", "hearts", "diamonds")
GERMAN_GUESS_WORDS = ("rot", "schwarz", "höher", "tiefer", "innerhalb", "außerhalb", "kreuz", "pik", "herz", "karo")
QUESTION_OF_GUESS = (0, 0, 1, 1, 2, 2, 3, 3, 3, 3)

MAX_GIVE = 12
"""The most points one distribution can carry: row 6 of a 6-row pyramid at 2 points per row."""
MAX_SEATS = 8
MAX_ROW = 4
"""The widest diamond row."""


class BusfahrerAction(Action):
    """One decision; ``kind`` is GUESS, LAY, KEEP, GIVE or TURN.

    Attributes:
        kind: the kind of decision.
        value: GUESS: the guess (RED..); GIVE: the points; TURN: the position 1..4 in the row.
        target: GIVE: the receiving seat (0-based); otherwise 0.
    """

    __slots__ = ("_text", "kind", "target", "value")

    kind: int
    value: int
    target: int
    _text: str

    def __init__(self, kind: int, value: int, target: int, text: str) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "_text", text)

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError(f"Busfahrer actions are immutable; cannot set {name}")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"BusfahrerAction({self._text!r})"

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (action_from_text, (self._text,))


GUESSES = tuple(BusfahrerAction(GUESS, g, 0, f"guess {word}") for g, word in enumerate(GUESS_WORDS))
LAY_ACTION = BusfahrerAction(LAY, 0, 0, "lay")
KEEP_ACTION = BusfahrerAction(KEEP, 0, 0, "keep")
GIVES = tuple(
    tuple(BusfahrerAction(GIVE, points, seat, f"give {points} to {seat + 1}") for seat in range(MAX_SEATS))
    for points in range(MAX_GIVE + 1)
)
TURNS = tuple(BusfahrerAction(TURN, k, 0, f"turn {k}") for k in range(MAX_ROW + 1))

GUESSES_BY_QUESTION = (GUESSES[0:2], GUESSES[2:4], GUESSES[4:6], GUESSES[6:10])
LAY_ONLY = (LAY_ACTION,)
LAY_OR_KEEP = (LAY_ACTION, KEEP_ACTION)
TURNS_BY_ROW_SIZE = tuple(TURNS[1 : size + 1] for size in range(MAX_ROW + 1))

BY_TEXT: dict[str, BusfahrerAction] = {str(a): a for a in (*GUESSES, LAY_ACTION, KEEP_ACTION, *TURNS[1:])}
BY_TEXT.update({str(a): a for row in GIVES[1:] for a in row})
BY_TEXT.update({f"guess {word}": GUESSES[g] for g, word in enumerate(GERMAN_GUESS_WORDS)})
BY_TEXT.update({"guess hoeher": GUESSES[HIGHER], "guess ausserhalb": GUESSES[OUTSIDE]})

FORCED_WHY = {LAY: "lay", GIVE: "give", TURN: "turn"}
"""The ``why`` of a ``forced`` event: the rule that left only this kind of action
(``forced_reason.<why>`` in ``locales/*.toml``); guesses and ``keep`` always have an alternative."""

_GIVE_CACHE: dict[tuple[int, int, int], tuple[BusfahrerAction, ...]] = {}


def action_from_text(text: str) -> BusfahrerAction:
    """The interned action written as ``text`` (case and spacing are free), or ``KeyError``."""
    return BY_TEXT[" ".join(text.lower().split())]


def give_all_actions(players: int, giver: int, points: int) -> tuple[BusfahrerAction, ...]:
    """``give points to P`` for every other seat P: everything to one player ("Steigende Strafen":
    "dieselbe Zahl an jemand anderen verteilen")."""
    return tuple(GIVES[points][(giver + step) % players] for step in range(1, players))


def give_actions(players: int, giver: int, points: int) -> tuple[BusfahrerAction, ...]:
    """The ways to hand out the next part of ``points`` (Phase 2: "alle einem geben oder aufteilen").

    ``give K to P`` for every other seat P and K = 1..points; with a single other player only
    ``give points to P`` (splitting among one player changes nothing).
    """
    key = (players, giver, points)
    cached = _GIVE_CACHE.get(key)
    if cached is None:
        others = [(giver + step) % players for step in range(1, players)]
        amounts = range(1, points + 1) if len(others) > 1 else (points,)
        cached = tuple(GIVES[k][seat] for seat in others for k in amounts)
        _GIVE_CACHE[key] = cached
    return cached
