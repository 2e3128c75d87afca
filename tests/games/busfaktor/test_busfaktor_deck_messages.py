"""Issue 28: the deck validator's and the warnings' messages in German and English, each naming
the card, the field and the rule it enforces (command line and the server's deck upload)."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from busbahnhof.cli.deck import app
from busbahnhof.engine import Catalog, InvalidDataError
from busbahnhof.engine.events import load_messages
from busbahnhof.games.busfaktor.deck import load_deck, resolve_deck_path
from busbahnhof.games.busfaktor.deck_messages import PACKAGE, PYDANTIC_KINDS, RULES, problem_key
from busbahnhof.games.busfaktor.deck_warnings import DeckWarning, deck_warnings, warning_text
from support.server_harness import ServerProcess

MINI_TEXT = resolve_deck_path("mini").read_text(encoding="utf-8")
RUNNER = CliRunner()

BROKEN = {  # a change of the mini deck per deck problem: (old, new, card, field, rule)
    "points": (
        'requirements = ["Daten", "Betrieb"]\npoints = 2',
        'requirements = ["Daten", "Betrieb"]\npoints = 3',
        "projects[0] 'Kleines Repositorium'",
        "points",
    ),
    "type_or_types": (
        'name = "Team A"\ntype = "Team"',
        'name = "Team A"\ntype = "Team"\ntypes = ["Team", "Daten"]',
        "factors[0] 'Team A'",
        "type",
    ),
    "wildcard_types": (
        'types = ["Team", "Daten", "Betrieb", "Methode"]',
        'types = ["Team"]',
        "factors[7] 'Joker-Faktor'",
        "types",
    ),
    "keywords_shown": (
        'keywords = ["MEHRAUFWAND"]\nfactor_type = "Methode"',
        'keywords = ["RÜCKSCHLAG"]\nfactor_type = "Methode"',
        "events[5] 'Mehraufwand'",
        "keywords",
    ),
    "keywords_none": (
        'template = "E3"',
        'template = "E3"\nkeywords = ["RÜCKSCHLAG"]',
        "events[2] 'Rückholen'",
        "keywords",
    ),
    "ends_cooperation": (
        'template = "E3"',
        'template = "E3"\noverrides = { ends_cooperation = true }',
        "events[2] 'Rückholen'",
        "overrides",
    ),
    "on_completion": (
        'template = "E3"',
        'template = "E3"\noverrides = { on_completion = "hand" }',
        "events[2] 'Rückholen'",
        "overrides",
    ),
    "cards_once": (
        'template = "E7"',
        'template = "E7"\ncards = ["faktor", "faktor"]',
        "events[6] 'Rückschlag'",
        "cards",
    ),
    "safeguard_negative": (
        'text = "Absicherung für alle."',
        'text = "Absicherung gegen jeden RÜCKSCHLAG."',
        "events[7] 'Absicherung'",
        "text",
    ),
    "name_twice": ('name = "Team B"', 'name = "Team A"', "factors[1] 'Team A'", "name"),
    "template": ('template = "E8"', 'template = "E9"', "events[7] 'Absicherung'", "template"),
}


def problems_of(tmp_path: Path, text: str) -> list[dict[str, Any]]:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidDataError) as caught:
        load_deck(str(path))
    assert caught.value.key == "deck_error.invalid"
    problems: list[dict[str, Any]] = caught.value.params["problems"]
    return problems


def catalog(lang: str) -> Catalog:
    return Catalog((PACKAGE, "busbahnhof.engine"), lang)


def placeholders(template: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", template))


def test_every_deck_problem_and_warning_has_a_german_and_an_english_text() -> None:
    german, english = load_messages(PACKAGE, "de"), load_messages(PACKAGE, "en")
    for code, rule in RULES.items():
        key = problem_key(code)
        assert key in german and key in english, key
        assert placeholders(german[key]) == placeholders(english[key]), key
        assert ("rule" in placeholders(english[key])) == bool(rule), key  # the text cites the rule it enforces
    for kind in PYDANTIC_KINDS:  # the engine's texts, or the game's where the engine has none
        assert catalog("de").has(f"validation.{kind}") and catalog("en").has(f"validation.{kind}"), kind
    warnings = {key for key in english if key.startswith("deck_warning.")}
    assert warnings == {key for key in german if key.startswith("deck_warning.")}
    assert {"deck_warning.count", "deck_warning.total", "deck_warning.untranslated"} <= warnings


def test_every_deck_problem_is_raised_by_the_validator() -> None:
    """No code without a check: each is raised in schema.py (``template`` by deck.py from pydantic's tag error)."""
    source = resources.files(PACKAGE).joinpath("schema.py").read_text(encoding="utf-8")
    calls = re.findall(r'deck_problem\(\s*"(\w+)"(?: if shown else "(\w+)")?', source)
    raised = {code for call in calls for code in call if code}
    assert raised | {"template"} == set(RULES)


@pytest.mark.parametrize("code", sorted(BROKEN))
def test_a_broken_deck_names_card_field_and_rule_in_both_languages(tmp_path: Path, code: str) -> None:
    old, new, card, field = BROKEN[code]
    assert old in MINI_TEXT
    [problem] = problems_of(tmp_path, MINI_TEXT.replace(old, new, 1))
    assert problem["kind"] == f"deck_{code}" and problem["key"] == problem_key(code)
    assert (problem["card"], problem["card_field"], problem["rule"]) == (card, field, RULES[code] or None)
    assert problem["card_kind"] == card.split("[")[0] and str(problem["card_index"]) in card
    german, english = catalog("de").problem_text(problem), catalog("en").problem_text(problem)
    assert f"{card}: {field}: " in german and f"{card}: field {field}: " in english
    for text in (german, english):
        assert RULES[code] in text and "{" not in text
    assert german.split(": ")[-1] != english.split(": ")[-1]  # the message itself is translated


def test_the_action_stack_problem_concerns_the_whole_deck(tmp_path: Path) -> None:
    head = MINI_TEXT.split("[[factors]]")[0]
    [problem] = problems_of(tmp_path, head + '[[factors]]\nname = "F"\ntype = "Team"\n')
    assert problem["card"] is None and problem["rule"] == "§5.5" and problem["params"] == {"count": 1}
    assert "mindestens 8 Karten" in catalog("de").problem_text(problem)
    assert "at least 8 cards" in catalog("en").problem_text(problem)


def test_field_type_problems_are_translated_too(tmp_path: Path) -> None:
    [problem] = problems_of(tmp_path, MINI_TEXT.replace('template = "E4"\ncount = 1', 'template = "E4"\ncount = "1"'))
    assert (problem["card"], problem["card_field"], problem["kind"]) == ("events[3] 'Umverteilen'", "count", "int_type")
    assert "events[3] 'Umverteilen': count: muss eine ganze Zahl sein" in catalog("de").problem_text(problem)
    [problem] = problems_of(tmp_path, MINI_TEXT.replace('name = "Team A"\n', 'name = "Team A"\nen = "Team A"\n', 1))
    assert (problem["card"], problem["card_field"], problem["kind"]) == ("factors[0] 'Team A'", "en", "model_type")
    assert "factors[0] 'Team A': en: muss eine Tabelle sein" in catalog("de").problem_text(problem)


def test_deck_check_renders_the_problems_in_the_language_asked(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    text = MINI_TEXT
    for code in ("points", "keywords_none", "template"):
        old, new, *_ = BROKEN[code]
        text = text.replace(old, new, 1)
    bad.write_text(text, encoding="utf-8")
    german = RUNNER.invoke(app, ["check", str(bad), "--lang", "de"], terminal_width=300)
    english = RUNNER.invoke(app, ["check", str(bad), "--lang", "en"], terminal_width=300)
    assert german.exit_code == english.exit_code == 2
    assert "projects[0] 'Kleines Repositorium': points: Die Punkte müssen der Zahl der Anforderungen" in german.output
    assert "events[2] 'Rückholen': keywords: Darf keine Schlüsselwörter nennen" in german.output
    assert "events[7] 'Absicherung': template: Wähle eine der Vorlagen 'E1'" in german.output
    assert "projects[0] 'Kleines Repositorium': field points: points must equal" in english.output
    assert "not E9 (§13)" in english.output


def test_warnings_are_rendered_in_both_languages() -> None:
    deck = load_deck("mini")
    warnings = deck_warnings(deck)
    assert DeckWarning("count", {"kind": "projects", "count": 5, "wanted": 16}, "§2") in warnings
    [untranslated] = [warning for warning in warnings if warning.key == "untranslated"]
    assert untranslated.field == "en" and len(untranslated.cards) == untranslated.params["count"] == deck.size
    assert untranslated.cards[0] == f"projects[0] {deck.names[0]!r}"
    for warning in warnings:
        german, english = warning_text(warning, catalog("de")), warning_text(warning, catalog("en"))
        assert german != english and "{" not in german + english


def test_the_servers_deck_upload_names_card_and_field_in_the_request_language(shared_server: ServerProcess) -> None:
    http: httpx.Client = shared_server.http()
    old, new, *_ = BROKEN["points"]
    body = {"game": "busfaktor", "seats": [{}, {}], "deck_text": MINI_TEXT.replace(old, new, 1)}
    german = http.post("/api/tables", json=body, params={"lang": "de"})
    english = http.post("/api/tables", json=body, params={"lang": "en"})
    assert german.status_code == english.status_code == 400
    [problem] = german.json()["error"]["params"]["problems"]
    assert problem["card"] == "projects[0] 'Kleines Repositorium'" and problem["rule"] == "§4"
    assert "projects[0] 'Kleines Repositorium': points: Die Punkte müssen" in german.json()["error"]["text"]
    assert "projects[0] 'Kleines Repositorium': field points: points must equal" in english.json()["error"]["text"]
