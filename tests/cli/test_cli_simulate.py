"""``busbahnhof simulate``: the JSON report (file or stdout), the tables, seats filled with random."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import Result

from busbahnhof.engine import load_game
from busbahnhof.sim import simulate

Invoke = Callable[..., Result]
Run = Callable[..., "subprocess.CompletedProcess[str]"]


def test_json_report_matches_the_python_function(cli: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    result = cli("simulate", "busfahrer", "--games", "40", "--players", "3", "--bots", "kartenzaehler",
                 "--seed", "9", "--option", "pyramid=5-4-3-2-1", "--json", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["bots"] == ["kartenzaehler", "random", "random"]
    assert report["options"]["pyramid"] == "5-4-3-2-1"
    again = simulate(load_game("busfahrer", pyramid="5-4-3-2-1"), 3, report["bots"], 40, 9)
    assert report["summary"] == json.loads(json.dumps(again["summary"]))
    assert "Je Platz (Mittelwerte)" in result.stdout and "Platz 1" in result.stdout
    assert "points_questions" in result.stdout and "questions.q2.right" in result.stdout
    assert f"Bericht gespeichert: {out}" in result.stdout


def test_json_to_stdout_prints_only_json(cli: Invoke) -> None:
    result = cli("simulate", "busfahrer", "--games", "5", "--players", "2", "--json", "-", "--preset", "american")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 5 and report["options"]["ride"] == "american"


def test_simulate_with_workers_in_a_real_process(run_process: Run, tmp_path: Path) -> None:
    out = tmp_path / "workers.json"
    args = ("simulate", "busfahrer", "--games", "60", "--players", "4", "--seed", "3", "--lang", "en")
    done = run_process(*args, "--workers", "2", "--json", str(out))
    assert done.returncode == 0, done.stderr
    assert "Per seat (means)" in done.stdout and "60 games in" in done.stdout
    two = json.loads(out.read_text(encoding="utf-8"))
    one = simulate("busfahrer", 4, ["random"] * 4, 60, 3)
    assert two["workers"] == 2 and two["summary"] == json.loads(json.dumps(one["summary"]))


def test_figures_are_written_in_full_with_the_languages_separators() -> None:
    from busbahnhof.cli.simulate import format_figure

    assert format_figure(859500.0, "en") == "859,500"
    assert format_figure(859500.0, "de") == "859.500"
    assert format_figure(1234.5678, "en") == "1,234.568"
    assert format_figure(0.25, "de") == "0,250"
    assert format_figure(2.0, "en", whole_bare=False) == "2.000"
    assert "e+" not in format_figure(1.5e12, "en")


def test_tables_cut_no_label_and_no_seat_on_a_narrow_terminal() -> None:
    from rich.console import Console

    from busbahnhof.cli.common import Ui
    from busbahnhof.cli.simulate import figures_table, seat_tables

    report = simulate("busfaktor", 4, ["heuristik"] * 4, 3, 1)
    ui = Ui("en")
    ui.out = Console(width=60, record=True, color_system=None)
    for table in [*seat_tables(ui, report), figures_table(ui, report)]:
        ui.out.print(table)
    shown = ui.out.export_text()
    assert "…" not in shown
    first_column = "".join(line.split("│")[1].strip() for line in shown.splitlines() if line.count("│") > 2)
    assert "cards.AnnotierteTrainingsdaten.winner_side" in first_column  # folded, not cut
    assert all(f"Seat {seat}" in shown for seat in range(1, 5))
    assert all(len(line) <= 60 for line in shown.splitlines())


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _command_line(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
def test_ctrl_c_stops_the_workers_keeps_the_finished_games_and_exits_130(tmp_path: Path) -> None:
    out = tmp_path / "cut.json"
    args = ["simulate", "busfahrer", "--games", "100000000", "--workers", "2", "--json", str(out), "--lang", "en"]
    process = subprocess.Popen([sys.executable, "-m", "busbahnhof", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)  # fmt: skip
    deadline = time.monotonic() + 90
    workers: list[int] = []
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.5)
        workers = [
            pid for pid in _children(process.pid) if "multiprocessing" in Path(f"/proc/{pid}/cmdline").read_text()
        ]
    time.sleep(8)  # some chunks of games finish
    os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches the whole foreground process group
    sent = time.monotonic()
    stdout, stderr = process.communicate(timeout=60)
    assert time.monotonic() - sent < 5
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr
    gone_by = time.monotonic() + 3  # the resource tracker (also a child) leaves a moment after the main process
    while [pid for pid in workers if _alive(pid)] and time.monotonic() < gone_by:
        time.sleep(0.1)
    assert not [pid for pid in workers if _alive(pid)], "every worker is gone"
    report = json.loads(out.read_text(encoding="utf-8"))
    kept = report["games"]
    assert 0 < kept < 100_000_000
    assert report["interrupted"]["requested"] == 100_000_000
    assert sum(stop - start for start, stop in report["interrupted"]["finished_ranges"]) == kept
    assert f"Interrupted: {kept:,} of 100,000,000 games finished" in stderr
    assert f"Figures over {kept:,} games" in stdout


def test_a_sweep_compares_the_settings_with_intervals_and_paired_differences(cli: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "sweep.json"
    result = cli("simulate", "busfahrer", "--games", "40", "--players", "3", "--seed", "2", "--lang", "en",
                 "--sweep", "pyramid=4-3-2-1,5-4-3-2-1", "--json", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text(encoding="utf-8"))
    labels = [setting["label"] for setting in report["settings"]]
    assert labels == ["pyramid=4-3-2-1", "pyramid=5-4-3-2-1"]
    decisions = report["settings"][1]["difference"]["outcome"]["decisions"]
    assert decisions["low"] > 0, "a bigger pyramid takes more decisions on every seed"
    assert "Settings compared on the same seeds (40 games each; 95 % intervals)" in result.stdout
    assert "  pyramid=5-4-3-2-1" in result.stdout and "Seat 1: wins" in result.stdout
    estimate = f"+{decisions['estimate']:.3f} *"
    assert estimate in result.stdout and "* the difference to the first setting is significant" in result.stdout


def test_long_setting_labels_are_numbered_with_a_legend_where_they_do_not_fit() -> None:
    """Each setting is written out once, above the table, not folded over three lines in every row."""
    from rich.console import Console

    from busbahnhof.cli.common import Ui
    from busbahnhof.cli.simulate import print_sweep

    report = simulate("busfahrer", 3, ["random"] * 3, 4, 1,
                      sweeps=[("pyramid", ["4-3-2-1", "5-4-3-2-1"]), ("rising_penalties", [False, True])])  # fmt: skip
    label = "pyramid=5-4-3-2-1, rising_penalties=false"
    shown = {}
    for width in (80, 140):
        ui = Ui("en")
        ui.out = Console(width=width, record=True, color_system=None)
        print_sweep(ui, report)
        shown[width] = ui.out.export_text()
    assert shown[80].count(label) == 1 and f"#3  {label}" in shown[80] and "│   #3 " in shown[80]
    assert all(len(line) <= 80 for line in shown[80].splitlines())
    assert shown[140].count(f"│   {label} ") > 1 and "#3" not in shown[140], "wide enough: the labels in the rows"


def test_several_decks_are_a_sweep(cli: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "decks.json"
    result = cli("simulate", "busfaktor", "--games", "3", "--players", "2", "--deck", "mini", "--deck", "standard",
                 "--json", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text(encoding="utf-8"))
    assert [setting["deck"]["name"] for setting in report["settings"]] == ["mini", "standard"]
    assert "Einstellungen im Vergleich auf denselben Seeds" in result.stdout


@pytest.mark.parametrize(
    ("args", "german", "english"),
    [
        (("--sweep", "pyramid"), "schreibe SCHLÜSSEL=WERT1,WERT2", "write KEY=VALUE1,VALUE2,..."),
        (("--backend", "spark"), "--backend spark: wähle eines von local, ray", "--backend spark: choose one of"),
        (("--resume",), "--resume setzt den Lauf in --results DATEI fort", "--resume continues the run in --results"),
        (("--results", "x.txt"), "nenne eine .parquet- oder .csv-Datei", "name a .parquet or a .csv file"),
    ],
)
def test_bad_run_settings_are_refused_in_both_languages(
    cli: Invoke, args: tuple[str, ...], german: str, english: str
) -> None:
    for lang, fragment in (("de", german), ("en", english)):
        result = cli("simulate", "busfahrer", "--games", "3", *args, "--lang", lang)
        assert result.exit_code == 2
        assert fragment in result.stderr and "Traceback" not in result.stderr


def test_without_a_terminal_progress_is_a_plain_line_with_rate_and_time_left(run_process: Run, tmp_path: Path) -> None:
    path = tmp_path / "run.csv"
    done = run_process(
        "simulate", "busfahrer", "--games", "30", "--players", "2", "--lang", "en", "--results", str(path)
    )
    assert done.returncode == 0, done.stderr
    assert "Simulating Busfahrer: 0 of 30 games (0 %), 0 games/s, --:-- left" in done.stderr
    assert "Simulating Busfahrer: 30 of 30 games (100 %), " in done.stderr and " games/s, 0:00 left" in done.stderr
    assert f"Results (one row per game): {path}" in done.stderr
