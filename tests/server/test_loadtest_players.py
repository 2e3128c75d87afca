"""``busbahnhof loadtest`` with named players and chat: the names each human types and the name the
server must show, the chat ledger's bookkeeping (latency, refusals, losses, names), and a short
real run whose names and chat are then read back from the server."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from busbahnhof.loadtest.chatter import CHAT_TIMEOUT, MARKUP_PHRASES, PHRASES, ChatLedger
from busbahnhof.loadtest.client import HUMAN, SPECTATOR, Pace, TableRun
from busbahnhof.loadtest.names import ESCAPING, NAMES, Player, name_problem, player_for
from busbahnhof.loadtest.report import Tally, summary
from busbahnhof.loadtest.runner import LoadSettings, LoadTestError
from busbahnhof.loadtest.scenarios import SCENARIOS
from busbahnhof.players.names import DISPLAY_NAME_MAX, display_name
from busbahnhof.tables.chat import MAX_CHARS, chat_text
from support.server_harness import ServerProcess

ANNA = Player("Anna", "Anna", joins=False, markup=False)


def test_every_name_is_shown_as_the_server_checks_it() -> None:
    for typed, shown in NAMES:
        assert display_name(typed) == shown
    for name in ESCAPING:
        assert display_name(name) == name and ("<" in name or "&" in name)
    lengths = {len(shown) for _, shown in NAMES}
    assert min(lengths) == 1 and max(lengths) == DISPLAY_NAME_MAX
    assert any(typed != shown for typed, shown in NAMES), "some names are normalised by the server"


def test_players_join_both_ways_and_every_fifth_name_looks_like_markup() -> None:
    players = [player_for(seed) for seed in range(40)]
    assert {player.joins for player in players} == {True, False}
    assert [seed for seed, player in enumerate(players) if player.markup] == list(range(0, 40, 5))
    assert player_for(0).typed == "<b>Ö</b>"
    assert player_for(7) == player_for(7)


def test_every_chat_text_is_within_the_servers_rules() -> None:
    for text in PHRASES + MARKUP_PHRASES:
        assert chat_text(text) == text and len(text) <= MAX_CHARS
    assert any(len(text) > 150 for text in PHRASES) and any("ü" in text for text in PHRASES)


def test_a_name_that_is_not_the_one_given_is_found() -> None:
    seats = [{"seat": 0, "name": "Anna"}, {"seat": 1, "name": "Bot 2 (mittel)"}]
    assert name_problem({"seats": seats}, ANNA) is None
    assert name_problem({"seats": [{**seats[0], "name": "Spieler 1"}, seats[1]]}, ANNA) == "wrong"
    assert name_problem({"seats": [{**seats[0], "name": "&lt;b&gt;Ö&lt;/b&gt;"}]}, player_for(0)) == "wrong"
    assert name_problem({"seats": [{"seat": 0, "name": ""}]}, ANNA) == "missing"
    assert name_problem({"seats": []}, ANNA) == "missing"


def test_the_ledger_measures_until_every_client_has_a_message() -> None:
    tally = Tally()
    ledger = ChatLedger(tally, ANNA, random.Random(1))
    ledger.sent("Hallo zusammen!", 10.0, {HUMAN, SPECTATOR})
    ledger.sent("Danke!", 10.5, {HUMAN, SPECTATOR})
    ledger.arrived(SPECTATOR, [{"seat": 0, "name": "Anna", "text": "Hallo zusammen!"}], 10.002)
    assert tally.chat_latencies == []
    ledger.arrived(HUMAN, [{"seat": 0, "name": "Anna", "text": "Hallo zusammen!"}], 10.004)
    assert tally.chat_latencies == [pytest.approx(0.004)]
    ledger.arrived(HUMAN, [{"seat": 0, "name": "Anna", "text": "Danke!"}], 10.6)
    ledger.arrived(SPECTATOR, [{"seat": 0, "name": "Anna", "text": "Danke!"}], 10.7)
    assert tally.chat_latencies[1] == pytest.approx(0.2) and not ledger.pending()
    assert tally.chats_sent == 2 and tally.names_checked == 4 and not tally.errors


def test_the_ledger_counts_refused_lost_unexpected_and_misnamed_messages() -> None:
    tally = Tally()
    ledger = ChatLedger(tally, ANNA, random.Random(1))
    ledger.sent("Ups!", 1.0, {HUMAN, SPECTATOR})
    ledger.refused(HUMAN, "chat/too_fast")
    assert not ledger.pending()
    ledger.sent("Moment bitte", 2.0, {HUMAN, SPECTATOR})
    ledger.sent("Tschüss!", 2.0 + CHAT_TIMEOUT + 1, {HUMAN, SPECTATOR})  # the first is lost by now
    ledger.arrived(SPECTATOR, [{"seat": 0, "name": "Spieler 1", "text": "Was?"}], 14.0)
    ledger.disconnected(HUMAN)  # "Tschüss!" still reaches the spectator: no latency, no error
    ledger.arrived(SPECTATOR, [{"seat": 0, "name": "Anna", "text": "Tschüss!"}], 14.1)
    ledger.arrived(HUMAN, [{"seat": 0, "name": "Anna", "text": "Tschüss!"}], 14.2)  # connected anew: no error
    assert tally.errors == {"chat:refused:chat/too_fast": 1, "chat:lost": 1, "chat:unexpected": 1, "chat:wrong_name": 1}
    assert tally.chats_interrupted == 1 and tally.chat_latencies == [] and not ledger.pending()


def test_a_table_run_checks_the_names_its_clients_receive() -> None:
    tally = Tally()
    run = TableRun(
        SCENARIOS[0], tally, Pace(1.0, 0.6, 20.0), random.Random(1), 0.0, ChatLedger(tally, ANNA, random.Random(1))
    )
    summary_part = {"status": "open", "seats": [{"seat": 0, "name": "Anna"}]}
    whole = {"type": "table", "version": 3, "table": summary_part, "view": {"is_over": False}, "legal": []}
    run.arrived(SPECTATOR, whole, 1.0)
    wrong = {**summary_part, "seats": [{"seat": 0, "name": "Spieler 1"}]}
    run.arrived(SPECTATOR, {"type": "delta", "version": 4, "base": 3, "table": wrong, "view": {}}, 2.0)
    run.arrived(HUMAN, {"type": "error", "error": {"code": "chat/too_long"}}, 2.0)
    assert tally.names_checked == 1
    assert tally.errors == {"name:wrong": 1, "chat:refused:chat/too_long": 1}


def test_the_report_has_the_chat_and_the_names() -> None:
    tally = Tally(chats_sent=3, chat_latencies=[0.001, 0.002, 0.010], chats_interrupted=1, names_checked=9)
    report = summary(tally, 10.0, 2, [], {})
    assert report["chats"] == {"sent": 3, "delivered": 3, "interrupted": 1}
    assert report["chat_latency_ms"] == {"p50": 2.0, "p95": 10.0, "p99": 10.0, "max": 10.0}
    assert report["names_checked"] == 9


@pytest.mark.parametrize("every", [0.0, 6.0, 3600.0])
def test_chat_every_within_the_servers_rate(every: float) -> None:
    LoadSettings(urls=("http://127.0.0.1:8000",), tables=1, seconds=1, chat_every=every).checked()


@pytest.mark.parametrize("every", [-1.0, 1.0, 5.9, 3601.0])
def test_chat_faster_than_the_server_takes_is_refused(every: float) -> None:
    with pytest.raises(LoadTestError, match="chat every"):
        LoadSettings(urls=("http://127.0.0.1:8000",), tables=1, seconds=1, chat_every=every).checked()


@pytest.mark.slow
def test_a_short_run_with_names_and_chat(sqlite_server: ServerProcess, tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    command = [sys.executable, "-m", "busbahnhof", "loadtest", "--url", sqlite_server.url, "--tables", "4"]
    command += ["--seconds", "10", "--seed", "0", "--chat-every", "6", "--human-think", "0.05", "--bot-think", "0.05"]
    command += ["--json", str(out), "--lang", "en"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    report = json.loads(out.read_text())
    assert report["error_count"] == 0, report["errors"]
    assert report["chats"]["sent"] >= 3 and report["chats"]["delivered"] == report["chats"]["sent"]
    assert 0 < report["chat_latency_ms"]["p50"] <= report["chat_latency_ms"]["p99"] < 5000
    assert report["names_checked"] >= 2 * report["tables_started"]
    assert "Chat: sent to all clients" in result.stdout and "Names checked" in result.stdout

    # what the server keeps: the names as given (NFC), the markup name as its very characters
    tables = [
        row
        for status in ("open", "finished")
        for row in httpx.get(f"{sqlite_server.url}/api/tables", params={"status": status}).json()
    ]
    names = {row["seats"][0]["name"]: row["id"] for row in tables}
    assert {"<b>Ö</b>", "Jürgen", "José"} <= set(names), names  # seeds 0 (creates), 1 and 3 (join by code)
    said = [
        message
        for table_id in names.values()
        for message in httpx.get(f"{sqlite_server.url}/api/tables/{table_id}/chat").json()["messages"]
    ]
    assert len(said) == report["chats"]["sent"]
    assert all(message["name"] in names and message["seat"] == 0 for message in said)


@pytest.mark.slow
def test_logged_in_players_sit_as_their_accounts(tmp_path: Path) -> None:
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'tables.db'}", tmp_path, {"BUSBAHNHOF_REGISTRATIONS_PER_ADDRESS": "3"}
    ).start()
    try:
        out = tmp_path / "load.json"
        command = [sys.executable, "-m", "busbahnhof", "loadtest", "--url", server.url, "--tables", "3"]
        command += ["--accounts", "2", "--seconds", "6", "--human-think", "0.05", "--bot-think", "0.05"]
        command += ["--json", str(out), "--lang", "en"]
        result = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        report = json.loads(out.read_text())
        too_many = subprocess.run([*command[:8], "--accounts", "3"], capture_output=True, text=True, timeout=120)
    finally:
        server.stop()
    assert report["error_count"] == 0, report["errors"]
    accounts = report["accounts"]
    assert accounts["players"] == 2 and accounts["listed"] == accounts["tables"] >= 2, accounts
    assert "Logged-in players" in result.stdout
    with sqlite3.connect(tmp_path / "tables.db") as db:
        claimed = db.execute("SELECT count(*) FROM seat_players").fetchone()[0]
        shown = {row[0] for row in db.execute("SELECT display_name FROM accounts")}
    # slot 0 (seed 1: joins by room code) and slot 1 (seed 2: creates and is seated by its WebSocket)
    assert claimed == accounts["tables"] and shown == {"Anna", "Jürgen"}
    # the server's limit of registrations per address is used up by the first run's two and one more
    assert too_many.returncode == 2 and "BUSBAHNHOF_REGISTRATIONS_PER_ADDRESS" in too_many.stderr
