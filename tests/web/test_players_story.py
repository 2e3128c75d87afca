"""Issue 25's "How we will know", in one story with three browser contexts against a real server on
a SQLite file: Anna and Ben register, Cem plays as a guest; quick match fills a table (Cem waits,
Ben's request takes the other seat); Anna opens a public table and Ben finds and joins it from the
lobby, each seated as their account; chat goes both ways; each "your turn" list is right, and right
again after a reload; the rated game finishes and both ratings change on the leaderboard."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from test_accounts_in_browsers import register_in
from test_public_lobby import ask_quick_match, named_page, table_id_of
from test_turns import listed

from support.server_harness import Seat, ServerProcess, play_out_together, sqlite_server_process


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server of the story's own: the leaderboard holds only its rated game."""
    yield from sqlite_server_process(tmp_path_factory.mktemp("players-story"))


def seat_of(server: ServerProcess, table_id: str, seat: int) -> dict[str, Any]:
    with server.http() as http:
        info: dict[str, Any] = http.get(f"/api/tables/{table_id}").json()["seats"][seat]
    return info


def account_tables(server: ServerProcess, player_id: str) -> dict[str, list[int]]:
    with server.http() as http:
        games = http.get(f"/api/players/{player_id}").json()["games"]
    return {game["table_id"]: game["my_seats"] for game in games}


def turns_after_reload(page: Any) -> list[str]:
    """The "your turn" list as shown, once loaded and again after a reload (which must agree)."""
    shown = []
    for step in ("load", "reload"):
        if step == "load":
            page.goto("/#/turns")
        else:
            page.reload()
        page.locator(".turns-summary").wait_for()
        shown.append(sorted(listed(page)))
    assert shown[0] == shown[1], "the same list right after a reload"
    return shown[1]


def token_of(page: Any) -> str:
    match = re.search(r"#/t/[^/]+/([^/?]+)", page.url)
    assert match, page.url
    return match.group(1)


def test_two_accounts_and_a_guest_find_each_other_chat_and_finish_a_rated_game(
    open_page: Any, server: ServerProcess
) -> None:
    anna, ben = open_page("laptop", "de"), open_page("phone", "en")
    anna_id = register_in(anna, "story-anna", "Anna")
    ben_id = register_in(ben, "story-ben", "Ben", "en")
    cem = named_page(open_page, "Cem")

    # Quick match: Cem (a guest) waits at a new table, Ben's request fills its other seat.
    ask_quick_match(cem, "busfahrer", 2, 300)
    cem.get_by_role("button", name="Schnell spielen").click()
    cem.locator(".table-page[data-seat='0']").wait_for()
    quick = table_id_of(cem)
    ask_quick_match(ben, "busfahrer", 2, 300)
    ben.get_by_role("button", name="Play now").click()
    ben.locator(".table-page[data-seat='1']").wait_for()
    assert table_id_of(ben) == quick, "the waiting table was filled"
    cem.locator(".seat-panel[data-seat='1']", has_text="Ben").wait_for()
    assert account_tables(server, ben_id)[quick] == [1], "Ben's seat is his account's"

    # A public table: Anna opens it, Ben finds it in the lobby and joins with one click.
    anna.goto("/")
    anna.locator("#seat-count").select_option("2")  # two people: rated (no bots without a published rating)
    anna.locator("#seat-1").select_option("human")
    anna.get_by_label("Öffentlich: Fremde finden den Tisch in der Lobby").check()
    anna.get_by_role("button", name="Tisch erstellen").click()
    anna.locator(".table-page[data-seat='0']").wait_for()
    public = table_id_of(anna)
    anna_token = token_of(anna)
    ben.goto("/")
    ben.locator(f".public-table[data-table='{public}']").get_by_role("button", name="Join: Busfahrer by Anna").click()
    ben.locator(".table-page[data-seat='1']").wait_for()
    ben_token = token_of(ben)
    assert [seat_of(server, public, n)["name"] for n in (0, 1)] == ["Anna", "Ben"]
    assert account_tables(server, anna_id)[public] == [0] and account_tables(server, ben_id)[public] == [1]

    # Chat both ways.
    anna.locator("#chat-input").fill("Viel Glück, Ben!")
    anna.get_by_role("button", name="Senden").click()
    ben.locator(".chat-text", has_text="Viel Glück, Ben!").wait_for()
    ben.locator("#chat-input").fill("Thanks, Anna, you too!")
    ben.get_by_role("button", name="Send").click()
    anna.locator(".chat-text", has_text="Thanks, Anna, you too!").wait_for()

    # "Your turn": seat 0 decides first at both tables: Anna and Cem wait, Ben does not.
    assert turns_after_reload(anna) == [public]
    assert turns_after_reload(cem) == [quick]
    assert turns_after_reload(ben) == []
    assert ben.locator(".turns-summary").inner_text() == "No table is waiting for you."
    assert anna.locator("#turns-badge").inner_text() == "1"

    # The rated game to its end (the test's sockets play the two seats), then the leaderboard.
    anna.goto("/#/ratings/busfahrer")
    anna.locator("#ratings-people", has_text="Hier ist noch niemand gewertet.").wait_for()
    seats = [Seat(server, f"table={public}&token={token}&lang=de") for token in (anna_token, ben_token)]
    try:
        play_out_together(seats)
    finally:
        for seat in seats:
            seat.close()
    anna.reload()
    rows = anna.locator("#ratings-people tbody tr")
    rows.nth(1).wait_for()
    assert {rows.nth(i).get_attribute("data-player") for i in range(2)} == {anna_id, ben_id}
    figures = [float(rows.nth(i).locator(".rating").inner_text().replace(",", ".")) for i in range(2)]
    assert all(figure != 0.0 for figure in figures), "a newcomer's 25 - 3 * 25/3 = 0 moved for both"
    assert figures[0] > figures[1], "the winner first"
