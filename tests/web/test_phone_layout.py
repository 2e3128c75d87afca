"""Every table fits a phone: no horizontal scrolling, every control at least 40 px in both
directions (a finger's width), and the decision on the first screen; at 390x844 and 360x740."""

from __future__ import annotations

from typing import Any

import pytest
from steps import wait_for_decision_or_end

from support.server_harness import ServerProcess, create_table

MIN_TAP = 40
GAMES = {
    "busfahrer": {"seats": [{}, {"bot": "kartenzaehler"}, {"bot": "kartenzaehler"}]},
    "bus": {"seats": [{}, {"bot": "planer"}, {"bot": "planer"}]},
    "busfaktor": {"seats": [{}, {"bot": "heuristik"}, {"bot": "heuristik"}], "options": {"deck": "mini"}},
}

MEASURE = """min => {
  const width = document.documentElement.clientWidth;
  const box = (el) => el.getBoundingClientRect();
  const shown = (el) => box(el).width > 0 && box(el).height > 0 && !el.closest('[hidden]');
  const text = (el) => (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40);
  const name = (el) => `${el.tagName.toLowerCase()} "${text(el)}"`;
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


def check_fits(page: Any, viewport_height: int) -> None:
    found = page.evaluate(MEASURE, MIN_TAP)
    assert found["scroll"] <= 0, f"the page scrolls sideways by {found['scroll']} px"
    assert not found["wide"], "wider than the screen: " + "; ".join(found["wide"][:8])
    assert not found["small"], f"controls smaller than {MIN_TAP} px: " + "; ".join(found["small"][:8])
    assert sorted(found["places"]) == sorted(found["buttons"]), "every place on the map is also a button to tap"
    assert found["decisionBottom"] is not None and found["decisionBottom"] <= viewport_height, (
        "the first choice of the decision is on the first screen"
    )


@pytest.mark.parametrize("size", ["phone", "small-phone"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_fits_a_phone(open_page: Any, server: ServerProcess, game: str, size: str) -> None:
    with server.http() as http:
        created = create_table(http, game=game, seed=5, **GAMES[game])
    page = open_page(size, "de")
    page.goto(f"/t/{created['code']}?token={created['seats'][0]['token']}")
    assert wait_for_decision_or_end(page) == "decision"
    if game == "bus":
        page.locator(".bus-map [data-target]").first.wait_for()
    check_fits(page, page.viewport_size["height"])
    if game == "bus":  # the choice after a place, and the map zoomed in (it scrolls in its frame only)
        page.locator("section.decision button[data-pick]").first.click()
        check_fits(page, page.viewport_size["height"])
        page.get_by_role("button", name="Plan vergrößern").click()
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
        frame = page.locator(".bus-map").evaluate("el => [el.scrollWidth, el.clientWidth]")
        assert frame[0] > frame[1], "zoomed in, the map is wider than its frame"
