"""Playing with strangers in real browsers: a public table found and joined from the lobby by another
browser, the lobby's list updating live, quick match filled by a second player, and alone: bots
after the wait."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from support.server_harness import ServerProcess


def named_page(open_page: Any, name: str, size: str = "laptop", lang: str = "de") -> Any:
    """A page in a fresh browser context whose player already chose ``name``."""
    page = open_page(size, lang)
    page.context.add_init_script(f"localStorage.setItem('busbahnhof.name', {name!r})")
    return page


def table_id_of(page: Any) -> str:
    """The table id in a table page's address (``#/t/<id>/<token>``)."""
    match = re.search(r"#/t/([^/]+)/", page.url)
    assert match, page.url
    return match.group(1)


def test_a_public_table_is_found_and_joined_from_another_browser(
    open_page: Any, server: ServerProcess, screenshot: Any
) -> None:
    ada = named_page(open_page, "Ada")
    ada.goto("/")
    ada.locator("#seat-1").select_option("human")
    ada.get_by_label("Öffentlich: Fremde finden den Tisch in der Lobby").check()
    ada.get_by_role("button", name="Tisch erstellen").click()
    ada.locator(".table-page[data-seat='0']").wait_for()  # the host sits at once
    table_id = table_id_of(ada)

    with server.http() as http:  # a quick match waits beside it (its bots' countdown shows)
        http.post("/api/lobby/quick", json={"game": "busfaktor", "players": 3, "wait_seconds": 300, "name": "Dan"})
    cy = named_page(open_page, "Cy", "laptop")  # watches the lobby while Bea joins
    cy.goto("/")
    row = cy.locator(f".public-table[data-table='{table_id}']")
    row.wait_for()
    cy.locator(".public-table", has_text="Bots in").first.wait_for()
    assert "1 von 4 Plätzen frei" in row.inner_text() and "eröffnet von Ada" in row.inner_text()
    assert "Regeln wie geschrieben" in row.inner_text()
    screenshot(cy, "lobby-public-laptop")

    bea = named_page(open_page, "Bea", "phone")
    bea.goto("/")
    bea_row = bea.locator(f".public-table[data-table='{table_id}']")
    bea_row.wait_for()
    screenshot(bea, "lobby-public-phone", in_view=".public-panel")
    bea_row.get_by_role("button", name="Mitspielen: Busfahrer von Ada").click()  # one click
    bea.locator(".table-page[data-seat='1']").wait_for()
    ada.locator(".seat-panel", has_text="Bea").first.wait_for()
    row.wait_for(state="detached")  # full now: gone from Cy's lobby without a reload
    with server.http() as http:
        seats = http.get(f"/api/tables/{table_id}").json()["seats"]
        assert [seat["name"] for seat in seats][:2] == ["Ada", "Bea"]
        assert all(entry["table_id"] != table_id for entry in http.get("/api/lobby").json()["tables"])


def ask_quick_match(page: Any, game: str, players: int, wait_seconds: int) -> None:
    """The lobby's quick match form filled in (not sent)."""
    page.goto("/")
    page.locator("#quick-game").select_option(game)
    page.locator("#quick-players").select_option(str(players))
    page.locator("#quick-wait").select_option(str(wait_seconds))


def test_quick_match_seats_a_second_player_at_the_waiting_table(open_page: Any) -> None:
    ada, bea = named_page(open_page, "Ada"), named_page(open_page, "Bea", "phone", "en")
    for page in (ada, bea):
        ask_quick_match(page, "busfahrer", 2, 300)
    ada.get_by_role("button", name="Schnell spielen").click()
    ada.locator(".table-page[data-seat='0']").wait_for()
    bea.get_by_role("button", name="Play now").click()
    bea.locator(".table-page[data-seat='1']").wait_for()
    assert table_id_of(bea) == table_id_of(ada)
    ada.locator(".seat-panel", has_text="Bea").first.wait_for()
    bea.locator(".seat-panel", has_text="Ada").first.wait_for()


@pytest.mark.slow
def test_alone_in_a_quick_match_bots_take_the_seats_after_the_wait(open_page: Any, server: ServerProcess) -> None:
    ada = named_page(open_page, "Ada")
    ask_quick_match(ada, "bus", 3, 15)
    ada.get_by_role("button", name="Schnell spielen").click()
    ada.locator(".table-page[data-seat='0']").wait_for()
    table_id = table_id_of(ada)
    with server.http() as http:
        [listed] = [entry for entry in http.get("/api/lobby").json()["tables"] if entry["table_id"] == table_id]
        assert listed["quick"] and listed["free"] == 2 and listed["fill_at"] is not None
    ada.locator(".seat-panel", has_text="Bot 2 (mittel)").first.wait_for(timeout=40_000)
    ada.locator(".seat-panel", has_text="Bot 3 (mittel)").first.wait_for()
    with server.http() as http:
        seats = http.get(f"/api/tables/{table_id}").json()["seats"]
        assert [seat["bot"] for seat in seats] == [None, "mittel", "mittel"]


def test_the_lobby_socket_opens_for_the_servers_own_pages_only(server: ServerProcess) -> None:
    with connect(f"{server.ws_url}/api/lobby/live", additional_headers={"Origin": server.url}) as socket:
        message = json.loads(socket.recv(timeout=10))
        assert message["type"] == "lobby" and isinstance(message["tables"], list)
    with pytest.raises(InvalidStatus) as refused:
        connect(f"{server.ws_url}/api/lobby/live", additional_headers={"Origin": "https://evil.example"})
    assert refused.value.response.status_code == 403
