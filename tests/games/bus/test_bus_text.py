"""The terminal rendering of Bus positions holds every key fact of the view."""

from __future__ import annotations

import inspect
import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

from busbahnhof.engine import Rng, load_game
from busbahnhof.engine.events import load_messages
from busbahnhof.games.bus import svg, text
from busbahnhof.games.bus.text import render_text

AREA_LABELS = {
    "de": ("Linienausbau", "Busse", "Fahrgäste", "Gebäude", "Uhr", "Startspieler"),
    "en": ("line expansion", "buses", "passengers", "buildings", "clock", "starting player"),
}


def _positions(players: int, seed: int, every: int) -> Iterator[dict[str, Any]]:
    state = load_game("bus").new_state(players, seed)
    chooser = Rng(seed)
    step = 0
    while not state.is_over:
        if step % every == 0:
            yield state.view(state.to_move)
        state.apply(chooser.pick(state.legal_actions()))
        step += 1
    yield state.view(None)


def _printed(renderable: Any) -> str:
    console = Console(width=250, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def _shown(view: dict[str, Any], lang: str) -> str:
    return _printed(render_text(view, load_game("bus").catalog(lang)))


def _check_facts(view: dict[str, Any], lang: str) -> None:
    state = view["state"]
    catalog = load_game("bus").catalog(lang)
    shown = _shown(view, lang)
    assert catalog.text(f"building.{state['clock']['hand']}") in shown
    assert "●" * state["clock"]["time_stones_left"] in shown
    for label in AREA_LABELS[lang]:
        assert label in shown
    for area, slots in state["action_board"].items():
        label = re.escape(catalog.text(f"area.{area}"))
        row = next(line for line in shown.splitlines() if re.match(rf"\s*{label}\s+A:", line))
        marks = re.findall(r"([A-F]):(\S)", row)
        assert marks == [("ABCDEF"[i], "·" if seat is None else str(seat + 1)) for i, seat in enumerate(slots)]
    for seat in range(view["players"]):
        line = state["lines"][seat]
        name = catalog.format_param("seat", seat)
        row = next(text for text in shown.splitlines() if text.startswith(name))
        figures = [int(token) for token in row.removeprefix(name).split() if token.lstrip("-").isdigit()][:6]
        assert figures == [
            state["buses"][seat],
            state["scores"][seat],
            state["deliveries"][seat],
            state["clock"]["time_stones_taken"][seat],
            state["markers_left"][seat],
            line["markers_left"],
        ]
        if line["intersections"]:
            assert "-".join(str(node) for node in line["intersections"]) in row
    letters = {kind: catalog.text(f"building.{kind}")[0].upper() for kind in ("house", "office", "pub")}
    for lot in state["lots"]:
        mark = letters[lot["building"]] if lot["building"] else "·"
        assert f"{lot['id']}@{lot['intersection']}{mark}{'*' if lot['passenger'] else ''}" in shown
    for node, count in enumerate(state["passengers"]["standing"]):
        if count:
            assert re.search(rf"\b{node}(\([^)]*\))?×{count}\b", shown)
    assert str(state["passengers"]["supply"]) in shown


@pytest.mark.parametrize(("players", "seed", "lang"), [(3, 1, "de"), (4, 2, "en"), (5, 3, "de")])
def test_key_facts_of_random_positions_are_shown(players: int, seed: int, lang: str) -> None:
    for view in _positions(players, seed, every=7):
        _check_facts(view, lang)


def test_the_game_delegates_its_terminal_drawing_here() -> None:
    game = load_game("bus")
    view = next(_positions(4, 4, every=1))
    assert _printed(game.render_text(view, game.catalog("en"))) == _shown(view, "en")


def test_the_end_is_named() -> None:
    view = list(_positions(4, 5, every=1000))[-1]
    catalog = load_game("bus").catalog("en")
    assert catalog.text(f"game_over_{view['state']['end']}") in _shown(view, "en")


def test_drawing_labels_exist_in_both_languages() -> None:
    """Every ``draw.*`` label of the SVG and text drawings is in both locale files of the game."""
    used: set[str] = set()
    for module in (svg, text):
        used |= set(re.findall(r'"(draw\.\w+)"', inspect.getsource(module)))
    assert "draw.round" in used
    de = load_messages("busbahnhof.games.bus", "de")
    en = load_messages("busbahnhof.games.bus", "en")
    assert used <= set(de) and used <= set(en)
