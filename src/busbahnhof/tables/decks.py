"""Decks by content: a table never opens a file named by its creator.

Rule options that name a file (Busfaktor's ``deck``, Bus's ``board``) take only their built-in
names at a table (:data:`BUILT_IN`).  Games with a rule option ``deck`` (Busfaktor: 1) accept
the deck file's content instead (``TableSpec.deck_text``).  Content is written to a content-addressed file in a
directory the service owns (``<sha256>.toml``) and the game loads that; the table's public
options and its stored record say ``upload:<first 12 hex digits>`` instead of the path, and the
stored record keeps the content, so a restarted service writes the file again.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from ..engine import Game, game_class
from ..games.bus.board import DEFAULT_BOARD
from ..games.busfaktor.deck import BUILTIN_DECKS
from .errors import InvalidTableError

DECK_OPTION = "deck"
UPLOAD_PREFIX = "upload:"
MAX_DECK_BYTES = 256 * 1024
BUILT_IN: dict[str, tuple[str, ...]] = {DECK_OPTION: tuple(BUILTIN_DECKS), "board": (DEFAULT_BOARD,)}
"""Per rule option that names a file: the names a table accepts (``None``, the default, too)."""


def has_deck(game_id: str) -> bool:
    """Whether ``game_id`` has a deck option."""
    return DECK_OPTION in game_class(game_id).options_model.model_fields


def deck_label(deck_text: str) -> str:
    """The public name of an uploaded deck."""
    return UPLOAD_PREFIX + hashlib.sha256(deck_text.encode("utf-8")).hexdigest()[:12]


def public_options(game_id: str, options: dict[str, Any], deck_text: str | None) -> dict[str, Any]:
    """The options as the creator may give them and clients see them (an uploaded deck by label).

    Raises:
        InvalidTableError: an option naming a file that is not one of its built-in names, deck
            content for a game without a deck, or content over 256 KiB.
    """
    public = dict(options)
    if deck_text is not None:
        if not has_deck(game_id):
            raise InvalidTableError(
                f"{game_id} has no deck; deck content is only for games with a deck option",
                key="table.error.no_deck",
                game=game_id,
            )
        if len(deck_text.encode("utf-8")) > MAX_DECK_BYTES:
            raise InvalidTableError(
                f"the deck file is larger than {MAX_DECK_BYTES // 1024} KiB",
                key="table.error.deck_too_large",
                limit=MAX_DECK_BYTES // 1024,
            )
        public[DECK_OPTION] = deck_label(deck_text)
    fields = game_class(game_id).options_model.model_fields
    for name, allowed in BUILT_IN.items():
        value = public.get(name)
        if name in fields and value is not None and value not in allowed and not (name == DECK_OPTION and deck_text):
            raise InvalidTableError(
                f"{name} {value!r}: a table takes a built-in {name} ({', '.join(allowed)})"
                + (" or a deck file's content" if name == DECK_OPTION else "")
                + ", never a file name",
                key=f"table.error.{name}_name",
                value=str(value),
                allowed=", ".join(allowed),
            )
    return public


def build_game(game_id: str, options: dict[str, Any], deck_text: str | None, deck_dir: Path) -> Game[Any, Any]:
    """The game with ``options`` (public form); an uploaded deck is loaded from its content-addressed file."""
    real = dict(options)
    if deck_text is not None:
        digest = hashlib.sha256(deck_text.encode("utf-8")).hexdigest()
        path = deck_dir / f"{digest}.toml"
        if not path.exists():
            deck_dir.mkdir(parents=True, exist_ok=True)
            path.write_text(deck_text, encoding="utf-8")
        real[DECK_OPTION] = str(path)
    return game_class(game_id)(**real)
