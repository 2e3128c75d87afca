"""Game commands (``cli/render.py``, ``cli/deck.py``) are mounted when their modules exist."""

from __future__ import annotations

import importlib.util
import subprocess
from collections.abc import Callable
from types import ModuleType

import pytest
import typer
from typer.testing import CliRunner

from busbahnhof.cli import GAME_COMMAND_MODULES, mount_game_commands, mount_module

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


def _module_with(name: str, **attributes: object) -> ModuleType:
    module = ModuleType(f"busbahnhof.cli.{name}")
    for key, value in attributes.items():
        setattr(module, key, value)
    return module


def _echo(game: str) -> None:
    print(f"drawing {game}")


@pytest.mark.parametrize(
    ("module", "args"),
    [
        (_module_with("render", render=_echo), ["render", "bus"]),
        (_module_with("render", app=typer.Typer()), ["render", "bus"]),
        (_module_with("render", app=typer.Typer()), ["render", "draw", "bus"]),
    ],
    ids=["function", "one-command-app", "group-app"],
)
def test_each_module_style_is_reachable(module: ModuleType, args: list[str]) -> None:
    sub_app = getattr(module, "app", None)
    if sub_app is not None:
        sub_app.command("draw")(_echo)
        if args[1] == "draw":
            sub_app.callback()(lambda: None)
    main_app = typer.Typer()
    main_app.command("games")(lambda: None)
    mount_module(main_app, "render", module)
    result = CliRunner().invoke(main_app, args)
    assert result.exit_code == 0, result.output
    assert result.stdout == "drawing bus\n"
