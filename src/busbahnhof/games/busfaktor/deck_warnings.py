"""What ``deck check`` warns a designer about: a valid deck that departs from the rule document.

A warning is data (a message key of the ``deck_warning`` table and its parameters), so the
command line and later front ends render it in German or English.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .deck import Deck

if TYPE_CHECKING:
    from ...engine import Catalog

RULE_MIX = {"projects": 16, "factors": 46, "events": 12}
"""§2: the card counts of one set, by kind."""


@dataclass(frozen=True, slots=True)
class DeckWarning:
    """One departure: ``key`` under ``deck_warning.`` in the game's catalogs, filled with ``params``."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


def count_warnings(deck: Deck) -> list[DeckWarning]:
    """A warning per card kind whose count differs from §2 (16 projects, 46 factors, 12 events).

    §2 names one set of 74 cards; other counts are playable (the deck format accepts them for
    simulation and design), but the game then differs from the rule document.
    """
    found = []
    for kind, wanted in RULE_MIX.items():
        count = len(getattr(deck.model, kind))
        if count != wanted:
            found.append(DeckWarning("count", {"kind": kind, "count": count, "wanted": wanted}))
    total = sum(len(getattr(deck.model, kind)) for kind in RULE_MIX)
    if found and total != sum(RULE_MIX.values()):
        found.append(DeckWarning("total", {"count": total, "wanted": sum(RULE_MIX.values())}))
    return found


SHOWN_NAMES = 5
"""How many card names a warning lists before it says how many more there are."""


def _names(names: list[str]) -> str:
    shown = ", ".join(names[:SHOWN_NAMES])
    return shown + (f" (+{len(names) - SHOWN_NAMES})" if len(names) > SHOWN_NAMES else "")


def english_warnings(deck: Deck) -> list[DeckWarning]:
    """Where a German deck lacks English texts: ``--lang en`` shows the German text there.

    A card without an ``en`` table is untranslated; one whose ``en`` table lacks a text or flavour
    text that the German card has is partly translated.
    """
    if deck.model.deck.language == "en":
        return []
    model = deck.model
    # per card: its name, whether it has an ``en`` table, whether that table lacks a text the German card has
    cards = [(p.title, p.en is not None, bool(p.flavor) and not (p.en and p.en.flavor)) for p in model.projects]
    cards += [(f.name, f.en is not None, bool(f.text) and not (f.en and f.en.text)) for f in model.factors]
    cards += [(e.name, e.en is not None, False) for e in model.events]
    missing = [name for name, translated, _ in cards if not translated]
    partial = [name for name, translated, lacking in cards if translated and lacking]
    found = []
    if missing:
        found.append(DeckWarning("untranslated", {"count": len(missing), "names": _names(missing)}))
    if partial:
        found.append(DeckWarning("partly_translated", {"count": len(partial), "names": _names(partial)}))
    return found


def deck_warnings(deck: Deck) -> list[DeckWarning]:
    """Every warning for ``deck``, in the order ``deck check`` prints them."""
    return count_warnings(deck) + english_warnings(deck)


def warning_text(warning: DeckWarning, catalog: Catalog) -> str:
    """``warning`` in the catalog's language (a card kind by its name in that language)."""
    params = dict(warning.params)
    if "kind" in params:
        params["kind"] = catalog.text(f"deck_warning.kind_{params['kind']}")
    return catalog.text(f"deck_warning.{warning.key}", **params)
