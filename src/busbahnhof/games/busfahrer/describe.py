"""Words for cards, guesses and actions in German and English (texts in ``locales/*.toml``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Catalog
from ...engine.events import ParamFormatter
from .actions import GIVE, GUESS, GUESS_WORDS, KEEP, LAY, TURN, BusfahrerAction, action_from_text
from .cards import card_name


def _card(lang: str) -> ParamFormatter:
    def render(value: Any) -> str:
        if isinstance(value, (list, tuple)):
            return ", ".join(card_name(int(card), lang) for card in value)
        return card_name(int(value), lang) if isinstance(value, int) else str(value)

    return render


def _guess(lang: str) -> ParamFormatter:
    catalog = Catalog((__package__ or "busbahnhof.games.busfahrer",), lang)

    def render(value: Any) -> str:
        if isinstance(value, int) and 0 <= value < len(GUESS_WORDS):
            return catalog.text(f"guess.{GUESS_WORDS[value]}")
        return str(value)

    return render


def _points(lang: str) -> ParamFormatter:
    catalog = Catalog((__package__ or "busbahnhof.games.busfahrer",), lang)

    def render(value: Any) -> str:
        key = "points.one" if value == 1 else "points.many"
        return catalog.text(key, n=value)

    return render


FORCED_REASONS = {LAY: "forced_reason.lay", GIVE: "forced_reason.give", TURN: "forced_reason.turn"}


def _forced_reason(lang: str) -> ParamFormatter:
    """The ``action`` of a ``forced`` event (its notation) as the rule that left no choice."""
    catalog = Catalog((__package__ or "busbahnhof.games.busfahrer",), lang)

    def render(value: Any) -> str:
        try:
            kind = action_from_text(str(value)).kind
        except KeyError:
            return str(value)
        return catalog.text(FORCED_REASONS[kind]) if kind in FORCED_REASONS else str(value)

    return render


def formatters(lang: str) -> Mapping[str, ParamFormatter]:
    """Parameter formatters: ``card``/``cards`` as card names, ``guess`` as the answer's word,
    ``points`` as "1 Strafpunkt" / "3 Strafpunkte", a forced ``action`` as the reason it was forced."""
    card = _card(lang)
    return {"card": card, "cards": card, "guess": _guess(lang), "points": _points(lang), "action": _forced_reason(lang)}


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
