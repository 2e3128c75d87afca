"""``busbahnhof tournament``: the standings table, the JSON report, the plot, bad input."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from typer.testing import Result

from busbahnhof.cli.common import Ui
from busbahnhof.cli.run_progress import RunProgress
from busbahnhof.cli.simulate import format_figure
from busbahnhof.cli.tournament import done_line
from busbahnhof.sim.tournament import tournament

Invoke = Callable[..., Result]


def test_json_report_matches_the_python_function(cli: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    result = cli("tournament", "busfahrer", "--bots", "kartenzaehler,random:2", "--games", "6", "--seed", "4",
                 "--json", str(out), "--lang", "en")  # fmt: skip
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["bots"] == ["kartenzaehler", "random", "random"] and report["games"] == 6
    again = tournament("busfahrer", ["kartenzaehler", "random", "random"], 6, seed=4)
    assert report["standings"] == json.loads(json.dumps(again["standings"]))
    assert "Busfahrer: 6 games, 3 seat arrangements" in result.stdout
    for heading in ("Bot", "Games", "Wins % (95% interval)", "Penalty points", "mu", "sigma"):
        assert heading in result.stdout
    assert "kartenzaehler" in result.stdout and f"Report saved: {out}" in result.stdout
    assert "Tournament: Busfahrer: 0 of 6 games (0 %), 0 games/s, --:-- left" in result.stderr, "progress in a log"
    assert "Tournament: Busfahrer: 6 of 6 games (100 %), " in result.stderr and ", 0:00 left" in result.stderr
    assert re.search(r"^6 games in [0-9.]+ s \([0-9,]+ games/s, 1 process\)\.$", result.stdout, re.MULTILINE)


def test_slow_games_are_counted_in_seconds_per_game() -> None:
    """A searching bot takes many seconds a game: "0 games/s" would say nothing."""
    ui = Ui("en")
    report = {"games": 4, "elapsed_seconds": 170.0, "workers": 2}
    assert done_line(ui, report) == "4 games in 170.00 s (42.5 s per game, 2 processes)."
    assert done_line(ui, {**report, "games": 1000}) == "1,000 games in 170.00 s (6 games/s, 2 processes)."
    number = partial(format_figure, lang="en", decimals=0)
    with RunProgress(ui, "Tournament: Bus", number, interactive=False) as progress:
        assert progress.speed_text(1 / 42.0, 84.0) == "42 s per game, 1:24 left"
        assert progress.speed_text(6.0, 84.0) == "6 games/s, 1:24 left"


def test_german_table_and_plot(cli: Invoke, tmp_path: Path) -> None:
    plot = tmp_path / "t.png"
    result = cli("tournament", "busfaktor", "--bots", "heuristik,random", "--games", "2", "--plot", str(plot))
    assert result.exit_code == 0, result.output
    assert "Sitzordnungen" in result.stdout and "Punkte" in result.stdout
    assert plot.read_bytes().startswith(b"\x89PNG")
    assert f"Grafik gespeichert: {plot}" in result.stderr


def test_json_to_stdout_prints_only_json(cli: Invoke) -> None:
    result = cli("tournament", "busfahrer", "--bots", "random,random", "--games", "2", "--json", "-")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["format"] == "busbahnhof-tournament/1"


def test_bad_input_is_a_clear_error(cli: Invoke) -> None:
    unknown = cli("tournament", "busfahrer", "--bots", "random,nobody", "--lang", "en")
    assert unknown.exit_code == 2 and "nobody" in unknown.stderr
    none = cli("tournament", "busfahrer", "--bots", "random,random", "--games", "0", "--lang", "en")
    assert none.exit_code == 2 and "A tournament needs at least 1 game, not 0." in none.stderr


@pytest.mark.slow
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_stopped_tournament_reports_the_finished_games(tmp_path: Path, signum: int, status: int) -> None:
    """A tournament stopped by ``kill`` (SIGTERM: a background job ignores Ctrl-C) or by Ctrl-C
    (SIGINT to the whole process group) reports its games and exits 143 or 130, as ``simulate``."""
    out = tmp_path / "cut.json"
    args = ["tournament", "busfahrer", "--bots", "kartenzaehler,random", "--games", "200000", "--workers", "2",
            "--json", str(out), "--lang", "en"]  # fmt: skip
    process = subprocess.Popen([sys.executable, "-m", "busbahnhof", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)  # fmt: skip
    time.sleep(15)  # the workers start and some games finish
    os.killpg(process.pid, signum)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == status, stderr
    assert "Traceback" not in stderr
    report = json.loads(out.read_text(encoding="utf-8"))
    assert 0 < report["games"] < 200_000 and report["interrupted"]["requested"] == 200_000
    assert f"Interrupted: {report['games']:,} of 200,000 games finished" in stderr
    assert "kartenzaehler" in stdout
