"""Nothing from a file or a user reaches the terminal as a control sequence (issue 7, item 6)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import Result

from busbahnhof.cli.sanitize import terminal_safe
from busbahnhof.engine import load_game, save_record

Invoke = Callable[..., Result]
Run = Callable[..., "subprocess.CompletedProcess[str]"]

TITLE = "\x1b]0;pwned\x07"
CLEAR = "\x1b[2J\x1b[H"
HOSTILE = f"Eve{TITLE}{CLEAR}\x9b31m\u202eevil"


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Anna", "Anna"),
        ("Zoë 🚌 Müller", "Zoë 🚌 Müller"),
        ("two\nlines", "two\nlines"),
        ("\x1b[2J", "\\x1b[2J"),
        ("a\rb\x08c\x07", "a\\x0db\\x08c\\x07"),
        ("tab\there", "tab\\x09here"),
        ("\x7f\x85\x9b", "\\x7f\\x85\\x9b"),
        ("\u202egnp.exe", "\\u202egnp.exe"),
    ],
)
def test_terminal_safe_writes_control_characters_out(raw: str, shown: str) -> None:
    assert terminal_safe(raw) == shown


def _no_control(text: str) -> None:
    assert not any((ord(char) < 32 and char != "\n") or 0x7F <= ord(char) <= 0x9F for char in text), repr(text)
    assert "\u202e" not in text


def test_names_from_a_record_are_shown_harmless(cli: Invoke, run_process: Run, tmp_path: Path) -> None:
    state = load_game("busfahrer").new_state(3, 11)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    record = tmp_path / "hostile.json"
    save_record({**state.record(), "names": [HOSTILE, "Ben", "Carla"]}, record)
    shown = cli("replay", str(record), "--at", "4", "--lang", "en")
    assert shown.exit_code == 0, shown.output
    _no_control(shown.stdout)
    assert "Eve\\x1b]0;pwned" in shown.stdout
    real = run_process("replay", str(record), "--at", "4", "--lang", "en")
    assert real.returncode == 0, real.stderr
    _no_control(real.stdout)


def test_names_and_input_typed_at_play_are_shown_harmless(cli: Invoke) -> None:
    typed = f"guess {CLEAR}\nquit\n"
    result = cli("play", "busfahrer", "--players", "2", "--bots", "random", "--seed", "1", "--names", HOSTILE,
                 "--lang", "en", input=typed)  # fmt: skip
    _no_control(result.stdout)
    _no_control(result.stderr)
    assert "Eve\\x1b]0;pwned" in result.stdout


def test_texts_of_a_deck_file_are_shown_harmless(cli: Invoke, tmp_path: Path) -> None:
    mini = resources.files("busbahnhof.games.busfaktor").joinpath("data", "mini-deck.toml").read_text("utf-8")
    hostile = mini.replace('name = "Mini"', 'name = "Mini\\u001b]0;pwned\\u0007"').replace(
        'title = "Kleines Repositorium"', 'title = "Kleines\\u001b[2J Repositorium"'
    )
    deck = tmp_path / "hostile-deck.toml"
    deck.write_text(hostile, encoding="utf-8")
    checked = cli("deck", "check", str(deck), "--lang", "en")
    assert checked.exit_code == 0, checked.output
    _no_control(checked.stdout)
    assert "Mini\\x1b]0;pwned" in checked.stdout
    played = cli("play", "busfaktor", "--deck", str(deck), "--players", "2", "--bots", "random:2", "--seed", "3",
                 "--lang", "en")  # fmt: skip
    assert played.exit_code == 0, played.output
    _no_control(played.stdout)
