"""``busbahnhof loadtest``: its bounds, its statistics, and a short real run against a server process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from busbahnhof.loadtest.report import percentile
from busbahnhof.loadtest.runner import LoadSettings, LoadTestError, is_loopback
from support.server_harness import ServerProcess


def test_percentile_by_nearest_rank() -> None:
    values = [float(n) for n in range(1, 101)]
    assert percentile(values, 0.5) == 50.0
    assert percentile(values, 0.99) == 99.0
    assert percentile([7.0], 0.99) == 7.0
    assert percentile([], 0.5) == 0.0


@pytest.mark.parametrize(
    ("url", "loopback"),
    [
        ("http://127.0.0.1:8000", True),
        ("http://localhost:8000", True),
        ("http://[::1]:8000", True),
        ("http://127.0.0.2:8000", True),
        ("http://10.0.0.5:8000", False),
        ("http://example.org", False),
        ("ftp://127.0.0.1", False),
    ],
)
def test_only_servers_on_this_machine(url: str, loopback: bool) -> None:
    assert is_loopback(url) is loopback


@pytest.mark.parametrize(
    "settings",
    [
        LoadSettings(urls=("http://192.168.1.2:8000",), tables=1, seconds=1),
        LoadSettings(urls=("http://127.0.0.1:8000",), tables=0, seconds=1),
        LoadSettings(urls=("http://127.0.0.1:8000",), tables=1001, seconds=1),
        LoadSettings(urls=("http://127.0.0.1:8000",), tables=1, seconds=601),
        LoadSettings(urls=(), tables=1, seconds=1),
    ],
)
def test_bounds_are_enforced(settings: LoadSettings) -> None:
    with pytest.raises(LoadTestError):
        settings.checked()


def test_the_command_refuses_a_remote_server() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "busbahnhof", "loadtest", "--url", "http://10.1.2.3:8000", "--lang", "en"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2 and "loopback" in result.stderr


@pytest.mark.slow
def test_a_short_load_run_plays_every_game_without_errors(sqlite_server: ServerProcess, tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    command = [sys.executable, "-m", "busbahnhof", "loadtest", "--url", sqlite_server.url, "--tables", "3"]
    command += ["--seconds", "12", "--human-think", "0.05", "--bot-think", "0.05", "--json", str(out), "--lang", "en"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    report = json.loads(out.read_text())
    assert report["tables_started"] >= 3 and report["actions"] > 20 and report["human_submits"] > 5
    assert report["error_count"] == 0, report["errors"]
    assert 0 < report["latency_ms"]["p50"] <= report["latency_ms"]["p99"] <= report["latency_ms"]["max"]
    assert [server["pid"] for server in report["servers"]] == [sqlite_server.process.pid]  # type: ignore[union-attr]
    assert report["servers"][0]["rss_mib_max"] > 10
    assert report["server_cpu_ms_per_action"] == report["servers"][0]["cpu_ms_per_action"] > 0
    assert "p50 / p95 / p99" in result.stdout
