"""Every GameError ends a command with one clear line (code, message, rule) and exit status 2."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import Result

from busbahnhof.engine import game_class

Invoke = Callable[..., Result]
Run = Callable[..., "subprocess.CompletedProcess[str]"]


@pytest.mark.parametrize(
    ("args", "code", "fragment"),
    [
        (["play", "nosuchgame"], "unknown_game", "Es gibt kein Spiel „nosuchgame“"),
        (["play", "busfahrer", "--players", "9", "--bots", "random:9"], "invalid_option", "von 2 bis 8 Personen"),
        (["simulate", "busfahrer", "--players", "9", "--lang", "en"], "invalid_option", "2 to 8 players"),
        (["play", "busfahrer", "--option", "pyramid"], "invalid_option", "SCHLÜSSEL=WERT"),
        (["play", "busfahrer", "--option", "pyramid=7-6"], "invalid_option", "pyramid"),
        (["play", "busfahrer", "--option", "colour=blue"], "invalid_option", "colour"),
        (["play", "busfahrer", "--preset", "nope"], "invalid_option", "keine Voreinstellung „nope“"),
        (["play", "busfahrer", "--deck", "deck.toml"], "invalid_option", "hat kein Deck"),
        (["simulate", "busfahrer", "--bots", "nobot"], "game_error", "keinen Bot „nobot“"),
        (["simulate", "busfahrer", "--bots", "random:x", "--lang", "en"], "game_error", "Bad bot count"),
        (
            ["simulate", "busfahrer", "--players", "2", "--bots", "random:3"],
            "invalid_option",
            "passen nicht an 2 Plätze",
        ),
        (["simulate", "busfahrer", "--games", "0"], "invalid_option", "mindestens 1 Partie"),
        (["simulate", "busfahrer", "--workers", "100000"], "invalid_option", "wähle 1 bis"),
        (["bench", "busfahrer", "--repeats", "0", "--lang", "en"], "invalid_option", "--repeats >= 1"),
        (["bench", "busfahrer", "--bot", "random"], "invalid_option", "festen Zahl von Iterationen"),
        (["bench", "busfahrer", "--bot", "nobot"], "game_error", "keinen Bot „nobot“"),
        (["replay", "missing-record.json"], "invalid_file", "missing-record.json"),
        (["games", "--lang", "fr"], "invalid_data", "Nicht unterstützte Sprache „fr“"),
    ],
)
def test_game_errors_exit_2_with_one_line(cli: Invoke, args: list[str], code: str, fragment: str) -> None:
    result = cli(*args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert f"[{code}]" in lines[0] and fragment in lines[0]
    assert "Traceback" not in result.output


def test_the_rule_is_named_and_the_language_followed(cli: Invoke) -> None:
    german = cli("play", "busfahrer", "--players", "1")
    english = cli("play", "busfahrer", "--players", "1", "--lang", "en")
    assert german.stderr.startswith("Fehler [invalid_option]") and "Regel: Busfahrer: Spieleranzahl" in german.stderr
    assert english.stderr.startswith("Error [invalid_option]")
    assert "rule: Busfahrer: number of players (Spieleranzahl)" in english.stderr


def test_an_unreadable_record_is_refused_in_a_real_process(run_process: Run, tmp_path: Path) -> None:
    record = tmp_path / "broken.json"
    record.write_text('{"game": "busfahrer", "players": 3}', encoding="utf-8")
    done = run_process("replay", str(record), "--lang", "en")
    assert done.returncode == 2
    assert done.stderr.strip() == "Error [invalid_record]: The record lacks: options, seed, actions."
    german = run_process("replay", str(record))
    assert german.stderr.strip() == "Fehler [invalid_record]: Dem Spielprotokoll fehlt: options, seed, actions."


def test_deck_shorthand_reaches_a_game_with_decks(cli: Invoke, tmp_path: Path) -> None:
    deck_field = game_class("busfaktor").options_model.model_fields["deck"]
    assert deck_field.default is None
    bad = tmp_path / "bad-deck.toml"
    bad.write_text("[deck]\n", encoding="utf-8")
    result = cli("simulate", "busfaktor", "--deck", str(bad), "--games", "1")
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    # one line per problem (name, projects and factors missing), each a whole error line
    assert len(lines) == 3
    assert all("[invalid_data]" in line and "bad-deck.toml" in line for line in lines)
    shipped = Path(str(resources.files("busbahnhof.games.busfaktor").joinpath("data", "deck.toml")))
    good = cli("simulate", "busfaktor", "--deck", str(shipped), "--games", "1", "--json", "-")
    assert good.exit_code == 0, good.output
    deck = json.loads(good.stdout)["options"]["deck"]
    assert deck["name"] == "deck.toml" and deck["text"] == shipped.read_text(encoding="utf-8")
