"""Golden games: the same seed gives the same Busfahrer game on every supported Python version."""

from __future__ import annotations

import hashlib
import json

import pytest

from busbahnhof.engine import load_game, replay
from busbahnhof.engine.contract import fingerprint, random_playout


@pytest.mark.parametrize(
    ("options", "players", "seed", "decisions", "points", "digest"),
    [
        ({}, 4, 7, 63, (29, 10, 15, 5), "df2302cddb3f3ee0"),
        (
            {
                "games": 2,
                "ride": "american",
                "rising_penalties": True,
                "empty_pile": "end",
                "rising_recipients": "split",
            },
            3,
            11,
            114,
            (40, 35, 26),
            "7b177c7f4e0d7469",
        ),
        ({"games": 2, "ride": "american", "rising_penalties": True}, 3, 11, 61, (41, 25, 9), "5fa590581a3e5753"),
    ],
)
def test_golden_game(
    options: dict[str, object], players: int, seed: int, decisions: int, points: tuple[int, ...], digest: str
) -> None:
    game = load_game("busfahrer", **options)
    state = random_playout(game, players, seed)
    record = state.record()
    assert len(record["actions"]) == decisions
    assert state.outcome().points == points
    assert hashlib.sha256(json.dumps(record).encode()).hexdigest().startswith(digest)
    assert fingerprint(replay(json.loads(json.dumps(record)))) == fingerprint(state)
