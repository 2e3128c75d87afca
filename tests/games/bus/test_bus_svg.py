"""The SVG drawing of Bus positions, checked piece by piece against the view it was drawn from,
and the ``busbahnhof render`` command that writes it."""

from __future__ import annotations

import copy
import json
import math
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from busbahnhof.cli import app
from busbahnhof.engine import Rng, load_game, replay
from busbahnhof.games.bus.svg import LINE_WIDTH, render_svg

SVG = "{http://www.w3.org/2000/svg}"


def _positions(players: int, seed: int, every: int) -> Iterator[dict[str, Any]]:
    """Views of every ``every``-th position of a seeded random game, and of its end."""
    state = load_game("bus").new_state(players, seed)
    chooser = Rng(seed)
    step = 0
    while not state.is_over:
        if step % every == 0:
            yield state.view(state.to_move)
        state.apply(chooser.pick(state.legal_actions()))
        step += 1
    yield state.view(None)


def _svg(view: dict[str, Any], lang: str = "en") -> ET.Element:
    return ET.fromstring(render_svg(view, load_game("bus").catalog(lang)))


def _pieces(root: ET.Element, kind: str) -> list[ET.Element]:
    return [element for element in root.iter() if element.get("class") == kind]


def _check_pieces(view: dict[str, Any]) -> None:
    state = view["state"]
    root = _svg(view)
    assert root.tag == f"{SVG}svg"
    segments = Counter(
        (int(e.get("data-seat", -1)), int(e.get("data-street", -1))) for e in _pieces(root, "line-segment")
    )
    expected = Counter((line["seat"], street) for line in state["lines"] for street in line["streets"])
    assert segments == expected
    buildings = {(int(e.get("data-lot", -1)), e.get("data-type")) for e in _pieces(root, "building")}
    assert buildings == {(lot["id"], lot["building"]) for lot in state["lots"] if lot["building"]}
    passengers = _pieces(root, "passenger")
    standing = Counter(int(e.get("data-intersection", -1)) for e in passengers if e.get("data-where") == "intersection")
    assert standing == Counter({node: n for node, n in enumerate(state["passengers"]["standing"]) if n})
    inside = {int(e.get("data-lot", -1)) for e in passengers if e.get("data-where") == "building"}
    assert inside == {lot["id"] for lot in state["lots"] if lot["passenger"]}
    markers = {
        (e.get("data-area"), e.get("data-slot"), int(e.get("data-seat", -1))) for e in _pieces(root, "slot-marker")
    }
    assert markers == {
        (area, "ABCDEF"[index], seat)
        for area, slots in state["action_board"].items()
        for index, seat in enumerate(slots)
        if seat is not None
    }
    buses = Counter(int(e.get("data-seat", -1)) for e in _pieces(root, "bus"))
    assert buses == Counter({seat: n for seat, n in enumerate(state["buses"])})
    assert len(_pieces(root, "time-stone")) == state["clock"]["time_stones_left"]
    assert _pieces(root, "clock")[0].get("data-hand") == state["clock"]["hand"]
    loop_ends = {(int(e.get("data-seat", -1)), int(e.get("data-intersection", -1))) for e in _pieces(root, "loop-end")}
    assert loop_ends == {(line["seat"], node) for line in state["lines"] for node in line["marked_ends"]}
    stations = {int(e.get("data-intersection", -1)) for e in _pieces(root, "station")}
    assert stations == set(state["board"]["train_stations"])
    assert len(_pieces(root, "lot")) == len(state["lots"])


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3), (4, 4)])
def test_every_piece_of_random_positions_is_drawn(players: int, seed: int) -> None:
    for view in _positions(players, seed, every=4):
        _check_pieces(view)


def test_a_loop_end_is_drawn() -> None:
    for seed in range(40):
        for view in _positions(4, seed, every=3):
            if any(line["marked_ends"] for line in view["state"]["lines"]):
                _check_pieces(view)
                assert _pieces(_svg(view), "loop-end")
                return
    pytest.fail("no random game of 40 formed a loop")


def _segment_geometry(root: ET.Element, street: int) -> list[tuple[int, float, float, float, float]]:
    found = [e for e in _pieces(root, "line-segment") if e.get("data-street") == str(street)]
    return [
        (
            int(e.get("data-seat", -1)),
            float(e.get("x1", "nan")),
            float(e.get("y1", "nan")),
            float(e.get("x2", "nan")),
            float(e.get("y2", "nan")),
        )
        for e in found
    ]


def test_lines_sharing_a_street_run_side_by_side_in_placing_order() -> None:
    view = next(_positions(4, 0, every=1))
    state = view["state"]
    street = state["streets"][20]
    street["players"] = [2, 0, 3]
    for seat in (2, 0, 3):
        state["lines"][seat]["streets"] = [20]
    drawn = _segment_geometry(_svg(view), 20)
    assert [seat for seat, *_ in drawn] == [2, 0, 3]
    (_, ax, ay, bx, by) = drawn[1]
    for _, x1, y1, x2, y2 in drawn:
        assert (x2 - x1) * (by - ay) == pytest.approx((y2 - y1) * (bx - ax), abs=1e-2)
    offsets = [math.hypot(x1 - ax, y1 - ay) for _, x1, y1, _x2, _y2 in drawn]
    assert offsets == pytest.approx([LINE_WIDTH, 0.0, LINE_WIDTH], abs=2e-3)
    assert drawn[0][1:3] != drawn[2][1:3]


