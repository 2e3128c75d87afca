"""Named fields of one flat observation vector: the flat form and the dict form share memory.

An observation is a ``float32`` vector; a :class:`Layout` names its pieces (``Field``: a name, a
shape, bounds, a line of documentation), so the same numbers are also available as a dict of
reshaped views, as OpenSpiel's Python observers do (``tensor`` and ``dict``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Field:
    """One named piece of an observation.

    Attributes:
        name: the key of the dict form.
        shape: the shape of the piece (the flat form holds it row by row).
        high: the largest value an entry can take (``math.inf`` where the rules set no bound).
        doc: what the entries mean, for ``docs/interop.md``.
        low: the smallest value an entry can take.
    """

    name: str
    shape: tuple[int, ...]
    high: float
    doc: str
    low: float = 0.0

    @property
    def size(self) -> int:
        """Entries in the piece."""
        return math.prod(self.shape)


class Layout:
    """The fields of one observation in order, with their offsets in the flat vector."""

    def __init__(self, fields: list[Field]) -> None:
        names = [field.name for field in fields]
        if len(set(names)) != len(names):
            raise ValueError(f"field names repeat: {names}")
        self.fields = tuple(fields)
        self.slices: dict[str, slice] = {}
        self.starts: dict[str, int] = {}
        self.widths: dict[str, int] = {field.name: field.shape[-1] for field in fields}
        offset = 0
        for field in fields:
            self.slices[field.name] = slice(offset, offset + field.size)
            self.starts[field.name] = offset
            offset += field.size
        self.size = offset
        self.low = np.concatenate([np.full(f.size, f.low, np.float32) for f in fields])
        self.high = np.concatenate([np.full(f.size, f.high, np.float32) for f in fields])

    def new(self) -> tuple[Vector, dict[str, Vector]]:
        """A zero vector and its dict form: views of the same memory, shaped per field."""
        flat = np.zeros(self.size, np.float32)
        return flat, self.split(flat)

    def split(self, flat: Vector) -> dict[str, Vector]:
        """The dict form of ``flat``: one view per field, in the field's shape."""
        return {field.name: flat[self.slices[field.name]].reshape(field.shape) for field in self.fields}


class Writer:
    """The entries of one observation, collected as flat positions and written in two numpy steps.

    Codecs call :meth:`one`, :meth:`many`, :meth:`many_rows`, :meth:`rows`, :meth:`put` and
    :meth:`set` with a field name and, for a two-dimensional field, its row; :meth:`vector` makes
    the vector.  Collecting positions
    in Python lists and writing them at once is several times faster than setting numpy entries
    one by one.
    """

    __slots__ = ("_layout", "_ones", "_places", "_start", "_values", "_width")

    def __init__(self, layout: Layout) -> None:
        self._layout = layout
        self._start = layout.starts
        self._width = layout.widths
        self._ones: list[int] = []
        self._places: list[int] = []
        self._values: list[float] = []

    def one(self, name: str, index: int | None, row: int = 0) -> None:
        """Entry ``index`` (of ``row``) is 1; ``None`` sets nothing."""
        if index is not None:
            self._ones.append(self._start[name] + row * self._width[name] + index)

    def many(self, name: str, indices: Iterable[int], row: int = 0) -> None:
        """Every entry of ``indices`` (in ``row``) is 1."""
        base = self._start[name] + row * self._width[name]
        self._ones.extend([base + index for index in indices])

    def put(self, name: str, values: Sequence[float], row: int = 0) -> None:
        """The entries of ``row`` from its start are ``values``."""
        base = self._start[name] + row * self._width[name]
        self._places.extend(range(base, base + len(values)))
        self._values.extend(values)

    def many_rows(self, name: str, rows: Iterable[Iterable[int]]) -> None:
        """Many-hot rows from the first: row ``k`` has a 1 in every column of ``rows[k]``."""
        width = self._width[name]
        base = self._start[name]
        self._ones.extend([base + row * width + c for row, columns in enumerate(rows) for c in columns])

    def rows(self, name: str, columns: Iterable[int | None], first_row: int = 0) -> None:
        """One-hot rows: row ``first_row + k`` has a 1 in column ``columns[k]`` (``None``: all 0)."""
        width = self._width[name]
        base = self._start[name] + first_row * width
        self._ones.extend([base + row * width + c for row, c in enumerate(columns) if c is not None])

    def set(self, name: str, value: float, index: int = 0, row: int = 0) -> None:
        """Entry ``index`` (of ``row``) is ``value``."""
        self._places.append(self._start[name] + row * self._width[name] + index)
        self._values.append(value)

    def width(self, name: str) -> int:
        """The row width of field ``name`` (its last dimension)."""
        return self._width[name]

    def entries(self) -> tuple[list[int], list[float]]:
        """The positions written and their values."""
        return self._ones + self._places, [1.0] * len(self._ones) + self._values

    def vector(self) -> Vector:
        """The observation: zeros except what was written (in one numpy step: positions and
        values converted to arrays first, numpy indexes faster with an array than with a list)."""
        flat = np.zeros(self._layout.size, np.float32)
        positions, values = self.entries()
        flat[np.array(positions, np.intp)] = np.array(values, np.float32)
        return flat
