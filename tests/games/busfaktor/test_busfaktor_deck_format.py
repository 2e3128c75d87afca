"""The deck format and its validator (issue item 1): errors name the file, the card and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from busbahnhof.engine import InvalidDataError, InvalidOptionError, load_game
from busbahnhof.games.busfaktor import Busfaktor
from busbahnhof.games.busfaktor.deck import load_deck, resolve_deck_path

MINI_TEXT = resolve_deck_path("mini").read_text(encoding="utf-8")


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def refused(tmp_path: Path, text: str) -> str:
    path = write(tmp_path, text)
    with pytest.raises(InvalidDataError) as caught:
        load_deck(path)
    message = str(caught.value)
    assert path in message
    return message


def test_the_mini_deck_is_valid_and_loads_as_an_option(tmp_path: Path) -> None:
    game = load_game("busfaktor", deck=write(tmp_path, MINI_TEXT))
    assert isinstance(game, Busfaktor)
    assert game.deck.size == 21
    assert game.deck.n_projects == 5


@pytest.mark.parametrize(
    ("old", "new", "card", "field", "words"),
    [
        (
            'requirements = ["Daten", "Betrieb"]\npoints = 2',
            'requirements = ["Daten", "Betrieb"]\npoints = 3',
            "projects[0] 'Kleines Repositorium'",
            "points",
            "number of requirements",
        ),
        (
            'requirements = ["Daten", "Betrieb"]\npoints = 2',
            'requirements = ["Daten"]\npoints = 1',
            "projects[0] 'Kleines Repositorium'",
            "requirements",
            "at least 2",
        ),
        (
            'requirements = ["Betrieb", "Team", "Daten", "Methode"]\npoints = 4',
            'requirements = ["Betrieb", "Team", "Daten", "Methode", "Team"]\npoints = 5',
            "projects[3] 'Kleiner Dienst'",
            "requirements",
            "at most 4",
        ),
        ('name = "Team A"\ntype = "Team"', 'name = "Team A"\ntype = "Personal"', "factors[0] 'Team A'", "type", "Team"),
        (
            'name = "Team A"\ntype = "Team"',
            'name = "Team A"\ntype = "Team"\ntypes = ["Team", "Daten"]',
            "factors[0] 'Team A'",
            "type",
            "exactly one of",
        ),
        (
            'types = ["Team", "Daten", "Betrieb", "Methode"]',
            'types = ["Team"]',
            "factors[7] 'Joker-Faktor'",
            "types",
            "at least two",
        ),
        (
            'keywords = ["MEHRAUFWAND"]\nfactor_type = "Methode"',
            'keywords = ["RÜCKSCHLAG"]\nfactor_type = "Methode"',
            "events[5] 'Mehraufwand'",
            "keywords",
            "the keywords the text shows in capitals ([MEHRAUFWAND])",
        ),
        (
            'template = "E3"',
            'template = "E3"\nkeywords = ["RÜCKSCHLAG"]',
            "events[2] 'Rückholen'",
            "keywords",
            "([none])",
        ),
        (
            'text = "Absicherung für alle."',
            'text = "Absicherung gegen jeden RÜCKSCHLAG."',
            "events[7] 'Absicherung'",
            "text",
            "cannot show MEHRAUFWAND or RÜCKSCHLAG",
        ),
        (
            'template = "E3"',
            'template = "E3"\noverrides = { ends_cooperation = true }',
            "events[2] 'Rückholen'",
            "overrides",
            "E5, E6, E7",
        ),
        (
            'template = "E3"',
            'template = "E3"\noverrides = { on_completion = "hand" }',
            "events[2] 'Rückholen'",
            "overrides",
            "attached to a project (E5, E6)",
        ),
        (
            'template = "E7"',
            'template = "E7"\ncards = ["faktor", "faktor"]',
            "events[6] 'Rückschlag'",
            "cards",
            "each kind once",
        ),
        (
            'template = "E7"',
            'template = "E7"\nreach = "eigene"',
            "events[6] 'Rückschlag'",
            "reach",
            "'ziel', 'andere' or 'alle'",
        ),
        ('template = "E4"\ncount = 1', 'template = "E4"\ncount = 0', "events[3] 'Umverteilen'", "count", "1"),
        ('template = "E8"', 'template = "E9"', "events[7] 'Absicherung'", "template", "E1"),
        (
            'reach = "alle"\ntext = "Absicherung für alle."',
            'reach = "immer"\ntext = "Absicherung für alle."',
            "events[7] 'Absicherung'",
            "reach",
            "selbst",
        ),
        ('name = "Team B"', 'name = "Team A"', "factors[1] 'Team A'", "name", "used twice"),
        (
            'name = "Daten A"\ntype = "Daten"',
            'name = "Daten A"\ntype = "Daten"\ncolour = "blau"',
            "factors[2] 'Daten A'",
            "colour",
            "Extra inputs",
        ),
        (
            'overrides = { on_completion = "hand" }',
            'overrides = { on_completion = "papierkorb" }',
            "factors[1] 'Team B'",
            "overrides.on_completion",
            "hand",
        ),
    ],
)
def test_errors_name_file_card_and_field(tmp_path: Path, old: str, new: str, card: str, field: str, words: str) -> None:
    assert old in MINI_TEXT
    message = refused(tmp_path, MINI_TEXT.replace(old, new, 1))
    assert f"{card}: field {field}:" in message
    assert words in message


def test_not_toml_and_missing_file_are_refused(tmp_path: Path) -> None:
    assert "not valid TOML" in refused(tmp_path, "[deck\nname=")
    with pytest.raises(InvalidDataError, match="does not exist"):
        load_deck(str(tmp_path / "none.toml"))


def test_too_few_action_cards_for_four_players_are_refused(tmp_path: Path) -> None:
    head = MINI_TEXT.split("[[factors]]")[0]
    text = head + '[[factors]]\nname = "F"\ntype = "Team"\n'
    assert "at least 8 cards" in refused(tmp_path, text)


def test_a_bad_deck_option_is_an_error_at_load_game(tmp_path: Path) -> None:
    with pytest.raises(InvalidDataError):
        load_game("busfaktor", deck=str(tmp_path / "missing.toml"))
    with pytest.raises(InvalidOptionError):
        load_game("busfaktor", deck=3)


def test_structured_overrides_compile_into_the_tables(tmp_path: Path) -> None:
    deck = load_deck("mini")
    assert deck.returns_to_hand[deck.names.index("Team B")]
    assert deck.free_event[deck.names.index("Joker")]
    assert not deck.free_event[deck.names.index("Rückschlag")]


@pytest.mark.parametrize(
    ("old", "new", "card", "field", "value"),
    [
        ('count = 1\nreach = "alle"', 'count = "1"\nreach = "alle"', "events[3] 'Umverteilen'", "count", '"1"'),
        ('count = 1\nreach = "alle"', 'count = true\nreach = "alle"', "events[3] 'Umverteilen'", "count", "true"),
        (
            'requirements = ["Daten", "Betrieb"]\npoints = 2',
            'requirements = ["Daten", "Betrieb"]\npoints = 2.0',
            "projects[0] 'Kleines Repositorium'",
            "points",
            "2.0",
        ),
        (
            'requirements = ["Daten", "Betrieb"]\npoints = 2',
            'requirements = ["Daten", "Betrieb"]\npoints = "2"',
            "projects[0] 'Kleines Repositorium'",
            "points",
            '"2"',
        ),
        (
            "overrides = { counts_for_event_limit = false }",
            'overrides = { counts_for_event_limit = "no" }',
            "events[4] 'Joker'",
            "overrides.counts_for_event_limit",
            '"no"',
        ),
        ('types = ["Team"]', 'types = "Team"', "events[4] 'Joker'", "types", '"Team"'),
    ],
)
def test_no_type_coercion(tmp_path: Path, old: str, new: str, card: str, field: str, value: str) -> None:
    """Issue 8 item 2: a value of the wrong type is an error naming file, card and field, never converted."""
    assert old in MINI_TEXT
    message = refused(tmp_path, MINI_TEXT.replace(old, new, 1))
    assert f"{card}: field {field}:" in message
    assert f"not {value} (no type conversion)" in message


def test_every_problem_is_reported_on_its_own_line(tmp_path: Path) -> None:
    text = MINI_TEXT.replace("points = 2", 'points = "2"').replace(
        'count = 1\nreach = "alle"', 'count = "1"\nreach = "alle"'
    )
    lines = refused(tmp_path, text).splitlines()
    assert len(lines) == 3
    assert all(line.startswith(str(tmp_path / "deck.toml") + ": ") for line in lines)
