"""Large decks for measuring: a valid deck file of any size, built from the default deck's cards.

``scaled_deck_text(projects, factors, events)`` repeats the default deck's projects, factors and
events in file order until each kind has the count asked, numbering the copies' names (German and
English) so every name stays unique (the format requires it).  Everything else of a card (its
requirements, types, template and parameters, texts with their keywords) is the original's, so
the deck is valid and plays by the same rules; ``busbahnhof bench deck`` and the load-time test
use it (issue 28: a 3,600-card deck of 300 projects, 3,000 factors and 300 events).
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

from .deck import resolve_deck_path

LARGE_DECK = {"projects": 300, "factors": 3000, "events": 300}
"""The large deck of issue 28: 3,600 cards."""

_KINDS = ("projects", "factors", "events")
_NAME_FIELD = {"projects": "title", "factors": "name", "events": "name"}


def scaled_deck_text(projects: int, factors: int, events: int) -> str:
    """The TOML text of a valid deck with these card counts, made of numbered copies of the default deck's cards."""
    source = tomllib.loads(resolve_deck_path(None).read_text(encoding="utf-8"))
    counts = {"projects": projects, "factors": factors, "events": events}
    info = {**source["deck"], "name": f"{source['deck']['name']} ×{sum(counts.values())}"}
    lines = ["# A deck generated for measuring (busbahnhof.games.busfaktor.deck_scale): the default deck's cards."]
    lines += _table("deck", info)
    for kind in _KINDS:
        originals = source[kind]
        for index in range(counts[kind]):
            card = originals[index % len(originals)]
            copy = index // len(originals)
            lines += _table(f"[{kind}]", _numbered(card, _NAME_FIELD[kind], copy), kind)
    return "\n".join(lines) + "\n"


def _numbered(card: dict[str, Any], name_field: str, copy: int) -> dict[str, Any]:
    """``card`` with `` (copy + 1)`` after its name and its English name (unchanged for the first copy)."""
    if copy == 0:
        return card
    suffix = f" ({copy + 1})"
    numbered = {**card, name_field: card[name_field] + suffix}
    if "en" in card:
        numbered["en"] = {**card["en"], name_field: card["en"][name_field] + suffix}
    return numbered


def _table(header: str, table: dict[str, Any], path: str | None = None) -> list[str]:
    """``table`` as TOML lines under ``[header]`` (``[[kind]]`` for a card), its sub-tables after its values."""
    name = path or header
    lines = ["", f"[{header}]"]
    lines += [f"{key} = {_value(value)}" for key, value in table.items() if not isinstance(value, dict)]
    for key, value in table.items():
        if isinstance(value, dict):
            lines += _table(f"{name}.{key}", value)
    return lines


def _value(value: Any) -> str:
    """A TOML value: strings as basic strings (JSON's escapes are TOML's), booleans, integers, arrays."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False)
