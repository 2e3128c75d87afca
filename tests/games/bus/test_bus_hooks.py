"""Bus game hooks: notation, descriptions in German and English, the view, determinize, figures."""

from __future__ import annotations

import json
import re

import pytest
from bus_helpers import after_setup

from busbahnhof.engine import IllegalActionError, MalformedActionError, Rng, load_game
from busbahnhof.engine.contract import random_playout
from busbahnhof.games.bus import BusState, view

ACTIONS = [
    "take line",
    "take buses",
    "pass",
    "line 14-15",
    "passenger 10",
    "build 3 pub",
    "clock stop",
    "clock advance",
    "deliver 14 27",
]


@pytest.mark.parametrize("text", ACTIONS)
def test_notation_round_trips(text: str) -> None:
    assert str(load_game("bus").parse_action(text)) == text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "take",
        "take bus",
        "line 14",
        "line a-b",
        "build 3 castle",
        "deliver 1",
        "clock later",
        "passenger",
        "pass now",
    ],
)
def test_malformed_notation(text: str) -> None:
    with pytest.raises(MalformedActionError, match="not a Bus action"):
        load_game("bus").parse_action(text)


@pytest.mark.parametrize(
    ("lang", "text", "expected"),
    [
        ("de", "take line", "Marker auf Linienausbau"),
        ("en", "take line", "marker on line expansion"),
        ("de", "build 3 pub", "Kneipe auf Bauplatz 3 (Kreuzung 2)"),
        ("en", "build 3 pub", "pub on lot 3 (intersection 2)"),
        ("de", "deliver 14 27", "Fahrgast von Kreuzung 14 zu Bauplatz 27 (Kreuzung 20) befördern"),
        ("en", "clock stop", "stop time (take a time stone)"),
        ("de", "pass", "aussteigen"),
        ("en", "line 14-15", "line from 14 to 15"),
        ("de", "passenger 25", "neuer Fahrgast auf Bahnhof 25"),
    ],
)
def test_describe_action(lang: str, text: str, expected: str) -> None:
    game = load_game("bus")
    assert game.describe_action(game.parse_action(text), game.catalog(lang)) == expected


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_log_event_has_a_template(lang: str) -> None:
    game = load_game("bus")
    catalog = game.catalog(lang, ["Anna", "Ben", "Carla", "Dora"])
    for seed in range(10):
        state = random_playout(game, 4, seed)
        for event in state.log:
            assert catalog.has(event.key), event.key
            rendered = catalog.render(event)
            assert "{" not in rendered, rendered


def test_view_keys_match_the_documentation() -> None:
    documented = set(re.findall(r"^``(\w+)``", view.__doc__ or "", flags=re.M))
    documented |= {"max_buses", "markers_placed", "passed", "scores"}
    state = after_setup(4, 1)
    assert set(state.view(0)["state"]) == documented
    json.dumps(state.view(None))


def test_view_shows_the_position() -> None:
    state = after_setup(3, 2)
    seen = state.view(None)["state"]
    assert seen["phase"] == "selection" and seen["round"] == 1
    assert seen["decision"] == {"seat": state.start_player, "area": "selection", "slot": None, "power": None, "left": 0}
    assert seen["clock"] == {"hand": "house", "time_stones_left": 4, "time_stones_taken": [0, 0, 0]}
    assert sum(len(line["streets"]) for line in seen["lines"]) == 6
    assert sum(1 for lot in seen["lots"] if lot["building"]) == 6
    assert seen["passengers"] == {"standing": state.standing, "supply": 11}
    assert seen["action_board"]["line"] == [None] * 6 and seen["action_board"]["clock"] == [None]
    assert seen["board"]["zone_labels"] == ["1", "2", "3", "4"]
    assert after_setup(3, 2, edition="1999").view(None)["state"]["board"]["zone_labels"] == ["A", "B", "C", "D"]


def test_determinize_is_a_copy_because_nothing_is_hidden() -> None:
    state = after_setup(4, 3)
    twin = state.determinize(0, Rng(5))
    assert twin is not state and twin.view(0) == state.view(0)
    assert [str(a) for a in twin.legal_actions()] == [str(a) for a in state.legal_actions()]


def test_summarize() -> None:
    game = load_game("bus")
    state = random_playout(game, 4, 7)
    assert isinstance(state, BusState)
    figures = game.summarize(state)
    assert set(figures) == {
        "seats",
        "rounds",
        "end",
        "markers_per_round",
        "actions_by_round",
        "deliveries_by_round",
        "time_stones_by_round",
    }
    keys = {"score", "deliveries", "time_stones", "markers_used", "start_buildings"}
    assert [set(seat) for seat in figures["seats"]] == [keys] * 4
    assert sum(figures["end"].values()) == 1
    assert figures["rounds"] == len(figures["markers_per_round"]) == state.round
    assert sum(figures["markers_per_round"].values()) == sum(seat["markers_used"] for seat in figures["seats"])
    for number, markers in figures["markers_per_round"].items():
        assert sum(figures["actions_by_round"][number].values()) == markers
    assert sum(figures["deliveries_by_round"].values()) == sum(seat["deliveries"] for seat in figures["seats"])
    assert sum(figures["time_stones_by_round"].values()) == sum(seat["time_stones"] for seat in figures["seats"])
    assert [sum(seat["start_buildings"].values()) for seat in figures["seats"]] == [2] * 4, "Bus: Aufbau"


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("clock stop", "Bus: Uhr"),
        ("deliver 14 27", "Bus: Brumm"),
        ("line 14-15", "Bus: Linienausbau"),
        ("build 3 pub", "Bus: Gebäude"),
        ("passenger 10", "Bus: Fahrgäste"),
    ],
)
def test_actions_out_of_their_phase_cite_the_rule(text: str, rule: str) -> None:
    state = after_setup(3, 4)
    before = state.view(None)
    with pytest.raises(IllegalActionError) as error:
        state.apply(text)
    assert error.value.rule == rule
    assert state.view(None) == before
