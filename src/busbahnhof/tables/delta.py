"""What changed between two JSON values, as a small patch, and the patch applied.

A client that holds a table's view at one version gets the next one as a patch against it
(docs/web/wire.md).  The patch of ``old`` into ``new`` is one of:

* ``[value]``: ``new`` is ``value`` (a replacement, for scalars, type changes and lists that
  changed too much to patch item by item);
* ``{key: patch, ...}`` where ``old`` and ``new`` are both objects: each key names a changed
  entry; ``[]`` removes the key, ``[value]`` sets it (new or replaced), an object patches it;
* ``{"3": patch, ..., "len": 7}`` where ``old`` and ``new`` are both lists: the changed items by
  index (digits) and, when the length changed, the new length (``"len"``: a shorter list is cut,
  the new items of a longer one come as ``[value]`` at their indices).

Which of the last two a patch object is follows from the value it is applied to.  The patch of
equal values is ``None`` (nothing to send).  Values are JSON data: dicts with text keys, lists,
text, numbers, booleans, ``None``.  The comparison is Python's ``==``: a ``True`` where a ``1``
was inside otherwise equal containers counts as unchanged (views never swap a number for a
boolean in one place).  ``web/delta.js`` applies patches in the browser the way :func:`apply` does.
"""

from __future__ import annotations

from typing import Any

LENGTH = "len"
"""The key of a list patch that carries the list's new length."""

REMOVE: list[Any] = []
"""The patch of an object entry that is gone."""


def diff(old: Any, new: Any) -> Any:
    """The patch that turns ``old`` into ``new`` (``None``: they are equal)."""
    if old == new and type(old) is type(new):
        return None
    if isinstance(old, dict) and isinstance(new, dict):
        return _diff_objects(old, new)
    if isinstance(old, list) and isinstance(new, list) and old and new:
        return _diff_lists(old, new)
    return [new]


def _diff_objects(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    patch: dict[str, Any] = {}
    for key, value in new.items():
        if key not in old:
            patch[key] = [value]
        elif old[key] != value or type(old[key]) is not type(value):  # most entries are equal: no call
            patch[key] = diff(old[key], value)
    for key in old:
        if key not in new:
            patch[key] = REMOVE
    return patch


def _diff_lists(old: list[Any], new: list[Any]) -> Any:
    patch: dict[str, Any] = {}
    for index in range(min(len(old), len(new))):
        before, after = old[index], new[index]
        if before != after or type(before) is not type(after):  # most items are equal: no call
            patch[str(index)] = diff(before, after)
    if 2 * len(patch) > len(new):  # mostly changed (items shifted): the whole list is shorter
        return [new]
    for index in range(len(old), len(new)):
        patch[str(index)] = [new[index]]
    if len(new) != len(old):
        patch[LENGTH] = len(new)
    return patch


def apply(value: Any, patch: Any) -> Any:
    """``value`` with ``patch`` applied, as a new value (``value`` is left as it is; unchanged
    parts are shared with it)."""
    if patch is None:
        return value
    if isinstance(patch, list):
        return patch[0]
    if isinstance(value, list):
        items = list(value)
        length = patch.get(LENGTH, len(items))
        del items[length:]
        items.extend([None] * (length - len(items)))
        for key, change in patch.items():
            if key != LENGTH:
                index = int(key)
                items[index] = apply(items[index], change)
        return items
    entries = dict(value)
    for key, change in patch.items():
        if change == REMOVE:
            entries.pop(key, None)
        else:
            entries[key] = apply(entries.get(key), change)
    return entries
