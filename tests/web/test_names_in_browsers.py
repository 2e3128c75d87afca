"""A player's name in real browsers: asked on the first visit, kept in the browser, shown at the
table they join; a seat link opened on a second device takes the seat over and the first is told."""

from __future__ import annotations

from typing import Any

from support.server_harness import ServerProcess, create_table


def test_first_visit_asks_for_a_name_and_the_table_shows_it(open_page: Any, server: ServerProcess) -> None:
    with server.http() as http:
        created = create_table(http, game="busfahrer", seats=[{}, {"bot": "kartenzaehler"}])
    page = open_page("phone", "de")
    page.goto("/")
    prompt = page.get_by_role("region", name="Wie sollen dich die anderen nennen?")
    field = prompt.get_by_label("Anzeigename")
    field.fill("Ada\u0007")
    prompt.get_by_role("button", name="Speichern").click()
    assert "Steuer" in prompt.get_by_role("alert").inner_text(), "a control character is named, not stored"
    field.fill("  <i>Ada</i>  ")
    prompt.get_by_role("button", name="Speichern").click()
    page.get_by_role("button", name="Name: <i>Ada</i>").wait_for()
    assert prompt.count() == 0, "asked once"

    page.goto(f"/t/{created['code']}?token={created['seats'][0]['token']}")
    page.locator(".table-page[data-seat='0']").wait_for()
    page.locator(".seat-panel", has_text="<i>Ada</i>").first.wait_for()  # as text: escaped, not markup
    assert page.locator(".table-page i").count() == 0
    with server.http() as http:
        assert http.get(f"/api/tables/{created['table_id']}").json()["seats"][0]["name"] == "<i>Ada</i>"

    page.get_by_role("button", name="Name: <i>Ada</i>").click()
    page.locator("#edit-name").fill("Ada L.")
    page.locator("#name-edit").get_by_role("button", name="Speichern").click()
    page.get_by_role("button", name="Name: Ada L.").wait_for()


def test_a_second_device_takes_the_seat_and_the_first_can_take_it_back(open_page: Any, server: ServerProcess) -> None:
    with server.http() as http:
        created = create_table(http, game="busfahrer", seats=[{}, {"bot": "kartenzaehler"}])
    link = f"/t/{created['code']}?token={created['seats'][0]['token']}"
    phone, laptop = open_page("phone", "de"), open_page("laptop", "en")
    phone.goto(link)
    phone.locator(".table-page[data-seat='0']").wait_for()
    laptop.goto(link)
    laptop.locator(".table-page[data-seat='0']").wait_for()

    phone.get_by_role("heading", name="Dieser Platz wird jetzt auf einem anderen Gerät gespielt").wait_for()
    assert phone.locator(".table-page").count() == 0, "the first device stops playing"
    phone.wait_for_timeout(1500)
    assert laptop.locator(".dead-link").count() == 0, "no reconnect loop takes the seat back by itself"
    phone.get_by_role("button", name="Platz zurückholen").click()
    phone.locator(".table-page[data-seat='0']").wait_for()
    laptop.get_by_role("heading", name="This seat is now being played on another device").wait_for()
    assert laptop.get_by_role("link", name="To the lobby").count() == 1
