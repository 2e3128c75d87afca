"""The static "board" part of a Bus view: where clients draw the map (the web client draws it from
the view alone), the same for every seat and version, declared as the game's static key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from busbahnhof.engine import Rng, load_game
from busbahnhof.games.bus.board import load_board
from busbahnhof.games.bus.layout import board_layout


def _played(moves: int, **options: object) -> list[dict[str, object]]:
    """The spectator's view and every seat's view after ``moves`` random moves of a 3-player game."""
    state = load_game("bus", **options).new_state(3, 4)
    chooser = Rng(4)
    for _ in range(moves):
        state.apply(chooser.pick(state.legal_actions()))
    return [state.view(seat)["state"] for seat in (None, 0, 1, 2)]


def test_the_board_is_the_games_static_key_and_never_changes() -> None:
    assert load_game("bus").static_keys == ("board",)
    first = _played(0)[0]["board"]
    for view in _played(0) + _played(80):
        assert view["board"] == first


def test_the_layout_is_the_maps_own_coordinates_and_lot_positions() -> None:
    board = load_board()
    layout = board_layout(board)
    drawn = _played(0)[0]["board"]["layout"]
    assert drawn["intersections"] == [[x, y] for x, y in layout.intersections]
    assert len(drawn["lots"]) == board.lots == 47
    for (x, y), (ex, ey) in zip(drawn["lots"], layout.lots, strict=True):
        assert abs(x - ex) < 1e-3 and abs(y - ey) < 1e-3
    assert len(drawn["park"]) == 4
    assert drawn["bounds"] == pytest.approx(list(layout.bounds()), abs=1e-3)


def test_a_map_without_coordinates_gets_its_computed_layout(tmp_path: Path) -> None:
    data = load_board().to_json()
    for entry in data["intersections"]:
        del entry["x"], entry["y"]
    path = tmp_path / "bare.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    drawn = _played(0, board=str(path))[0]["board"]["layout"]
    points = {tuple(point) for point in drawn["intersections"]}
    assert len(points) == 36, "every intersection has its own place"
    assert len(drawn["lots"]) == 47


def test_the_layout_is_compact() -> None:
    board = _played(0)[0]["board"]
    assert len(json.dumps(board["layout"], separators=(",", ":"))) < 2_000
