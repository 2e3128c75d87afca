"""Resuming: a real ``busbahnhof simulate --results`` process killed mid-run (SIGKILL, SIGTERM) and resumed
plays every game exactly once, and its figures are those of an uninterrupted run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from busbahnhof.engine import load_game
from busbahnhof.sim import read_results, simulate
from busbahnhof.sim.play import game_figures, play_game

RUN_SECONDS = 15.0
"""About how long an uncut run lasts: several batches are written (every 5 s), the cut comes after the first."""


def games_for(seconds: float) -> int:
    """Games of a run that lasts about ``seconds`` on this machine (at least 5,000), so it is cut mid-run."""
    started = time.perf_counter()
    simulate("busfahrer", 2, ["random", "random"], 200, 99)
    per_game = (time.perf_counter() - started) / 200
    return max(5000, int(round(seconds / per_game, -3)))


@pytest.fixture(scope="module")
def games() -> int:
    return games_for(RUN_SECONDS)


def command(games: int, path: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "busbahnhof", "simulate", "busfahrer", "--games", str(games), "--players", "2",
            "--seed", "8", "--lang", "en", *extra, "--results", str(path)]  # fmt: skip


def has_rows(path: Path) -> bool:
    """Whether a batch of rows reached the disk."""
    if path.suffix == ".csv":
        return path.exists() and path.read_bytes().count(b"\n") > 1
    return path.is_dir() and any(part.name.startswith("part-") for part in path.iterdir())


def start_and_cut(games: int, path: Path, extra: tuple[str, ...], stop: signal.Signals) -> int:
    """Start the run, send ``stop`` to its whole process group once a batch was written; its exit status."""
    process = subprocess.Popen(
        command(games, path, *extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    deadline = time.monotonic() + 120
    while not has_rows(path) and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.2)
    time.sleep(1.0)  # games finish that are not written yet: a kill -9 loses them, resuming plays them
    assert process.poll() is None, "the run must still be going when it is cut"
    os.killpg(process.pid, stop)
    process.communicate(timeout=60)
    return process.returncode


def resume(games: int, path: Path, extra: tuple[str, ...], report: Path) -> subprocess.CompletedProcess[str]:
    arguments = command(games, path, *extra, "--resume", "--json", str(report))
    return subprocess.run(arguments, capture_output=True, text=True, timeout=600)


@pytest.mark.slow
def test_a_csv_run_killed_with_sigkill_resumes_without_repeating_or_losing_a_game(tmp_path: Path, games: int) -> None:
    path = tmp_path / "run.csv"
    assert start_and_cut(games, path, (), signal.SIGKILL) == -signal.SIGKILL
    before = len(list(read_results(path)[1]))
    assert 0 < before < games
    done = resume(games, path, (), tmp_path / "report.json")
    assert done.returncode == 0, done.stderr
    assert f"{before:,} games of the interrupted run were read back" in done.stderr
    rows = list(read_results(path)[1])
    assert sorted(row.index for row in rows) == list(range(games)), "every game once"
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    whole = simulate("busfahrer", 2, ["random", "random"], games, 8)
    assert report["summary"] == json.loads(json.dumps(whole["summary"]))
    assert report["results"]["resumed"] == before


@pytest.mark.slow
def test_a_parquet_sweep_stopped_with_sigterm_writes_its_games_and_resumes(tmp_path: Path, games: int) -> None:
    path = tmp_path / "run.parquet"
    sweep = ("--sweep", "pyramid=4-3-2-1,5-4-3-2-1")
    assert start_and_cut(games, path, sweep, signal.SIGTERM) == 143
    before = list(read_results(path)[1])
    assert 0 < len(before) < 2 * games
    done = resume(games, path, sweep, tmp_path / "report.json")
    assert done.returncode == 0, done.stderr
    rows = list(read_results(path)[1])
    keys = Counter(row.key for row in rows)
    assert set(keys.values()) == {1} and len(keys) == 2 * games, "every game of every setting once"
    by_label = {label: load_game("busfahrer", pyramid=label.split("=")[1]) for label, _ in keys}
    for row in rows[:: games // 7]:
        game = by_label[row.setting]
        assert row.figures == game_figures(game, play_game(game, 2, ["random", "random"], 8, row.index))


def test_resuming_with_another_command_is_refused_and_keeps_the_file(tmp_path: Path) -> None:
    path = tmp_path / "run.csv"
    simulate("busfahrer", 2, ["random", "random"], 5, 8, results=path)
    kept = path.read_bytes()
    from typer.testing import CliRunner

    from busbahnhof.cli import app

    other = CliRunner().invoke(app, ["simulate", "busfahrer", "--games", "5", "--players", "2", "--seed", "9",
                                     "--results", str(path), "--resume", "--lang", "en"])  # fmt: skip
    assert other.exit_code == 2
    assert f"--resume: {path} holds another run (it differs in seed); repeat the command" in other.stderr
    again = CliRunner().invoke(app, ["simulate", "busfahrer", "--games", "5", "--players", "2", "--seed", "8",
                                     "--results", str(path)])  # fmt: skip
    assert again.exit_code == 2 and "enthält schon Ergebnisse; mit --resume" in again.stderr
    assert path.read_bytes() == kept
