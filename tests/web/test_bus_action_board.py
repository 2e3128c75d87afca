"""Bus's action board in the browser (issue 24): the action phase is played by clicking slots on
the board (never the folded list of all actions), each slot says its letter and power before the
click, a slot whose marker would be wasted carries a warning before the click, and the markers left
are in view; laptop and phone, German and English.

The setup (start buildings and line streets) is played over the seat's WebSocket: it is the map's
part of the table; this module is about the action board.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from steps import check_fits, click_and_wait

from support.server_harness import Seat, ServerProcess, create_table, is_table, seat_query

WASTED = {"de": "verfällt", "en": "wasted"}
SLOT_NAME = {
    "de": r"Marker auf Linienausbau, Feld ([A-F]) \(Kraft (-?\d+)\)",
    "en": r"marker on line expansion, slot ([A-F]) \(power (-?\d+)\)",
}
LEFT = {"de": "Aktionsmarker übrig", "en": "action markers left"}


def _set_up(server: ServerProcess, lang: str) -> dict[str, Any]:
    """A three-player table (two bots) whose human seat has played its setup and now chooses
    actions in round 1."""
    with server.http() as http:
        created = create_table(http, game="bus", seed=7, seats=[{}, {"bot": "planer"}, {"bot": "planer"}])
    seat = Seat(server, seat_query(created, 0, lang))
    try:
        seat.receive_until(is_table)
        deadline = time.monotonic() + 60
        while True:
            assert time.monotonic() < deadline, "the setup did not end in time"
            state = seat.state
            assert state is not None
            if state["view"]["state"]["phase"] == "selection" and state["legal"]:
                return created
            if state["legal"]:
                seat.act(state["legal"][0]["notation"])
            else:
                seat.receive_until(is_table)
    finally:
        seat.close()


@pytest.mark.parametrize(("size", "lang"), [("laptop", "de"), ("phone", "en")])
def test_the_action_phase_by_clicking_slots(
    open_page: Any, server: ServerProcess, screenshot: Any, size: str, lang: str
) -> None:
    created = _set_up(server, lang)
    page = open_page(size, lang, reduced_motion=size == "laptop")  # the phone with animations on
    page.goto(f"/t/{created['code']}?token={created['seats'][0]['token']}")
    page.locator(".bus-board.choosing").wait_for()
    board = page.locator(".bus-board")
    # Markers left, mine prominently, and every seat's.
    assert board.locator(".board-my-markers .big-number").inner_text() == "20"
    assert board.locator(".board-seat").count() == 3
    assert LEFT[lang] in (board.locator(".board-seat.mine").get_attribute("aria-label") or "")
    # Slot and power before the click: the line slot names both, in its accessible name, its
    # tooltip and (on focus) in the preview line above the board.
    line_slot = board.locator(".area-line button.slot.next")
    name = line_slot.get_attribute("aria-label") or ""
    match = re.match(SLOT_NAME[lang], name)
    assert match, name
    letter, power = match.group(1), int(match.group(2))
    assert line_slot.get_attribute("data-slot") == letter
    assert line_slot.get_attribute("data-action") == "take line"
    assert line_slot.locator(".slot-power").inner_text().replace("−", "-") == str(power)
    assert name in (line_slot.get_attribute("title") or "")
    line_slot.focus()
    assert name in board.locator(".board-preview").inner_text()
    if size == "phone":
        check_fits(page)
    screenshot(page, f"bus-board-{size}")
    # One click places the marker on Linienausbau.
    click_and_wait(page, line_slot)
    # In round 1 M = 1, so any further line slot has power 0 or less: wasted, said before the click.
    page.locator(".bus-board.choosing").wait_for(timeout=60_000)
    wasted = board.locator(".area-line button.slot.next")
    assert "waste" in (wasted.get_attribute("class") or "")
    assert WASTED[lang] in (wasted.get_attribute("aria-label") or "")
    assert wasted.locator(".slot-warning").is_visible()
    assert board.locator(".board-my-markers .big-number").inner_text() == "19"
    wasted.hover()
    assert WASTED[lang] in board.locator(".board-preview").inner_text(), "the warning is said on hover too"
    page.wait_for_timeout(600)  # the last bot's marker has appeared (animations are on on the phone)
    screenshot(page, f"bus-board-waste-{size}")
    # A slot without a warning, then passing: one click each.
    click_and_wait(page, board.locator("button.slot.next:not(.waste)").first)
    page.locator(".bus-board .board-pass").wait_for(timeout=60_000)
    click_and_wait(page, board.locator(".board-pass"))
    assert page.locator(".action-list[open]").count() == 0, "the folded list stayed folded"
