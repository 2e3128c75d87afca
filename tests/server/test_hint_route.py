"""``POST /api/tables/{id}/hint`` on a real server: from the seat's view only, only for the seat to
move, only where the table's hints are on, and the table's result says who asked."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from busbahnhof.players.ratings import PEOPLE, pool_of
from support.server_harness import Seat, ServerProcess, create_table, play_out_together, seat_query


@pytest.fixture
def http(shared_server: ServerProcess) -> httpx.Client:
    return shared_server.http()


def ask(http: httpx.Client, created: dict[str, Any], index: int, lang: str = "en") -> httpx.Response:
    token = created["seats"][index]["token"]
    return http.post(f"/api/tables/{created['table_id']}/hint", params={"lang": lang}, json={"token": token})


def mover_and_other(http: httpx.Client, created: dict[str, Any]) -> tuple[dict[str, Any], int, httpx.Response]:
    """The answer to the seat to move, that seat's index, and the other seat's refusal."""
    first, second = ask(http, created, 0), ask(http, created, 1)
    if first.status_code == 200:
        return first.json(), 0, second
    return second.json(), 1, first


def test_the_seat_to_move_gets_the_best_options_with_odds_and_labels(http: httpx.Client) -> None:
    created = create_table(http, game="busfahrer", seats=[{}, {}], seed=5)
    answer, _, refused = mover_and_other(http, created)
    assert answer["measure"] == "answer_penalty" and answer["version"] == 0 and answer["hints"] == 1
    assert len(answer["options"]) == 2, "red or black: both options"
    for option in answer["options"]:
        assert option["reason"] == {"kind": "odds", "right": 26, "of": 52}
        assert option["label"] and option["label"] != option["action"], "the game's words, not the notation"
    assert answer["seconds"] < 2
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "table/foreign_seat"


def test_the_hint_reads_only_the_seats_view(http: httpx.Client) -> None:
    """Two tables dealt from different decks look the same from the seat to move before the first
    card: they get the same hint."""
    answers = []
    for seed in (11, 12):
        answer, _, _ = mover_and_other(http, create_table(http, game="busfahrer", seats=[{}, {}], seed=seed))
        answer.pop("seconds")
        answers.append(answer)
    assert answers[0] == answers[1]


def test_hints_off_are_refused_with_a_clear_error(http: httpx.Client) -> None:
    created = create_table(http, game="busfahrer", seats=[{}, {}], hints=False)
    assert http.get(f"/api/tables/{created['table_id']}").json()["hints"] is False
    for index in (0, 1):
        refused = ask(http, created, index, lang="de")
        assert refused.status_code == 403
        error = refused.json()["error"]
        assert error["code"] == "table/hints_off" and "Tipps" in error["text"]


def test_a_spectator_or_a_wrong_token_gets_no_hint(http: httpx.Client) -> None:
    created = create_table(http, game="busfahrer", seats=[{}, {}])
    path = f"/api/tables/{created['table_id']}/hint"
    assert http.post(path, json={"token": "nobody"}).json()["error"]["code"] == "table/unknown_token"
    assert http.post(path, json={}).status_code == 422


def test_the_result_records_who_asked_and_how_often(shared_server: ServerProcess, http: httpx.Client) -> None:
    created = create_table(http, game="busfahrer", seats=[{}, {}])
    answer, mover, _ = mover_and_other(http, created)
    again = ask(http, created, mover).json()
    assert again["hints"] == 1 and again["options"] == answer["options"], "asking again at one decision counts once"
    seats = [Seat(shared_server, seat_query(created, index)) for index in (0, 1)]
    try:
        play_out_together(seats)
    finally:
        for seat in seats:
            seat.close()
    done = ask(http, created, mover)
    assert done.json()["error"]["code"] == "table/closed", "no hints after the end"
    summary = http.get(f"/api/tables/{created['table_id']}").json()  # read back from the store
    assert summary["status"] == "finished" and summary["hints"] is True
    assert [seat["hints"] for seat in summary["seats"]] == [1 if n == mover else 0 for n in (0, 1)]


def test_a_game_played_with_hints_is_not_rated() -> None:
    """Two accounts at a Busfahrer table by the rules as written are rated, unless someone took a hint."""
    table = {
        "id": "t",
        "game": "busfahrer",
        "options": {},
        "custom_deck": False,
        "seats": [{"name": "A", "bot": None, "hints": 0}, {"name": "B", "bot": None, "hints": 0}],
        "players_at": {0: "a", 1: "b"},
        "outcome": {"points": [0, 1], "winners": [0], "lower_is_better": True, "details": {}},
    }
    assert pool_of(table) == PEOPLE
    table["seats"][1]["hints"] = 2
    assert pool_of(table) is None
