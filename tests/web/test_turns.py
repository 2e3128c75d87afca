"""The "your turn" list in real browsers: right after a reload it shows the two tables waiting for
a guest's seats and not the one where another player decides; the count sits on the account
button; a logged-in account sees a seat it took on another device; a long timer's countdown reads
in hours at the table; who left a finished game is named on its end screen and in its replay.
Screenshots of the list, laptop and phone."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from steps import check_fits

from support.server_harness import Seat, ServerProcess, create_table, play_out, seat_query

PASSWORD = "correct horse battery staple"
DAY = 86_400


def guest_page(open_page: Any, size: str, seats: list[dict[str, str]], lang: str = "de") -> Any:
    page = open_page(size, lang)
    stored = json.dumps(json.dumps(seats))
    page.context.add_init_script(
        f"localStorage.setItem('busbahnhof.name', 'Anna'); localStorage.setItem('busbahnhof.seats', {stored})"
    )
    return page


def listed(page: Any) -> list[str]:
    return [str(item.get_attribute("data-table")) for item in page.locator(".turns-item").all()]


def test_the_list_is_right_after_a_reload_and_a_long_timer_reads_in_hours(
    open_page: Any, server: ServerProcess, screenshot: Any
) -> None:
    with server.http() as http:
        daily = create_table(http, game="busfahrer", seats=[{"name": "Anna"}, {"name": "Ben"}], turn_seconds=DAY)
        untimed = create_table(http, game="busfahrer", seats=[{"name": "Anna"}, {"name": "Cem"}, {"bot": "random"}])
        bens_turn = create_table(http, game="busfahrer", seats=[{"name": "Ben"}, {"name": "Anna"}], turn_seconds=DAY)
        left = create_table(http, game="busfahrer", seats=[{"name": "Anna"}, {"name": "Dan"}], turn_seconds=DAY)
    gone = Seat(server, seat_query(left, 0))
    gone.receive_until(lambda message: message.get("type") == "table")
    gone.send({"type": "leave"})  # a bot plays for Anna at this table until she is back
    gone.close()
    annas = [(daily, 0), (untimed, 0), (bens_turn, 1), (left, 0)]
    seats = [{"table_id": table["table_id"], "token": table["seats"][n]["token"]} for table, n in annas]

    for size in ("laptop", "phone", "small-phone"):
        page = guest_page(open_page, size, seats)
        page.goto("/#/turns")
        page.locator(".turns-item").nth(1).wait_for()
        assert sorted(listed(page)) == sorted([daily["table_id"], untimed["table_id"], left["table_id"]])
        page.reload()
        page.locator(".turns-item").nth(1).wait_for()
        waiting = sorted([daily["table_id"], untimed["table_id"], left["table_id"]])
        assert sorted(listed(page)) == waiting, "right after a reload"
        assert bens_turn["table_id"] not in listed(page)
        assert page.locator("#turns-badge").inner_text() == "2", "a table a bot plays for Anna is not waiting"
        assert "2 Tische warten auf dich" in page.locator(".turns-summary").inner_text()
        bots = page.locator(".turns-bots .turns-item")
        assert [bots.nth(0).get_attribute("data-table")] == [left["table_id"]] and bots.count() == 1
        assert bots.get_by_role("link", name="Zurück an den Tisch").count() == 1
        timed = page.locator(f".turns-item[data-table='{daily['table_id']}']")
        assert "23 Std" in timed.locator(".turns-left").inner_text()
        assert (
            "ohne Zugzeit" in page.locator(f".turns-item[data-table='{untimed['table_id']}'] .turns-left").inner_text()
        )
        if size == "laptop":
            screenshot(page, "turns-laptop")
        else:
            check_fits(page)  # nothing scrolls sideways, every control at least 40 px
            screenshot(page, f"turns-{size}")

    timed.get_by_role("link", name="Spielen").click()
    page.locator(".table-page[data-seat='0']").wait_for()
    clock = page.locator(".seat-clock")
    clock.wait_for()
    assert "Std" in clock.inner_text() and "min" in clock.inner_text(), clock.inner_text()
    screenshot(page, "turns-clock-phone")


def test_an_account_sees_its_seat_taken_on_another_device(open_page: Any, server: ServerProcess) -> None:
    with server.http() as http:
        table = create_table(http, game="busfahrer", seats=[{"name": "Dora"}, {"name": "Ede"}], turn_seconds=12 * 3600)
    page = open_page("laptop", "en")
    page.goto("/#/turns")
    page.locator(".turns-summary", has_text="No table").wait_for()
    assert page.locator(".turns-guest").get_by_role("link", name="Log in").count() == 1
    status = page.evaluate(
        """async (password) => (await fetch('/api/accounts', {method: 'POST',
            headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({user_name: 'dora_turns', password})})).status""",
        PASSWORD,
    )
    assert status == 201
    with server.http() as other_device:
        session = other_device.post("/api/session", json={"user_name": "dora_turns", "password": PASSWORD}).json()
        claimed = other_device.post(
            "/api/account/seats",
            json={"seats": [{"table_id": table["table_id"], "token": table["seats"][0]["token"]}]},
            headers={"X-CSRF-Token": session["csrf"]},
        ).json()
        assert claimed["seats"][0]["result"] == "claimed"
    page.reload()
    item = page.locator(f".turns-item[data-table='{table['table_id']}']")
    item.wait_for()
    page.locator(".turns-guest").wait_for(state="detached")  # logged in: no invitation to log in
    assert "another device" in item.inner_text()
    assert item.get_by_role("link", name="Watch").count() == 1
    assert page.locator("#turns-badge").inner_text() == "1"
    item.get_by_role("button", name="Play on this device").click()
    page.locator(".table-page[data-seat='0']").wait_for()  # new links: this device plays the seat now
    page.goto("/#/turns")
    page.locator(f".turns-item[data-table='{table['table_id']}']").get_by_role("link", name="Play").wait_for()


def test_who_left_is_named_on_the_end_screen_and_in_the_replay(open_page: Any, server: ServerProcess) -> None:
    with server.http() as http:
        table = create_table(http, game="busfahrer", seats=[{"name": "Anna"}, {"name": "Ben"}])
    ben = Seat(server, seat_query(table, 1))
    ben.receive_until(lambda message: message.get("type") == "table")
    ben.send({"type": "leave"})
    ben.close()
    anna = Seat(server, seat_query(table, 0))
    final = play_out(anna)
    anna.close()
    assert final["table"]["left"] == [1]
    page = open_page("laptop", "de")
    page.goto(f"/#/t/{table['table_id']}/{table['seats'][0]['token']}")
    note = page.locator(".left-note")
    note.wait_for()
    assert "Ben hat das Spiel verlassen" in note.inner_text() and "Niederlage" in note.inner_text()
    page.goto(f"/#/replay/{table['table_id']}")
    page.locator(".left-note", has_text="Ben hat das Spiel verlassen").wait_for()


def test_the_lobby_offers_turn_based_timers(open_page: Any, server: ServerProcess) -> None:
    page = open_page("phone", "de")
    page.goto("/")
    page.get_by_role("radio", name="Busfahrer", exact=True).check()
    timer = page.locator("select[name=timer]")
    labels = timer.locator("option").all_inner_texts()
    assert "1 Stunde pro Entscheidung (rundenbasiert)" in labels and "3 Tage pro Entscheidung (rundenbasiert)" in labels
    timer.select_option(str(3 * DAY))
    page.get_by_role("button", name="Tisch erstellen").click()
    code = page.get_by_test_id("room-code").inner_text()
    with server.http() as http:
        assert http.get(f"/api/rooms/{code}").json()["turn_seconds"] == 3 * DAY


@pytest.mark.slow
def test_a_table_that_starts_waiting_brings_a_notification_in_a_hidden_tab(
    open_page: Any, server: ServerProcess
) -> None:
    with server.http() as http:
        first = create_table(http, game="busfahrer", seats=[{"name": "Anna"}, {"name": "Ben"}], turn_seconds=DAY)
    page = guest_page(open_page, "laptop", [{"table_id": first["table_id"], "token": first["seats"][0]["token"]}])
    page.context.grant_permissions(["notifications"])
    page.context.add_init_script(
        """localStorage.setItem('busbahnhof.notify', 'on');
        window.shown = [];
        window.Notification = class { constructor(title, options) { window.shown.push([title, options.body]); }
          addEventListener() {} close() {} static get permission() { return 'granted'; } };
        Object.defineProperty(document, 'visibilityState', {get: () => window.hiddenTab ? 'hidden' : 'visible'});"""
    )
    page.goto("/#/turns")
    page.locator(".turns-item").wait_for()
    with server.http() as http:
        second = create_table(http, game="busfahrer", seats=[{"name": "Anna"}, {"name": "Cem"}], turn_seconds=DAY)
    page.evaluate(
        "(seat) => { const seats = JSON.parse(localStorage.getItem('busbahnhof.seats')); seats.push(seat);"
        " localStorage.setItem('busbahnhof.seats', JSON.stringify(seats)); window.hiddenTab = true; }",
        {"table_id": second["table_id"], "token": second["seats"][0]["token"]},
    )
    deadline = time.monotonic() + 30  # the hidden tab's next question (every 20 s)
    while not page.evaluate("window.shown.length") and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert page.evaluate("window.shown") == [["Du bist dran", f"Busfahrer am Tisch {second['code']}"]]
