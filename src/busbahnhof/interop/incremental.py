"""Observations of one seat, encoded incrementally: only the parts that changed are written again.

An environment encodes the same seat's observation after every step, and a step changes little
of it (a card dealt, a marker placed).  :class:`SeatEncoder` keeps the seat's observation vector
and, per part of the codec (:class:`.codecs.base.Part`), the value the part was written from.
Encoding reads every part's value from the state (cheap: a few attributes, the state's own
lists) and compares it with the kept one; only a part whose value differs is written again:
the entries it wrote last time are set to 0, the new ones written.  Since a part's entries
depend on its value alone, the result is exactly :meth:`Codec.encode` (a test checks it at every
position of random games, for every seat, across resets, illegal actions and several
environments).  The comparison is by value, not by identity, so the encoder needs no notice of
a new game or of a step that changed nothing: any state of the codec's configuration may come
next.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress
from operator import ne
from typing import Any

import numpy as np

from ..engine import State
from .codecs import Codec
from .codecs.base import Span
from .layout import Vector, Writer

_CONTAINERS = frozenset((list, tuple))
_NOTHING = object()
"""The kept value of a part not written yet: unequal to every value a part reads."""


def snapshot(value: Any) -> Any:
    """A copy of a part's value that later changes of the state's lists do not reach.

    Tuples are the part's own composition (of the state's ints and lists): copied item by item.
    Lists are the state's: a list of lists is copied two levels deep, any other list one level
    (its items, ints or tuples of ints, cannot change).  The state's lists hold one kind of item,
    so the first item tells.
    """
    kind = type(value)
    if kind is tuple:
        return value if _CONTAINERS.isdisjoint(map(type, value)) else tuple(map(snapshot, value))
    if kind is list:
        if value and type(value[0]) is list:
            return [item[:] for item in value]
        return value[:]
    return value


class SeatEncoder:
    """The observations of one seat of a codec's configuration, encoded incrementally."""

    def __init__(self, codec: Codec, seat: int) -> None:
        self.codec = codec
        self.seat = seat
        self._parts = codec.parts
        layout = codec.layout
        self._flat = np.zeros(layout.size, np.float32)
        shapes = {field.name: field.shape for field in layout.fields}
        self._row_counts = [shapes[part.rows.fields[0]][0] if part.rows else 1 for part in self._parts]
        """Per part its rows (1 for a part written as a whole)."""
        self._values: list[Any] = []
        self._written: list[list[list[int]]] = []
        """Per part and row the positions it wrote last time."""
        self._forget()

    def encode(self, state: State[Any]) -> Vector:
        """The seat's observation of ``state``, equal to ``codec.encode(state, seat)``; a new array
        (the encoder never changes one it returned)."""
        if not self.codec.incremental:
            return self.codec.encode(state, self.seat)
        try:
            self._update(state)
        except BaseException:
            self._forget()  # a part stopped halfway: nothing kept is to be trusted
            raise
        return self._flat.copy()

    def _update(self, state: State[Any]) -> None:
        seat, values, written = self.seat, self._values, self._written
        out: Writer | None = None
        stale: list[int] = []
        for number, part in enumerate(self._parts):
            value = part.read(state, seat)
            old = values[number]
            if value == old:
                continue
            if out is None:
                out = Writer(self.codec.layout)
            by_row = written[number]
            rows = part.rows
            if rows is None:
                stale += by_row[0]
                by_row[0] = out.written_by(part.write, value)
            else:
                changed: Iterable[int] | None = None if old is _NOTHING else changed_rows(rows.spans, value, old)
                if changed is None:  # every row again
                    for row_positions in by_row:
                        stale += row_positions
                        row_positions.clear()
                    changed = range(rows_in(rows.spans, value))
                for row in changed:
                    stale += by_row[row]
                    by_row[row] = out.written_by(rows.write, value, row)
            values[number] = snapshot(value)
        if out is not None:
            positions, numbers = out.entries()
            if stale:  # one numpy step: the stale positions not written again become 0
                merged = dict.fromkeys(stale, 0.0)
                merged.update(zip(positions, numbers, strict=True))
                positions, numbers = list(merged), list(merged.values())
            self._flat[np.array(positions, np.intp)] = np.array(numbers, np.float32)

    def _forget(self) -> None:
        self._flat[:] = 0
        self._values = [_NOTHING] * len(self._parts)
        self._written = [[[] for _ in range(count)] for count in self._row_counts]


def rows_in(spans: tuple[Span, ...], value: Any) -> int:
    """The rows a value of a part written row by row has (its first column with a number span tells)."""
    columns = value if type(value) is tuple else (value,)
    return next(len(column) // span for span, column in zip(spans, columns, strict=True) if isinstance(span, int))


def changed_rows(spans: tuple[Span, ...], value: Any, old: Any) -> set[int] | None:
    """The rows whose items differ between two values of a part written row by row, or ``None``
    if the whole part is to be written again (a column changed its length)."""
    columns, old_columns = (value, old) if type(value) is tuple else ((value,), (old,))
    changed: set[int] = set()
    for span, column, old_column in zip(spans, columns, old_columns, strict=True):
        if column == old_column:
            continue
        if len(column) != len(old_column):
            return None
        differing = compress(range(len(column)), map(ne, column, old_column))
        if span == 1:
            changed.update(differing)
        elif isinstance(span, int):
            changed.update(item // span for item in differing)
        else:
            for item in differing:
                changed.update(span(value, old, item))
    return changed
