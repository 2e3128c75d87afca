"""Refused input is explained in German and English (house rule: user-facing strings in both languages)."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest
from busfaktor_helpers import GAME, arrange, named, play

from busbahnhof.engine import Catalog, IllegalActionError, InvalidDataError, load_game
from busbahnhof.engine.events import load_messages
from busbahnhof.games.busfaktor.deck import validate_deck

PACKAGE = "busbahnhof.games.busfaktor"
HAND = ["Serverumzug", "Monitoring", "Förderbescheid", "Überstunden", "Formatmigration", "Nutzungsumfrage"]


# (actions before, refused action, German text, English text); the hands are HAND for seat 0,
# seat 1 has the active project Schulungsprogramm. The refused action is quoted in words, its cards
# by name (issue 24: the ids are printed nowhere).
SITUATIONS = [
    (
        [],
        "fertig",
        "„fertig (passen)“ ist jetzt nicht erlaubt: zuerst muss ein Projekt begonnen werden: keines ist aktiv, "
        "und eines ist auf der Hand",
        "'done (pass)' is not allowed now: a project must be started first: none is active and one is in hand",
    ),
    (
        [],
        "lege Monitoring an Serverumzug als Betrieb",
        "„Monitoring als Betrieb an Serverumzug anlegen“ ist jetzt nicht erlaubt: ohne aktives Projekt und mit "
        "einem Projekt auf der Hand musst du zuerst ein Projekt beginnen",
        "'attach Monitoring as Operations to Server Move' is not allowed now: with no active project and a "
        "project in hand you must start one first",
    ),
    (
        ["beginne Serverumzug"],
        "beginne Nutzungsumfrage",
        "„Projekt beginnen: Nutzungsumfrage“ ist jetzt nicht erlaubt: pro Zug darf höchstens ein neues Projekt "
        "begonnen werden",
        "'start project User Survey' is not allowed now: at most one new project per turn",
    ),
    (
        ["beginne Serverumzug"],
        "lege Fachbeirat an Serverumzug als Team",
        "„Fachbeirat als Team an Serverumzug anlegen“ ist jetzt nicht erlaubt: die Karte Fachbeirat "
        "ist nicht auf deiner Hand; Karten auf der Hand sind geheim, und du spielst nur deine eigenen",
        "'attach Advisory Board as Team to Server Move' is not allowed now: card Advisory Board is "
        "not in your hand; hands are secret and yours only",
    ),
    (
        ["beginne Serverumzug"],
        "spiele Überstunden",
        "„Ereignis spielen: Überstunden“ ist jetzt nicht erlaubt: diese E5-Karte wird als „spiele E an P als TYP“ "
        "gespielt",
        "'play event Overtime' is not allowed now: this E5 card is played as 'play E on P as TYPE'",
    ),
    (
        ["beginne Serverumzug"],
        "spiele Formatmigration an Serverumzug",
        "„Mehraufwand Formatmigration an Serverumzug legen“ ist jetzt nicht erlaubt: ein Mehraufwand kommt an das "
        "aktive Projekt einer anderen Person, an dem noch kein Mehraufwand liegt",
        "'lay Mehraufwand Format Migration on Server Move' is not allowed now: a Mehraufwand goes onto another "
        "person's active project that has none yet",
    ),
    (
        ["beginne Serverumzug"],
        "biete Serverumzug mit Serverumzug",
        "„Kooperation anbieten: Serverumzug mit Serverumzug“ ist jetzt nicht erlaubt: Serverumzug ist kein "
        "aktives Projekt einer anderen Person",
        "'offer cooperation: Server Move with Server Move' is not allowed now: Server Move is not another "
        "person's active project",
    ),
    (
        ["beginne Serverumzug", "spiele Förderbescheid"],
        "spiele Überstunden an Serverumzug als Team",
        "„Überstunden als Joker (Team) an Serverumzug legen“ ist jetzt nicht erlaubt: pro Zug darf höchstens ein "
        "Ereignis gespielt werden (ein Joker zählt mit)",
        "'lay Overtime as joker (Team) on Server Move' is not allowed now: at most one event per turn (a joker counts)",
    ),
    (
        ["beginne Serverumzug"],
        "ziehe aktion",
        "„Karte ziehen: Aktionsstapel“ ist jetzt nicht erlaubt: jetzt ist die Aktionsphase",
        "'draw a card: action stack' is not allowed now: this is the action phase",
    ),
    (
        ["beginne Serverumzug", "spiele Formatmigration an Schulungsprogramm"],
        "fertig",
        "„fertig (passen)“ ist jetzt nicht erlaubt: das Reaktionsfenster ist offen: spiel eine Absicherung oder "
        "„verzichten“",
        "'done (pass)' is not allowed now: the reaction window is open: play an Absicherung or 'waive'",
    ),
]


def refusal(before: list[str], action: str) -> IllegalActionError:
    state = arrange(hands={0: HAND}, projects={1: [("Schulungsprogramm", [])]})
    play(state, *(named(t) for t in before))
    with pytest.raises(IllegalActionError) as caught:
        state.apply(named(action))
    return caught.value


@pytest.mark.parametrize(("before", "action", "german", "english"), SITUATIONS)
def test_a_refused_action_is_explained_in_german_and_english(
    before: list[str], action: str, german: str, english: str
) -> None:
    error = refusal(before, action)
    assert GAME.catalog("de").error_text(error) == german
    assert GAME.catalog("en").error_text(error) == english


def test_the_english_template_says_what_the_english_message_says() -> None:
    """Rendered without card names (and quoting the action in the reference notation), the English template is
    the message itself (logs and API clients)."""
    plain = Catalog((PACKAGE, "busbahnhof.engine"), "en")
    for before, action, _, _ in SITUATIONS:
        error = refusal(before, action)
        assert error.key is not None and error.key.startswith("illegal.")
        assert plain.error_text(error) == error.message


def test_every_message_key_has_a_german_and_an_english_template_with_the_same_parameters() -> None:
    german, english = load_messages(PACKAGE, "de"), load_messages(PACKAGE, "en")
    for table in ("illegal.", "deck_error."):
        assert {k for k in german if k.startswith(table)} == {k for k in english if k.startswith(table)}
    for key in german:
        assert set(re.findall(r"\{(\w+)\}", german[key])) == set(re.findall(r"\{(\w+)\}", english[key])), key


def test_every_illegal_key_the_rules_code_names_has_templates() -> None:
    """Each ``s.illegal(..., "<key>")`` in legal.py (and each key in its tables) is in both locale files."""
    source = resources.files(PACKAGE).joinpath("legal.py").read_text(encoding="utf-8")
    named_keys = set(re.findall(r'"Busfaktor[^"]*",\s*"(\w+)"', source))
    named_keys |= set(re.findall(r'return "(offer_\w+)"', source))
    assert len(named_keys) >= 40
    for lang in ("de", "en"):
        messages = load_messages(PACKAGE, lang)
        assert {f"illegal.{key}" for key in named_keys} <= set(messages), lang
    assert {k for k in load_messages(PACKAGE, "de") if k.startswith("illegal.")} == {
        f"illegal.{key}" for key in named_keys
    }, "a template no code uses"


def test_an_unreadable_deck_is_explained_in_german_and_english(tmp_path: Path) -> None:
    missing = tmp_path / "fehlt.toml"
    with pytest.raises(InvalidDataError) as caught:
        load_game("busfaktor", deck=str(missing))
    assert GAME.catalog("de").error_text(caught.value) == f"{missing}: die Datei gibt es nicht"
    assert GAME.catalog("en").error_text(caught.value) == f"{missing}: does not exist"


def test_a_deck_that_is_no_toml_is_explained_in_german(tmp_path: Path) -> None:
    broken = tmp_path / "kaputt.toml"
    broken.write_text("projects = [1,, 2]\n", encoding="utf-8")
    with pytest.raises(InvalidDataError) as caught:
        load_game("busfaktor", deck=str(broken))
    german = GAME.catalog("de").error_text(caught.value)
    assert german.startswith(f"{broken}: ist kein gültiges TOML: "), german
    assert GAME.catalog("en").error_text(caught.value) == caught.value.message


def test_a_deck_that_is_no_table_is_explained_in_german() -> None:
    with pytest.raises(InvalidDataError) as caught:
        validate_deck(["projects"], "liste.toml")
    assert GAME.catalog("de").error_text(caught.value) == "liste.toml: Eine Deckdatei ist eine TOML-Tabelle."
    assert GAME.catalog("en").error_text(caught.value) == caught.value.message
