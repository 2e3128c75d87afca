"""Players at the table in Chromium against a real server on a SQLite file: a logged-in browser sits
as its account wherever it takes a seat (the public lobby, a room code, a seat link), without a
claim call of its own; "Partie verlassen" with its dialog hands the seat to the bot and the others
see it, the lobby says so once and leads back to the seat; spectators get no such button.  Screenshots of the dialog."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from steps import check_fits, seat_page

from support.server_harness import ServerProcess, create_table, my_seats, seats_of, sqlite_server_process

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    env = {"BUSBAHNHOF_REGISTRATIONS_PER_ADDRESS": "100"}
    yield from sqlite_server_process(tmp_path_factory.mktemp("players-at-table"), env)


def registered(open_page: Any, user: str, display: str, size: str = "laptop", lang: str = "de") -> Any:
    """A page logged in as a new account (registered over the page's own fetch, so the cookie is
    the browser's); the page's requests to ``/api/account/seats`` are counted in ``page.claims``."""
    page = open_page(size, lang)
    page.goto("/")
    status = page.evaluate(
        """async ([user, password, display]) => (await fetch('/api/accounts', {method: 'POST',
             headers: {'Content-Type': 'application/json'},
             body: JSON.stringify({user_name: user, password, display_name: display})})).status""",
        [user, PASSWORD, display],
    )
    assert status == 201
    page.claims = []
    page.on("request", lambda request: "/api/account/seats" in request.url and page.claims.append(request.url))
    page.reload()
    page.get_by_role("button", name=f"Name: {display}").wait_for()
    return page


def player_of(page: Any) -> str:
    return str(page.evaluate("async () => (await (await fetch('/api/session')).json()).player.id"))


def test_a_logged_in_browser_sits_as_its_account_from_the_lobby_by_code_and_by_link(
    open_page: Any, server: ServerProcess
) -> None:
    with server.http() as http:
        hosted = http.post(
            "/api/tables", json={"game": "busfahrer", "seats": [{"name": "Gast"}, {}, {}], "public": True}
        ).json()
        private = create_table(http, game="busfahrer", seats=[{}, {}])
    anna = registered(open_page, "tisch-anna", "Anna Konto")
    anna_id = player_of(anna)
    anna.locator(f".public-table[data-table='{hosted['table_id']}']").get_by_role("button").click()
    anna.locator(".table-page[data-seat='1']").wait_for()
    anna.locator(".seat-panel.me", has_text="Anna Konto").wait_for()
    assert my_seats(server, anna_id, hosted["table_id"]) == [1], "claimed by the join itself"

    ben = registered(open_page, "tisch-ben", "Ben Konto", "phone")
    ben.locator("#join-code").fill(hosted["code"])
    ben.get_by_role("button", name="Raum suchen").click()
    ben.locator(".join-as", has_text="Du spielst als Ben Konto (dein Konto).").wait_for()
    assert ben.locator("#join-name").count() == 0, "no name to type: the account's is taken"
    ben.get_by_role("button", name="Platz nehmen").click()
    ben.locator(".table-page[data-seat='2']").wait_for()
    assert my_seats(server, player_of(ben), hosted["table_id"]) == [2]

    anna.goto(f"/#/t/{private['table_id']}/{private['seats'][0]['token']}")
    anna.locator(".table-page[data-seat='0']").wait_for()
    anna.locator(".seat-panel.me", has_text="Anna Konto").wait_for()
    assert my_seats(server, anna_id, private["table_id"]) == [0], "a seat link: claimed as the page connects"
    assert [seat["name"] for seat in seats_of(server, hosted["table_id"])] == ["Gast", "Anna Konto", "Ben Konto"]
    assert anna.claims == [] and ben.claims == [], "no claim call of the page's own"


def test_leave_game_asks_first_then_a_bot_plays_on_and_the_others_see_it(
    open_page: Any, server: ServerProcess, screenshot: Any
) -> None:
    with server.http() as http:
        created = create_table(http, game="busfahrer", seats=[{}, {}, {"bot": "leicht"}], think_seconds=0.3)
    cara = seat_page(open_page, created, 0, "Cara", "laptop")
    dino = seat_page(open_page, created, 1, "Dino", "phone", "en")
    watcher = open_page("laptop")
    watcher.goto(f"/#/t/{created['table_id']}")
    watcher.locator(".table-page").wait_for()
    watcher.locator(".seat-panel", has_text="Cara").wait_for()
    assert watcher.locator(".leave-button:visible").count() == 0, "a spectator has no seat to leave"

    cara.get_by_role("button", name="Partie verlassen").click()
    dialog = cara.get_by_role("dialog", name="Partie verlassen?")
    dialog.wait_for()
    for words in ("Ein Bot übernimmt deinen Platz sofort", "zählt das als Niederlage", "dein Platz-Link zurück"):
        assert words in dialog.inner_text()
    screenshot(cara, "leave-dialog-laptop")
    cara.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    assert cara.locator(".table-page[data-seat='0']").count() == 1, "Escape keeps the game"

    dino.get_by_role("button", name="Leave game").click()
    dino_dialog = dino.get_by_role("dialog", name="Leave this game?")
    dino_dialog.wait_for()
    screenshot(dino, "leave-dialog-phone")
    dino_dialog.get_by_role("button", name="Keep playing").click()
    check_fits(dino)
    screenshot(dino, "leave-button-phone")

    cara.get_by_role("button", name="Partie verlassen").click()
    dialog.get_by_role("button", name="Verlassen").click()
    notice = cara.locator(".left-notice", has_text="Du hast die Partie verlassen: Ein Bot spielt für dich weiter.")
    notice.wait_for()  # the lobby says what happened, once
    dino.locator(".seat-panel[data-seat='0']", has_text="a bot plays").wait_for()
    dino.locator(".log-lines li", has_text="Cara left the table").wait_for()
    screenshot(dino, "leave-seen-phone")
    with server.http() as http:
        assert http.get(f"/api/tables/{created['table_id']}").json()["seats"][0]["zombie"] is True
    screenshot(cara, "leave-lobby-laptop")

    notice.get_by_role("link", name="Zurück an den Tisch").click()  # the ruling: back until the game ends
    cara.locator(".table-page[data-seat='0']").wait_for()
    dino.locator(".seat-panel[data-seat='0']", has_text="a bot plays").wait_for(state="detached")
    with server.http() as http:
        assert http.get(f"/api/tables/{created['table_id']}").json()["seats"][0]["zombie"] is False
    cara.goto("/")
    cara.locator("#join-code").wait_for()
    assert cara.locator(".left-notice").count() == 0, "said once"
