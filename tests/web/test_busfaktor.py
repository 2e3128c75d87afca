"""Busfaktor in the browser: turns by clicking cards, a refused action and its message, two players
on two browsers, pass-and-play behind a cover screen."""

from __future__ import annotations

import re
from typing import Any

from steps import (
    check_fits,
    click_and_wait,
    create_table,
    double_tap,
    pick_decide,
    version,
    wait_for_decision_or_end,
)

TURNS = 8
DRAW_FIRST_SEED = 3
"""A deal of the mini deck for three in which player 1 starts: the first decision is the draw
(project or action stack), a choice of two (with a random seed a bot may start, and the first
decision player 1 meets may be a one-button reaction)."""


def open_busfaktor(page: Any, seats: list[str], **kwargs: Any) -> str:
    return create_table(page, "Busfaktor: 1", seats, options={"Deck": "mini"}, **kwargs)


def test_turns_by_clicking_and_a_refused_double_tap(open_page: Any, screenshot: Any) -> None:
    page = open_page("laptop", "de")
    open_busfaktor(page, ["human", "heuristik", "heuristik"], seed=DRAW_FIRST_SEED)
    page.get_by_role("link", name="Hier als Spieler 1 spielen").click()
    assert wait_for_decision_or_end(page) == "decision"
    assert page.get_by_role("heading", name=re.compile(r"^Deine Hand \(\d\)$")).is_visible()
    assert page.get_by_text(re.compile("PHYLO")).is_visible(), "§19 credit on the game's page"
    draw = page.locator(".bfk-stacks [data-pick].bfk-playable")
    assert draw.count() >= 2, "drawing offers a choice of stacks, played on the stacks themselves"
    start = version(page)
    double_tap(page, ".bfk-stacks [data-pick].bfk-playable")
    refusal = page.locator(".refusal[role=alert]")
    refusal.wait_for()
    assert re.search(r"Stand \d+, nicht \d+", refusal.inner_text()), refusal.inner_text()
    assert version(page) == start + 1, "the first tap counted, the second changed nothing"
    for _ in range(TURNS):
        if wait_for_decision_or_end(page) == "end":
            break
        pick_decide(page)
    assert version(page) > start + TURNS
    screenshot(page, "busfaktor-laptop")


def test_two_players_on_two_browsers_see_each_others_moves_but_not_hands(open_page: Any, screenshot: Any) -> None:
    first = open_page("laptop", "de")
    open_busfaktor(first, ["human", "human"])
    link = first.get_by_label("Link für Spieler 2").input_value()
    first.get_by_role("link", name="Hier als Spieler 1 spielen").click()
    second = open_page("phone", "en")
    second.goto(link)
    second.locator(".table-page[data-seat='1']").wait_for()
    first.locator(".table-page[data-seat='0']").wait_for()
    second.get_by_role("heading", name=re.compile(r"^Your hand \(\d\)$")).wait_for()
    hand_of = {
        name: set(page.locator(".bfk-hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
        for name, page in (("first", first), ("second", second))
    }
    seen_by = {
        name: set(page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
        for name, page in (("first", first), ("second", second))
    }
    assert hand_of["first"] and hand_of["second"]
    assert not hand_of["first"] & seen_by["second"], "the second player sees none of the first one's cards"
    assert not hand_of["second"] & seen_by["first"], "the first player sees none of the second one's cards"
    mover = first if first.locator("section.decision").count() else second
    watcher = second if mover is first else first
    log_before = watcher.locator(".log-lines li").count()
    pick_decide(mover)
    watcher.wait_for_function("n => document.querySelectorAll('.log-lines li').length > n", arg=log_before)
    assert version(watcher) == version(mover)
    check_fits(second)
    screenshot(second, "busfaktor-phone")


def test_pass_and_play_hides_the_hand_between_players(open_page: Any) -> None:
    page = open_page("phone", "de")
    open_busfaktor(page, ["human", "human"], pass_and_play=True)
    seats: list[str | None] = []
    covers_after_play = 0
    for _ in range(40):
        state = wait_for_decision_or_end(page)
        check_fits(page)
        if state == "cover":
            assert page.locator(".bfk-hand").count() == 0, "no hand on screen behind the cover"
            assert page.get_by_role("heading", name=re.compile("^Gib das Gerät an Spieler")).is_visible()
            covers_after_play += bool(seats)
            page.get_by_role("button", name=re.compile("^Ich bin Spieler .*: meine Karten zeigen$")).click()
            continue
        seat = page.locator(".table-page").get_attribute("data-seat")
        if covers_after_play:
            assert seat != seats[-1], "the cover came when the device passed to the other player"
            break
        seats.append(seat)
        done = page.locator("section.decision").get_by_role("button", name=re.compile("^fertig"))
        if done.count():
            click_and_wait(page, done.first)
        else:
            pick_decide(page)
    else:
        raise AssertionError("the turn never passed to the other player")


def test_an_english_page_shows_the_decks_english_card_texts(open_page: Any) -> None:
    from busbahnhof.engine import load_game

    cards = load_game("busfaktor").new_state(2, 1).view(0)["state"]["cards"]
    english = {c["en"].get("title") or c["en"]["name"] for c in cards}
    german = {c["name"] for c in cards} - english
    host = open_page("laptop", "de")
    create_table(host, "Busfaktor: 1", ["human", "heuristik"])
    link = host.get_by_role("link", name="Hier als Spieler 1 spielen").get_attribute("href")
    page = open_page("laptop", "en")
    page.goto(f"/{link}")
    page.get_by_role("heading", name=re.compile(r"^Your hand \(\d\)$")).wait_for()
    titles = set(page.locator(".bfk-card .bfk-name").all_inner_texts())
    assert titles and titles <= english, titles - english
    assert not titles & german
