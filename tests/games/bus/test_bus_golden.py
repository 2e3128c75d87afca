"""Golden records: stored games replay to the same result on every supported Python version."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from busbahnhof.engine import replay
from busbahnhof.games.bus import BusState

GOLDEN = sorted((Path(__file__).parent / "data").glob("golden_*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_golden_record_replays(path: Path) -> None:
    record = json.loads(path.read_text())
    expect = record.pop("expect")
    state = replay(record)
    assert isinstance(state, BusState)
    outcome = state.outcome()
    assert list(outcome.points) == expect["points"]
    assert list(outcome.winners) == expect["winners"]
    assert state.end_reason == expect["end"]
    assert state.round == expect["rounds"]
    assert state.line_nodes == expect["lines"]


def test_there_are_golden_records() -> None:
    assert len(GOLDEN) == 3
