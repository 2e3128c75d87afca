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
    """One departure: ``key`` under ``deck_warning.`` in the game's catalogs, filled with ``params``.

    Attributes:
        rule: the section of the rule document the deck departs from (``"§2"``), or ``None``.
        cards: the cards concerned, labelled as the validator's problems are (``"factors[31] 'Name'"``).
        field: the field of those cards that is concerned (``"en"``), or ``""``.
    """

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    rule: str | None = None
    cards: tuple[str, ...] = ()
    field: str = ""


def count_warnings(deck: Deck) -> list[DeckWarning]:
    """A warning per card kind whose count differs from §2 (16 projects, 46 factors, 12 events).

    §2 names one set of 74 cards; other counts are playable (the deck format accepts them for
    simulation and design), but the game then differs from the rule document.
    """
    found = []
    for kind, wanted in RULE_MIX.items():
        count = len(getattr(deck.model, kind))
        if count != wanted:
            found.append(DeckWarning("count", {"kind": kind, "count": count, "wanted": wanted}, "§2"))
    total = sum(len(getattr(deck.model, kind)) for kind in RULE_MIX)
    if found and total != sum(RULE_MIX.values()):
        found.append(DeckWarning("total", {"count": total, "wanted": sum(RULE_MIX.values())}, "§2"))
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
    # per card: its label, name, whether it has an ``en`` table, whether that table lacks a text the German card has
    cards = [
        (f"projects[{i}] {p.title!r}", p.title, p.en is not None, bool(p.flavor) and not (p.en and p.en.flavor))
        for i, p in enumerate(model.projects)
    ]
    cards += [
        (f"factors[{i}] {f.name!r}", f.name, f.en is not None, bool(f.text) and not (f.en and f.en.text))
        for i, f in enumerate(model.factors)
    ]
    cards += [(f"events[{i}] {e.name!r}", e.name, e.en is not None, False) for i, e in enumerate(model.events)]
    missing = [(label, name) for label, name, translated, _ in cards if not translated]
    partial = [(label, name) for label, name, translated, lacking in cards if translated and lacking]
    found = []
    for key, concerned in (("untranslated", missing), ("partly_translated", partial)):
        if concerned:
            names = [name for _, name in concerned]
            labels = tuple(label for label, _ in concerned)
            found.append(DeckWarning(key, {"count": len(names), "names": _names(names)}, None, labels, "en"))
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
