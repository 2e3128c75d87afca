"""``/api/games``: the games with their option schemas, presets and bots, and their message catalogs."""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter

from ....bots import bot_names
from ....engine import UnknownGameError, game_class, game_ids
from ....tables.decks import built_in_decks, has_deck
from ...errors import catalog
from ..deps import LangDep

router = APIRouter(prefix="/api/games", tags=["games"])


@cache
def game_info(game_id: str) -> dict[str, Any]:
    """The public facts of one game: players, the JSON schema of its rule options, presets and bots."""
    game_type = game_class(game_id)
    info: dict[str, Any] = {
        "id": game_id,
        "title": game_type.title,
        "min_players": game_type.min_players,
        "max_players": game_type.max_players,
        "options_schema": game_type.options_model.model_json_schema(),
        "presets": {name: dict(options) for name, options in game_type.presets.items()},
        "bots": bot_names(game_type()),
        "has_deck": has_deck(game_id),
    }
    if info["has_deck"]:
        info["decks"] = list(built_in_decks(game_id))
    return info


@cache
def registered() -> frozenset[str]:
    """The registered game ids, read from the package metadata once (reading it costs milliseconds,
    and every table created asks)."""
    return frozenset(game_ids())


def known(game_id: str) -> str:
    """``game_id`` if a game has it; raises :class:`UnknownGameError` otherwise.

    Only registered ids pass, so nothing named by a client is ever imported.
    """
    if game_id not in registered():
        raise UnknownGameError(
            f"no game {game_id!r}; registered games: {', '.join(sorted(registered()))}",
            key="server.error.unknown_game",
            params={"game": game_id, "games": ", ".join(sorted(registered()))},
        )
    return game_id


@router.get("")
async def list_games() -> list[dict[str, Any]]:
    """Every game."""
    return [game_info(game_id) for game_id in game_ids()]


@router.get("/{game_id}")
async def get_game(game_id: str) -> dict[str, Any]:
    """One game."""
    return game_info(known(game_id))


@router.get("/{game_id}/messages")
async def game_messages(game_id: str, lang: LangDep) -> dict[str, Any]:
    """The message templates a client needs to render the game's views in ``lang`` (``{placeholders}`` unfilled)."""
    return {"lang": lang, "messages": dict(catalog(lang, known(game_id)).messages)}
