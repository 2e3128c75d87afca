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
from busbahnhof.games.bus import svg, text
from busbahnhof.games.bus.text import render_text

AREA_LABELS = {
    "de": ("Linienausbau", "Busse", "Fahrgäste", "Gebäude", "Uhr", "Startspieler"),
    "en": ("line expansion", "buses", "passengers", "buildings", "clock", "starting player"),
}


def _positions(players: int, seed: int, every: int, **options: Any) -> Iterator[dict[str, Any]]:
    state = load_game("bus", **options).new_state(players, seed)
    chooser = Rng(seed)
    step = 0
    while not state.is_over:
        if step % every == 0:
            yield state.view(state.to_move)
        state.apply(chooser.pick(state.legal_actions()))
        step += 1
    yield state.view(None)


def _printed(renderable: Any, width: int = 250) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def _shown(view: dict[str, Any], lang: str, width: int = 250) -> str:
    return _printed(render_text(view, load_game("bus").catalog(lang)), width)


def _check_facts(view: dict[str, Any], lang: str, width: int = 250) -> None:
    state = view["state"]
    catalog = load_game("bus").catalog(lang)
    shown = _shown(view, lang, width)
    rows = shown.splitlines()
    assert catalog.text(f"building.{state['clock']['hand']}") in shown
    assert "●" * state["clock"]["time_stones_left"] in shown
    for label in AREA_LABELS[lang]:
        assert label in shown
    for area, slots in state["action_board"].items():
        label = re.escape(catalog.text(f"area.{area}"))
        row = next(line for line in rows if re.match(rf"\s*{label}\s+A:", line))
        marks = re.findall(r"([A-F]):(\S)", row)[: len(slots)]
        assert marks == [("ABCDEF"[i], "·" if seat is None else str(seat + 1)) for i, seat in enumerate(slots)]
    flat = re.sub(r"\s+", " ", shown)
    for seat in range(view["players"]):
        line = state["lines"][seat]
        name = catalog.format_param("seat", seat)
        row = next(text for text in rows if re.search(rf"\b{name}( ★)?( –)?\s+\d", text))
        after = row[row.index(name) + len(name) :]
        figures = [int(token) for token in after.split() if token.lstrip("-").isdigit()][:6]
        assert figures == [
            state["buses"][seat],
            state["scores"][seat],
            state["deliveries"][seat],
            state["clock"]["time_stones_taken"][seat],
            state["markers_left"][seat],
            line["markers_left"],
        ]
        marks = after.split()[: after.split().index(str(state["buses"][seat]))]
        assert ("★" in marks) == (seat == state["start_player"])
        assert ("–" in marks) == bool(state["passed"][seat] and state["phase"] == "selection")
        chain = "-".join(str(node) for node in line["intersections"]) or "—"
        assert f"{name} {chain}" in flat
        for end in line["ends"]:
            loop = "↺" if end in line["marked_ends"] else ""
            assert f"{end}{loop} ▸ {' '.join(_neighbours(state, end, line['intersections']))}" in flat
    for kind in ("house", "office", "pub"):
        built = [
            f"{lot['intersection']}{'*' if lot['passenger'] else ''}"
            for lot in state["lots"]
            if lot["building"] == kind
        ]
        assert f"{catalog.text(f'building.{kind}')} {' '.join(built) or '—'} " in flat + " "
    free = [lot for lot in state["lots"] if lot["building"] is None]
    if free:
        zone = min(lot["zone"] for lot in free)
        label = state["board"]["zone_labels"][zone - 1]
        places = " ".join(f"{lot['id']}@{lot['intersection']}" for lot in free if lot["zone"] == zone)
        assert f"{catalog.text('draw.free_lots', zone=label)} {places} " in flat + " "
    waiting = ", ".join(f"{node}×{count}" for node, count in enumerate(state["passengers"]["standing"]) if count)
    stations = ", ".join(str(node) for node in sorted(state["board"]["train_stations"]))
    supply = catalog.text("draw.supply", count=state["passengers"]["supply"])
    expected = (
        f"{catalog.text('draw.waiting')} {waiting or '—'} · {catalog.text('draw.stations')}: {stations} · {supply}"
    )
    assert expected in flat


