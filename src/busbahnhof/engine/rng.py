"""Seeded randomness that replays identically on every supported Python version.

Only the parts of :class:`random.Random` whose output is fixed across CPython 3.11 to 3.13
(the Mersenne Twister seeded by an ``int``, ``getrandbits`` and the ``_randbelow`` based
``randrange``/``shuffle``/``choice``) are used; golden records in the tests keep it so.
"""

from __future__ import annotations

import hashlib
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

    # below, pick and shuffled inline ``random.Random._randbelow_with_getrandbits`` (rejection
    # sampling of ``n.bit_length()`` bits, the same on CPython 3.11 to 3.13): the very same numbers,
    # one Python call less per number, which search rollouts and shuffles feel.

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (``n > 0``): ``random.Random._randbelow(n)``."""
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def pick(self, items: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence."""
        n = len(items)
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return items[r]

    def shuffled(self, items: MutableSequence[T]) -> MutableSequence[T]:
        """Shuffle ``items`` in place (Fisher-Yates, as ``random.shuffle``) and return it."""
        getrandbits = self.getrandbits
        for i in reversed(range(1, len(items))):
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            items[i], items[j] = items[j], items[i]
        return items

    def copy(self) -> Rng:
        """An independent generator in the same state."""
        twin = Rng.__new__(Rng)
        twin.setstate(self.getstate())
        return twin


WORD = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
"""SplitMix64's increment (the odd 64-bit golden ratio)."""
SEED_KEY = 0x42757362616862F6
"""Keys the mixing of the seed itself (so that ``derive_seed(s)`` is not just ``mix64(s)``)."""


def mix64(value: int) -> int:
    """SplitMix64's finaliser: a bijection of 64-bit words in which every input bit flips about
    half of the output bits."""
    value ^= value >> 30
    value = (value * 0xBF58476D1CE4E5B9) & WORD
    value ^= value >> 27
    value = (value * 0x94D049BB133111EB) & WORD
    return value ^ (value >> 31)


def _word(label: int | str) -> int:
    """A label as a 64-bit word: an int in ``range(2**64)`` as itself, any other int or text by
    its BLAKE2b digest (text and numbers in distinct domains, so ``1`` and ``"1"`` differ)."""
    if isinstance(label, int) and 0 <= label <= WORD:
        return label
    domain = b"busbahnhof.int" if isinstance(label, int) else b"busbahnhof.str"
    digest = hashlib.blake2b(str(label).encode(), digest_size=8, person=domain).digest()
    return int.from_bytes(digest, "little")


def derive_seed(seed: int, *labels: int | str) -> int:
    """A stable 64-bit sub-seed of ``seed`` for ``labels`` (e.g. the game number in a run).

    ``h = mix64(seed ^ SEED_KEY)``, then for each label ``h = mix64(h + (label + 1) * GAMMA)``
    (words modulo 2**64; see :func:`_word` for text and large numbers).  Each step is a bijection
    of the label for a fixed ``h``, so the games of one run never share a seed, and the
    SplitMix64 finaliser spreads neighbouring seeds over the whole 64-bit range, so different
    runs share none either (tests/engine/test_engine_rng.py checks runs 0..999 x games 0..9,999).
    Independent of ``hash()`` and of the Python version.
    """
    value = mix64(_word(seed) ^ SEED_KEY)
    for label in labels:
        value = mix64((value + (_word(label) + 1) * GAMMA) & WORD)
    return value
