"""The project's own promises: CI runs the README's test command; the code is lint- and type-clean."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _quick_start_lines() -> dict[str, str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## Quick start\n.*?```sh\n(.*?)```", readme, re.S)
    assert block, "README.md needs a '## Quick start' section with a sh code block"
    lines = block.group(1).strip().splitlines()
    commands = {lines[i].removeprefix("# ").split(":")[0]: lines[i + 1] for i in range(0, len(lines), 2)}
    return commands


def test_quick_start_has_exactly_two_commands() -> None:
    commands = _quick_start_lines()
    assert sorted(commands) == ["start", "test"]
    assert "busbahnhof" in commands["start"]
    assert "pytest" in commands["test"]


def test_ci_runs_the_readme_test_command() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "grep -A1 '^# test:' README.md" in script


@pytest.mark.slow
def test_ruff_is_clean() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "src", "tests"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy_strict_is_clean() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_test_modules_have_unique_names() -> None:
    """The test folders are not packages, so pytest imports every test module by its file name:
    two ``test_x.py`` in different folders stop the run with "import file mismatch"."""
    seen: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        seen.setdefault(path.name, []).append(str(path.relative_to(ROOT)))
    assert not {name: paths for name, paths in seen.items() if len(paths) > 1}