def _neighbours(state: dict[str, Any], node: int, line: list[int]) -> list[str]:
    """What the lines table must list after a line end: the streets to intersections off the line."""
    around = sorted(
        (street["b"] if street["a"] == node else street["a"], street["players"])
        for street in state["streets"]
        if node in (street["a"], street["b"])
    )
    shown = [
        f"{other}[{','.join(str(seat + 1) for seat in seats) or '·'}]" for other, seats in around if other not in line
    ]
    return shown or ["—"]


@pytest.mark.parametrize(("players", "seed", "lang"), [(3, 1, "de"), (4, 2, "en"), (5, 3, "de")])
def test_key_facts_of_random_positions_are_shown(players: int, seed: int, lang: str) -> None:
    for view in _positions(players, seed, every=7):
        _check_facts(view, lang)


@pytest.mark.parametrize(
    ("players", "seed", "lang", "edition"),
    [(3, 4, "de", "complete"), (5, 6, "en", "complete"), (5, 7, "de", "complete"), (4, 8, "en", "1999")],
)
def test_everything_fits_80_columns(players: int, seed: int, lang: str, edition: str) -> None:
    """Nothing is cut off ("Zeitste…") or runs past 80 columns, and every fact is still there."""
    for view in _positions(players, seed, every=11, edition=edition):
        shown = _shown(view, lang, 80)
        assert "…" not in shown
        assert max(len(line.rstrip()) for line in shown.splitlines()) <= 80
        _check_facts(view, lang, 80)


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
    catalogs = [load_game("bus").catalog(lang) for lang in ("de", "en")]
    assert all(catalog.has(key) for catalog in catalogs for key in used)  # singular/plural labels too


def test_the_heading_says_what_is_decided() -> None:
    """The slot being resolved is named with its power and the step, not as ``(A, 3 / 3)``."""
    game = load_game("bus")
    state = game.new_state(4, 8)
    chooser = Rng(8)
    seen = 0
    while not state.is_over:
        view = state.view(state.to_move)
        decision = view["state"]["decision"]
        if decision["slot"] is not None:
            slot, power, left = decision["slot"], decision["power"], decision["left"]
            round_number, area = view["state"]["round"], decision["area"]
            headings = {
                "de": f"Runde {round_number} · {game.catalog('de').text(f'area.{area}')}, Feld {slot} mit Kraft "
                f"{power}: Schritt {power - left + 1} von {power} · Spieler {decision['seat'] + 1} ist am Zug",
                "en": f"Round {round_number} · {game.catalog('en').text(f'area.{area}')}, slot {slot} with power "
                f"{power}: step {power - left + 1} of {power} · Player {decision['seat'] + 1} to move",
            }
            for lang, heading in headings.items():
                clock = game.catalog(lang).text("area.clock")
                shown = _shown(view, lang, 80)
                assert " ".join(shown[: shown.index(clock + ":")].split()) == heading
            seen += 1
        state.apply(chooser.pick(state.legal_actions()))
    assert seen >= 20


def test_the_viewers_own_line_is_underlined_and_seat_colours_are_kept() -> None:
    """Players keep their SVG colours; the viewer's own line is underlined, nobody else's."""
    view = next(v for v in _positions(3, 2, every=25) if v["seat"] is not None and v["state"]["round"] >= 2)
    catalog = load_game("bus").catalog("en")
    console = Console(width=120, record=True, file=io.StringIO(), color_system="truecolor", force_terminal=True)
    console.print(render_text(view, catalog))
    styled = console.export_text(styles=True)
    for colour in svg.PLAYER_COLOURS[:3]:
        red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        assert f"38;2;{red};{green};{blue}" in styled
    table = text._lines(view, catalog)
    chains = list(table.columns[1].cells)
    for seat, chain in enumerate(chains):
        assert ("underline" in str(chain.style)) == (seat == view["seat"])


@pytest.mark.parametrize(("players", "seed", "edition"), [(4, 11, "complete"), (5, 12, "complete"), (5, 13, "1999")])
def test_a_position_takes_at_most_28_lines_at_110_columns(players: int, seed: int, edition: str) -> None:
    """Room for the recent log, up to 17 lines of options and the prompt in a 50-line terminal."""
    for view in _positions(players, seed, every=5, edition=edition):
        for lang in ("de", "en"):
            assert len(_shown(view, lang, 110).splitlines()) <= 28
