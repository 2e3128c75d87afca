"""Output paths are checked before any work starts (issue 7, item 4): a clear error at once."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import Result

from busbahnhof.engine import load_game, save_record

Invoke = Callable[..., Result]


def _bad_paths(tmp_path: Path, name: str) -> list[tuple[str, str]]:
    a_file = tmp_path / "a-file"
    a_file.write_text("x", encoding="utf-8")
    a_folder = tmp_path / "folders" / name
    a_folder.mkdir(parents=True, exist_ok=True)
    return [
        (str(tmp_path / "no-such-folder" / name), "does not exist"),
        (str(a_file / name), "does not exist"),
        (str(a_folder), "is not a regular file"),
        (str(Path("/proc") / name), "no file can be written in the folder /proc"),  # not even by root
    ]


@pytest.fixture
def record(tmp_path: Path) -> Path:
    state = load_game("bus").new_state(3, 1)
    path = tmp_path / "bus.json"
    save_record(state.record(), path)
    return path


COMMANDS: list[tuple[str, list[str], str]] = [
    ("record.json", ["play", "busfahrer", "--players", "2", "--bots", "random:2", "--record"], "--record"),
    ("board.svg", ["play", "bus", "--players", "3", "--bots", "random:3", "--svg"], "--svg"),
    ("report.json", ["simulate", "busfahrer", "--games", "1000000000", "--json"], "--json"),
    ("figure.png", ["simulate", "busfahrer", "--games", "1000000000", "--plot"], "--plot"),
]


@pytest.mark.parametrize(("name", "args", "option"), COMMANDS)
def test_an_unwritable_output_is_refused_before_the_work(
    cli: Invoke, tmp_path: Path, name: str, args: list[str], option: str
) -> None:
    for path, fragment in _bad_paths(tmp_path, name):
        started = time.perf_counter()
        result = cli(*args, path, "--lang", "en")
        assert time.perf_counter() - started < 10, "refused before a billion games"
        assert result.exit_code == 2, result.output
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and f"{option} {path}: " in lines[0] and fragment in lines[0], result.stderr
        assert "Traceback" not in result.output
    assert not (tmp_path / "no-such-folder").exists()


def test_render_output_is_checked_before_the_record_is_read(cli: Invoke, tmp_path: Path, record: Path) -> None:
    for path, fragment in _bad_paths(tmp_path, "board.svg"):
        result = cli("render", "bus", "--record", str(record), "-o", path, "--lang", "en")
        assert result.exit_code == 2 and fragment in result.stderr, result.output
    wrong_suffix = cli("render", "bus", "--record", str(record), "-o", str(tmp_path / "board.png"), "--lang", "en")
    assert wrong_suffix.exit_code == 2 and "must be named *.svg" in wrong_suffix.stderr


def test_the_errors_speak_german_too(cli: Invoke, tmp_path: Path) -> None:
    result = cli("simulate", "busfahrer", "--json", str(tmp_path / "no" / "r.json"))
    assert result.exit_code == 2
    assert f"den Ordner {tmp_path / 'no'} gibt es nicht" in result.stderr
    assert "Fehler [invalid_option]" in result.stderr


def test_no_probe_or_temporary_file_is_left_behind(cli: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    result = cli("simulate", "busfahrer", "--games", "3", "--json", str(out))
    assert result.exit_code == 0, result.output
    assert [path.name for path in tmp_path.iterdir()] == ["report.json"]
