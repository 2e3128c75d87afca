"""Default seat names in the creator's language, and the rematch: one follow-up table offered to
everyone at the finished table, each player with their own seat."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from table_clients import RecordingClient, until

from busbahnhof.engine import load_game
from busbahnhof.store import Store
from busbahnhof.tables import (
    Accepted,
    GameNotOverError,
    SeatSpec,
    TableService,
    TableSpec,
    UnknownTokenError,
    hash_token,
)
from busbahnhof.tables.rematch import follow_up_token

BUSFAHRER = TableSpec(
    "busfahrer",
    seats=(SeatSpec(), SeatSpec(bot="random"), SeatSpec("Kim"), SeatSpec(bot="easy")),
    seed=3,
    think_seconds=0,
)


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("de", ["Spieler 1", "Bot 2 (Zufall)", "Kim", "Bot 4 (leicht)"]),
        ("en", ["Player 1", "Bot 2 (random)", "Kim", "Bot 4 (easy)"]),
    ],
)
def test_default_names_are_in_the_creators_language_and_the_same_for_everyone(
    run_tables: Any, lang: str, names: list[str]
) -> None:
    async def scenario(service: TableService) -> None:
        created = await service.create(BUSFAHRER, lang)
        stored = service.store.load_table(created.table_id)
        assert stored is not None and [seat["name"] for seat in stored["seats"]] == names
        for viewer_lang in ("de", "en"):
            viewer = RecordingClient(viewer_lang)
            await service.connect(created.table_id, None, viewer)
            assert [seat["name"] for seat in viewer.last["table"]["seats"]] == names

    run_tables(scenario, sweep_seconds=3600)


def test_a_game_bot_is_named_by_its_own_name(run_tables: Any) -> None:
    async def scenario(service: TableService) -> None:
        spec = TableSpec("busfahrer", seats=(SeatSpec(), SeatSpec(bot="kartenzaehler"), SeatSpec(bot="schwer")))
        created = await service.create(spec, "en")
        assert (await service.info(created.table_id))["seats"][1]["name"] == "Bot 2 (Kartenzähler)"
        assert (await service.info(created.table_id))["seats"][2]["name"] == "Bot 3 (hard)"

    run_tables(scenario, sweep_seconds=3600)


async def play_to_the_end(service: TableService, table_id: str, players: dict[str, RecordingClient]) -> None:
    """Every human seat plays its first legal action until the game is over."""
    while True:
        await until(lambda: all(client.messages for client in players.values()))
        if any(
            client.last["table"]["status"] != "open" for client in players.values() if client.last["type"] == "table"
        ):
            return
        for token, client in players.items():
            message = client.last
            if message["type"] == "table" and message["legal"]:
                result = await service.submit(table_id, token, message["version"], message["legal"][0]["notation"])
                assert isinstance(result, Accepted) or result.error.code == "table/stale_version"
        await until(
            lambda: any(
                c.last["type"] == "table" and (c.last["legal"] or c.last["table"]["status"] != "open")
                for c in players.values()
            )
        )


def test_a_rematch_reaches_everyone_with_their_own_seat(run_tables: Any) -> None:
    async def scenario(service: TableService) -> None:
        created = await service.create(BUSFAHRER, "de")
        tokens = {ticket.seat: ticket.token for ticket in created.seats}
        players = {token: RecordingClient() for token in tokens.values()}
        for token, client in players.items():
            await service.connect(created.table_id, token, client)
        watcher = RecordingClient("en")
        await service.connect(created.table_id, None, watcher)
        with pytest.raises(GameNotOverError):
            await service.rematch(created.table_id, tokens[0])
        await play_to_the_end(service, created.table_id, players)
        with pytest.raises(UnknownTokenError):
            await service.rematch(created.table_id, "not-a-token")

        offer = await service.rematch(created.table_id, tokens[2])
        again = await service.rematch(created.table_id, created.creator_token)
        assert again.table_id == offer.table_id, "one follow-up table, however often it is asked for"
        assert again.ticket is None, "the creator holds no seat"

        # Busfahrer, ruling R1: the deal passes on, so everyone moves on one seat (one game played).
        assert load_game("busfahrer").rematch_shift(4) == 1
        new = service.store.load_table(offer.table_id)
        old = service.store.load_table(created.table_id)
        assert new is not None and old is not None
        assert old["successor"] == offer.table_id
        names = ["Bot 1 (Zufall)", "Kim", "Bot 3 (leicht)", "Spieler 1"]
        assert [seat["name"] for seat in new["seats"]] == names, "people keep their names, bots are renumbered"
        fresh = {seat: follow_up_token(token, offer.table_id) for seat, token in tokens.items()}
        assert fresh[0] != tokens[0] and fresh[2] != tokens[2], "a token opens one seat of one table"
        assert new["seats"][1]["token_hash"] == hash_token(fresh[2]), "taken up by the asker's offer"
        assert new["seats"][3]["token_hash"] == hash_token(fresh[0]), "and by the offer over its connection"
        assert new["seed"] != old["seed"] and new["options"] == old["options"] and new["status"] == "open"
        assert new["creator_hash"] == old["creator_hash"]
        assert offer.ticket is not None and offer.ticket.seat == 1 and offer.ticket.token == fresh[2]

        for seat, token in tokens.items():
            rematch = [m for m in players[token].messages if m["type"] == "rematch"]
            assert len(rematch) == 1, "each player hears of the rematch once"
            assert rematch[0]["table_id"] == offer.table_id and rematch[0]["token"] == fresh[seat]
            assert rematch[0]["seat"] == (seat - 1) % 4 and rematch[0]["link"].endswith(f"token={fresh[seat]}")
            foreign = [other for other in [*tokens.values(), *fresh.values()] if other not in (token, fresh[seat])]
            assert not any(other in repr(players[token].messages) for other in foreign)
        spectator = [m for m in watcher.messages if m["type"] == "rematch"]
        assert spectator == [
            {
                "type": "rematch",
                "table_id": offer.table_id,
                "code": offer.code,
                "seat": None,
                "token": None,
                "link": None,
            }
        ]
        assert not any(token in repr(watcher.messages) for token in [*tokens.values(), *fresh.values()])

        late = RecordingClient()  # a player who comes back to the finished table later is offered it too
        await service.connect(created.table_id, tokens[0], late)
        assert late.last["type"] == "rematch" and late.last["seat"] == 3 and late.last["token"] == fresh[0]
        with pytest.raises(UnknownTokenError):
            await service.connect(offer.table_id, tokens[0], RecordingClient())
        connection = await service.connect(offer.table_id, fresh[0], RecordingClient())
        assert connection.seat == 3, "the offered token opens the player's seat at the follow-up table"

    run_tables(scenario, sweep_seconds=3600)


def test_games_that_draw_their_start_player_keep_the_seats() -> None:
    assert load_game("bus").rematch_shift(4) == 0
    assert load_game("busfaktor").rematch_shift(3) == 0
    assert load_game("busfahrer", games=3).rematch_shift(4) == 3
    assert load_game("busfahrer", games=5).rematch_shift(4) == 1


def test_two_services_asked_at_once_open_one_follow_up_table_for_the_clients_of_both(postgres_url: str) -> None:
    async def scenario() -> None:
        stores = [Store(postgres_url), Store(postgres_url)]
        services = [TableService(store, sweep_seconds=3600) for store in stores]
        for service in services:
            await service.start()
        spec = TableSpec("busfahrer", seats=(SeatSpec("Anna"), SeatSpec("Ben")), seed=21, think_seconds=0)
        created = await services[0].create(spec)
        tokens = [ticket.token for ticket in created.seats]
        ben = RecordingClient()
        await services[0].connect(created.table_id, tokens[1], ben)  # at the owner; services[1] is asked below
        table = services[0].tables[created.table_id]
        while not table.state.is_over:
            seat = table.state.to_move
            assert seat is not None
            await services[0].submit(created.table_id, tokens[seat], table.version, str(table.state.legal_actions()[0]))
        await until(lambda: ben.last["type"] == "table" and ben.last["table"]["status"] == "finished", seconds=10)

        offers = await asyncio.gather(
            services[0].rematch(created.table_id, tokens[0]), services[1].rematch(created.table_id, tokens[1])
        )
        assert offers[0].table_id == offers[1].table_id, "the store keeps the first successor"
        fresh = [follow_up_token(token, offers[0].table_id) for token in tokens]
        assert offers[0].ticket is not None and offers[0].ticket.seat == 1 and offers[0].ticket.token == fresh[0]
        await until(lambda: any(m["type"] == "rematch" for m in ben.messages), seconds=10)
        heard = [m for m in ben.messages if m["type"] == "rematch"]
        assert len(heard) == 1 and heard[0]["table_id"] == offers[0].table_id and heard[0]["token"] == fresh[1]
        opened = [row for row in stores[0].list_tables() if row["id"] != created.table_id]
        assert {row["id"] for row in opened if row["status"] == "open"} == {offers[0].table_id}
        for service, store in zip(services, stores, strict=True):
            await service.stop()
            store.close()

    asyncio.run(scenario())
