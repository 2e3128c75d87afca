"""Default seat names, in the language the table was created in: ``Spieler 2`` / ``Player 2`` for a
human seat, ``Bot 3 (mittel)`` / ``Bot 3 (medium)`` for a bot seat (the bot's level or its name).

A seat's name is chosen once, when its table is created, and stored with the table, so every
viewer sees the same names whatever their own language; the numbers are the seat numbers, so
two bots of one level stay apart in the log.
"""

from __future__ import annotations

from ..bots.levels import ALIASES
from ..engine import Catalog

CATALOG_PACKAGES = ("busbahnhof.tables", "busbahnhof.engine")


def names_catalog(lang: str) -> Catalog:
    """The catalog default names come from, in ``lang``."""
    return Catalog(CATALOG_PACKAGES, lang)


def bot_title(catalog: Catalog, bot: str) -> str:
    """A bot as people call it: its level in the catalog's language (``easy`` is ``leicht``'s
    alias), its own name for a game's bot (``Kartenzähler``), else its registry name."""
    canonical = ALIASES.get(bot, bot)
    key = f"table.bot.{canonical}"
    return catalog.text(key) if catalog.has(key) else canonical


def default_name(catalog: Catalog, seat: int, bot: str | None) -> str:
    """The name of seat ``seat`` (0-based) whose creator left it empty."""
    if bot is None:
        return catalog.text("table.default_human", n=seat + 1)
    return catalog.text("table.default_bot", n=seat + 1, bot=bot_title(catalog, bot))
