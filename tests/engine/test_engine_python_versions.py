"""Golden records replay identically on every supported Python version (3.11 to 3.13).

For each other interpreter found on the machine, the package is installed into a fresh virtual
environment and the golden-record tests of every game run there.  Interpreters that are not
installed are skipped, never faked.
"""

from __future__ import annotations

import glob
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOLDEN_TESTS = [str(p) for p in sorted(ROOT.glob("tests/games/*/test_*_golden.py"))] + [
    str(ROOT / "tests" / "engine" / "test_engine_rng.py")
]


def _interpreter(version: str) -> str | None:
    candidates = [shutil.which(f"python{version}"), *sorted(glob.glob(f"/root/.pyenv/versions/{version}.*/bin/python"))]
    for candidate in candidates:
        if candidate and subprocess.run([candidate, "-V"], capture_output=True).returncode == 0:
            return candidate
    return None


def _golden_tests_pass(python: str, venv: Path) -> None:
    subprocess.run([python, "-m", "venv", str(venv)], check=True)
    pip = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(ROOT), "pytest"],
        capture_output=True,
        text=True,
    )
    assert pip.returncode == 0, pip.stderr[-2000:]
    result = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider", *GOLDEN_TESTS],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "passed" in result.stdout


@pytest.mark.slow
def test_golden_records_replay_on_python_3_12_and_3_13(tmp_path: Path) -> None:
    """One test, the versions in turn: two in-tree builds of the package must not race."""
    running = f"{sys.version_info.major}.{sys.version_info.minor}"
    found = {v: _interpreter(v) for v in ("3.11", "3.12", "3.13") if v != running}
    available = {v: python for v, python in found.items() if python}
    if not available:
        pytest.skip("no other supported Python version is installed here")
    for version, python in available.items():
        _golden_tests_pass(python, tmp_path / f"venv{version}")
