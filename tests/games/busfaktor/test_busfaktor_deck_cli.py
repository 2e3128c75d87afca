"""``busbahnhof deck check FILE`` (a summary and §2 warnings for a valid deck, exit 2 for an invalid one) and
``busbahnhof deck init [--from DECK] FILE`` (an editable copy that never overwrites by accident)."""

from __future__ import annotations

from pathlib import Path

import pytest
from busfaktor_helpers import DESIGNER_DECK
from typer.testing import CliRunner

from busbahnhof.cli.deck import app
from busbahnhof.games.busfaktor.deck import resolve_deck_path

RUNNER = CliRunner()


def test_check_summarises_the_default_deck() -> None:
    result = RUNNER.invoke(app, ["check", str(resolve_deck_path(None)), "--lang", "en"], terminal_width=200)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "74 cards" in out
    for words in ("Cards by kind and type", "Requirement symbols and factors per type", "Events per template"):
        assert words in out
    assert "E8 Absicherung" in out and "Contingency Plan" in out and "Notfallplan" not in out
    assert "│ Data        │       12 │" in out


def test_check_flags_a_mix_that_differs_from_section_2() -> None:
    result = RUNNER.invoke(app, ["check", str(resolve_deck_path("mini"))], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "(Regel §2: 16)" in result.output
    warnings = [line for line in result.output.splitlines() if line.startswith("Warnung:")]
    assert warnings == [
        "Warnung: Projekte: 5 statt 16 Karten, wie §2 sie für einen Satz vorsieht.",
        "Warnung: Projektfaktoren: 8 statt 46 Karten, wie §2 sie für einen Satz vorsieht.",
        "Warnung: Ereignisse: 8 statt 12 Karten, wie §2 sie für einen Satz vorsieht.",
        "Warnung: Insgesamt 21 statt 74 Karten (§2).",
        "Warnung: 21 Karten ohne englischen Text (mit --lang en erscheinen sie deutsch): Kleines Repositorium, "
        "Kleine Edition, Kleiner Workshop, Kleiner Dienst, Kleine Migration (+16)",
    ]


def test_check_warns_in_english_only_about_the_kind_that_differs(tmp_path: Path) -> None:
    text = resolve_deck_path(None).read_text(encoding="utf-8")
    last_event = text.rindex("[[events]]")
    shorter = tmp_path / "elf.toml"
    shorter.write_text(text[:last_event], encoding="utf-8")
    result = RUNNER.invoke(app, ["check", str(shorter), "--lang", "en"], terminal_width=200)
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if line.startswith("Warning:")]
    assert warnings == [
        "Warning: Events: 11 cards instead of the 12 that §2 gives one set.",
        "Warning: 73 cards in all instead of 74 (§2).",
    ]


def test_check_warns_where_english_texts_are_missing(tmp_path: Path) -> None:
    text = resolve_deck_path(None).read_text(encoding="utf-8")
    for english in (
        '[factors.en]\nname = "Collation"\n',
        'text = "Runs every night. Nobody has ever tried a restore."\n',
    ):
        assert english in text
        text = text.replace(english, "", 1)
    changed = tmp_path / "teils.toml"
    changed.write_text(text, encoding="utf-8")
    result = RUNNER.invoke(app, ["check", str(changed), "--lang", "en"], terminal_width=300)
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if line.startswith("Warning:")]
    assert warnings == [
        "Warning: 1 cards have no English texts (--lang en shows them in German): Kollationierung",
        "Warning: 1 cards lack an English text or flavour text that their German version has: Regelmäßiges Backup",
    ]


