"""A deck file as an editable document, and the edited document written back into the file.

The editor works on plain data: ``{"deck": {...}, "cards": {"projects": [...], "factors": [...],
"events": [...]}}`` where each card is ``{"origin": i, "fields": {...}}``, ``origin`` being the
card's index in its kind's array of the file the edit started from (``None`` for a new card, a
duplicate included).  :func:`merged_text` writes such a document back with ``tomlkit`` into that
file's text: a card that keeps its origin keeps its table, so comments inside it, the order of
its fields and the file's notice at the top stay; only changed values are rewritten.  An
unchanged document gives the file back byte for byte.  Comments between two cards belong to the
card above them in TOML's layout and leave with it when it is deleted.
"""

from __future__ import annotations

from typing import Any

import tomlkit
from tomlkit.items import AoT, InlineTable, Table
from tomlkit.toml_document import TOMLDocument

from ..engine.userfiles import parse_toml

KINDS = ("projects", "factors", "events")
"""The card arrays of a deck file (Busfaktor, §2), in file order."""

INLINE_FIELDS = frozenset({"overrides"})
"""Fields written as inline tables (``overrides = { on_completion = "hand" }``), as the format's
documentation writes them; other tables (``en``) are sub-tables."""


def document_of(text: str, source: str = "deck.toml") -> dict[str, Any]:
    """The editable document of a deck file's ``text`` (every card's origin is its index).

    Raises:
        UserFileError: text that is not TOML.
    """
    raw = parse_toml(text, source)
    cards = {kind: _cards(raw.get(kind)) for kind in KINDS}
    deck = raw.get("deck")
    return {"deck": deck if isinstance(deck, dict) else {}, "cards": cards}


def _cards(entries: Any) -> list[dict[str, Any]]:
    if not isinstance(entries, list):
        return []
    return [{"origin": index, "fields": entry} for index, entry in enumerate(entries) if isinstance(entry, dict)]


def plain_deck(document: dict[str, Any]) -> dict[str, Any]:
    """The document as the parsed TOML of its file would be (what the validator reads)."""
    plain: dict[str, Any] = {"deck": dict(document.get("deck") or {})}
    for kind in KINDS:
        cards = document.get("cards", {}).get(kind) or []
        if cards:
            plain[kind] = [dict(card.get("fields") or {}) for card in cards]
    return plain


def merged_text(base_text: str, document: dict[str, Any]) -> str:
    """``document`` written into ``base_text`` (the file the edit started from), comments kept."""
    doc = tomlkit.parse(base_text)
    _update(doc, "deck", document.get("deck") or {})
    for kind in KINDS:
        _update_cards(doc, kind, document.get("cards", {}).get(kind) or [])
    return tomlkit.dumps(doc)


def _update_cards(doc: TOMLDocument, kind: str, cards: list[dict[str, Any]]) -> None:
    """Make the array of tables ``kind`` hold ``cards`` in their order, changing it in place: kept
    cards keep their tables (and the blank lines and comments around them)."""
    old = doc.get(kind)
    old_tables = list(old) if isinstance(old, AoT) else []
    kept = [card.get("origin") for card in cards]
    kept_old = [origin for origin in kept if isinstance(origin, int) and 0 <= origin < len(old_tables)]
    if not isinstance(old, AoT) or kept_old != sorted(set(kept_old)):  # new array, or cards reordered
        if kind in doc:
            del doc[kind]
        if cards:
            doc.append(kind, tomlkit.aot())
            for card in cards:
                doc[kind].append(_card_table(card, old_tables))
        return
    for index in reversed(range(len(old_tables))):
        if index not in kept_old:
            del old[index]
    for position, card in enumerate(cards):
        table = _card_table(card, old_tables)
        if position >= len(old) or old[position] is not table:
            old.insert(position, table)
    if not cards:
        del doc[kind]


def _card_table(card: dict[str, Any], old_tables: list[Table]) -> Table:
    """The card's table: its origin's, changed to its fields, or a new one."""
    origin, fields = card.get("origin"), card.get("fields") or {}
    if isinstance(origin, int) and 0 <= origin < len(old_tables):
        table = old_tables[origin]
        _update_table(table, fields)
        return table
    return _new_table(fields)


def _update(doc: TOMLDocument, key: str, fields: dict[str, Any]) -> None:
    existing = doc.get(key)
    if isinstance(existing, Table):
        _update_table(existing, fields)
    elif fields:
        doc[key] = _new_table(fields)


def _update_table(table: Table | InlineTable, fields: dict[str, Any]) -> None:
    """Change ``table`` in place to hold exactly ``fields``; unchanged values keep their layout."""
    for key in [key for key in table if key not in fields]:
        del table[key]
    for key, value in fields.items():
        if key in table and _plain(table[key]) == value:
            continue
        current = table.get(key)
        if isinstance(value, dict) and isinstance(current, (Table, InlineTable)):
            _update_table(current, value)
        elif isinstance(value, dict):
            table[key] = _inline(value) if key in INLINE_FIELDS else _new_table(value)
        else:
            table[key] = value


def _new_table(fields: dict[str, Any]) -> Table:
    table = tomlkit.table()
    for key, value in fields.items():
        if isinstance(value, dict):
            table[key] = _inline(value) if key in INLINE_FIELDS else _new_table(value)
        else:
            table[key] = value
    table.add(tomlkit.nl())  # a blank line before the next table, as the deck files are laid out
    return table


def _inline(fields: dict[str, Any]) -> InlineTable:
    inline = tomlkit.inline_table()
    inline.update(fields)
    return inline


def _plain(item: Any) -> Any:
    return item.unwrap() if hasattr(item, "unwrap") else item
