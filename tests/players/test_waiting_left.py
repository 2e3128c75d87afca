"""Abandonment: a player who left (their seat's last decision was the zombie bot's) is named by the
finished table, in its summary, by the store (also after a restart), takes the last place on the
player page's terms and loses rating even where the bot playing for them won (also through a real
server: two accounts, one leaves, the other plays to the end)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from busbahnhof.players.departures import final_places
from busbahnhof.players.ratings import rating_update
from busbahnhof.store.departures import left_seats
from busbahnhof.tables import SeatSpec, TableService, TableSpec
from busbahnhof.tables.messages import table_summary
from busbahnhof.tables.table import Table
from support.quiet_client import QuietClient
from support.server_harness import Seat, ServerProcess, create_table, play_out, seat_query
from support.services import run_service

PASSWORD = "correct horse battery staple"
OUTCOME = {"points": [3, 9, 5], "winners": [0], "lower_is_better": True}


def test_who_left_takes_the_last_place() -> None:
    assert final_places(OUTCOME, []) == [0, 2, 1]
    assert final_places(OUTCOME, [0]) == [2, 1, 0], "the winner left: last, behind everyone who stayed"
    assert final_places(OUTCOME, [0, 2]) == [1, 0, 1], "two who left share the last place"
    assert final_places({**OUTCOME, "winners": [0, 2], "points": [3, 9, 3]}, [1]) == [0, 1, 0], "ties stay ties"


def test_leaving_a_rated_game_is_a_loss_even_when_the_bot_won() -> None:
    table = {
        "game": "busfahrer",
        "outcome": {"points": [1, 7], "winners": [0], "lower_is_better": True},
        "seats": [{"bot": None}, {"bot": None}],
        "players_at": {0: "anna", 1: "ben"},
    }
    fresh = {"anna": None, "ben": None}
    stayed = rating_update(table)(fresh)
    assert stayed["anna"][0] > stayed["ben"][0]
    left = rating_update({**table, "left": [0]})(fresh)
    assert left["anna"][0] < left["ben"][0], "Anna left: her bot's win counts as her loss"


ANNA_AND_BEN = TableSpec("busfahrer", seats=(SeatSpec("Anna"), SeatSpec("Ben")), seed=4, think_seconds=0)


def test_a_finished_table_names_who_left_also_after_a_restart(database_url: str) -> None:
    async def scenario(service: TableService) -> None:
        created = await service.create(ANNA_AND_BEN)
        anna, ben = (ticket.token for ticket in created.seats)
        table = service.tables[created.table_id]
        assert table_summary(table)["left"] == []
        await service.leave(await service.connect(created.table_id, ben, QuietClient()))
        while table.is_open:
            if table.state.to_move == 0:
                action = str(table.state.legal_actions()[0])
                assert (await service.submit(created.table_id, anna, table.version, action)).to_dict()["ok"]
            else:
                await asyncio.sleep(0.02)
        assert table.left_seats() == [1]
        assert table_summary(table)["left"] == [1]
        with service.store.engine.connect() as connection:
            assert left_seats(connection, [created.table_id]) == {created.table_id: [1]}
        record = service.store.load_table(created.table_id)
        assert record is not None
        assert Table.from_record(record).left_seats() == [1], "read again from the record"

    run_service(database_url, scenario, sweep_seconds=3600)


def test_a_player_back_before_the_end_did_not_leave(database_url: str) -> None:
    async def scenario(service: TableService) -> Any:
        created = await service.create(ANNA_AND_BEN)
        anna, ben = (ticket.token for ticket in created.seats)
        table = service.tables[created.table_id]
        await service.leave(await service.connect(created.table_id, ben, QuietClient()))
        came_back = False
        while table.is_open:
            seat = table.state.to_move
            if seat == 0 or (seat == 1 and came_back):
                token = anna if seat == 0 else ben
                action = str(table.state.legal_actions()[0])
                assert (await service.submit(created.table_id, token, table.version, action)).to_dict()["ok"]
                came_back = came_back or table.version > 6
            else:
                await asyncio.sleep(0.02)
        with service.store.engine.connect() as connection:
            return table.left_seats(), left_seats(connection, [created.table_id])

    assert run_service(database_url, scenario, sweep_seconds=3600) == ([], {})


def test_leaving_a_rated_game_costs_rating_through_the_server(tmp_path: Path) -> None:
    env = {"BUSBAHNHOF_REGISTRATIONS_PER_ADDRESS": "1000"}
    server = ServerProcess(f"sqlite:///{tmp_path / 'rated.db'}", tmp_path, env=env).start()
    try:
        with server.http() as http:
            table = create_table(http, game="busfahrer", seats=[{"name": "Anna"}, {"name": "Ben"}], hints=False)
        ids = {}
        for seat, name in enumerate(("anna_left", "ben_left")):
            with server.http() as device:
                session = device.post("/api/accounts", json={"user_name": name, "password": PASSWORD}).json()
                held = {"table_id": table["table_id"], "token": table["seats"][seat]["token"]}
                headers = {"X-CSRF-Token": session["csrf"]}
                answer = device.post("/api/account/seats", json={"seats": [held]}, headers=headers).json()
                assert answer["seats"][0]["result"] == "claimed"
                ids[name] = session["player"]["id"]
        ben = Seat(server, seat_query(table, 1))
        ben.receive_until(lambda message: message.get("type") == "table")
        ben.send({"type": "leave"})
        ben.close()
        anna = Seat(server, seat_query(table, 0))
        assert play_out(anna)["table"]["left"] == [1]
        anna.close()
        with server.http() as http:
            rated = {row["id"]: row for row in http.get("/api/ratings/busfahrer").json()["players"]}
            page = http.get(f"/api/players/{ids['ben_left']}").json()
        assert rated[ids["anna_left"]]["mu"] > 25 > rated[ids["ben_left"]]["mu"], (
            "Ben left: his loss, whatever his bot did"
        )
        [game] = page["games"]
        assert game["left"] == [1] and game["won"] is False and game["places"][1] == 1
    finally:
        server.stop()
