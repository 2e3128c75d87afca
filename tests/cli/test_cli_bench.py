"""``busbahnhof bench``: JSON with medians and samples, or a table."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable

from typer.testing import Result

Invoke = Callable[..., Result]
Run = Callable[..., "subprocess.CompletedProcess[str]"]


def test_bench_json_in_a_real_process(run_process: Run) -> None:
    done = run_process("bench", "busfahrer", "--json", "--players", "3", "--repeats", "2", "--seconds", "0.02")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["game"] == "busfahrer" and report["players"] == 3 and len(report["samples"]) == 2
    assert set(report["median"]) == {"games_per_second", "decisions_per_second", "clones_per_second"}
    assert all(value > 0 for value in report["median"].values())


def test_bench_table(cli: Invoke) -> None:
    result = cli("bench", "busfahrer", "--repeats", "1", "--seconds", "0.02", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "Random games/s" in result.stdout and "Clones/s" in result.stdout and "CPython" in result.stdout