def test_check_shows_the_cards_in_the_language_asked_for() -> None:
    result = RUNNER.invoke(app, ["check", str(resolve_deck_path(None))], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "Notfallplan" in result.output and "Contingency Plan" not in result.output
    assert "│ Daten     │       12 │" in result.output
    assert "Gültiges Deck „Busfaktor: 1 – Standarddeck“" in result.output


def test_check_of_the_default_deck_has_no_warnings_and_states_its_licence() -> None:
    result = RUNNER.invoke(app, ["check", str(resolve_deck_path(None)), "--lang", "en"], terminal_width=300)
    assert result.exit_code == 0, result.output
    assert "Warning" not in result.output
    assert "No warnings: the card counts follow §2, and every card has English texts." in result.output
    assert "Licence of the card data: CC BY-SA 4.0" in result.output
    assert "Sam MacKinnon" in result.output


def test_check_refuses_an_invalid_deck_with_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[deck]\nname = "x"\n[[projects]]\ntitle = "A"\ngoal = "g"\nrequirements = ["Team"]\npoints = 1\n')
    result = RUNNER.invoke(app, ["check", str(bad), "--lang", "en"], terminal_width=200)
    assert result.exit_code == 2
    assert "projects[0] 'A': field requirements" in result.output
    german = RUNNER.invoke(app, ["check", str(bad)], terminal_width=200)
    assert "projects[0] 'A': requirements: hat zu wenige Einträge (mindestens 2)" in german.output


def test_init_writes_an_editable_copy_of_the_default_deck(tmp_path: Path) -> None:
    target = tmp_path / "mein-deck.toml"
    result = RUNNER.invoke(app, ["init", str(target)], terminal_width=300)
    assert result.exit_code == 0, result.output
    assert target.read_bytes() == resolve_deck_path(None).read_bytes()  # comments and licence notice kept
    assert "Bearbeitbare Kopie" in result.output and "CC BY-SA 4.0" in result.output
    assert f"busbahnhof deck check {target}" in result.output
    assert RUNNER.invoke(app, ["check", str(target)], terminal_width=300).exit_code == 0


@pytest.mark.parametrize("source", ["default", "standard", "mini"])
def test_init_copies_the_built_in_decks_by_name(tmp_path: Path, source: str) -> None:
    target = tmp_path / "copy.toml"
    result = RUNNER.invoke(app, ["init", "--from", source, str(target), "--lang", "en"], terminal_width=300)
    assert result.exit_code == 0, result.output
    expected = resolve_deck_path(None if source == "default" else source).read_bytes()
    assert target.read_bytes() == expected
    assert "Wrote an editable copy" in result.output


def test_init_copies_a_designers_deck_file(tmp_path: Path) -> None:
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    RUNNER.invoke(app, ["init", "--from", "mini", str(first)])
    first.write_text(first.read_text(encoding="utf-8").replace('name = "Mini"', 'name = "Mein Mini"'), "utf-8")
    result = RUNNER.invoke(app, ["init", "--from", str(first), str(second)], terminal_width=300)
    assert result.exit_code == 0, result.output
    assert "„Mein Mini“" in result.output
    assert second.read_text(encoding="utf-8") == first.read_text(encoding="utf-8")


def test_init_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    target = tmp_path / "mein-deck.toml"
    target.write_text("# my work\n", encoding="utf-8")
    result = RUNNER.invoke(app, ["init", str(target), "--lang", "en"], terminal_width=300)
    assert result.exit_code == 2
    assert "exists already; give --force to overwrite it" in result.output
    assert target.read_text(encoding="utf-8") == "# my work\n"
    forced = RUNNER.invoke(app, ["init", "--from", "mini", str(target), "--force"], terminal_width=300)
    assert forced.exit_code == 0, forced.output
    assert target.read_bytes() == resolve_deck_path("mini").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mein-deck.toml"]  # no partial file left behind


def test_init_refuses_an_invalid_or_missing_source_and_writes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[deck]\nname = "x"\n', encoding="utf-8")
    target = tmp_path / "copy.toml"
    invalid = RUNNER.invoke(app, ["init", "--from", str(bad), str(target)], terminal_width=300)
    assert invalid.exit_code == 2 and "bad.toml" in invalid.output
    missing = RUNNER.invoke(app, ["init", "--from", str(tmp_path / "nope.toml"), str(target), "--lang", "en"])
    assert missing.exit_code == 2 and "does not exist" in missing.output
    assert not target.exists()


def test_init_never_overwrites_its_source_even_with_force(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    RUNNER.invoke(app, ["init", "--from", "mini", str(deck)])
    before = deck.read_bytes()
    result = RUNNER.invoke(app, ["init", "--from", str(deck), str(deck), "--force", "--lang", "en"])
    assert result.exit_code == 2 and "is the source itself" in result.output
    assert deck.read_bytes() == before


def test_init_into_a_missing_directory_is_a_clear_error(tmp_path: Path) -> None:
    result = RUNNER.invoke(app, ["init", str(tmp_path / "no" / "deck.toml"), "--lang", "en"], terminal_width=300)
    assert result.exit_code == 2
    assert "cannot write the file" in result.output


def test_check_prints_one_line_per_problem(tmp_path: Path) -> None:
    """Issue 8 item 2: the documented format, one error line per problem."""
    bad = tmp_path / "bad.toml"
    text = resolve_deck_path("mini").read_text(encoding="utf-8")
    bad.write_text(text.replace("points = 2", "points = 2.0", 2), encoding="utf-8")
    result = RUNNER.invoke(app, ["check", str(bad), "--lang", "en"], terminal_width=400)
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines == [
        f"Error [invalid_data]: {bad}: projects[0] 'Kleines Repositorium': field points: "
        "Input should be a valid integer, not 2.0 (no type conversion)",
        f"Error [invalid_data]: {bad}: projects[1] 'Kleine Edition': field points: "
        "Input should be a valid integer, not 2.0 (no type conversion)",
    ]


def test_check_names_negative_events_by_the_keyword_their_text_shows() -> None:
    """§4, ruling R5: the designer deck lists no ``keywords``; an E4 showing MEHRAUFWAND is negative."""
    result = RUNNER.invoke(app, ["check", str(DESIGNER_DECK), "--lang", "en"], terminal_width=400)
    assert result.exit_code == 0, result.output
    assert "Weitergereicht (MEHRAUFWAND)" in result.output
    assert "gestrichen (" not in result.output, "an E7 without keyword is not negative"
