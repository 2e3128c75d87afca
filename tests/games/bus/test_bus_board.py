"""Bus: the city map as data (Aufbau; rules-notes 1): topology, validation, custom maps."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from busbahnhof.engine import InvalidDataError, load_game
from busbahnhof.games.bus import Bus
from busbahnhof.games.bus.board import load_board, parse_board

REFERENCE = Path("/work/shared/reference/bus-board.json")


def board_data() -> dict[str, Any]:
    return load_board().to_json()


def test_published_topology() -> None:
    board = load_board()
    assert board.intersections == 36
    assert len(board.streets) == 70
    assert board.lots == 47
    assert [len(lots) for lots in board.zone_lots] == [12, 11, 9, 15]
    assert board.stations == (10, 25)
    assert board.start_intersections == (14, 15, 20, 21)
    for station in board.stations:
        assert board.lots_at[station] == ()
        assert len(board.incident[station]) == 7
    for start in board.start_intersections:
        assert [board.lot_zone[lot] for lot in board.lots_at[start]] == [1, 1]
    cycle = [(14, 15), (15, 21), (20, 21), (14, 20)]
    assert all(pair in board.street_between for pair in cycle)


@pytest.mark.skipif(not REFERENCE.exists(), reason="reference file not available")
def test_matches_the_reference_file() -> None:
    reference = json.loads(REFERENCE.read_text())
    board = load_board()
    assert [list(street) for street in board.streets] == [sorted(s) for s in reference["streets"]]
    zones = [[board.lot_zone[lot] for lot in board.lots_at[node["id"]]] for node in reference["intersections"]]
    assert zones == [node["lots"] for node in reference["intersections"]]


def test_drawing_fields_are_kept(tmp_path: Path) -> None:
    data = board_data()
    data["intersections"][3]["x"] = 1.5
    data["intersections"][3]["label"] = "Markt"
    data["intersections"][2]["lots"][0]["side"] = "n"
    data["designer"] = "me"
    board = parse_board(data, "custom.json")
    assert board.drawing[3]["x"] == 1.5
    assert board.drawing[3]["label"] == "Markt"
    assert board.lot_drawing[2]["side"] == "n"
    assert board.to_json() == data


def test_custom_board_option(tmp_path: Path) -> None:
    data = board_data()
    data["name"] = "Kleinstadt"
    path = tmp_path / "kleinstadt.json"
    path.write_text(json.dumps(data))
    game = Bus(board=str(path))
    assert game.board.name == "Kleinstadt"
    assert game.new_state(3, 1).view(None)["state"]["board"]["name"] == "Kleinstadt"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["streets"].append([0, 0]), "streets[70]: a street must join two different"),
        (lambda d: d["streets"].append([1, 0]), "streets[70]: intersections 0 and 1 are already joined"),
        (lambda d: d["streets"].append([0, 99]), "streets[70]: no intersection 99"),
        (lambda d: d["intersections"][4].update(id=7), "intersections[4].id: ids must run"),
        (lambda d: d["intersections"][0]["lots"][0].update(zone=9), "intersections[0].lots[0].zone: zones run 1..4"),
        (lambda d: d["intersections"][0]["lots"][0].update(id=5), "intersections[0].lots[0].id: lot ids must run"),
        (lambda d: d.update(train_stations=[2]), "train_stations[0]: train station 2 must not have lots"),
        (lambda d: d.update(start_intersections=[14, "x"]), "file.start_intersections[1]: expected a whole number"),
        (lambda d: d.update(zones="four"), "zones: expected a whole number"),
        (lambda d: d.update(streets=[s for s in d["streets"] if 34 not in s]), "intersections[34]: no street"),
    ],
)
def test_invalid_boards_name_file_entry_and_field(change: Any, message: str) -> None:
    data = board_data()
    change(data)
    with pytest.raises(InvalidDataError) as error:
        parse_board(data, "mine.json")
    assert str(error.value).startswith("mine.json: ")
    assert message in str(error.value)


def test_disconnected_map_is_refused() -> None:
    data = board_data()
    data["streets"] = [s for s in data["streets"] if s not in ([34, 35], [33, 34])] + [[34, 35]]
    data["streets"] = [s for s in data["streets"] if s != [28, 35] and s != [23, 35]]
    with pytest.raises(InvalidDataError, match="cannot be reached from intersection 0"):
        parse_board(data, "mine.json")


def test_unreadable_board_file(tmp_path: Path) -> None:
    with pytest.raises(InvalidDataError, match=r"missing\.json: does not exist"):
        load_game("bus", board=str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    with pytest.raises(InvalidDataError, match=r"bad\.json: is not valid JSON: line 1"):
        load_game("bus", board=str(bad))
