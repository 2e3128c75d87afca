"""submit: every refusal is data with a stable code, leaves the table unchanged, and nothing is stored."""

from __future__ import annotations

from typing import Any

import pytest
from table_clients import RecordingClient, until

from busbahnhof.tables import Accepted, Refused, SeatSpec, TableService, TableSpec

TWO_HUMANS = TableSpec("busfahrer", seats=(SeatSpec("Anna"), SeatSpec("Ben"), SeatSpec(bot="random")), seed=7)


async def snapshot(service: TableService, table_id: str) -> tuple[Any, ...]:
    """Everything a refusal must leave alone: version, record, stored actions, every seat's view."""
    table = service.tables[table_id]
    stored = service.store.load_table(table_id)
    assert stored is not None
    views = [table.state.view(seat) for seat in (None, 0, 1, 2)]
    return table.version, table.state.record(), stored["actions"], views


def refusal(result: Any, code: str) -> dict[str, Any]:
    assert isinstance(result, Refused), result
    data = result.to_dict()
    assert data["ok"] is False
    assert data["error"]["code"] == code, data
    assert data["error"]["text"], "every refusal is rendered in the client's language"
    return dict(data["error"])


@pytest.mark.parametrize(
    ("who", "version", "action", "code"),
    [
        ("anna", 1, "guess red", "table/stale_version"),
        ("anna", -1, "guess red", "table/stale_version"),
        ("ben", 0, "guess red", "table/foreign_seat"),
        ("stranger", 0, "guess red", "table/unknown_token"),
        ("spectator", 0, "guess red", "table/spectator"),
        ("anna", 0, "guess higher", "illegal_action"),
        ("anna", 0, "guess purple", "malformed_action"),
        ("anna", 0, "", "malformed_action"),
    ],
)
def test_refusal_changes_nothing(run_tables: Any, who: str, version: int, action: str, code: str) -> None:
    async def scenario(service: TableService) -> None:
        created = await service.create(TWO_HUMANS)
        tokens = {"anna": created.seats[0].token, "ben": created.seats[1].token, "stranger": "x" * 24}
        before = await snapshot(service, created.table_id)
        result = await service.submit(created.table_id, tokens.get(who), version, action, "de")
        error = refusal(result, code)
        assert result.version == 0
        assert await snapshot(service, created.table_id) == before
        if code == "illegal_action":
            assert error["key"].startswith("illegal.") and error["rule"]
        accepted = await service.submit(created.table_id, tokens["anna"], 0, "guess red")
        assert accepted == Accepted(1)

    run_tables(scenario, sweep_seconds=3600)


def test_refused_text_speaks_the_clients_language(run_tables: Any) -> None:
    async def scenario(service: TableService) -> None:
        created = await service.create(TWO_HUMANS)
        token = created.seats[1].token
        german = await service.submit(created.table_id, token, 0, "guess red", "de")
        english = await service.submit(created.table_id, token, 0, "guess red", "en")
        assert isinstance(german, Refused) and isinstance(english, Refused)
        assert german.text != english.text
        assert "Anna" in german.text and "Ben" in english.text

    run_tables(scenario, sweep_seconds=3600)


def test_accepted_action_is_committed_then_broadcast(run_tables: Any) -> None:
    async def scenario(service: TableService) -> None:
        created = await service.create(TWO_HUMANS)
        anna, ben, watcher = RecordingClient("de"), RecordingClient("en"), RecordingClient("en")
        await service.connect(created.table_id, created.seats[0].token, anna)
        await service.connect(created.table_id, created.seats[1].token, ben)
        await service.connect(created.table_id, None, watcher)
        result = await service.submit(created.table_id, created.seats[0].token, 0, "guess RED")
        assert result == Accepted(1)
        stored = service.store.load_table(created.table_id)
        assert stored is not None
        assert [(a["version"], a["action"], a["seat"], a["by"]) for a in stored["actions"]] == [
            (1, "guess red", 0, "human")
        ]
        for client in (anna, ben, watcher):
            assert client.last["version"] == 1
        assert anna.last["legal"] == [] and watcher.last["legal"] == []
        assert [move["notation"] for move in ben.last["legal"]] == ["guess red", "guess black"]
        assert anna.last["log"] and anna.last["log"][-1]["source"] == "game"

    run_tables(scenario, sweep_seconds=3600, bot_workers=1)


def test_a_finished_table_takes_no_action(run_tables: Any) -> None:
    async def scenario(service: TableService) -> None:
        spec = TableSpec("busfahrer", seats=(SeatSpec(), SeatSpec(bot="random")), seed=3, think_seconds=0)
        created = await service.create(spec)
        token = created.seats[0].token
        player = RecordingClient()
        await service.connect(created.table_id, token, player)
        while player.last["table"]["status"] == "open":
            if player.last["legal"]:
                result = await service.submit(
                    created.table_id, token, player.last["version"], player.last["legal"][0]["notation"]
                )
                assert isinstance(result, Accepted)
            await until(lambda: bool(player.last["legal"]) or player.last["table"]["status"] != "open")
        assert player.last["table"]["status"] == "finished"
        assert player.last["table"]["seed"] == 3, "the seed is shown once the game is over"
        refusal(await service.submit(created.table_id, token, player.last["version"], "guess red"), "table/closed")
        stored = service.store.load_table(created.table_id)
        assert stored is not None and stored["status"] == "finished" and stored["outcome"]["winners"]

    run_tables(scenario, sweep_seconds=3600)
