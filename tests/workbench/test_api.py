"""The workbench's API on a real server (``busbahnhof serve``, SQLite file): accounts' decks,
versions and diffs, CSRF, access (another account and guessed ids get 404), share links, print,
limits, and a playtest table whose two testers give feedback that the version's summary shows."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from busbahnhof.workbench import MAX_DECK_BYTES, builtin_text, document_of
from support.server_harness import ONE_JOB_WORKER, Seat, ServerProcess, play_out_together, sqlite_server_process

PASSWORD = "correct horse battery"


class Designer:
    """An HTTP client logged in as a new account, sending its CSRF token with every POST."""

    def __init__(self, server: ServerProcess, name: str) -> None:
        self.http = server.http()
        answer = self.http.post("/api/accounts", json={"user_name": name, "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        self.csrf = answer.json()["csrf"]

    def post(self, path: str, body: dict[str, Any] | None = None, **params: Any) -> httpx.Response:
        return self.http.post(path, json=body or {}, headers={"X-CSRF-Token": self.csrf}, params=params)

    def get(self, path: str, **params: Any) -> httpx.Response:
        return self.http.get(path, params=params)


@pytest.fixture(scope="module")
def bench_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The module's server, with one job worker for the balance runs."""
    yield from sqlite_server_process(tmp_path_factory.mktemp("workbench"), ONE_JOB_WORKER)


@pytest.fixture(scope="module")
def designers(bench_server: ServerProcess) -> Iterator[tuple[Designer, Designer]]:
    ada, bob = Designer(bench_server, "ada"), Designer(bench_server, "bob")
    yield ada, bob
    ada.http.close()
    bob.http.close()


