"""A facilitator runs a two-table workshop in the browser: a player joins by the code's link (its
QR code), bots fill the empty seats at the start, the facilitator sees both tables live, pauses
them (the player's table says so, no table moves), resumes, and opens the debrief."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from steps import check_fits

pytestmark = pytest.mark.slow


def versions(page: Any) -> list[int]:
    cards = page.locator(".ws-table[data-version]")
    return [int(cards.nth(n).get_attribute("data-version")) for n in range(cards.count())]


def wait_for(check: Callable[[], bool], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.2)


def test_a_facilitator_runs_a_two_table_workshop(open_page: Any, screenshot: Any) -> None:
    facilitator = open_page("laptop", "de")
    facilitator.goto("/#/workshop")
    opening = facilitator.locator("form.ws-open")
    opening.locator("select[name=deck]").select_option("mini")
    opening.locator("select[name=players]").select_option("3")
    opening.locator("select[name=tables]").select_option("2")
    opening.locator("select[name=bot]").select_option("heuristik")
    opening.locator("button[type=submit]").click()
    code = facilitator.locator(".ws-code").inner_text()
    assert facilitator.locator(".ws-qr").get_attribute("src").startswith("/api/qr?text=")

    player = open_page("phone", "en")
    player.goto(f"/w/{code}")  # the QR code's link
    assert player.locator("form.ws-join-form input[name=code]").input_value() == code
    check_fits(player)
    player.locator("form.ws-join-form input[name=name]").fill("Ada")
    player.locator("form.ws-join-form button[type=submit]").click()
    assert "table 1, seat 1" in player.locator(".ws-wait strong").inner_text()
    check_fits(player)

    facilitator.locator(".ws-person", has_text="Ada").wait_for()
    assert facilitator.locator(".ws-table .ws-empty").count() == 5  # two at Ada's table, three at the other
    facilitator.set_viewport_size({"width": 360, "height": 740})
    check_fits(facilitator)
    facilitator.set_viewport_size({"width": 1280, "height": 800})
    facilitator.locator(".ws-start").click()
    facilitator.locator(".ws-table .ws-scores").nth(1).wait_for()
    assert "Ada" in facilitator.locator('.ws-table[data-table="0"]').inner_text()
    assert facilitator.locator('.ws-table[data-table="1"] tbody th', has_text="Heuristik").count() == 3

    player.wait_for_url("**/#/t/**")
    player.locator(".table-page[data-seat='0']").wait_for()

    start = versions(facilitator)
    wait_for(lambda: versions(facilitator)[1] > start[1] + 2)  # the bots' table plays, and the overview follows
    facilitator.locator(".ws-pause").click()
    facilitator.locator(".ws-table.paused").nth(1).wait_for()
    assert "angehalten" in facilitator.locator(".ws-status").inner_text()
    player.locator(".paused-note").wait_for()
    assert "facilitator paused" in player.locator(".paused-note").inner_text()
    assert "Paused" in player.locator(".table-head .turn").inner_text()
    screenshot(player, "workshop-player-paused-phone")
    held = versions(facilitator)
    time.sleep(2.5)  # more than one poll: no table moved
    facilitator.locator(".ws-pause, .ws-resume").first.wait_for()
    assert versions(facilitator) == held
    screenshot(facilitator, "workshop-overview-laptop")
    facilitator.set_viewport_size({"width": 390, "height": 844})
    check_fits(facilitator)
    screenshot(facilitator, "workshop-overview-phone")
    facilitator.set_viewport_size({"width": 1280, "height": 800})

    facilitator.locator(".ws-resume").click()
    wait_for(lambda: facilitator.locator(".ws-table.paused").count() == 0)
    player.locator(".paused-note").wait_for(state="hidden")

    facilitator.locator(".ws-debrief-link").click()
    facilitator.locator(".ws-need").wait_for()
    assert "§4" in facilitator.locator(".ws-need h2").inner_text()
    assert facilitator.locator(".ws-table-results li").count() == 2
    screenshot(facilitator, "workshop-debrief-laptop")
    facilitator.set_viewport_size({"width": 390, "height": 844})
    check_fits(facilitator)
    screenshot(facilitator, "workshop-debrief-phone")
