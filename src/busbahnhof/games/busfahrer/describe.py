"""Words for cards, guesses and actions in German and English (texts in ``locales/*.toml``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Catalog
from ...engine.events import ParamFormatter
from .actions import GIVE, GUESS, GUESS_WORDS, KEEP, LAY, BusfahrerAction
from .cards import card_name

PACKAGE = __package__ or "busbahnhof.games.busfahrer"

NOTATION = Catalog((PACKAGE,), "en").text("notation")
"""The notation hint of a malformed action, in English (``notation`` in ``locales/*.toml``)."""


def _card(lang: str) -> ParamFormatter:
    def render(value: Any) -> str:
        if isinstance(value, (list, tuple)):
            return ", ".join(card_name(int(card), lang) for card in value)
        return card_name(int(value), lang) if isinstance(value, int) else str(value)

    return render


def _guess(lang: str) -> ParamFormatter:
    catalog = Catalog((PACKAGE,), lang)

    def render(value: Any) -> str:
        if isinstance(value, int) and 0 <= value < len(GUESS_WORDS):
            return catalog.text(f"guess.{GUESS_WORDS[value]}")
        return str(value)

    return render


def _points(lang: str) -> ParamFormatter:
    catalog = Catalog((PACKAGE,), lang)

    def render(value: Any) -> str:
        key = "points.one" if value == 1 else "points.many"
        return catalog.text(key, n=value)

    return render


def _forced_reason(lang: str) -> ParamFormatter:
    """The ``why`` of a ``forced`` event as the rule that left no choice."""
    catalog = Catalog((PACKAGE,), lang)

    def render(value: Any) -> str:
        return catalog.text(f"forced_reason.{value}")

    return render


def _answers(lang: str) -> ParamFormatter:
    """A list of guesses as "rot oder schwarz" / "red or black" (the answers one question allows)."""
    guess = _guess(lang)
    catalog = Catalog((PACKAGE,), lang)

    def render(value: Any) -> str:
        words = [guess(item) for item in value]
        return catalog.text("answers", first=", ".join(words[:-1]), last=words[-1])

    return render


def _expected(lang: str) -> ParamFormatter:
    """The notation hint of a malformed action (the English ``NOTATION``) in ``lang``."""
    catalog = Catalog((PACKAGE,), lang)

    def render(value: Any) -> str:
        return catalog.text("notation") if value == NOTATION else str(value)

    return render


def formatters(lang: str) -> Mapping[str, ParamFormatter]:
    """Parameter formatters: ``card``/``cards`` as card names, ``guess`` as the answer's word,
    ``answers`` as "rot oder schwarz", ``points`` as "1 Strafpunkt" / "3 Strafpunkte", a forced
    event's ``why`` as the reason it was forced, ``expected`` (the notation hint) in ``lang``."""
    card = _card(lang)
    return {
        "card": card,
        "cards": card,
        "guess": _guess(lang),
        "answers": _answers(lang),
        "points": _points(lang),
        "why": _forced_reason(lang),
        "expected": _expected(lang),
    }


def describe(action: BusfahrerAction, catalog: Catalog) -> str:
    """A short description of ``action`` in the catalog's language."""
    kind = action.kind
    if kind == GUESS:
        return catalog.text("action.guess", guess=action.value)
    if kind == LAY:
        return catalog.text("action.lay")
    if kind == KEEP:
        return catalog.text("action.keep")
    if kind == GIVE:
        return catalog.text("action.give", points=action.value, seat=action.target)
    return catalog.text("action.turn", k=action.value)
