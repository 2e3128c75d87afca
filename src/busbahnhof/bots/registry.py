"""Which bots exist for a game, and how a seat list is written on the command line.

A bot spec is a comma-separated list of ``name[:count]`` entries, e.g. ``kartenzaehler:3`` or
``random,heuristik:2``.  A game's strength levels (``leicht``, ``mittel``, ``schwer``) are among its
bots; their English names (``easy``, ``medium``, ``hard``) are accepted as aliases.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ..engine import Bot, BotFactory, Game, GameError, InvalidOptionError
from .ismcts import DEFAULT_ITERATIONS, FAST_ITERATIONS, IsmctsBot
from .levels import ALIASES
from .random_bot import RandomBot

GENERIC_BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "ismcts": partial(IsmctsBot, DEFAULT_ITERATIONS, "ismcts"),
    "ismcts-fast": partial(IsmctsBot, FAST_ITERATIONS, "ismcts-fast"),
}


def _factories(game: Game[Any, Any]) -> dict[str, BotFactory]:
    return {**GENERIC_BOTS, **game.bots()}


def bot_names(game: Game[Any, Any]) -> list[str]:
    """Every bot that can play ``game``."""
    return sorted(_factories(game))


def make_bot(game: Game[Any, Any], name: str) -> Bot:
    """A fresh bot called ``name`` (or a level's English alias) for ``game``."""
    factory = _factories(game).get(ALIASES.get(name, name))
    if factory is None:
        raise GameError(
            f"no bot {name!r} for {game.id}; choose one of {', '.join(bot_names(game))}",
            key="error.unknown_bot",
            params={"bot": name, "game": game.title, "bots": ", ".join(bot_names(game))},
        )
    return factory()


def parse_bot_spec(game: Game[Any, Any], spec: str, seats: int | None = None) -> list[str]:
    """The bot names of ``spec`` expanded by their counts, validated against ``game`` (and ``seats``)."""
    names: list[str] = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        name, _, count_text = part.partition(":")
        try:
            count = int(count_text) if count_text else 1
        except ValueError:
            raise GameError(
                f"bad bot count in {part!r}: write name:count, e.g. random:3",
                key="error.bot_count",
                params={"part": part},
            ) from None
        if count < 0:
            raise GameError(
                f"bad bot count in {part!r}: it must not be negative",
                key="error.bot_count_negative",
                params={"part": part},
            )
        make_bot(game, name)
        names.extend([name] * count)
    if seats is not None and len(names) > seats:
        raise InvalidOptionError(
            f"{len(names)} bots do not fit at {seats} seats",
            key="error.bots_do_not_fit",
            params={"bots": len(names), "seats": seats},
        )
    return names