def new_deck(designer: Designer, source: str = "mini") -> str:
    answer = designer.post("/api/workbench/decks", {"source": source})
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def test_versions_diff_and_export_over_http(designers: tuple[Designer, Designer]) -> None:
    ada, _ = designers
    deck_id = new_deck(ada)
    opened = ada.get(f"/api/workbench/decks/{deck_id}/versions/1", lang="de").json()
    document = opened["document"]
    document["cards"]["projects"][0]["fields"]["points"] = 3
    checked = ada.post("/api/workbench/check", {"document": document, "base_text": opened["text"]}, lang="de").json()
    [problem] = checked["problems"]
    assert (problem["kind"], problem["index"], problem["field"], problem["rule"]) == ("projects", 0, "points", "§4")
    assert "Die Punkte müssen" in problem["text"]
    saved = ada.post(f"/api/workbench/decks/{deck_id}/versions", {"base": 1, "document": document, "note": "zu viel"})
    assert saved.status_code == 201 and saved.json()["version"] == 2 and not saved.json()["valid"]
    document["cards"]["projects"][0]["fields"]["points"] = 2
    document["cards"]["projects"][0]["fields"]["goal"] = "Zwei Datensätze sind veröffentlicht."
    third = ada.post(f"/api/workbench/decks/{deck_id}/versions", {"base": 2, "document": document}).json()
    assert third["version"] == 3 and third["valid"]
    diff = ada.get(f"/api/workbench/decks/{deck_id}/diff", old=1, new=3).json()
    assert [c["changes"][0]["field"] for c in diff["changed"]] == ["goal"]
    exported = ada.get(f"/api/workbench/decks/{deck_id}/versions/1/toml")
    assert exported.text == builtin_text("mini")  # version 1 is the file, byte for byte
    pdf = ada.get(f"/api/workbench/decks/{deck_id}/versions/3/pdf", lang="en")
    assert pdf.headers["content-type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    refused = ada.get(f"/api/workbench/decks/{deck_id}/versions/2/pdf", lang="en")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "workbench/invalid_version"


def test_private_decks_csrf_and_share_links(designers: tuple[Designer, Designer], bench_server: ServerProcess) -> None:
    ada, bob = designers
    deck_id = new_deck(ada)
    for path in (f"/api/workbench/decks/{deck_id}", f"/api/workbench/decks/{deck_id}/versions/1"):
        answer = bob.get(path, lang="de")
        assert answer.status_code == 404
        assert answer.json()["error"]["text"].startswith("Dieses Deck gibt es nicht")
    with bench_server.http() as guest:
        assert guest.get(f"/api/workbench/decks/{deck_id}/versions/1/toml").status_code == 404
        assert guest.get(f"/api/workbench/decks/{deck_id}", params={"share": "guessed"}).status_code == 404
    assert ada.get("/api/workbench/decks/AAAAAAAAAAAAAAAAAAAAAA").status_code == 404
    no_csrf = ada.http.post(f"/api/workbench/decks/{deck_id}/share", json={"on": True})
    assert no_csrf.status_code == 403
    token = ada.post(f"/api/workbench/decks/{deck_id}/share", {"on": True}).json()["share_token"]
    with bench_server.http() as guest:
        shared = guest.get(f"/api/workbench/shared/{token}").json()
        assert shared["id"] == deck_id and not shared["owned"]
        assert guest.get(f"/api/workbench/decks/{deck_id}/versions/1/toml", params={"share": token}).status_code == 200
    document = document_of(builtin_text("mini"))
    assert bob.post(f"/api/workbench/decks/{deck_id}/versions", {"base": 1, "document": document}).status_code == 404
    copied = bob.post(f"/api/workbench/shared/{token}/copy", number=1)
    assert copied.status_code == 201
    assert bob.get(f"/api/workbench/decks/{copied.json()['id']}").json()["owned"]


def test_an_upload_over_the_limit_gets_a_clear_error(designers: tuple[Designer, Designer]) -> None:
    ada, _ = designers
    text = builtin_text("mini") + "#" * MAX_DECK_BYTES
    answer = ada.post("/api/workbench/decks", {"source": "upload", "text": text}, lang="en")
    assert answer.status_code == 413
    assert answer.json()["error"]["text"].startswith(f"The deck file has {len(text.encode())} bytes")


def test_a_playtest_table_and_its_testers_feedback(
    designers: tuple[Designer, Designer], bench_server: ServerProcess
) -> None:
    ada, _ = designers
    deck_id = new_deck(ada)
    table = ada.post(f"/api/workbench/decks/{deck_id}/versions/1/playtest", {"players": 2, "bots": 0}).json()
    table_id, tokens = table["table_id"], [seat["token"] for seat in table["seats"]]
    early = ada.post(f"/api/workbench/playtests/{table_id}/feedback", {"token": tokens[0], "fun": 4, "length": "right"})
    assert early.status_code == 400 and early.json()["error"]["code"] == "workbench/invalid"
    seats = [Seat(bench_server, f"table={table_id}&token={token}&lang=de") for token in tokens]
    play_out_together(seats)
    for seat in seats:
        seat.close()
    with bench_server.http() as tester:
        form = tester.get(f"/api/workbench/playtests/{table_id}", params={"token": tokens[1]}).json()
        assert form["finished"] and not form["answered"] and "Team A" in form["cards"]
        answers = [
            {"token": tokens[0], "fun": 4, "length": "right", "confusing": [], "comment": "Gut"},
            {"token": tokens[1], "fun": 2, "length": "too_long", "confusing": ["Team A"], "comment": ""},
        ]
        for answer in answers:
            assert tester.post(f"/api/workbench/playtests/{table_id}/feedback", json=answer).status_code == 201
        again = tester.post(f"/api/workbench/playtests/{table_id}/feedback", json=answers[0])
        assert again.status_code == 400
        wrong = tester.get(f"/api/workbench/playtests/{table_id}", params={"token": "not-a-seat"})
        assert wrong.status_code == 404
    summary = ada.get(f"/api/workbench/decks/{deck_id}/versions/1/feedback").json()
    assert summary["answers"] == 2 and summary["fun_mean"] == 3.0 and summary["tables"] == 1
    assert summary["length"] == {"too_short": 0, "right": 1, "too_long": 1}
    assert summary["confusing"] == [{"name": "Team A", "count": 1}]
    assert summary["comments"] == [{"tester": summary["comments"][0]["tester"], "text": "Gut"}]


def wait_for_run(designer: Designer, run_id: str, statuses: tuple[str, ...], seconds: float = 300) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        run: dict[str, Any] = designer.get(f"/api/workbench/balance/{run_id}").json()
        if run["status"] in statuses:
            return run
        assert time.monotonic() < deadline, f"the run stayed {run['status']}"
        time.sleep(0.3)


def test_balance_runs_their_findings_reports_and_comparison(designers: tuple[Designer, Designer]) -> None:
    ada, bob = designers
    deck_id = new_deck(ada, "standard")
    opened = ada.get(f"/api/workbench/decks/{deck_id}/versions/1").json()
    document = opened["document"]
    del document["cards"]["events"][0]
    assert ada.post(f"/api/workbench/decks/{deck_id}/versions", {"base": 1, "document": document}).status_code == 201
    runs = []
    for version in (1, 2):
        answer = ada.post(f"/api/workbench/decks/{deck_id}/versions/{version}/balance", {"games": 10, "players": 3})
        assert answer.status_code == 201, answer.text
        runs.append(answer.json()["id"])
    assert bob.get(f"/api/workbench/balance/{runs[0]}").status_code == 404
    done = [wait_for_run(ada, run_id, ("done", "failed")) for run_id in runs]
    assert [run["status"] for run in done] == ["done", "done"], done
    findings = {finding["kind"]: finding for finding in done[0]["findings"]}
    assert {"start", "length", "ties"} <= set(findings)
    start = findings["start"]["value"]
    assert start["low"] <= start["estimate"] <= start["high"] and findings["start"]["evidence"]["games"] == 10
    report = ada.get(f"/api/workbench/balance/{runs[0]}/report", lang="en")
    assert report.status_code == 200 and "<style>" not in report.text
    assert '<link rel="stylesheet" href="/api/workbench/report.css">' in report.text
    assert ada.get("/api/workbench/report.css").text.strip().startswith(":root, :host {")
    compared = ada.get("/api/workbench/compare", first=runs[0], second=runs[1], lang="de")
    assert compared.status_code == 200 and "<html" in compared.text, compared.text[:600]
    listed = ada.get(f"/api/workbench/decks/{deck_id}/balance").json()["runs"]
    assert {run["id"] for run in listed} == set(runs)


def test_a_running_simulation_can_be_cancelled(designers: tuple[Designer, Designer]) -> None:
    ada, _ = designers
    deck_id = new_deck(ada, "standard")
    body = {"games": 1000, "players": 4, "bot": "ismcts-fast"}
    run = ada.post(f"/api/workbench/decks/{deck_id}/versions/1/balance", body).json()
    cancelled = ada.post(f"/api/workbench/balance/{run['id']}/cancel").json()
    assert cancelled["status"] in ("cancelled", "running")
    assert wait_for_run(ada, run["id"], ("cancelled",), 60)["findings"] is None
