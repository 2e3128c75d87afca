"""Bus in the browser: several turns by clicking (the map where the server sends its drawing),
a refused double tap with its message, phone and laptop."""

from __future__ import annotations

import re
from typing import Any

from steps import check_fits, create_table, double_tap, pick_decide, version, wait_for_decision_or_end

TURNS = 6


def test_turns_by_clicking_and_a_refused_double_tap(open_page: Any, screenshot: Any) -> None:
    page = open_page("laptop", "de")
    create_table(page, "Bus", ["human", "planer", "planer"])
    page.get_by_role("link", name="Hier als Spieler 1 spielen").click()
    assert wait_for_decision_or_end(page) == "decision"
    assert page.get_by_role("table").filter(has_text="Zeitsteine").is_visible(), "supplies on screen"
    page.get_by_role("group", name="Stadtplan").locator("[data-target]").first.wait_for()
    target = page.locator(".bus-map [data-target]").first
    assert target.get_attribute("role") == "button" and target.get_attribute("tabindex") == "0"
    assert re.fullmatch(r"(Bauplatz|Kreuzung) \d+", target.get_attribute("aria-label") or "")
    start = version(page)
    double_tap(page, ".action-list button.action")
    refusal = page.locator(".refusal[role=alert]")
    refusal.wait_for()
    assert re.search(r"Stand \d+, nicht \d+", refusal.inner_text()), refusal.inner_text()
    for _ in range(TURNS):
        if wait_for_decision_or_end(page) == "end":
            break
        pick_decide(page)
    assert version(page) > start + TURNS
    screenshot(page, "bus-laptop")


def test_the_table_on_a_phone_in_english(open_page: Any, screenshot: Any) -> None:
    page = open_page("phone", "en")
    page.goto("/")
    page.get_by_role("button", name="English").click()
    page.get_by_role("radio", name="Bus", exact=True).check()
    page.get_by_role("button", name="Create table").click()
    page.get_by_role("link", name="Play as player 1 here").click()
    assert wait_for_decision_or_end(page) == "decision"
    pick_decide(page)
    wait_for_decision_or_end(page)
    assert page.get_by_role("heading", name="Your decision").is_visible()
    check_fits(page)
    screenshot(page, "bus-phone")
