"""Checking a deck as the editor holds it: limits, then the game's own validator and warnings.

The validator is Busfaktor's (``games/busfaktor/deck.py``): every problem comes located (card kind,
index, field) and with the rule it enforces; :func:`check_text` renders each in German or English
from the game's catalog, so the editor shows it at its card and field.  Nothing here decides a
rule; the workbench only carries the validator's answer to the page.
"""

from __future__ import annotations

from typing import Any

from ..engine import Catalog, InvalidDataError
from ..engine.userfiles import UserFileError, parse_toml
from ..games.busfaktor.deck import compile_deck, validate_deck
from ..games.busfaktor.deck_warnings import deck_warnings, warning_text
from .document import KINDS, plain_deck
from .errors import DeckTooLargeError

CATALOG_PACKAGES = ("busbahnhof.games.busfaktor", "busbahnhof.engine")
"""The validator's texts: the game's deck problems, the engine's field checks and file errors."""
MAX_DECK_BYTES = 400 * 1024
"""The largest deck file the workbench stores (a 3,600-card deck has some 360 KB; an upload of
this size fits into the server's largest request body, 512 KiB by default, so its refusal is
this clear one).  A table takes
decks up to its own limit (``tables.decks.MAX_DECK_BYTES``, 256 KiB): a larger version is
simulated and printed, and a playtest table of it is refused with the table service's error."""
MAX_CARDS = 4000
"""The most cards a stored deck may have (a 3,600-card deck for large-deck tests fits)."""


def check_limits(text: str) -> None:
    """Refuse a deck file over :data:`MAX_DECK_BYTES`.

    Raises:
        DeckTooLargeError: ``workbench.error.too_large``.
    """
    size = len(text.encode("utf-8"))
    if size > MAX_DECK_BYTES:
        raise DeckTooLargeError(
            f"the deck file has {size} bytes; at most {MAX_DECK_BYTES} are allowed",
            key="workbench.error.too_large",
            size=size,
            limit=MAX_DECK_BYTES,
        )


def check_card_count(raw: dict[str, Any]) -> None:
    """Refuse parsed deck data with more than :data:`MAX_CARDS` cards.

    Raises:
        DeckTooLargeError: ``workbench.error.too_many_cards``.
    """
    count = sum(len(raw[kind]) for kind in KINDS if isinstance(raw.get(kind), list))
    if count > MAX_CARDS:
        raise DeckTooLargeError(
            f"the deck has {count} cards; at most {MAX_CARDS} are allowed",
            key="workbench.error.too_many_cards",
            count=count,
            limit=MAX_CARDS,
        )


def check_text(text: str, lang: str, source: str = "deck.toml") -> dict[str, Any]:
    """The validator's verdict on a deck file, JSON-ready, in ``lang`` (see :func:`check_raw`); a
    file that is not TOML is one problem of the deck as a whole.

    Raises:
        DeckTooLargeError: the file is over the limits.
    """
    check_limits(text)
    catalog = Catalog(CATALOG_PACKAGES, lang)
    try:
        raw = parse_toml(text, source)
    except UserFileError as error:
        problem: dict[str, Any] = {
            "kind": None,
            "index": None,
            "field": "",
            "rule": None,
            "key": error.key,
            "params": {},
        }
        return {
            "valid": False,
            "problems": [{**problem, "text": catalog.error_text(error)}],
            "warnings": [],
            "cards": {},
        }
    return check_raw(raw, catalog, source)


def check_document(document: dict[str, Any], lang: str, source: str = "deck.toml") -> dict[str, Any]:
    """The verdict on the editor's document as it stands (no file is written: the validator reads
    the same data the file would hold, so a check stays fast for a deck of thousands of cards)."""
    return check_raw(plain_deck(document), Catalog(CATALOG_PACKAGES, lang), source)


def check_raw(raw: dict[str, Any], catalog: Catalog, source: str) -> dict[str, Any]:
    """``{"valid", "problems", "warnings", "cards"}``: each problem ``{"kind", "index", "field",
    "rule", "key", "params", "text"}`` (``kind``/``index`` ``None`` for the deck as a whole,
    ``field`` the field inside the card, ``text`` the message in the catalog's language); each
    warning ``{"key", "rule", "cards", "field", "text"}``; ``cards`` the card count per kind.

    Raises:
        DeckTooLargeError: more cards than :data:`MAX_CARDS`.
    """
    check_card_count(raw)
    cards = {kind: len(raw[kind]) if isinstance(raw.get(kind), list) else 0 for kind in KINDS}
    try:
        model = validate_deck(raw, source)
    except InvalidDataError as error:
        problems = [_problem(problem, catalog) for problem in error.params.get("problems", [])]
        if not problems:
            problems = [{"kind": None, "index": None, "field": "", "rule": None, "key": error.key, "params": {}}]
            problems[0]["text"] = catalog.error_text(error)
        return {"valid": False, "problems": problems, "warnings": [], "cards": cards}
    deck = compile_deck(model, source)
    warnings = [
        {
            "key": warning.key,
            "rule": warning.rule,
            "cards": list(warning.cards),
            "field": warning.field,
            "text": warning_text(warning, catalog),
        }
        for warning in deck_warnings(deck)
    ]
    return {"valid": True, "problems": [], "warnings": warnings, "cards": cards}


def _problem(problem: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """One validator problem for the editor: where it is, the rule, and its text without the file
    and card (the editor shows it at the card)."""
    field = problem.get("card_field") or ""
    shown = {key: value for key, value in problem.items() if key != "english"}
    shown["field"] = field or problem.get("card") or ""
    text = catalog.problem_text(shown) if shown["field"] else catalog.problem_text(shown).lstrip(": ")
    return {
        "kind": problem.get("card_kind"),
        "index": problem.get("card_index"),
        "field": field,
        "rule": problem.get("rule"),
        "key": problem.get("key"),
        "params": problem.get("params") or {},
        "text": text,
    }
