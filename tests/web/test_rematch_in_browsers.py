""" "Play again" in two browsers: one click opens the follow-up table, and every device at the
finished table is offered its own seat there (a spectator the new table to watch)."""

from __future__ import annotations

import re
from typing import Any

from support.server_harness import Seat, ServerProcess, create_table, play_out_together, seat_query


def test_play_again_reaches_both_players_with_their_own_seats(open_page: Any, server: ServerProcess) -> None:
    with server.http() as http:
        created = create_table(http, game="busfahrer", seats=[{}, {}])
    tokens = [seat["token"] for seat in created["seats"]]
    sockets = [Seat(server, seat_query(created, index)) for index in range(2)]
    play_out_together(sockets)  # the seats' own sockets play; the browsers open the finished table after
    for socket in sockets:
        socket.close()  # (a seat opened in a browser meanwhile would take the seat over from its socket)
    first, second, watcher = open_page("laptop", "de"), open_page("phone", "en"), open_page("phone", "de")
    for index, page in enumerate((first, second)):
        page.goto(f"/t/{created['code']}?token={tokens[index]}")
        page.locator(f".table-page[data-seat='{index}']").wait_for()
    watcher.goto(f"/#/room/{created['code']}")
    watcher.locator(".table-page[data-version]").wait_for()
    first.get_by_role("button", name="Nochmal spielen").click()
    first.wait_for_url(lambda url: "#/t/" in url and created["table_id"] not in url)
    new_table = first.url.split("#/t/")[1].split("/")[0]
    first.locator(".table-page[data-seat='1']").wait_for()  # the deal passed on: everyone moved one seat

    offer = second.get_by_role("status").filter(has_text=re.compile(r"^Once more: new table [A-Z0-9]+"))
    offer.wait_for()
    join = second.get_by_role("link", name="Join in")
    href = join.get_attribute("href")
    assert href.startswith(f"#/t/{new_table}/") and tokens[1] not in href, "a fresh token for the new table"
    assert tokens[0] not in second.content() and tokens[1] not in first.content()
    join.click()
    second.locator(".table-page[data-seat='0']").wait_for()
    assert second.locator(".table-page").get_attribute("data-version") is not None

    assert watcher.get_by_role("link", name="Zuschauen", exact=True).get_attribute("href") == f"#/t/{new_table}"
    assert watcher.get_by_role("button", name="Nochmal spielen").count() == 0, "spectators start no rematch"
