"""Decks by content: a table never opens a file named by its creator.

Which rule options may name a file, and which built-in names each of them takes, every game
says itself (``Game.file_options``: Busfaktor's ``deck``, Bus's ``board``); the table service
knows no game.  At a table such an option takes only its built-in names.  A game whose file
options include ``deck`` also takes the deck file's content (``TableSpec.deck_text``): it is
handed to the game embedded (an ``EmbeddedFile``, as records carry decks), never written to
or read from a file.  The table's public options and its stored options say ``upload:<first 12
hex digits>`` instead; the stored record keeps the content, so a restarted service builds the
same game again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import orjson

from ..engine import Game, game_class
from ..engine.userfiles import EmbeddedFile
from .errors import InvalidTableError

DECK_OPTION = "deck"
UPLOAD_PREFIX = "upload:"
MAX_DECK_BYTES = 256 * 1024
GAMES_KEPT = 64
"""Built games kept for the next table with the same game, options and deck (:func:`build_game`)."""


def file_options(game_id: str) -> Mapping[str, tuple[str, ...]]:
    """The game's rule options that may name a file, each with the built-in names it takes."""
    return game_class(game_id).file_options


def has_deck(game_id: str) -> bool:
    """Whether ``game_id`` takes a deck file's content (it has a file-valued ``deck`` option)."""
    return DECK_OPTION in file_options(game_id)


def built_in_decks(game_id: str) -> tuple[str, ...]:
    """The built-in deck names of ``game_id`` (none for a game without a deck)."""
    return file_options(game_id).get(DECK_OPTION, ())


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
    for name, allowed in file_options(game_id).items():
        value = public.get(name)
        if value is not None and value not in allowed and not (name == DECK_OPTION and deck_text):
            raise InvalidTableError(
                f"{name} {value!r}: a table takes a built-in {name} ({', '.join(allowed)})"
                + (" or a deck file's content" if name == DECK_OPTION else "")
                + ", never a file name",
                key="table.error.deck_name" if name == DECK_OPTION else "table.error.file_name",
                option=name,
                value=str(value),
                allowed=", ".join(allowed),
            )
    return public


def build_game(game_id: str, options: dict[str, Any], deck_text: str | None) -> Game[Any, Any]:
    """The game with ``options`` (public form); an uploaded deck is handed over by content.

    Built once per game, options and deck and shared by every table that plays it (the newest
    :data:`GAMES_KEPT`): a game is only read once built, and building one reads its files (Bus's
    board, Busfaktor's deck), which cost a table's creation more than the rest of it."""
    return _built_game(game_id, orjson.dumps(options, option=orjson.OPT_SORT_KEYS), deck_text)


@lru_cache(maxsize=GAMES_KEPT)
def _built_game(game_id: str, options_json: bytes, deck_text: str | None) -> Game[Any, Any]:
    real = orjson.loads(options_json)
    if deck_text is not None:
        label = deck_label(deck_text).removeprefix(UPLOAD_PREFIX)
        real[DECK_OPTION] = EmbeddedFile.of(f"upload-{label}.toml", deck_text)
    return game_class(game_id)(**real)
