"""Accounts in real browsers against a real server on a SQLite file: register and log in with the
refusals at their fields, a guest's running game moving into the account and found on the player
page, a rated game between two browser accounts changing both ratings on the leaderboard, log out
everywhere, a password reset by mail (to a local SMTP sink), names with markup shown as text, and
screenshots of a player page and a leaderboard (laptop and phone)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from steps import check_fits

from support.server_harness import Seat, ServerProcess, create_table, play_out_together, seat_query
from support.smtp_sink import SmtpSink, mail_server

PASSWORD = "correct horse battery"


# The account page's field labels and buttons in the page's language.
FORM_TEXTS = {
    "de": {
        "user": "Benutzername",
        "display": "Anzeigename",
        "password": "Passwort",
        "register": "Konto anlegen",
        "log_in": "Anmelden",
    },
    "en": {
        "user": "User name",
        "display": "Display name",
        "password": "Password",
        "register": "Create account",
        "log_in": "Log in",
    },
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, sink: SmtpSink) -> Iterator[ServerProcess]:
    """One server for the module, sending its mail to the local sink."""
    yield from mail_server(tmp_path_factory.mktemp("accounts-web"), sink, BUSBAHNHOF_LOGIN_MAX_PER_NAME="4")


def register_in(page: Any, user: str, display: str, lang: str = "de") -> str:
    """Register through the account page (in ``lang``); the new player id (from the "my page" link)."""
    texts = FORM_TEXTS[lang]
    page.goto("/#/account")
    form = page.locator("#register")
    form.get_by_label(texts["user"]).fill(user)
    form.get_by_label(texts["display"]).fill(display)
    form.get_by_label(texts["password"]).fill(PASSWORD)
    form.get_by_role("button", name=texts["register"]).click()
    link = page.locator("#my-page-link")
    link.wait_for()
    return str(link.get_attribute("href")).rsplit("/", 1)[1]


def log_in(page: Any, user: str, lang: str = "de") -> None:
    """Log in through the account page (in ``lang``), until the "my page" link is there."""
    texts = FORM_TEXTS[lang]
    page.goto("/#/account")
    form = page.locator("#login")
    form.get_by_label(texts["user"]).fill(user)
    form.get_by_label(texts["password"]).fill(PASSWORD)
    form.get_by_role("button", name=texts["log_in"]).click()
    page.locator("#my-page-link").wait_for()


def player_page(server: ServerProcess, player_id: str) -> dict[str, Any]:
    with server.http() as http:
        page: dict[str, Any] = http.get(f"/api/players/{player_id}").json()
    return page


def wait_for_seat(server: ServerProcess, player_id: str, table_id: str, page: Any) -> None:
    """Until the browser has claimed its seat of ``table_id`` for the account."""
    for _ in range(100):
        if any(game["table_id"] == table_id for game in player_page(server, player_id)["games"]):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the seat of {table_id} was not claimed")


def test_register_and_log_in_show_refusals_at_their_fields(open_page: Callable[..., Any]) -> None:
    page = open_page("laptop", "de")
    page.goto("/#/account")
    form = page.locator("#register")
    form.get_by_label("Benutzername").fill("a b")
    form.get_by_label("Passwort").fill("short")
    form.get_by_role("button", name="Konto anlegen").click()
    user_error = page.locator("#register-user_name-error")
    user_error.wait_for()
    assert "a-z" in user_error.inner_text(), "the server's words, at the user name"
    assert page.locator("#register-user_name").get_attribute("aria-invalid") == "true"
    form.get_by_label("Benutzername").fill("fieldy")
    form.get_by_role("button", name="Konto anlegen").click()
    page.locator("#register-password-error", has_text="8 bis 256").wait_for()

    player_id = register_in(page, "fieldy", "<b>Feld</b>")
    page.locator("#account-who-title", has_text="<b>Feld</b>").wait_for()  # a name is text, not markup
    assert page.locator(".account-page b").count() == 0
    page.get_by_role("button", name="Konto von <b>Feld</b>").wait_for()
    page.get_by_role("button", name="Name: <b>Feld</b>").wait_for()  # the seats carry the account's name
    page.locator("#logout").click()
    login = page.locator("#login")
    login.wait_for()

    def try_login(user: str, password: str) -> int:
        login.get_by_label("Benutzername").fill(user)
        login.get_by_label("Passwort").fill(password)
        with page.expect_response(lambda r: r.url.split("?")[0].endswith("/api/session")) as answer:
            login.get_by_role("button", name="Anmelden").click()
        page.wait_for_function(
            "() => document.querySelector('#login-password-error:not([hidden]), #login-error:not([hidden])')"
        )
        return int(answer.value.status)

    assert try_login("fieldy", "wrong password") == 401
    wrong = page.locator("#login-password-error").inner_text()
    assert try_login("nobody-here", "wrong password") == 401
    assert page.locator("#login-password-error").inner_text() == wrong, "one answer for both"
    assert "Benutzername oder Passwort falsch" in wrong
    statuses = [try_login("fieldy", "wrong again") for _ in range(4)]
    assert statuses == [401, 401, 401, 429], "the name's limit is 4 attempts"
    page.locator("#login button[type=submit]", has_text="Wieder in").wait_for()
    assert page.locator("#login button[type=submit]").is_disabled(), "a countdown instead of the button"
    assert "Sekunden" in page.locator("#login-error").inner_text()
    assert player_page_name(page, player_id) == "<b>Feld</b>"


def player_page_name(page: Any, player_id: str) -> str:
    page.goto(f"/#/player/{player_id}")
    return str(page.locator("#player-name").inner_text())


def test_a_guests_running_game_moves_into_the_account_on_register(
    open_page: Callable[..., Any], server: ServerProcess
) -> None:
    with server.http() as http:
        created = create_table(http, game="busfahrer", seats=[{}, {"bot": "leicht"}])
    page = open_page("phone", "de")
    page.goto(f"/t/{created['code']}?token={created['seats'][0]['token']}")
    page.locator(".table-page[data-seat='0']").wait_for()

    player_id = register_in(page, "gastgeber", "<img src=x>Gastgeberin")
    page.locator(".account-claims", has_text="1 Platz ist jetzt in deinem Konto.").wait_for()
    page.locator("#my-page-link").click()
    running = page.locator(f"#player-running li[data-table='{created['table_id']}']")
    running.wait_for()
    assert "<img src=x>Gastgeberin" in running.inner_text(), "the name as text"
    assert page.locator(".player-page img").count() == 0, "not as markup"
    running.get_by_role("link", name="Weiterspielen").click()
    page.locator(".table-page[data-seat='0']").wait_for()
    assert player_page(server, player_id)["games"][0]["my_seats"] == [0]


def test_a_rated_game_between_two_browsers_changes_both_ratings(
    open_page: Callable[..., Any], server: ServerProcess, screenshot: Callable[[Any, str], Path]
) -> None:
    anna, ben = open_page("laptop", "de"), open_page("phone", "en")
    anna_id = register_in(anna, "anna", "Anna")
    ben_id = register_in(ben, "ben", "Ben", "en")
    anna.goto("/#/ratings/busfahrer")
    anna.locator("#ratings-people", has_text="Hier ist noch niemand gewertet.").wait_for()

    with server.http() as http:
        created = create_table(http, game="busfahrer", seats=[{}, {}])
    for page, index, player_id in ((anna, 0, anna_id), (ben, 1, ben_id)):
        page.goto(f"/t/{created['code']}?token={created['seats'][index]['token']}")
        page.locator(f".table-page[data-seat='{index}']").wait_for()
        wait_for_seat(server, player_id, created["table_id"], page)  # opened while logged in: claimed
    for page in (anna, ben):
        page.goto("/#/account")  # the test's sockets play the seats now
    seats = [Seat(server, seat_query(created, index)) for index in range(2)]
    try:
        play_out_together(seats)
    finally:
        for seat in seats:
            seat.close()

    anna.goto("/#/ratings/busfahrer")
    rows = anna.locator("#ratings-people tbody tr")
    rows.nth(1).wait_for()
    assert {rows.nth(i).get_attribute("data-player") for i in range(2)} == {anna_id, ben_id}
    figures = [float(rows.nth(i).locator(".rating").inner_text().replace(",", ".")) for i in range(2)]
    assert figures[0] > figures[1], "best first"
    assert all(figure != 0.0 for figure in figures), "a newcomer's 25 - 3 * 25/3 = 0 moved for both"
    assert anna.locator("#ratings-people tr.me").count() == 1, "my row is marked"
    assert anna.locator("#ratings-published tbody tr").count() == 3, "the bots' published ratings beside"
    screenshot(anna, "leaderboard-laptop")
    ben.goto("/#/ratings/busfahrer")
    ben.locator("#ratings-people tbody tr").nth(1).wait_for()
    screenshot(ben, "leaderboard-phone")
    check_fits(ben)

    page = player_page(server, anna_id)
    won = page["games"][0]["won"]
    anna.goto(f"/#/player/{anna_id}")
    finished = anna.locator(f"#player-finished li[data-table='{created['table_id']}']")
    finished.wait_for()
    assert ("gewonnen" if won else "nicht gewonnen") in finished.inner_text()
    assert finished.get_by_role("link", name="Wiederholung").get_attribute("href") == f"#/replay/{created['table_id']}"
    opponent = anna.locator(".player-opponents tbody tr")
    assert opponent.count() == 1 and "Ben" in opponent.inner_text()
    assert anna.locator(".player-ratings tbody tr").count() == 1
    screenshot(anna, "player-page-laptop")
    ben.goto("/#/")
    ben.locator("#account-button").click()
    ben.locator("#menu-my-page").click()
    ben.locator("#player-name", has_text="Ben").wait_for()
    ben.locator("#player-finished li").first.wait_for()
    screenshot(ben, "player-page-phone")
    check_fits(ben)


def test_password_change_and_log_out_everywhere(open_page: Callable[..., Any]) -> None:
    laptop, phone = open_page("laptop", "en"), open_page("phone", "en")
    register_in(laptop, "twodevices", "Two", "en")
    log_in(phone, "twodevices", "en")

    form = laptop.locator("#password")
    form.get_by_label("Current password").fill("not the password")
    form.get_by_label("New password").fill("a new passphrase")
    form.get_by_role("button", name="Save").click()
    laptop.locator("#password-current_password-error", has_text="current password is wrong").wait_for()
    form.get_by_label("Current password").fill(PASSWORD)
    form.get_by_label("New password").fill("a new passphrase")
    form.get_by_role("button", name="Save").click()
    laptop.locator("#password-done", has_text="Password changed").wait_for()

    rename = laptop.locator("#rename")
    rename.get_by_label("Display name").fill("Two Devices")
    rename.get_by_role("button", name="Save").click()
    laptop.locator("#account-who-title", has_text="Two Devices").wait_for()  # the new CSRF token was used
    laptop.get_by_role("button", name="Name: Two Devices").wait_for()

    phone.reload()
    phone.locator("#login").wait_for()  # the password change ended the phone's session
    login = phone.locator("#login")
    login.get_by_label("User name").fill("twodevices")
    login.get_by_label("Password").fill("a new passphrase")
    login.get_by_role("button", name="Log in").click()
    phone.locator("#logout-everywhere").click()
    phone.locator("#login").wait_for()
    laptop.locator("#logout").click()  # a page that still shows the ended session: a guest again
    laptop.locator("#login").wait_for()
    laptop.get_by_role("button", name="Log in or create an account").wait_for()


def test_a_forgotten_password_is_reset_by_mail(
    open_page: Callable[..., Any], server: ServerProcess, sink: SmtpSink, screenshot: Callable[[Any, str], Path]
) -> None:
    page = open_page("phone", "de")
    register_in(page, "vergesslich", "Vergesslich")
    email = page.locator("#email")
    email.get_by_label("E-Mail-Adresse").fill("vergesslich@example.org")
    email.get_by_label("Passwort").fill(PASSWORD)
    email.get_by_role("button", name="Speichern").click()
    page.locator("#email-done", has_text="Gespeichert: vergesslich@example.org").wait_for()
    page.locator("#logout").click()

    before = len(sink.mails)
    page.get_by_role("button", name="Passwort vergessen?").click()
    forgot = page.locator("#forgot")
    forgot.get_by_label("E-Mail-Adresse").fill("vergesslich@example.org")
    forgot.get_by_role("button", name="Mail senden").click()
    page.locator("#forgot-done", has_text="Falls ein Konto diese Adresse hat").wait_for()
    screenshot(page, "account-login-phone")
    text = sink.wait_for(before + 1)[-1].get_content()
    link = re.search(r"(http://\S+/#/reset/\S+)", text)
    assert link and link.group(1).startswith(server.url), text

    page.goto(link.group(1))
    reset = page.locator("#reset")
    reset.get_by_label("Neues Passwort").fill("ein neues Passwort")
    reset.get_by_role("button", name="Speichern").click()
    page.locator("#reset-done", has_text="Dein Passwort ist geändert").wait_for()
    page.reload()
    reset.get_by_label("Neues Passwort").fill("noch ein neues")
    reset.get_by_role("button", name="Speichern").click()
    page.locator("#reset-new_password-error", has_text="gilt nicht").wait_for()  # used once only

    page.get_by_role("link", name="Zur Anmeldung").click()
    login = page.locator("#login")
    login.get_by_label("Benutzername").fill("vergesslich")
    login.get_by_label("Passwort").fill("ein neues Passwort")
    login.get_by_role("button", name="Anmelden").click()
    page.locator("#my-page-link").wait_for()


def test_the_account_pages_fit_a_small_phone(open_page: Callable[..., Any]) -> None:
    page = open_page("small-phone", "de")
    page.goto("/#/account")
    page.locator("#register").wait_for()
    check_fits(page)
    page.locator("#account-button").click()
    page.locator("#menu-account").wait_for()
    check_fits(page)
    page.mouse.click(300, 600)
    page.locator("#account-menu").wait_for(state="hidden")  # a click elsewhere closes the menu
    player_id = register_in(page, "kleinesphone", "Ein ziemlich langer Anzeigename")
    check_fits(page)
    page.locator("#account-button").click()
    page.locator("#menu-my-page").click()
    page.locator("#player-name").wait_for()
    assert page.url.endswith(f"#/player/{player_id}")
    check_fits(page)


def test_a_running_game_continues_on_another_device_of_the_account(
    open_page: Callable[..., Any], server: ServerProcess
) -> None:
    with server.http() as http:
        created = create_table(http, game="busfahrer", seats=[{}, {"bot": "leicht"}])
    laptop, phone = open_page("laptop", "de"), open_page("phone", "de")
    player_id = register_in(laptop, "zweigeraete", "Zwei Geräte")
    laptop.goto(f"/t/{created['code']}?token={created['seats'][0]['token']}")
    laptop.locator(".table-page[data-seat='0']").wait_for()
    wait_for_seat(server, player_id, created["table_id"], laptop)

    log_in(phone, "zweigeraete")
    phone.locator("#my-page-link").click()
    running = phone.locator(f"#player-running li[data-table='{created['table_id']}']")
    running.get_by_role("button", name="Auf diesem Gerät weiterspielen").click()
    phone.locator(".table-page[data-seat='0']").wait_for()
    laptop.get_by_role("heading", name="Dieser Platz wird jetzt auf einem anderen Gerät gespielt").wait_for()
    with server.http() as http:
        other = http.post("/api/accounts", json={"user_name": "fremd", "password": PASSWORD}).json()
        refused = http.post(
            "/api/account/seat-links", json={"table_id": created["table_id"]}, headers={"X-CSRF-Token": other["csrf"]}
        )
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "players/not_your_seat", "only the seat's account gets a new token"
