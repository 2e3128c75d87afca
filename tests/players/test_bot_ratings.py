"""The bots' published ratings follow from the tournaments in docs/tournaments (derived again here)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from busbahnhof.bots import bot_names
from busbahnhof.engine import load_game
from busbahnhof.players.bots import bot_list, bot_rating, published

DOCS = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", ["bus", "busfahrer", "busfaktor"])
def test_each_bot_is_the_reference_plus_its_mean_lead_in_its_tournaments(game: str) -> None:
    listed = published()["games"][game]
    reference = listed["reference"]
    for row in listed["bots"]:
        standings = [
            {entry["bot"]: entry for entry in json.loads((DOCS / source).read_text())["standings"]}
            for source in row["sources"]
        ]
        games = [table[row["bot"]]["games"] for table in standings]
        assert row["games"] == sum(games)
        lead = math.fsum(n * (t[row["bot"]]["mu"] - t[reference]["mu"]) for n, t in zip(games, standings, strict=True))
        sigma = math.fsum(n * t[row["bot"]]["sigma"] for n, t in zip(games, standings, strict=True))
        assert row["mu"] == pytest.approx(published()["anchor_mu"] + lead / sum(games), abs=1e-3)
        assert row["sigma"] == pytest.approx(sigma / sum(games), abs=1e-3)


SUPERSEDED = {
    "docs/tournaments/busfaktor-schwer-vs-heuristik.json",
    "docs/tournaments/busfaktor-schwer-vs-heuristik-seed2.json",
}
"""Busfaktor's ``schwer`` before it became sequential halving (docs/bots.md): another bot."""


def test_every_current_tournament_of_the_docs_is_used_and_every_bot_exists() -> None:
    used = {source for game in published()["games"].values() for row in game["bots"] for source in row["sources"]}
    documented = {f"docs/tournaments/{path.name}" for path in (DOCS / "docs/tournaments").glob("*.json")}
    assert used == documented - SUPERSEDED
    for game, listed in published()["games"].items():
        assert {row["bot"] for row in listed["bots"]} <= set(bot_names(load_game(game)))


def test_lists_are_ordered_by_the_conservative_rating() -> None:
    rows = bot_list("busfaktor")
    assert rows[0]["bot"] == "schwer"
    assert all(row["ordinal"] == pytest.approx(row["mu"] - 3 * row["sigma"]) for row in rows)
    assert bot_rating("busfaktor", "mittel") is None and bot_list("chess") == []
