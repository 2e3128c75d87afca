"""Hints in the browser: at a Busfahrer table of two people, the player to decide presses "Tipp" and
sees the best options with their odds; the other player's page shows nothing of it; the answer
closes with the next move; the end screen says who played with hints.  At a table with hints off
there is no button."""

from __future__ import annotations

import re
from typing import Any

from steps import check_fits

from support.server_harness import Seat, ServerProcess, create_table, play_out_together, seat_query


def open_seat(open_page: Any, server: ServerProcess, created: dict[str, Any], index: int, size: str) -> Any:
    page = open_page(size, "de")
    page.goto(server.url + created["seats"][index]["link"])
    page.locator(".table-page[data-version]").wait_for()
    return page


def test_the_player_to_decide_gets_a_hint_only_they_see(open_page: Any, server: ServerProcess, screenshot: Any) -> None:
    created = create_table(server.http(), game="busfahrer", seats=[{"name": "Ada"}, {"name": "Ben"}], seed=5)
    pages = [open_seat(open_page, server, created, index, size) for index, size in ((0, "laptop"), (1, "phone"))]
    ask = [page.get_by_role("button", name="Tipp") for page in pages]
    pages[0].locator(".hint-ask").or_(pages[0].locator(".turn:not(.mine)")).first.wait_for()
    page_of_mover = 0 if ask[0].count() else 1
    ask[page_of_mover].wait_for()
    mover, other = pages[page_of_mover], pages[1 - page_of_mover]
    assert ask[1 - page_of_mover].count() == 0, "no hint button for the player who does not decide"

    ask[page_of_mover].click()
    options = mover.locator(".hint-answer .hint-option")
    options.first.wait_for()
    assert 2 <= options.count() <= 3
    for n in range(options.count()):
        text = options.nth(n).inner_text()
        assert re.search(r"richtig bei 26 von 52 ungesehenen Karten \(50 %\)", text), text
        assert not re.search(r"\bguess\b", text), "the game's words, not the notation"
    screenshot(mover, f"hint-busfahrer-{'laptop' if page_of_mover == 0 else 'phone'}")
    if page_of_mover == 1:
        check_fits(mover)
    assert other.locator(".hint-answer").count() == 0 and other.locator(".hint").is_hidden()

    seats = [Seat(server, seat_query(created, index)) for index in (0, 1)]  # they take the seats over
    try:
        play_out_together(seats)
    finally:
        for seat in seats:
            seat.close()
    for page in pages:
        page.get_by_role("button", name="Platz zurückholen").click()  # back from the sockets: the end
        end = page.locator("section.end")
        end.get_by_role("heading", name="Spielende").wait_for()
        assert page.locator(".hint-answer").count() == 0, "the answer closed with the next move"
        mover_name = "Ada" if page_of_mover == 0 else "Ben"
        assert re.search(rf"Gespielt mit Tipps: {mover_name}.*\(1 Tipp\)", end.locator(".hints-used").inner_text())


def test_no_hint_button_where_hints_are_off(open_page: Any, server: ServerProcess) -> None:
    created = create_table(server.http(), game="busfahrer", seats=[{}, {"bot": "kartenzaehler"}], hints=False)
    page = open_seat(open_page, server, created, 0, "laptop")
    page.locator("section.decision").wait_for()
    assert page.get_by_role("button", name="Tipp").count() == 0
