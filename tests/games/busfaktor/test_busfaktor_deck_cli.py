"""``busbahnhof deck check FILE`` (issue item 1): a summary for a valid deck, exit 2 for an invalid one."""

from __future__ import annotations

from pathlib import Path

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
    assert "E8 Absicherung" in out and "Notfallplan" in out
    assert "│ Daten       │       12 │" in out


def test_check_flags_a_mix_that_differs_from_section_2() -> None:
    result = RUNNER.invoke(app, ["check", str(resolve_deck_path("mini"))], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "(Regel §2: 16)" in result.output


def test_check_refuses_an_invalid_deck_with_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[deck]\nname = "x"\n[[projects]]\ntitle = "A"\ngoal = "g"\nrequirements = ["Team"]\npoints = 1\n')
    result = RUNNER.invoke(app, ["check", str(bad)], terminal_width=200)
    assert result.exit_code == 2
    assert "projects[0] 'A': field requirements" in result.output


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
