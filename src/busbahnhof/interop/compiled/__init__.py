"""Observation encoders compiled with Cython, one per game, and the action spaces' lookups: the
same numbers as the Python codecs and action spaces, faster.

The Python parts of each codec (``codecs/<game>.py``) define the encoding from the state; the
module ``compiled/<game>.pyx`` writes the very same entries in compiled code, which an
environment needs to add little to the engine's own time (docs/interop.md, "Speed").
``compiled/actions.pyx`` finds the indices and masks of legal actions as ``spaces.py`` does.
They are built at install time (``setup.py``); where they were not built (no C compiler) or the
environment variable ``BUSBAHNHOF_PURE_PYTHON=1`` is set, the Python versions run.  Tests
compare both with the encoding of the view at every position of random games.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

PURE_PYTHON_VARIABLE = "BUSBAHNHOF_PURE_PYTHON"


def compiled_module(name: str) -> ModuleType | None:
    """The compiled module ``name`` (a game's encoder, or ``actions``), or ``None`` where it is
    not built or not wanted."""
    if os.environ.get(PURE_PYTHON_VARIABLE) == "1":
        return None
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ImportError:
        return None
