"""``busbahnhof review RECORD`` on a game recorded by ``busbahnhof play --record``: the terminal
report and the JSON of docs/review.md ("The JSON")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from busbahnhof.cli import app


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "160"})


def check_keys(data: dict[str, Any], types: dict[str, Any], where: str) -> None:
    assert set(data) >= set(types), f"{where}: missing {set(types) - set(data)}"
    for key, kind in types.items():
        assert isinstance(data[key], kind), f"{where}.{key}: {data[key]!r} is not {kind}"


NUMBER = (int, float)
REVIEW = {
    "format": str,
    "game": str,
    "players": int,
    "record_seed": int,
    "actions": int,
    "review_seed": int,
    "budget": dict,
    "threshold": NUMBER,
    "seats": list,
    "decisions": list,
    "graph": list,
    "summary": list,
    "seconds": NUMBER,
}
DECISION = {
    "number": int,
    "seat": int,
    "measure": str,
    "lower_is_better": bool,
    "made": str,
    "best": str,
    "loss": NUMBER,
    "loss_error": NUMBER,
    "mistake": bool,
    "options": list,
}
OPTION = {"action": str, "points": NUMBER, "worlds": int}
SUMMARY = {"seat": int, "decisions": int, "mistakes": int, "loss": NUMBER, "mean_loss": NUMBER}


def check_review(report: dict[str, Any], game_id: str, players: int, seats: list[int]) -> None:
    """The review JSON's schema (docs/review.md)."""
    check_keys(report, REVIEW, "review")
    assert report["format"] == "busbahnhof-review/1" and report["game"] == game_id
    assert report["players"] == players and report["seats"] == seats
    assert isinstance(report["budget"]["steps"], int)
    assert report["names"] is None or len(report["names"]) == players
    assert report["decisions"], "a whole game has decisions to review"
    for decision in report["decisions"]:
        check_keys(decision, DECISION, "decision")
        assert decision["seat"] in seats and 0 <= decision["number"] < report["actions"]
        assert decision["measure"] in ("answer_penalty", "final_points", "horizon_points")
        assert decision["loss"] >= 0 and decision["loss_error"] >= 0
        actions = [option["action"] for option in decision["options"]]
        assert decision["made"] in actions and decision["best"] in actions and actions[0] == decision["best"]
        for option in decision["options"]:
            check_keys(option, OPTION, "option")
            if decision["measure"] == "answer_penalty":
                assert option["worlds"] == 0 and 0 <= option["right"] <= option["of"]
            else:
                assert option["worlds"] > 0 and 1 <= option["place"] <= players and 0 <= option["win"] <= 1
    assert len(report["graph"]) == report["actions"] + 1
    for point in report["graph"]:
        assert set(point) == {"points", "place", "win"}
        assert all(len(point[key]) == players for key in point)
        assert sum(point["win"]) == pytest.approx(1.0, abs=0.01)
    for row in report["summary"]:
        check_keys(row, SUMMARY, "summary")
    assert [row["seat"] for row in report["summary"]] == seats


@pytest.mark.parametrize(
    ("game_id", "players", "budget"),
    [
        ("busfahrer", 4, "300"),
        ("busfaktor", 4, "300"),
        pytest.param("bus", 3, "200", marks=pytest.mark.slow),
    ],
)
def test_review_of_a_recorded_game_writes_the_schema(tmp_path: Path, game_id: str, players: int, budget: str) -> None:
    record = tmp_path / "game.json"
    played = run(
        "play", game_id, "-p", str(players), "--bots", f"mittel:{players}", "--seed", "2", "--record", str(record)
    )
    assert played.exit_code == 0, played.output
    out = tmp_path / "review.json"
    result = run("review", str(record), "--seat", "1", "--json", str(out), "--budget", budget, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "Summary per player" in result.output and "Review written to" in result.output
    report = json.loads(out.read_text(encoding="utf-8"))
    check_review(report, game_id, players, [0])
    assert result.output.count("✗ mistake") == sum(d["mistake"] for d in report["decisions"])


def test_review_to_stdout_in_german_and_errors(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    assert run("play", "busfahrer", "--bots", "mittel:4", "--seed", "3", "--record", str(record)).exit_code == 0
    result = run("review", str(record), "--json", "-", "--budget", "200", "--no-graph")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["seats"] == [0, 1, 2, 3] and report["graph"] == []
    german = run("review", str(record), "--seat", "2", "--budget", "200", "--no-graph")
    assert "Zusammenfassung je Spieler" in german.output
    wrong_seat = run("review", str(record), "--seat", "5")
    assert wrong_seat.exit_code == 2 and "Platz 5: die Aufzeichnung hat die Plätze 1 bis 4." in wrong_seat.output
    finished = json.loads(record.read_text(encoding="utf-8")) | {"status": "finished", "table_id": "t1", "code": "ABCD"}
    table_record = tmp_path / "table.json"
    table_record.write_text(json.dumps(finished), encoding="utf-8")  # as GET /api/tables/{id}/record gives it
    from_table = run("review", str(table_record), "--json", "-", "--budget", "200", "--no-graph", "--seat", "3")
    assert from_table.exit_code == 0 and json.loads(from_table.stdout)["seats"] == [2]
    table_record.write_text(json.dumps(finished | {"seed": None}), encoding="utf-8")
    refused = run("review", str(table_record), "--lang", "en")
    assert refused.exit_code == 2 and "only finished games can be reviewed" in refused.output


@pytest.mark.slow
def test_bench_review_times_the_review_and_every_hint() -> None:
    result = run("bench", "busfahrer", "-p", "2", "--review", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["format"] == "busbahnhof-review-bench/1" and report["players"] == 2
    assert report["decisions"] == report["hints"]["count"] > 0
    assert report["review"]["wall"] > 0 and report["review"]["cpu"] > 0
    assert 0 < report["hints"]["wall_median"] <= report["hints"]["wall_max"]
    assert report["budget"]["review_steps"] == 4_000 and report["budget"]["hint_seconds"] == 0.5
    table = run("bench", "busfahrer", "-p", "2", "--review", "--lang", "en")
    assert "Review of the whole game" in table.output and "Hint, slowest of" in table.output
