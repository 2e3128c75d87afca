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
        ({}, 4, 7, 63, (29, 10, 15, 5), "aec6d8fc7e7756e0"),
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
            "a462bfde66800cfd",
        ),
        ({"games": 2, "ride": "american", "rising_penalties": True}, 3, 11, 61, (41, 25, 9), "21cbf3e3326105d2"),
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
    # the digests changed once, when records got their "format" field (issue 7); the games did not
    assert hashlib.sha256(json.dumps(record).encode()).hexdigest().startswith(digest)
    assert fingerprint(replay(json.loads(json.dumps(record)))) == fingerprint(state)
