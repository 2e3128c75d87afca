"""``deck init``: an editable copy of a deck file, byte for byte (comments and licence notice kept)."""

from __future__ import annotations

import os
from pathlib import Path

from ...engine import InvalidDataError
from .deck import Deck, load_deck, resolve_deck_path, unwritable

DEFAULT_SOURCE = "default"
"""The name ``deck init --from`` gives the default deck (also ``standard``)."""


def copy_deck(source: str, target: Path, force: bool = False) -> Deck:
    """Write the deck ``source`` (``default``, a built-in name or a path) to ``target``; the source deck.

    The source is validated first, so the copy starts out playable.  An existing ``target`` is
    refused unless ``force``; the source itself is never overwritten.  Raises
    :class:`InvalidDataError` and writes nothing when anything is wrong.
    """
    deck = load_deck(None if source == DEFAULT_SOURCE else source)
    origin = resolve_deck_path(None if source == DEFAULT_SOURCE else source)
    if target.exists() and target.resolve() == origin.resolve():
        raise InvalidDataError(
            f"{target} is the source itself; choose another file to write",
            key="deck_error.same_file",
            params={"file": str(target)},
        )
    if target.exists() and not force:
        raise _exists(target)
    try:
        _write(target, origin.read_bytes(), force)
    except FileExistsError:
        raise _exists(target) from None
    except OSError as exc:
        raise unwritable(target, exc) from None
    return deck


def _exists(target: Path) -> InvalidDataError:
    return InvalidDataError(
        f"{target} exists already; give --force to overwrite it", key="deck_error.exists", params={"file": str(target)}
    )


def _write(target: Path, content: bytes, force: bool) -> None:
    """``content`` into ``target``: a new file only (``FileExistsError`` otherwise), or with ``force``
    replacing it in one step, so an interrupted write never leaves half a deck behind."""
    if not force:
        try:
            with open(target, "xb") as handle:
                handle.write(content)
        except FileExistsError:
            raise
        except OSError:
            target.unlink(missing_ok=True)
            raise
        return
    partial = target.with_name(f".{target.name}.{os.getpid()}.part")
    try:
        partial.write_bytes(content)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
