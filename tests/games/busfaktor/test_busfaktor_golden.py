"""A golden record: the same seed and actions give the same game on every supported Python (engine: Rng)."""

from __future__ import annotations

import json

from busfaktor_helpers import GAME

from busbahnhof.engine import replay
from busbahnhof.engine.contract import random_playout
from busbahnhof.games.busfaktor import BusfaktorState

FIRST_ACTIONS = [
    "ziehe aktion",
    "ziehe projekt",
    "beginne 11",
    "fertig",
    "ziehe projekt",
    "ziehe projekt",
    "beginne 13",
    "lege 48 an 13 als Methode",
    "biete 13 mit 11",
    "ablehnen",
    "lege 30 an 13 als Daten",
    "fertig",
]


def test_seed_42_with_three_players_plays_and_replays_identically() -> None:
    state: BusfaktorState = random_playout(GAME, 3, 42)  # type: ignore[assignment]
    record = state.record()
    assert record["actions"][:12] == FIRST_ACTIONS
    assert len(record["actions"]) == 94
    assert state.start == 2 and state.outcome().points == (-5, 1, 6)
    again = replay(json.loads(json.dumps(record)))
    assert again.view(None) == state.view(None)
