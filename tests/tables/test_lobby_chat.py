"""Chat at a table on a real store: what a message may be, who may write, the rate limit, storage
and delivery to every client of the table."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from table_clients import RecordingClient

from busbahnhof.store import LobbyStore, Store
from busbahnhof.tables import SeatSpec, SpectatorError, TableService, TableSpec
from busbahnhof.tables.chat import (
    BURST,
    MAX_CHARS,
    WINDOW_SECONDS,
    Chat,
    ChatCharacterError,
    ChatTooFastError,
    ChatTooLongError,
    EmptyChatError,
    chat_text,
)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Gut gespielt!", "Gut gespielt!"),
        ("  two\nlines\tand tab ", "two lines and tab"),
        ("Cafe\u0301", "Café"),  # NFC
        ("<script>alert(1)</script>", "<script>alert(1)</script>"),  # text stays text (clients draw text nodes)
        ("x" * MAX_CHARS, "x" * MAX_CHARS),
    ],
)
def test_chat_text_is_plain_text(text: str, said: str) -> None:
    assert chat_text(text) == said


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("", EmptyChatError),
        (" \n\t ", EmptyChatError),
        ("x" * (MAX_CHARS + 1), ChatTooLongError),
        ("x" * 1_000_000, ChatTooLongError),
        ("bell\x07", ChatCharacterError),
        ("right\u202eto left", ChatCharacterError),
        ("zero\u200bwidth", ChatCharacterError),
    ],
)
def test_chat_text_refusals_name_their_rule(text: str, refusal: type[Exception]) -> None:
    with pytest.raises(refusal) as refused:
        chat_text(text)
    assert refused.value.key.startswith("chat.error.")  # type: ignore[attr-defined]


def run_chat(url: str, scenario: Any) -> Any:
    async def main() -> Any:
        store = Store(url)
        service = TableService(store)
        await service.start()
        clock = Clock()
        chat = Chat(service, LobbyStore(store.engine), clock=clock)
        try:
            return await scenario(service, chat, clock)
        finally:
            await service.stop()
            store.close()

    return asyncio.run(main())


def test_players_chat_every_client_hears_it_and_it_is_stored(database_url: str) -> None:
    async def scenario(service: TableService, chat: Chat, clock: Clock) -> None:
        created = await service.create(TableSpec("busfahrer", seats=(SeatSpec("Ada"), SeatSpec("Bea"))))
        ada, bea, watcher = RecordingClient(), RecordingClient(), RecordingClient()
        ada_connection = await service.connect(created.table_id, created.seats[0].token, ada)
        await service.connect(created.table_id, created.seats[1].token, bea)
        spectator = await service.connect(created.table_id, None, watcher)
        said = await chat.say(ada_connection, "Hallo <b>Bea</b>")
        assert said["name"] == "Ada" and said["seat"] == 0 and said["text"] == "Hallo <b>Bea</b>"
        for client in (ada, bea, watcher):
            assert client.last == {"type": "chat", "messages": [said]}
        with pytest.raises(SpectatorError):
            await chat.say(spectator, "I only watch")
        history = await chat.history(created.table_id)
        assert [message["text"] for message in history] == ["Hallo <b>Bea</b>"]
        assert await chat.history(created.table_id, after=said["id"]) == []

    run_chat(database_url, scenario)


def test_a_seat_may_send_a_burst_then_waits(database_url: str) -> None:
    async def scenario(service: TableService, chat: Chat, clock: Clock) -> None:
        created = await service.create(TableSpec("busfahrer", seats=(SeatSpec("Ada"), SeatSpec("Bea"))))
        ada = await service.connect(created.table_id, created.seats[0].token, RecordingClient())
        bea = await service.connect(created.table_id, created.seats[1].token, RecordingClient())
        for n in range(BURST):
            await chat.say(ada, f"m{n}")
        with pytest.raises(ChatTooFastError) as refused:
            await chat.say(ada, "one more")
        assert refused.value.params["count"] == BURST
        await chat.say(bea, "Bea has her own allowance")
        clock.now += WINDOW_SECONDS
        await chat.say(ada, "later again")
        texts = [message["text"] for message in await chat.history(created.table_id)]
        assert "one more" not in texts and texts[-1] == "later again" and len(texts) == BURST + 2

    run_chat(database_url, scenario)


def test_the_rate_counts_of_quiet_seats_are_forgotten(database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("busbahnhof.tables.chat.FORGET_AFTER_SEATS", 1)

    async def scenario(service: TableService, chat: Chat, clock: Clock) -> None:
        created = await service.create(TableSpec("busfahrer", seats=(SeatSpec("Ada"), SeatSpec("Bea"))))
        ada = await service.connect(created.table_id, created.seats[0].token, RecordingClient())
        bea = await service.connect(created.table_id, created.seats[1].token, RecordingClient())
        await chat.say(ada, "hello")
        await chat.say(bea, "hi")
        clock.now += WINDOW_SECONDS
        await chat.say(ada, "still here")
        assert set(chat._sent) == {(created.table_id, 0)}

    run_chat(database_url, scenario)
