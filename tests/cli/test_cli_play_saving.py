"""``play --record`` loses no move (issue 7, item 4): saved after every move, atomically, and on
quit, end of input, Ctrl-C, SIGTERM and SIGHUP, each with its exit status; ``--resume`` goes on.

Signals are sent to a real ``python -m busbahnhof play`` process waiting for its human's input.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import Result

from busbahnhof.engine import load_record, replay

Invoke = Callable[..., Result]

GAME = ("play", "busfahrer", "--players", "3", "--bots", "kartenzaehler:2", "--seed", "7", "--lang", "en")


def _actions(path: Path) -> list[str]:
    try:
        return list(json.loads(path.read_text(encoding="utf-8"))["actions"])
    except (OSError, ValueError):
        return []


def _wait_for(path: Path, count: int, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while len(_actions(path)) < count:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, f"the record never reached {count} actions"
        time.sleep(0.05)


@pytest.mark.parametrize(
    ("signum", "status"),
    [(signal.SIGINT, 130), (signal.SIGTERM, 128 + signal.SIGTERM), (signal.SIGHUP, 128 + signal.SIGHUP)],
)
def test_a_signal_ends_the_game_with_every_move_saved(tmp_path: Path, signum: int, status: int) -> None:
    record = tmp_path / "game.json"
    process = subprocess.Popen(
        [sys.executable, "-m", "busbahnhof", *GAME, "--record", str(record)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None
    process.stdin.write("1\n")
    process.stdin.flush()
    _wait_for(record, 3, process)  # the human's answer and both bots' are on disk while the game goes on
    time.sleep(0.3)  # the human is asked again
    process.send_signal(signum)
    out, err = process.communicate(timeout=30)
    assert process.returncode == status, err
    assert "Traceback" not in err
    assert "Game abandoned." in out and f"--resume {record}" in out
    saved = load_record(record)
    assert len(saved["actions"]) == 3 and saved["bots"] == [None, "kartenzaehler", "kartenzaehler"]
    assert len(replay(saved).history) == 3
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.json"]  # no temporary file left


def test_the_record_is_written_after_every_move_atomically(cli: Invoke, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    result = cli(*GAME, "--record", str(record), input="1\n1\n")
    assert result.exit_code == 1, result.output  # end of input: abandoned
    assert "Game abandoned." in result.stdout
    assert len(load_record(record)["actions"]) == 6


def test_a_saved_game_is_resumed_where_it_stopped(cli: Invoke, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    first = cli(*GAME, "--names", "Anna", "--record", str(record), input="2\nquit\n")
    assert first.exit_code == 1
    before = load_record(record)
    assert len(before["actions"]) == 3
    again = cli("play", "--resume", str(record), "--lang", "en", input="1\n" * 500)
    assert again.exit_code == 0, again.output
    assert "Anna, your choice" in again.stdout
    after = load_record(record)
    assert after["actions"][:3] == before["actions"] and len(after["actions"]) > 3
    assert after["names"] == before["names"] and after["seed"] == before["seed"]
    assert replay(after).is_over
    over = cli("play", "--resume", str(record), "--lang", "en")
    assert over.exit_code == 2 and "this game is already over" in over.stderr


@pytest.mark.parametrize("extra", [["busfahrer"], ["--players", "4"], ["--seed", "3"], ["--bots", "random"]])
def test_resume_takes_the_settings_from_the_record(cli: Invoke, tmp_path: Path, extra: list[str]) -> None:
    record = tmp_path / "game.json"
    cli(*GAME, "--record", str(record), input="quit\n")
    result = cli("play", "--resume", str(record), *extra, "--lang", "en")
    assert result.exit_code == 2, result.output
    assert "--resume takes the game, players, bots, seed and rule options from the record" in result.stderr


def test_play_without_a_game_says_what_to_do(cli: Invoke) -> None:
    result = cli("play")
    assert result.exit_code == 2
    assert "Nenne das Spiel" in result.stderr
