"""``busbahnhof replay``: one position with --at and --seat, interactive stepping, bad positions."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import Result

from busbahnhof.engine import load_game, save_record

Invoke = Callable[..., Result]
Run = Callable[..., "subprocess.CompletedProcess[str]"]


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    """A finished 3-player Busfahrer game between bots (spectators see the cards of the questions)."""
    game = load_game("busfahrer")
    state = game.new_state(3, 11)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    path = tmp_path / "game.json"
    save_record({**state.record(), "names": ["Anna", "Ben", "Carla"]}, path)
    return path


def positions(output: str) -> list[int]:
    return [int(n) for n in re.findall(r"Stellung (\d+) von", output)]


def test_at_prints_one_position_with_the_action_that_led_there(cli: Invoke, record_file: Path) -> None:
    result = cli("replay", str(record_file), "--at", "2")
    assert result.exit_code == 0, result.output
    assert positions(result.stdout) == [2]
    assert "Ben: " in result.stdout and "(guess red)" in result.stdout


def test_the_seat_option_shows_that_seats_view(cli: Invoke, record_file: Path) -> None:
    result = cli("replay", str(record_file), "--at", "4", "--seat", "2", "--lang", "en")
    assert "Ben (you)" in result.stdout and "Anna (you)" not in result.stdout
    spectator = cli("replay", str(record_file), "--at", "4", "--lang", "en")
    assert "(you)" not in spectator.stdout


def test_the_last_position_shows_the_result(cli: Invoke, record_file: Path) -> None:
    actions = len(json.loads(record_file.read_text(encoding="utf-8"))["actions"])
    result = cli("replay", str(record_file), "--at", str(actions))
    assert "Ergebnis" in result.stdout
    beyond = cli("replay", str(record_file), "--at", str(actions + 1))
    assert beyond.exit_code == 2 and "[invalid_record]" in beyond.stderr


def test_a_seat_outside_the_record_is_refused(cli: Invoke, record_file: Path) -> None:
    result = cli("replay", str(record_file), "--at", "1", "--seat", "4")
    assert result.exit_code == 2 and "Plätze 1 bis 3" in result.stderr


def test_stepping_forward_back_jumping_and_quitting(cli: Invoke, record_file: Path) -> None:
    result = cli("replay", str(record_file), input="n\n\nb\n5\nx\n0\nb\nq\nn\n")
    assert result.exit_code == 0, result.output
    assert positions(result.stdout) == [0, 1, 2, 1, 5, 0]
    assert "Unbekannte Eingabe „x“" in result.stderr
    assert "Das ist die erste Stellung" in result.stderr


def test_end_of_input_ends_the_replay(cli: Invoke, record_file: Path) -> None:
    result = cli("replay", str(record_file), input="n\n")
    assert result.exit_code == 0
    assert positions(result.stdout) == [0, 1]


def test_replay_in_a_real_process(run_process: Run, record_file: Path) -> None:
    done = run_process("replay", str(record_file), "--at", "3", "--lang", "en")
    assert done.returncode == 0, done.stderr
    assert "Position 3 of" in done.stdout
