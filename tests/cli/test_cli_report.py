"""``busbahnhof report``: the results of a real ``simulate --results`` run as an HTML file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from typer.testing import Result

Invoke = Callable[..., Result]


def simulate(cli: Invoke, path: Path, *extra: str) -> Path:
    result = cli(
        "simulate",
        "busfahrer",
        "--games",
        "16",
        "--bots",
        "kartenzaehler:2",
        "--seed",
        "3",
        "--results",
        str(path),
        *extra,
    )
    assert result.exit_code == 0, result.output
    return path


def test_report_of_a_simulation(cli: Invoke, tmp_path: Path) -> None:
    results = simulate(cli, tmp_path / "run.parquet")
    output = tmp_path / "report.html"
    result = cli("report", str(results), "-o", str(output), "--lang", "en")
    assert result.exit_code == 0, result.output
    assert f"Wrote the report {output}" in result.stderr
    html = output.read_text(encoding="utf-8")
    assert "Busfahrer: simulation report" in html and "16 games with 4 players" in html
    assert "Penalty points by phase" in html and "Seat 1 (kartenzaehler)" in html


def test_report_compares_the_settings_of_a_sweep(cli: Invoke, tmp_path: Path) -> None:
    results = simulate(cli, tmp_path / "sweep.csv", "--sweep", "pyramid=4-3-2-1,5-4-3-2-1")
    output = tmp_path / "compare.html"
    result = cli("report", str(results), "--compare", "-o", str(output))
    assert result.exit_code == 0, result.output
    html = output.read_text(encoding="utf-8")
    assert "Busfahrer: pyramid=4-3-2-1 im Vergleich mit pyramid=5-4-3-2-1" in html
    assert "gepaart über 16 Spiele mit denselben Seeds" in html


def test_report_errors_name_the_problem(cli: Invoke, tmp_path: Path) -> None:
    results = simulate(cli, tmp_path / "one.csv")
    wrong_suffix = cli("report", str(results), "-o", str(tmp_path / "report.pdf"), "--lang", "en")
    assert wrong_suffix.exit_code == 2 and "the file must be named *.html" in wrong_suffix.stderr
    one = cli("report", str(results), "--compare", "-o", str(tmp_path / "c.html"), "--lang", "en")
    assert one.exit_code == 2 and "--compare needs exactly two settings" in one.stderr
    missing = cli("report", str(tmp_path / "none.parquet"), "-o", str(tmp_path / "r.html"))
    assert missing.exit_code == 2 and "none.parquet" in missing.stderr
    assert not (tmp_path / "c.html").exists() and not (tmp_path / "r.html").exists()
