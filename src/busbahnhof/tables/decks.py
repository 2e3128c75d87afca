"""Decks by content: a table never opens a file named by its creator.

Games with a rule option ``deck`` (Busfaktor: 1) accept a built-in deck name or the deck file's
content (``TableSpec.deck_text``).  Content is written to a content-addressed file in a
directory the service owns (``<sha256>.toml``) and the game loads that; the table's public
options and its stored record say ``upload:<first 12 hex digits>`` instead of the path, and the
stored record keeps the content, so a restarted service writes the file again.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from ..engine import Game, game_class
from ..games.busfaktor.deck import BUILTIN_DECKS
from .errors import InvalidTableError

DECK_OPTION = "deck"
UPLOAD_PREFIX = "upload:"
MAX_DECK_BYTES = 256 * 1024


def has_deck(game_id: str) -> bool:
    """Whether ``game_id`` has a deck option."""
    return DECK_OPTION in game_class(game_id).options_model.model_fields


def deck_label(deck_text: str) -> str:
    """The public name of an uploaded deck."""
    return UPLOAD_PREFIX + hashlib.sha256(deck_text.encode("utf-8")).hexdigest()[:12]


def public_options(game_id: str, options: dict[str, Any], deck_text: str | None) -> dict[str, Any]:
    """The options as the creator may give them and clients see them (an uploaded deck by label).

    Raises:
        InvalidTableError: a deck option that is neither a built-in name nor absent, or deck
            content for a game without a deck, or content over 256 KiB.
    """
    public = dict(options)
    given = public.get(DECK_OPTION)
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
    elif given is not None and has_deck(game_id) and given not in BUILTIN_DECKS:
        raise InvalidTableError(
            f"deck {given!r}: a table takes a built-in deck ({', '.join(BUILTIN_DECKS)}) or a deck's content,"
            " never a file name",
            key="table.error.deck_name",
            deck=str(given),
            decks=", ".join(BUILTIN_DECKS),
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
