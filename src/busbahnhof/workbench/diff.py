"""What changed between two versions of a deck: cards added, removed, and changed field by field.

Cards are matched by kind and name (a card's name is unique in a deck and is how players, records
and messages know it).  A card whose name changed is still one card when it stays at its place:
an unmatched card removed and an unmatched card added at the same index of the same kind are
paired as one changed card (its name among the changed fields).  Fields are compared flattened
(``en.title``, ``overrides.on_completion``), so a change inside a sub-table names its field.
"""

from __future__ import annotations

import tomllib
from typing import Any

from .document import KINDS

NAME_FIELD = {"projects": "title", "factors": "name", "events": "name"}
"""The field that names a card of each kind."""


def flat(fields: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """``{"en": {"title": "X"}}`` -> ``{"en.title": "X"}``."""
    out: dict[str, Any] = {}
    for key, value in fields.items():
        if isinstance(value, dict):
            out.update(flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def field_changes(old: dict[str, Any], new: dict[str, Any]) -> list[dict[str, Any]]:
    """Each field whose value differs: ``{"field", "old", "new"}`` (``None`` where a side lacks it)."""
    before, after = flat(old), flat(new)
    names = list(before) + [name for name in after if name not in before]
    return [
        {"field": name, "old": before.get(name), "new": after.get(name)}
        for name in names
        if before.get(name) != after.get(name)
    ]


def deck_diff(old_text: str, new_text: str) -> dict[str, Any]:
    """The difference between two deck files: ``{"deck": [changes], "added": [...], "removed":
    [...], "changed": [...], "same": n}``; a card is ``{"kind", "index", "name"}`` (the index in
    the newer file, for removed cards the older), a changed one also ``"old_name"`` and
    ``"changes"``."""
    old, new = tomllib.loads(old_text), tomllib.loads(new_text)
    result: dict[str, Any] = {
        "deck": field_changes(_table(old.get("deck")), _table(new.get("deck"))),
        "added": [],
        "removed": [],
        "changed": [],
        "same": 0,
    }
    for kind in KINDS:
        _diff_kind(kind, _cards(old.get(kind)), _cards(new.get(kind)), result)
    return result


def _table(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _cards(value: Any) -> list[dict[str, Any]]:
    return [card for card in value if isinstance(card, dict)] if isinstance(value, list) else []


def _diff_kind(kind: str, old: list[dict[str, Any]], new: list[dict[str, Any]], result: dict[str, Any]) -> None:
    key = NAME_FIELD[kind]
    old_by_name = {str(card.get(key)): index for index, card in enumerate(old)}
    matched_old: set[int] = set()
    unmatched_new: list[int] = []
    for index, card in enumerate(new):
        before = old_by_name.get(str(card.get(key)))
        if before is None or before in matched_old:
            unmatched_new.append(index)
            continue
        matched_old.add(before)
        _compare(kind, old[before], before, card, index, result)
    unmatched_old = {index for index in range(len(old)) if index not in matched_old}
    for index in unmatched_new:
        if index in unmatched_old:  # same place, new name: one card renamed (and maybe more)
            unmatched_old.discard(index)
            _compare(kind, old[index], index, new[index], index, result)
        else:
            result["added"].append({"kind": kind, "index": index, "name": new[index].get(key)})
    for index in sorted(unmatched_old):
        result["removed"].append({"kind": kind, "index": index, "name": old[index].get(key)})


def _compare(
    kind: str, old: dict[str, Any], old_index: int, new: dict[str, Any], index: int, result: dict[str, Any]
) -> None:
    changes = field_changes(old, new)
    if not changes:
        result["same"] += 1
        return
    key = NAME_FIELD[kind]
    result["changed"].append(
        {
            "kind": kind,
            "index": index,
            "old_index": old_index,
            "name": new.get(key),
            "old_name": old.get(key),
            "changes": changes,
        }
    )
