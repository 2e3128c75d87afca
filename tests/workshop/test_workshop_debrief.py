"""The debrief's figures: replayed through the engine from a known game, and checked against the
engine's own summary on many games."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from busbahnhof import load_game
from busbahnhof.games.busfaktor.summary import summarize
from busbahnhof.workshop import PlayedGame, debrief

KNOWN = Path(__file__).parent / "data" / "known-game.json"
"""Three heuristic bots, default deck, seed 3 (103 actions): a Mehraufwand, a setback, a joker,
two wildcards and two abandoned projects."""


def known_game() -> PlayedGame:
    record = json.loads(KNOWN.read_text(encoding="utf-8"))
    game = load_game(record["game"], **record["options"])
    return PlayedGame(0, game, record["players"], record["seed"], tuple(record["actions"]), tuple(record["names"]))


def project(figures: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in figures["projects"] if p["name"] == name)


def test_the_known_games_debrief() -> None:
    figures = debrief([known_game()], "de")
    assert figures["tables"] == [
        {
            "table": 0,
            "finished": True,
            "names": ["Ada", "Ben", "Cem"],
            "points": [5, 7, 6],
            "completed": 7,
            "abandoned": 2,
            "active": 0,
        }
    ]
    assert figures["totals"] == {
        "started": 9,
        "completed": 7,
        "abandoned": 2,
        "active": 0,
        "points_won": 20,
        "minus_points": 2,
    }
    assert figures["need_covered"] == {
        "completed": 7,
        "exactly_asked": 5,
        "extra_work": 2,
        "with_mehraufwand": 1,
        "with_setbacks": 1,
        "requirements_covered": 21,
        "by_stand_ins": 3,
        "by_wildcards": 2,
        "by_jokers": 1,
        "left_open": {"Betrieb": 2, "Daten": 1},
    }
    assert figures["factor_types"] == {
        "Team": {"factor": 6, "wildcard": 1},
        "Daten": {"factor": 3},
        "Betrieb": {"factor": 3, "joker": 1, "wildcard": 1},
        "Methode": {"factor": 6},
    }
    # §13 E6: the Mehraufwand added a Team requirement, which a Team factor covered
    matching = project(figures, "Normdatenabgleich")
    assert matching["mehraufwand"]["name"] == "Datenschutz-Folgenabschätzung"
    assert sorted(c["type"] for c in matching["carriers"]) == ["Daten", "Methode", "Methode", "Team"]
    # §4: makeshift factors cover a need mechanically like solid ones
    service = project(figures, "Hochverfügbarer Dienst")
    assert service["setbacks"] == 1 and "Hilfskraft mit Vertrag bis Dezember" in [
        c["name"] for c in service["carriers"]
    ]
    release = project(figures, "Software-Release 1.0")
    assert {(c["name"], c["kind"]) for c in release["carriers"]} >= {
        ("Geliehene Rechenzeit", "joker"),
        ("Drittmittel", "wildcard"),
    }
    abandoned = project(figures, "Gemeinsame Forschungsdateninfrastruktur")
    assert abandoned["status"] == "abandoned" and abandoned["open"] == ["Betrieb", "Betrieb"]


def test_card_names_follow_the_language() -> None:
    figures = debrief([known_game()], "en")
    assert project(figures, "Long-Term Archiving")["carriers"][0]["name"] == "Knowledge Transfer Tandem"


@pytest.mark.parametrize("deck", [None, "mini"])
def test_every_completed_requirement_has_exactly_one_carrier_and_the_engine_agrees(deck: str | None) -> None:
    game = load_game("busfaktor", **({"deck": deck} if deck else {}))
    for seed in range(40):
        players = 2 + seed % 3
        state = game.new_state(players, seed)
        chooser = random.Random(seed)
        while not state.is_over:
            state.apply(chooser.choice(state.legal_actions()))
        played = PlayedGame(
            seed % 2, game, players, seed, tuple(str(a) for a in state.history), ("A", "B", "C", "D")[:players]
        )
        figures = debrief([played], "de")
        engine = summarize(state)  # type: ignore[arg-type]
        assert figures["tables"][0]["points"] == [seat["points"] for seat in engine["seats"]]
        completed = {p["name"] for p in figures["projects"] if p["status"] == "completed"}
        assert completed == {name for name, facts in engine["projects"].items() if facts["completed"]}
        for p in figures["projects"]:
            if p["status"] == "completed":
                assert len(p["carriers"]) == len(p["requirements"]) + (1 if p["mehraufwand"] else 0), (seed, p)
