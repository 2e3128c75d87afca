"""Seeded randomness that replays identically on every supported Python version.

Only the parts of :class:`random.Random` whose output is fixed across CPython 3.11 to 3.13
(the Mersenne Twister seeded by an ``int``, ``getrandbits`` and the ``_randbelow`` based
``randrange``/``shuffle``/``choice``) are used; golden records in the tests keep it so.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng(random.Random):
    """The one source of chance of a state: a seeded Mersenne Twister that clones cheaply."""

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        super().__init__(seed)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        return self._randbelow(n)  # type: ignore[attr-defined, no-any-return]

    def pick(self, items: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence."""
        return items[self._randbelow(len(items))]  # type: ignore[attr-defined]

    def shuffled(self, items: MutableSequence[T]) -> MutableSequence[T]:
        """Shuffle ``items`` in place (Fisher-Yates) and return it."""
        randbelow = self._randbelow  # type: ignore[attr-defined]
        for i in reversed(range(1, len(items))):
            j = randbelow(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def copy(self) -> Rng:
        """An independent generator in the same state."""
        twin = Rng.__new__(Rng)
        twin.setstate(self.getstate())
        return twin


def derive_seed(seed: int, *labels: int | str) -> int:
    """A stable sub-seed for ``labels`` (e.g. game number in a match), independent of ``hash()``."""
    value = seed & 0xFFFFFFFFFFFFFFFF
    for label in labels:
        for byte in str(label).encode():
            value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        value = ((value ^ 0xFF) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return value
