"""Named fields of one flat observation vector: the flat form and the dict form share memory.

An observation is a ``float32`` vector; a :class:`Layout` names its pieces (``Field``: a name, a
shape, bounds, a line of documentation), so the same numbers are also available as a dict of
reshaped views, as OpenSpiel's Python observers do (``tensor`` and ``dict``).
"""

from __future__ import annotations

import math
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
        offset = 0
        for field in fields:
            self.slices[field.name] = slice(offset, offset + field.size)
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