def test_labels_follow_the_language() -> None:
    view = next(_positions(4, 5, every=1))
    german = render_svg(view, load_game("bus").catalog("de"))
    english = render_svg(view, load_game("bus").catalog("en"))
    assert "Linienausbau" in german and "Kneipe" in german and "Startspieler" in german
    assert "line expansion" in english and "pub" in english and "starting player" in english


def test_pure_function_of_the_view() -> None:
    view = list(_positions(4, 6, every=40))[-1]
    before = copy.deepcopy(view)
    catalog = load_game("bus").catalog("de")
    assert render_svg(view, catalog) == render_svg(view, catalog)
    assert view == before


def test_names_with_markup_characters_are_escaped() -> None:
    view = next(_positions(3, 7, every=1))
    catalog = load_game("bus").catalog("en", ["<Anna & Ben>", 'Cem "C"', "D'or"])
    root = ET.fromstring(render_svg(view, catalog))
    texts = {(element.text or "").removesuffix(" ★") for element in root.iter(f"{SVG}text")}
    assert {"<Anna & Ben>", 'Cem "C"', "D'or"} <= texts


def test_a_custom_map_without_coordinates_is_drawn() -> None:
    view = next(_positions(4, 8, every=1))
    for entry in view["state"]["board"]["intersections"]:
        del entry["x"], entry["y"]
    _check_pieces(view)


def test_render_command_writes_the_position(tmp_path: Path) -> None:
    state = load_game("bus").new_state(4, 11)
    chooser = Rng(11)
    for _ in range(60):
        state.apply(chooser.pick(state.legal_actions()))
    record = tmp_path / "game.json"
    record.write_text(json.dumps(state.record()), encoding="utf-8")
    output = tmp_path / "board.svg"
    runner = CliRunner()
    args = ["render", "bus", "--record", str(record), "--at", "60", "-o", str(output), "--seat", "2", "--lang", "en"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert output.read_text(encoding="utf-8") == render_svg(state.view(1), state.game.catalog("en"))
    earlier = runner.invoke(app, ["render", "bus", "--record", str(record), "--at", "5", "-o", str(output)])
    assert earlier.exit_code == 0, earlier.output
    position = replay(state.record(), upto=5)
    assert output.read_text(encoding="utf-8") == render_svg(position.view(None), state.game.catalog("de"))


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["render", "busfahrer"], "has no SVG drawing"),
        (["render", "bus", "--at", "999"], "has positions 0 to 3"),
        (["render", "bus", "--seat", "7"], "seats 1 to 4"),
    ],
)
def test_render_command_refuses_clearly(tmp_path: Path, args: list[str], problem: str) -> None:
    state = load_game("bus").new_state(4, 1)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    record = tmp_path / "game.json"
    record.write_text(json.dumps(state.record()), encoding="utf-8")
    result = CliRunner().invoke(app, [*args, "--record", str(record), "-o", str(tmp_path / "x.svg"), "--lang", "en"])
    assert result.exit_code == 2
    assert problem in result.output
    assert not (tmp_path / "x.svg").exists()


def test_render_command_refuses_a_record_of_another_game(tmp_path: Path) -> None:
    other = load_game("busfahrer").new_state(3, 1)
    record = tmp_path / "game.json"
    record.write_text(json.dumps(other.record()), encoding="utf-8")
    result = CliRunner().invoke(app, ["render", "bus", "--record", str(record), "-o", str(tmp_path / "x.svg")])
    assert result.exit_code == 2
    assert "ist eine Aufzeichnung von „busfahrer“, nicht von „bus“" in result.output


def test_lots_show_the_zone_labels_of_the_edition() -> None:
    state = load_game("bus", edition="1999").new_state(4, 3)
    zones = {e.get("data-zone") for e in _pieces(_svg(state.view(None)), "lot")}
    assert zones == {"A", "B", "C", "D"}
    assert {e.get("data-zone") for e in _pieces(_svg(next(_positions(4, 3, every=1))), "lot")} == {"1", "2", "3", "4"}


def test_every_intersection_names_itself_so_the_web_client_can_make_it_clickable() -> None:
    view = load_game("bus").new_state(3, 5).view(None)
    root = _svg(view)
    named = sorted(
        int(element.get("data-intersection", -1))
        for element in root.iter()
        if element.get("class") in ("intersection", "station")
    )
    assert named == list(range(len(view["state"]["board"]["intersections"])))


@pytest.mark.parametrize(("lang", "word"), [("de", "Bahnhof"), ("en", "Station")])
def test_each_station_is_labelled_with_its_intersection_number(lang: str, word: str) -> None:
    view = load_game("bus").new_state(3, 1).view(None)
    labels = sorted(element.text or "" for element in _pieces(_svg(view, lang), "station-label"))
    assert labels == sorted(f"{word} {node}" for node in view["state"]["board"]["train_stations"])
