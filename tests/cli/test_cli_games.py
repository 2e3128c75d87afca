"""``busbahnhof games``: players, options with defaults and choices, presets and bots of every game."""

from __future__ import annotations

import subprocess
from collections.abc import Callable

from typer.testing import Result

from busbahnhof.engine import game_ids

Invoke = Callable[..., Result]
Run = Callable[..., "subprocess.CompletedProcess[str]"]


def test_busfahrer_is_listed_with_options_presets_and_bots(cli: Invoke) -> None:
    result = cli("games", "--lang", "en")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "busfahrer: Busfahrer" in out and "2–8" in out
    assert "pyramid = 4-3-2-1  (4-3-2-1 | 5-4-3-2-1 | 6-5-4-3-2-1)" in out
    assert "rising_penalties = false" in out
    assert "pyramid-5" in out
    assert "ismcts, ismcts-fast, kartenzaehler, leicht, mittel, random, schwer" in out, "bots and levels, sorted"


def test_every_registered_game_appears_even_one_still_being_written(run_process: Run) -> None:
    done = run_process("games")
    assert done.returncode == 0, done.stderr
    for game_id in game_ids():
        assert game_id in done.stdout
    assert "Regeloptionen" in done.stdout


def test_an_option_without_default_is_described_not_printed_as_null(cli: Invoke) -> None:
    english = cli("games", "--lang", "en")
    german = cli("games")
    assert "null" not in english.stdout and "null" not in german.stdout
    assert "deck = (not set: the game's built-in choice)" in english.stdout
    assert "deck = (nicht gesetzt" in german.stdout
