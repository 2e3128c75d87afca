"""Seats, tokens and room codes: join by code, links, rejoin, spectators, re-issued tokens."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from table_clients import RecordingClient

from busbahnhof.engine import GameError
from busbahnhof.tables import (
    ROOM_ALPHABET,
    NoFreeSeatError,
    NotCreatorError,
    Refused,
    SeatSpec,
    TableService,
    TableSpec,
    UnknownTableError,
    UnknownTokenError,
    hash_token,
    normalize_code,
)
from busbahnhof.tables.codes import new_room_code

SPEC = TableSpec("busfahrer", seats=(SeatSpec("Anna"), SeatSpec(), SeatSpec(bot="random")), seed=5)


def test_room_codes_are_easy_to_read_aloud() -> None:
    assert not set("0O1IL") & set(ROOM_ALPHABET)
    codes = {new_room_code() for _ in range(200)}
    assert all(len(code) == 5 and set(code) <= set(ROOM_ALPHABET) for code in codes)
    assert len(codes) > 190
    assert normalize_code("k7w-q3") == "K7WQ3"
    assert normalize_code("K0WQ3") is None and normalize_code("K7WQ") is None


def test_create_hands_out_links_and_stores_only_token_hashes(run_tables: Any) -> None:
    async def scenario(service: TableService) -> None:
        created = await service.create(SPEC)
        assert [ticket.seat for ticket in created.seats] == [0, 1]
        assert created.seats[0].link == f"/t/{created.code}?token={created.seats[0].token}"
        stored = service.store.load_table(created.table_id)
        assert stored is not None
        text = repr(stored)
        for secret in (created.creator_token, *(ticket.token for ticket in created.seats)):
            assert secret not in text
        assert stored["seats"][0]["token_hash"] == hash_token(created.seats[0].token)
        assert stored["seats"][2]["token_hash"] is None
        assert await service.find(created.code.lower()) == created.table_id
        with pytest.raises(UnknownTableError):
            await service.find("ZZZZ9" if created.code != "ZZZZ9" else "ZZZZ8")

    run_tables(scenario, sweep_seconds=3600)


def test_join_by_code_takes_free_seats_then_refuses(run_tables: Any) -> None:
    async def scenario(service: TableService) -> None:
        created = await service.create(SPEC)
        anna = RecordingClient()
        await service.connect(created.table_id, created.seats[0].token, anna)
        ticket = await service.join(created.code, "Ben")
        assert ticket.seat == 1, "seat 0 is claimed by its link, seat 2 is a bot"
        assert (await service.info(created.table_id))["seats"][1]["name"] == "Ben"
        with pytest.raises(NoFreeSeatError):
            await service.join(created.code, "Cleo")
        assert (await service.submit(created.table_id, ticket.token, 0, "guess red")).to_dict()["error"]["code"] == (
            "table/foreign_seat"
        )

    run_tables(scenario, sweep_seconds=3600)


def test_rejoin_gets_the_full_view_and_spectators_see_view_none(run_tables: Any) -> None:
    async def scenario(service: TableService) -> None:
        created = await service.create(SPEC)
        token = created.seats[0].token
        first = RecordingClient()
        connection = await service.connect(created.table_id, token, first)
        await service.submit(created.table_id, token, 0, "guess black")
        await service.disconnect(connection)
        again, watcher = RecordingClient("de"), RecordingClient()
        await service.connect(created.table_id, token, again)
        await service.connect(created.table_id, None, watcher)
        table = service.tables[created.table_id]
        message = again.messages[0]
        assert message["version"] == 1 and message["seat"] == 0
        assert len([e for e in message["log"] if e["source"] == "game"]) == len(table.state.log), "the whole log"
        assert message["view"]["state"] == table.state.view(0)["state"]
        spectator = watcher.messages[0]
        assert spectator["seat"] is None and spectator["legal"] == []
        assert spectator["view"] == {**table.state.view(None, log=False), "options": table.options}
        assert spectator["table"]["seed"] is None, "no seed before the game is over"
        assert first.messages[-1]["table"]["seats"][0]["connected"] is True

    run_tables(scenario, sweep_seconds=3600)


def test_creator_reissues_a_lost_token(run_tables: Any) -> None:
    async def scenario(service: TableService) -> None:
        created = await service.create(SPEC)
        old = created.seats[0].token
        with pytest.raises(NotCreatorError):
            await service.reissue_token(created.table_id, old, 0)
        ticket = await service.reissue_token(created.table_id, created.creator_token, 0)
        assert ticket.token != old and ticket.link.endswith(ticket.token)
        refused = await service.submit(created.table_id, old, 0, "guess red")
        assert isinstance(refused, Refused) and refused.error.code == "table/unknown_token"
        with pytest.raises(UnknownTokenError):
            await service.connect(created.table_id, old, RecordingClient())
        assert (await service.submit(created.table_id, ticket.token, 0, "guess red")).to_dict()["ok"]

    run_tables(scenario, sweep_seconds=3600)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"game": "schach"}, "unknown_game"),
        ({"seats": (SeatSpec(bot="nobody"), SeatSpec())}, "game_error"),
        ({"seats": (SeatSpec(),)}, "invalid_option"),
        ({"options": {"pyramid": "9"}}, "invalid_option"),
        ({"turn_seconds": 0.1}, "table/invalid_spec"),
        ({"think_seconds": 60.0}, "table/invalid_spec"),
        ({"deck_text": "[x]"}, "table/invalid_spec"),
    ],
)
def test_unplayable_specs_are_refused_and_nothing_is_stored(run_tables: Any, change: dict[str, Any], code: str) -> None:
    async def scenario(service: TableService) -> None:
        with pytest.raises(GameError) as caught:
            await service.create(replace(SPEC, **change))
        assert caught.value.code == code
        assert await service.list_tables() == []

    run_tables(scenario, sweep_seconds=3600)


@pytest.mark.parametrize(
    ("option", "value"), [("board", "/etc/passwd"), ("board", "board.json"), ("deck", "../x.toml")]
)
def test_options_naming_files_are_refused(run_tables: Any, option: str, value: str) -> None:
    game = "bus" if option == "board" else "busfaktor"

    async def scenario(service: TableService) -> None:
        spec = TableSpec(game, {option: value}, seats=(SeatSpec(), SeatSpec(bot="random"), SeatSpec(bot="random")))
        with pytest.raises(GameError) as caught:
            await service.create(spec)
        key = "table.error.deck_name" if option == "deck" else "table.error.file_name"
        assert caught.value.code == "table/invalid_spec" and caught.value.key == key
        assert await service.list_tables() == []

    run_tables(scenario, sweep_seconds=3600)
