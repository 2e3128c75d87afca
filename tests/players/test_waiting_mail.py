"""Turn mails against a local SMTP sink (aiosmtpd, never a real server): a decision that starts
waiting at a turn-based table for an account with an address brings one mail with a link to the
"your turn" list; none while the player is at the table, none for a guest, none for a short timer,
and the account's next waiting decision within the hour brings no second mail (the throttle); the
store's side on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from busbahnhof.store import PlayerStore, Store
from busbahnhof.store.resets import ResetStore
from busbahnhof.store.turn_mails import TurnMailStore
from busbahnhof.tables import CreatedTable, SeatSpec, TableService, TableSpec, hash_token
from support.server_harness import Seat, ServerProcess, create_table, seat_query
from support.smtp_sink import SmtpSink, account_with_email, mail_server

PASSWORD = "correct horse battery staple"
PUBLIC = "https://bus.example.test"
HOUR = 3600


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, sink: SmtpSink) -> Iterator[ServerProcess]:
    yield from mail_server(tmp_path_factory.mktemp("turn-mails"), sink, BUSBAHNHOF_PUBLIC_URL=PUBLIC)


def account(server: ServerProcess, name: str, email: str | None) -> tuple[httpx.Client, str]:
    client, session = account_with_email(server, name, PASSWORD, email)
    return client, session["csrf"]


def take_seat(client: httpx.Client, csrf: str, table: dict[str, Any], seat: int) -> None:
    held = {"table_id": table["table_id"], "token": table["seats"][seat]["token"]}
    answer = client.post("/api/account/seats", json={"seats": [held]}, headers={"X-CSRF-Token": csrf}).json()
    assert answer["seats"][0]["result"] == "claimed"


def move(seat: Seat) -> None:
    """Play the seat's first legal action once it is its turn."""
    seat.receive_until(lambda message: message.get("type") == "table" and bool(message.get("legal")))
    assert seat.act(seat.state["legal"][0]["notation"])["ok"]  # type: ignore[index]


def mails_to(sink: SmtpSink, address: str) -> list[Any]:
    return [mail for mail in sink.mails if mail["To"] == address]


def test_one_turn_mail_with_the_list_link_then_quiet(server: ServerProcess, sink: SmtpSink) -> None:
    dora, dora_csrf = account(server, "dora_mail", "dora@example.test")
    with server.http() as http:
        table = create_table(http, game="busfahrer", seats=[{"name": "Ede"}, {"name": "Dora"}], turn_seconds=HOUR)
    take_seat(dora, dora_csrf, table, 1)
    ede = Seat(server, seat_query(table, 0))
    move(ede)  # Dora's first decision waits; she is not at the table
    [mail] = sink.wait_for(1)
    assert mail["To"] == "dora@example.test"
    assert "Du bist dran" in mail["Subject"] and table["code"] in mail["Subject"]
    body = mail.get_content()
    assert f"{PUBLIC}/#/turns" in body and "1 Std" in body and "Hallo dora_mail" in body

    dora_seat = Seat(server, seat_query(table, 1))
    move(dora_seat)  # at the table: her next decisions bring no mail
    dora_seat.close()
    move(ede)  # away again, but within the hour of the first mail
    time.sleep(2)
    assert len(mails_to(sink, "dora@example.test")) == 1, "one mail an hour, not one per decision"
    ede.close()


def test_no_mail_for_a_guest_a_short_timer_or_an_account_without_address(server: ServerProcess, sink: SmtpSink) -> None:
    before = len(sink.mails)
    nobody, nobody_csrf = account(server, "no_address", None)
    fast, fast_csrf = account(server, "fast_mail", "fast@example.test")
    with server.http() as http:
        guest_table = create_table(http, game="busfahrer", seats=[{"name": "Ede"}, {"name": "Gast"}], turn_seconds=HOUR)
        short = create_table(http, game="busfahrer", seats=[{"name": "Ede"}, {"name": "Fast"}], turn_seconds=300)
        silent = create_table(http, game="busfahrer", seats=[{"name": "Ede"}, {"name": "Nobody"}], turn_seconds=HOUR)
    take_seat(fast, fast_csrf, short, 1)
    take_seat(nobody, nobody_csrf, silent, 1)
    for table in (guest_table, short, silent):
        ede = Seat(server, seat_query(table, 0))
        move(ede)
        ede.close()
    time.sleep(2)
    assert len(sink.mails) == before


def test_the_store_notes_a_decision_once_and_an_account_once_an_hour(database_url: str) -> None:
    store = Store(database_url)
    try:

        async def open_table() -> CreatedTable:
            service = TableService(store, sweep_seconds=3600)
            spec = TableSpec("busfahrer", seats=(SeatSpec("Dora"), SeatSpec("Ede")), seed=1, turn_seconds=HOUR)
            created = await service.create(spec)
            await service.stop()
            return created

        created = asyncio.run(open_table())
        players = PlayerStore(store.engine)
        account = {"id": "dora01", "user_name": "dora", "name_key": "dora", "display_name": "Dora"}
        assert players.create_account({**account, "password_hash": "x", "created_at": 0.0, "password_changed_at": 0.0})
        mails = TurnMailStore(store.engine)
        assert mails.addressee(created.table_id, 0) is None, "a guest's seat"
        assert players.claim_seat(created.table_id, hash_token(created.seats[0].token), "dora01", 1.0) == "claimed"
        assert mails.addressee(created.table_id, 0) is None, "an account without an address"
        ResetStore(store.engine).set_email("dora01", "dora@example.test", "dora@example.test", 1.0)
        assert mails.addressee(created.table_id, 0) == {
            "player_id": "dora01",
            "display_name": "Dora",
            "email": "dora@example.test",
        }
        assert mails.note(created.table_id, 4, 0, "dora01", 1000.0, 1000.0 - HOUR)
        assert not mails.note(created.table_id, 4, 0, "dora01", 9000.0, 9000.0 - HOUR), "a decision once"
        assert not mails.note(created.table_id, 6, 0, "dora01", 1500.0, 1500.0 - HOUR), "within the hour"
        assert mails.note(created.table_id, 6, 0, "dora01", 4700.0, 4700.0 - HOUR), "an hour later"
    finally:
        store.close()
