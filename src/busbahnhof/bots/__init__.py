"""Game-agnostic bots and the bot registry (generic bots plus each game's own)."""

from .ismcts import IsmctsBot
from .random_bot import RandomBot
from .registry import bot_names, make_bot, parse_bot_spec

__all__ = ["IsmctsBot", "RandomBot", "bot_names", "make_bot", "parse_bot_spec"]
