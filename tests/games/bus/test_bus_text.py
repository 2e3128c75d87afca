"""The terminal rendering of Bus positions holds every key fact of the view."""

from __future__ import annotations

import inspect
import io
import re
from collections import Counter
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
    assert catalog.text(f"building.{state['clock']['hand']}") in shown
    assert "●" * state["clock"]["time_stones_left"] in shown
    for label in AREA_LABELS[lang]:
        assert label in shown
    for area, slots in state["action_board"].items():
        label = re.escape(catalog.text(f"area.{area}"))
        row = next(line for line in shown.splitlines() if re.match(rf"\s*{label}\s+A:", line))
        marks = re.findall(r"([A-F]):(\S)", row)
        assert marks == [("ABCDEF"[i], "·" if seat is None else str(seat + 1)) for i, seat in enumerate(slots)]
    flat = re.sub(r"\s+", " ", shown)
    for seat in range(view["players"]):
        line = state["lines"][seat]
        name = catalog.format_param("seat", seat)
        row = next(text for text in shown.splitlines() if text.startswith(name))
        figures = [int(token) for token in row.removeprefix(name).split() if token.lstrip("-").isdigit()]
        assert figures == [
            state["buses"][seat],
            state["scores"][seat],
            state["deliveries"][seat],
            state["clock"]["time_stones_taken"][seat],
            state["markers_left"][seat],
            line["markers_left"],
        ]
        if line["intersections"]:
            assert f"{name} " + " - ".join(str(node) for node in line["intersections"]) in flat
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
        _check_network(view, lang)


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
        expected = Counter(token for row in _network_rows(view, lang) for cell in row[1:] for token in cell)
        listed = Counter(_network_section(shown, lang).split())
        assert not expected - listed


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


def _network_rows(view: dict[str, Any], lang: str) -> list[tuple[str, list[str], str, list[str], list[str]]]:
    """Per intersection what the network table must show: id, line ends, waiting, lots, streets."""
    state = view["state"]
    catalog = load_game("bus").catalog(lang)
    letters = {kind: catalog.text(f"building.{kind}")[0].upper() for kind in ("house", "office", "pub")}
    rows = []
    for node, waiting in enumerate(state["passengers"]["standing"]):
        ends = [
            f"{line['seat'] + 1}{'↺' if node in line['marked_ends'] else ''}"
            for line in state["lines"]
            if node in line["ends"]
        ]
        lots = [catalog.text("draw.station")] if node in state["board"]["train_stations"] else []
        lots += [
            f"{lot['id']}:{letters[lot['building']]}{'*' if lot['passenger'] else ''}"
            if lot["building"]
            else f"{lot['id']}:Z{state['board']['zone_labels'][lot['zone'] - 1]}"
            for lot in state["lots"]
            if lot["intersection"] == node
        ]
        streets = sorted(
            (street["b"] if street["a"] == node else street["a"], street["players"])
            for street in state["streets"]
            if node in (street["a"], street["b"])
        )
        shown_streets = [f"{other}[{','.join(str(seat + 1) for seat in seats) or '·'}]" for other, seats in streets]
        rows.append((str(node), ends, str(waiting) if waiting else "", lots, shown_streets))
    return rows


def _network_section(shown: str, lang: str) -> str:
    catalog = load_game("bus").catalog(lang)
    start = shown.index(catalog.text("draw.network_title"))
    end = shown.index(catalog.text("draw.network_legend", free="·", loop="↺")[:20], start)
    return shown[start:end]


def _check_network(view: dict[str, Any], lang: str) -> None:
    """Each intersection's row, cut into its columns by the header, holds exactly its facts."""
    catalog = load_game("bus").catalog(lang)
    lines = _network_section(_shown(view, lang, 120), lang).splitlines()
    header = lines[1]
    cuts = [header.index(catalog.text(f"draw.{key}")) for key in ("ends", "waiting", "lots", "streets")]
    rows = {line[: cuts[0]].strip(): line for line in lines[2:]}
    assert len(rows) == len(view["state"]["passengers"]["standing"])
    for node, ends, waiting, lots, streets in _network_rows(view, lang):
        row = rows[node]
        assert row[cuts[0] : cuts[1]].split() == ends
        assert row[cuts[1] : cuts[2]].strip() == waiting
        assert row[cuts[2] : cuts[3]].split() == lots
        assert row[cuts[3] :].split() == streets


def test_a_wide_console_shows_the_network_in_two_halves() -> None:
    view = list(_positions(5, 9, every=1000))[-1]
    catalog = load_game("bus").catalog("de")
    wide = _network_section(_shown(view, "de", 200), "de")
    header = wide.splitlines()[1]
    assert header.count(catalog.text("draw.node")) == 2
    assert len(wide.splitlines()) == 2 + 18
    expected = Counter(token for row in _network_rows(view, "de") for cell in row[1:] for token in cell)
    assert not expected - Counter(wide.split())


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
                "de": f"Runde {round_number} · {game.catalog('de').text(f'area.{area}')}, Feld {slot} mit Stärke "
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


def test_the_viewers_own_line_ends_and_seat_colours_are_marked() -> None:
    """Players keep their SVG colours; the viewer's own line ends are drawn reversed and the
    intersections of the own line underlined, nobody else's."""
    view = next(v for v in _positions(3, 2, every=25) if v["seat"] is not None and v["state"]["round"] >= 2)
    catalog = load_game("bus").catalog("en")
    console = Console(width=120, record=True, file=io.StringIO(), color_system="truecolor", force_terminal=True)
    console.print(render_text(view, catalog))
    styled = console.export_text(styles=True)
    for colour in svg.PLAYER_COLOURS[:3]:
        red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        assert f"38;2;{red};{green};{blue}" in styled
    own = view["seat"]
    line = view["state"]["lines"][own]
    network = text.Network(view, catalog)
    for node, (name, ends, *_) in enumerate(network.rows):
        assert ("underline" in str(name.style)) == (node in line["intersections"])
        reversed_marks = {ends.plain[span.start : span.end] for span in ends.spans if "reverse" in str(span.style)}
        loop = "↺" if node in line["marked_ends"] else ""
        assert reversed_marks == ({f"{own + 1}{loop}"} if node in line["ends"] else set())
