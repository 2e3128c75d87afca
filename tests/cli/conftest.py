"""Running the command line in-process (``CliRunner``) and as a real ``python -m busbahnhof`` process."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import pytest
from typer.testing import CliRunner, Result

from busbahnhof.cli import app

Invoke = Callable[..., Result]
Run = Callable[..., "subprocess.CompletedProcess[str]"]


@pytest.fixture
def cli() -> Invoke:
    """``cli("play", "busfahrer", ..., input="1\\n")``: the app run in-process; stdout and stderr apart."""
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=input, env={"COLUMNS": "120"})

    return invoke


@pytest.fixture
def run_process() -> Run:
    """``run_process("games")``: a real ``python -m busbahnhof`` process."""

    def run(*args: str, input: str | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "busbahnhof", *args], input=input, capture_output=True, text=True, timeout=120
        )

    return run
