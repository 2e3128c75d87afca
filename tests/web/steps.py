"""What a player does in the browser, written once for the browser tests: by role and name, as a
screen reader or a player would find the controls."""

from __future__ import annotations

import re
import time
from typing import Any

GAME_SECONDS = 240.0


def create_table(
    page: Any,
    game: str,
    seats: list[str],
    *,
    pass_and_play: bool = False,
    options: dict[str, str] | None = None,
    seed: int | None = None,
) -> str:
    """In the German lobby: choose ``game``, the seats ("human" or a bot's option label), options and
    seed, create; returns the room code shown."""
    page.goto("/")
    page.get_by_role("radio", name=game, exact=True).check()
    page.get_by_label("Spieler", exact=True).select_option(str(len(seats)))
    for index, seat in enumerate(seats):
        select = page.get_by_label(f"Spieler {index + 1}", exact=True)
        if seat == "human":
            select.select_option("human")
        else:
            select.select_option(seat)
    for label, value in (options or {}).items():
        page.get_by_label(label, exact=True).select_option(value)
    if seed is not None:
        page.get_by_label("Startwert (optional)").fill(str(seed))
    if pass_and_play:
        page.get_by_label(re.compile("Reihum an einem Gerät")).check()
    page.get_by_role("button", name="Tisch erstellen").click()
    if pass_and_play:
        page.locator(".table-page").wait_for()
        return ""
    code = page.get_by_test_id("room-code").inner_text()
    assert re.fullmatch(r"[A-Z0-9]{4,8}", code), code
    return code


def version(page: Any) -> int:
    """The table version the page shows."""
    page.locator(".table-page[data-version]").wait_for()
    return int(page.locator(".table-page").get_attribute("data-version"))


def wait_for_decision_or_end(page: Any, timeout: float = 60_000) -> str:
    """Wait until this page has a decision to make ("decision") or the game is over ("end")."""
    page.locator("section.decision, section.end:not([hidden]), .cover:not([hidden])").first.wait_for(timeout=timeout)
    if page.locator("section.end:not([hidden])").count():
        return "end"
    if page.locator(".cover:not([hidden])").count():
        return "cover"
    return "decision"


def click_and_wait(page: Any, locator: Any) -> None:
    """Click, then wait until the table has moved on (a new version)."""
    before = version(page)
    locator.click()
    page.wait_for_function(
        "v => Number(document.querySelector('.table-page').dataset.version) > v", arg=before, timeout=30_000
    )


BUSFAHRER_CONTROLS = "button.answer, button.card.playable, button.give-seat"
"""The Busfahrer board's decision controls: an answer, the matching card of the hand (lay), a card
of the diamond's row (turn), a seat to give the chips to."""


def busfahrer_decide(page: Any) -> None:
    """Make the decision on the Busfahrer table as a player would, on the board: answer, lay, give,
    turn (the first control the decision offers)."""
    decision = page.locator("section.decision")
    choice = decision.locator(BUSFAHRER_CONTROLS)
    if not choice.count():
        raise AssertionError("no decision control on the Busfahrer table:\n" + decision.inner_text())
    click_and_wait(page, choice.first)


def play_to_end(page: Any, decide: Any, before_each: Any = None, deadline_seconds: float = GAME_SECONDS) -> int:
    """Decide until the game is over (``before_each(page)`` looks at every decision first);
    returns the number of decisions made."""
    deadline = time.monotonic() + deadline_seconds
    decisions = 0
    while time.monotonic() < deadline:
        state = wait_for_decision_or_end(page)
        if state == "end":
            return decisions
        if state == "cover":
            page.locator(".cover button").click()
            continue
        if before_each:
            before_each(page)
        decide(page)
        decisions += 1
    raise AssertionError("the game did not end in time")


def pick_decide(page: Any) -> None:
    """A decision on a table whose actions are chosen by clicking things (Busfaktor's cards, Bus's
    map): click the first highlighted thing, then the first action it leaves; else the first button."""
    before = version(page)
    decision = page.locator("section.decision")
    targets = page.locator(".board [data-target], .board button.playable")
    if targets.count():
        targets.first.click()
        page.wait_for_function(
            "v => Number(document.querySelector('.table-page').dataset.version) > v"
            " || document.querySelector('section.decision button.action')",
            arg=before,
        )
        if version(page) == before:
            click_and_wait(page, decision.locator("button.action").first)
        return
    buttons = decision.locator(".action-buttons button")
    if not buttons.count():
        buttons = page.locator(".action-list button.action")
    click_and_wait(page, buttons.first)


