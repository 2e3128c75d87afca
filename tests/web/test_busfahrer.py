"""Busfahrer in the browser: whole games against bots by clicking the board, at phone size in German
(with "play again") and at laptop size in English (with the language switch remembered).
The screenshots and the clicks per decision: test_busfahrer_clicks.py."""

from __future__ import annotations

import re
from typing import Any

import pytest
from steps import busfahrer_decide, check_fits, create_table, play_to_end, wait_for_decision_or_end

PYRAMID_SEED = 5
"""A deal in which player 1 holds a card matching the pyramid (a decision while it is turned)."""


@pytest.mark.slow
def test_whole_game_against_bots_on_a_phone(open_page: Any) -> None:
    page = open_page("phone", "de")
    create_table(page, "Busfahrer", ["human", "kartenzaehler", "kartenzaehler"], seed=PYRAMID_SEED)
    page.get_by_role("link", name="Hier als Spieler 1 spielen").click()
    assert wait_for_decision_or_end(page) == "decision"
    decision = page.locator("section.decision")
    assert decision.get_by_role("button", name=re.compile("rot")).is_visible()
    assert decision.get_by_role("button", name=re.compile("schwarz")).is_visible()
    seen = []

    def see_the_pyramid(page: Any) -> None:
        check_fits(page)
        if not seen and page.locator(".bf-pyramid .pyramid-slot.current").count():
            seen.append(page.url)

    decisions = play_to_end(page, busfahrer_decide, see_the_pyramid)
    assert seen, "the pyramid was turned while the player had a decision"
    assert decisions >= 4, "four questions at least"
    end = page.locator("section.end")
    assert end.get_by_role("heading", name="Spielende").is_visible()
    assert end.get_by_text(re.compile("^Gewonnen: ")).is_visible()
    assert end.get_by_role("button", name="Nochmal spielen").is_visible()
    rows = end.locator("table.final tbody tr")
    assert rows.count() == 3
    check_fits(page)
    old_table, old_page = page.url, page.locator(".table-page").element_handle()
    page.get_by_role("button", name="Nochmal spielen").click()
    page.wait_for_url(lambda url: url != old_table)
    page.wait_for_function("old => !old.isConnected", arg=old_page)  # the hash changed before the page
    assert wait_for_decision_or_end(page) == "decision"
    assert page.locator("section.end").is_hidden()


@pytest.mark.slow
def test_whole_game_in_english_on_a_laptop_with_the_pyramid_on_screen(open_page: Any) -> None:
    page = open_page("laptop", "en")
    page.goto("/")
    page.get_by_role("button", name="Deutsch").click()
    page.get_by_role("heading", name="Neuer Tisch").wait_for()
    page.get_by_role("button", name="English").click()
    page.get_by_role("heading", name="New table").wait_for()
    page.reload()
    page.get_by_role("heading", name="New table").wait_for()
    assert page.locator("html").get_attribute("lang") == "en", "the language choice is remembered"
    page.get_by_role("radio", name="Busfahrer", exact=True).check()
    page.get_by_label("Players", exact=True).select_option("4")
    page.get_by_label("Seed (optional)").fill(str(PYRAMID_SEED))
    page.get_by_role("button", name="Create table").click()
    page.get_by_role("link", name="Play as player 1 here").click()
    seen = []

    def see_the_pyramid(page: Any) -> None:
        if not seen and page.locator(".bf-pyramid .pyramid-slot.current").count():
            seen.append(page.url)

    play_to_end(page, busfahrer_decide, see_the_pyramid)
    assert seen, "the pyramid was turned while the player had a decision"
    assert page.locator("section.end").get_by_role("heading", name="Game over").is_visible()
    assert page.get_by_role("button", name="Play again").is_visible()
