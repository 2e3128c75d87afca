"""``State.view(seat, log=False)``: the view without the log, as fresh as the full one;
``fresh=False``: the same content, uncopied (docs/protocol.md)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from busbahnhof.engine import State, game_ids, load_game


def containers(value: Any) -> list[int]:
    """The ids of every list and dict inside ``value``."""
    found: list[int] = []
    if isinstance(value, dict):
        found.append(id(value))
        for item in value.values():
            found.extend(containers(item))
    elif isinstance(value, list | tuple):
        if isinstance(value, list):
            found.append(id(value))
        for item in value:
            found.extend(containers(item))
    return found


def positions(game_id: str) -> list[State[Any]]:
    """A seeded random game's states at its start, in its middle and at its end."""
    game = load_game(game_id)
    state = game.new_state(game.min_players + 1 if game.max_players > game.min_players else game.min_players, 7)
    chooser = random.Random(7)
    kept = [state.clone()]
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
        if len(state.history) == 20:
            kept.append(state.clone())
    return [*kept, state]


@pytest.mark.parametrize("game_id", game_ids())
def test_a_view_without_the_log_is_the_view_less_its_log(game_id: str) -> None:
    for state in positions(game_id):
        for seat in [None, *range(state.players)]:
            full = state.view(seat)
            short = state.view(seat, log=False)
            assert "log" not in short
            assert short == {key: value for key, value in full.items() if key != "log"}
            assert state.view(seat, fresh=False) == full and state.view(seat, log=False, fresh=False) == short
            assert full["log"] == json.loads(json.dumps([event.to_dict() for event in state.log]))


@pytest.mark.parametrize("game_id", game_ids())
def test_views_share_no_list_or_dict(game_id: str) -> None:
    for state in positions(game_id):
        for seat in [None, *range(state.players)]:
            first, second, short = state.view(seat), state.view(seat), state.view(seat, log=False)
            shared = set(containers(first)) & (set(containers(second)) | set(containers(short)))
            assert not shared, f"{game_id} seat {seat}: views share {len(shared)} lists or dicts"
            expected = json.dumps(second, sort_keys=True)
            for entry in first["log"]:
                entry["params"].clear()
            first["state"].clear()
            assert json.dumps(state.view(seat), sort_keys=True) == expected, "changing a view changed the state"
