"""Game commands (``cli/render.py``, ``cli/deck.py``) are mounted when their modules exist."""

from __future__ import annotations

import importlib.util
import subprocess
from collections.abc import Callable

import pytest
import typer

from busbahnhof.cli import GAME_COMMAND_MODULES, mount_game_commands

Run = Callable[..., "subprocess.CompletedProcess[str]"]


def test_a_missing_module_is_skipped() -> None:
    assert mount_game_commands(typer.Typer(), ("no_such_command_module",)) == []


@pytest.mark.parametrize("name", GAME_COMMAND_MODULES)
def test_a_present_module_becomes_a_command(name: str, run_process: Run) -> None:
    present = importlib.util.find_spec(f"busbahnhof.cli.{name}") is not None
    assert mount_game_commands(typer.Typer(), (name,)) == ([name] if present else [])
    done = run_process("--help")
    assert done.returncode == 0
    assert (f"│ {name} " in done.stdout) is present
