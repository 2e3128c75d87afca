"""The bots' fixed, published ratings per game (``data/bot_ratings.json``), from the tournaments.

Each game's tournaments pit one bot against a reference bot (``planer``, ``kartenzaehler``,
``heuristik``) with OpenSkill Plackett-Luce ratings that start at mu 25 in every tournament.  To
put every bot of a game on one scale, the reference bot is fixed at mu 25 and every other bot at
25 plus its mean lead over the reference in its tournaments (weighted by the games it played);
sigma is the games-weighted mean of its sigmas.  ``tests/players/test_bot_ratings.py`` derives
the figures again from ``docs/tournaments/*.json``.  At a table these ratings never change: a
person's rating against bots moves, the bots' stay as published.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from .ports import RatingValue

DATA_FILE = "bot_ratings.json"


@cache
def published() -> dict[str, Any]:
    """The data file as loaded: ``{"anchor_mu", "games": {game: {"reference", "bots": [...]}}}``."""
    text = resources.files(__package__ or "busbahnhof.players").joinpath("data", DATA_FILE).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def bot_list(game: str) -> list[dict[str, Any]]:
    """The game's bots with ``bot``, ``mu``, ``sigma``, ``ordinal`` (``mu - 3 sigma``), ``games`` and
    ``sources``, highest ordinal first; empty for a game without published ratings."""
    rows = published()["games"].get(game, {"bots": []})["bots"]
    listed = [{**row, "ordinal": row["mu"] - 3 * row["sigma"]} for row in rows]
    return sorted(listed, key=lambda row: -row["ordinal"])


def bot_rating(game: str, bot: str) -> RatingValue | None:
    """A bot's fixed ``(mu, sigma)`` in ``game``, or ``None`` if it has none published."""
    for row in published()["games"].get(game, {"bots": []})["bots"]:
        if row["bot"] == bot:
            return float(row["mu"]), float(row["sigma"])
    return None
