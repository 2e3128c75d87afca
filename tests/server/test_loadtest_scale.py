"""``busbahnhof loadtest`` for several processes: the tables dealt out to load client processes
(``--processes``), and two servers on one PostgreSQL, where a table's human connects through the
process that does not own it and is sent to the owner; afterwards every acknowledged move is
found in the database (``--verify-db``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from support.server_harness import ServerProcess

FAST = ["--human-think", "0.05", "--bot-think", "0.05", "--lang", "en"]


def load_run(tmp_path: Path, *args: str) -> dict[str, Any]:
    out = tmp_path / "load.json"
    command = [sys.executable, "-m", "busbahnhof", "loadtest", *args, *FAST, "--json", str(out)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr
    report: dict[str, Any] = json.loads(out.read_text())
    assert report["error_count"] == 0, report["errors"]
    return report


@pytest.mark.slow
def test_load_client_processes_share_the_tables(sqlite_server: ServerProcess, tmp_path: Path) -> None:
    report = load_run(tmp_path, "--url", sqlite_server.url, "--tables", "4", "--seconds", "8", "--processes", "2")
    assert report["load_client"]["processes"] == 2 and report["tables_started"] >= 4
    assert report["human_submits"] > 5 and report["actions"] > 20 and report["load_client"]["cpu_percent"] > 0


@pytest.mark.slow
def test_two_servers_send_clients_to_the_owner_and_keep_every_acknowledged_move(
    postgres_url: str, tmp_path: Path
) -> None:
    one = ServerProcess(postgres_url, tmp_path).start()
    two = ServerProcess(postgres_url, tmp_path).start()
    try:
        urls = ["--url", one.url, "--url", two.url]
        report = load_run(tmp_path, *urls, "--tables", "4", "--seconds", "8", "--verify-db", postgres_url)
    finally:
        one.stop()
        two.stop()
    # the humans go straight to the owner their create or join answer names; the spectators pick a
    # server at random, and those that picked the other one are sent on
    assert 0 < report["redirects"] < report["tables_started"], report["redirects"]
    checked = report["acknowledged"]
    assert checked["acknowledged"] == report["human_submits"] > 5
    assert checked["found"] == checked["acknowledged"] and checked["lost"] == []
