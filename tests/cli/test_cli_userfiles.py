"""Issue 7 item 2 at the command line: a bad record, deck or board file is one line, never a traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import Invoke

COMMANDS = {
    "record": ("replay", "{}"),
    "deck": ("simulate", "busfaktor", "--games", "1", "--deck", "{}"),
    "board": ("simulate", "bus", "--games", "1", "--option", "board={}"),
}


def _bad_file(tmp_path: Path, problem: str) -> str:
    if problem == "special":
        return "/dev/zero"
    if problem == "fifo":
        os.mkfifo(tmp_path / "fifo")
        return str(tmp_path / "fifo")
    if problem == "directory":
        return str(tmp_path)
    path = tmp_path / f"{problem}.json"
    if problem == "too_deep":
        path.write_text("[" * 50_000 + "]" * 50_000, encoding="utf-8")
    else:
        path.write_bytes('{"names": ["Jürgen"]}'.encode("latin-1"))
    return str(path)


@pytest.mark.parametrize("kind", sorted(COMMANDS))
@pytest.mark.parametrize("problem", ["special", "fifo", "directory", "too_deep", "not_utf8"])
def test_bad_files_are_one_line_errors(cli: Invoke, tmp_path: Path, kind: str, problem: str) -> None:
    path = _bad_file(tmp_path, problem)
    result = cli(*(part.replace("{}", path) for part in COMMANDS[kind]), "--lang", "en")
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "[invalid_file]" in lines[0] and path in lines[0], result.stderr
    assert "Traceback" not in result.output