def double_tap(page: Any, selector: str) -> None:
    """Two buttons clicked in the same instant (a double tap): the second goes out with the version
    the first one already used up."""
    page.evaluate(
        "s => { const b = document.querySelectorAll(s); b[0].click(); b[b.length > 1 ? 1 : 0].click(); }", selector
    )


MIN_TAP = 40
"""The smallest width and height of a control on a phone, in CSS pixels (a fingertip)."""
MEASURE = """min => {
  const width = document.documentElement.clientWidth;
  const box = (el) => el.getBoundingClientRect();
  const shown = (el) => box(el).width > 0 && box(el).height > 0 && !el.closest('[hidden]');
  const text = (el) => (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40);
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""} "${text(el)}"`;
  const wide = [...document.querySelectorAll('body *')]
    .filter((el) => !el.closest('svg') && shown(el) && box(el).right > width + 0.5)
    .map((el) => `${name(el)} ends at ${Math.round(box(el).right)} px`);
  const labelled = (el) => el.matches('input[type=checkbox], input[type=radio]') && el.labels[0];
  const small = [...document.querySelectorAll('button, a[href], input, select, summary, [role=button]')]
    .filter((el) => shown(el) && !el.closest('.bus-map'))
    .map((el) => [el, labelled(el) ? el.labels[0] : el])
    .filter(([, target]) => box(target).width < min || box(target).height < min)
    .map(([el, target]) => `${name(el)} ${Math.round(box(target).width)}x${Math.round(box(target).height)}`);
  const places = [...document.querySelectorAll('.bus-map [data-target]')].map((el) => el.dataset.target);
  const buttons = [...document.querySelectorAll('section.decision button[data-pick]')].map((el) => el.dataset.pick);
  const decision = document.querySelector('section.decision button');
  return {scroll: document.documentElement.scrollWidth - width, wide, small, places, buttons,
          decisionBottom: decision ? box(decision).bottom : null};
}"""


def check_fits(page: Any) -> None:
    """The page fits a phone: nothing wider than the screen, every control (but the places on Bus's
    map, each of which must also be a button of the decision) at least ``MIN_TAP`` px in both
    directions, and the first choice of a decision on the first screen."""
    viewport_height = page.viewport_size["height"]
    found = page.evaluate(MEASURE, MIN_TAP)
    assert found["scroll"] <= 0, f"the page scrolls sideways by {found['scroll']} px"
    assert not found["wide"], "wider than the screen: " + "; ".join(found["wide"][:8])
    assert not found["small"], f"controls smaller than {MIN_TAP} px: " + "; ".join(found["small"][:8])
    assert sorted(found["places"]) == sorted(found["buttons"]), "every place on the map is also a button to tap"
    bottom = found["decisionBottom"]
    assert bottom is None or bottom <= viewport_height, "the first choice of the decision is on the first screen"


def wait_for_my_turn_or_end(page: Any, timeout: float = 60_000) -> str:
    """Wait until the frame says it is this page's seat's turn ("turn": its seat panel is the one
    to move) or the game is over ("end"); any game, whatever its board draws."""
    page.locator(".seat-panel.me[aria-current='true'], section.end:not([hidden])").first.wait_for(timeout=timeout)
    return "end" if page.locator("section.end:not([hidden])").count() else "turn"


def seat_page(open_page: Any, created: dict[str, Any], index: int, name: str, size: str, lang: str = "de") -> Any:
    """A page of ``size`` and ``lang`` at seat ``index`` of a created table, the browser's name set to ``name``."""
    page = open_page(size, lang)
    page.context.add_init_script(f"localStorage.setItem('busbahnhof.name', {name!r})")
    page.goto(f"/#/t/{created['table_id']}/{created['seats'][index]['token']}")
    page.locator(f".table-page[data-seat='{index}']").wait_for()
    return page
