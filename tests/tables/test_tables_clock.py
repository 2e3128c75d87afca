"""The turn timer (a bot plays for a timed-out seat until its player is back, and the log says so),
leaving and coming back, and abandoned tables closed and kept."""

from __future__ import annotations

from typing import Any

from table_clients import RecordingClient, until

from busbahnhof.tables import Refused, SeatSpec, TableService, TableSpec

HEADS_UP = TableSpec("busfahrer", seats=(SeatSpec("Anna"), SeatSpec(bot="random")), seed=9, think_seconds=0)


def stored_by(service: TableService, table_id: str) -> list[tuple[int, str]]:
    stored = service.store.load_table(table_id)
    assert stored is not None
    return [(entry["seat"], entry["by"]) for entry in stored["actions"]]


def test_time_out_hands_the_seat_to_a_bot_until_its_player_is_back(run_tables: Any) -> None:
    async def scenario(service: TableService) -> None:
        spec = TableSpec(HEADS_UP.game, seats=HEADS_UP.seats, seed=9, think_seconds=0, turn_seconds=1)
        created = await service.create(spec)
        anna = RecordingClient()
        connection = await service.connect(created.table_id, created.seats[0].token, anna)
        clock = anna.last["clock"]
        assert clock["seat"] == 0 and 0 < clock["remaining"] <= 1 and clock["turn_seconds"] == 1
        deadline = service.tables[created.table_id].deadline
        await service.connect(created.table_id, None, RecordingClient())
        await service.connect(created.table_id, created.seats[0].token, RecordingClient())
        assert service.tables[created.table_id].deadline == deadline, "connecting does not reset the clock"
        await until(lambda: (0, "zombie") in stored_by(service, created.table_id), seconds=5)
        assert "table.zombie_timeout" in anna.log_keys()
        assert anna.last["table"]["seats"][0]["zombie"] is True
        await service.back(connection)
        assert "table.back" in anna.log_keys()
        await until(lambda: bool(anna.last["legal"]) or anna.last["table"]["status"] != "open", seconds=5)
        if anna.last["legal"]:
            version = anna.last["version"]
            result = await service.submit(
                created.table_id, created.seats[0].token, version, anna.last["legal"][0]["notation"]
            )
            assert result.to_dict()["ok"]
            assert stored_by(service, created.table_id)[version] == (0, "human")

    run_tables(scenario, sweep_seconds=3600)


def test_leaving_player_is_played_by_a_bot_and_rejoins(run_tables: Any) -> None:
    async def scenario(service: TableService) -> None:
        created = await service.create(HEADS_UP)
        token = created.seats[0].token
        watcher = RecordingClient()
        await service.connect(created.table_id, None, watcher)
        connection = await service.connect(created.table_id, token, RecordingClient())
        await service.leave(connection)
        await until(lambda: (0, "zombie") in stored_by(service, created.table_id), seconds=5)
        assert "table.zombie_left" in watcher.log_keys()
        anna = RecordingClient("de")
        await service.connect(created.table_id, token, anna)
        assert "table.back" in watcher.log_keys()
        assert any("zurück" in entry["text"] for entry in anna.messages[0]["log"])

    run_tables(scenario, sweep_seconds=3600)


def test_abandoned_table_is_closed_and_kept(run_tables: Any) -> None:
    now = [1_000_000.0]

    async def scenario(service: TableService) -> None:
        spec = TableSpec(HEADS_UP.game, seats=HEADS_UP.seats, seed=9, abandon_seconds=600)
        created = await service.create(spec)
        other = await service.create(spec)
        watcher = RecordingClient()
        await service.connect(created.table_id, None, watcher)
        present = await service.connect(other.table_id, other.seats[0].token, RecordingClient())
        now[0] += 599
        assert await service.sweep() == []
        now[0] += 2
        assert await service.sweep() == [created.table_id], "a spectator does not keep a table open"
        assert watcher.last["table"]["status"] == "closed"
        assert "table.closed_abandoned" in watcher.log_keys()
        stored = service.store.load_table(created.table_id)
        assert stored is not None and stored["status"] == "closed" and stored["ended_at"] == now[0]
        assert [t["id"] for t in await service.list_tables("closed")] == [created.table_id]
        refused = await service.submit(created.table_id, created.seats[0].token, 0, "guess red")
        assert isinstance(refused, Refused) and refused.error.code == "table/closed"
        await service.disconnect(present)
        now[0] += 599
        assert await service.sweep() == []
        now[0] += 2
        assert await service.sweep() == [other.table_id], "the time counts from when the last human left"

    run_tables(scenario, sweep_seconds=3600, wall_clock=lambda: now[0])
