"""Strength levels for people: ``leicht``, ``mittel``, ``schwer`` (easy, medium, hard) per game.

Each game maps its levels to a bot and a budget (``games/<game>/bots.py``, ``levels()``); the
registry lists them with the game's bots, so ``--bots schwer`` and the lobby accept them, and
the English names are aliases.  Budgets are iteration counts, not seconds, so a level decides
the same for the same seed on every machine (docs/bots.md, "Levels", has their time per decision
and measured strength).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine import Bot, BotFactory

LEVELS = ("leicht", "mittel", "schwer")
ALIASES: Mapping[str, str] = {"easy": "leicht", "medium": "mittel", "hard": "schwer"}


def named(factory: BotFactory, name: str) -> BotFactory:
    """``factory`` whose bots answer to ``name`` (the level's name in tables and records)."""

    def make() -> Bot:
        bot = factory()
        bot.name = name
        return bot

    return make


def level_bots(easy: BotFactory, medium: BotFactory, hard: BotFactory) -> dict[str, BotFactory]:
    """The three levels of a game, each bot named after its level."""
    return {name: named(factory, name) for name, factory in zip(LEVELS, (easy, medium, hard), strict=True)}
