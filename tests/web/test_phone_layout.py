"""Every table and the lobby fit a phone: no horizontal scrolling, every control at least 40 px in
both directions (a fingertip), and the decision on the first screen; at 390x844 and 360x740.
The whole-game and two-browser tests check every phone page they pass through as well."""

from __future__ import annotations

from typing import Any

import pytest
from steps import busfahrer_decide, check_fits, create_table, play_to_end, wait_for_decision_or_end

from support.server_harness import ServerProcess
from support.server_harness import create_table as create_by_api

GAMES = {
    "busfahrer": {"seats": [{}, {"bot": "kartenzaehler"}, {"bot": "kartenzaehler"}]},
    "bus": {"seats": [{}, {"bot": "planer"}, {"bot": "planer"}]},
    "busfaktor": {"seats": [{}, {"bot": "heuristik"}, {"bot": "heuristik"}], "options": {"deck": "mini"}},
}


@pytest.mark.parametrize("size", ["phone", "small-phone"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_fits_a_phone(open_page: Any, server: ServerProcess, game: str, size: str) -> None:
    with server.http() as http:
        created = create_by_api(http, game=game, seed=5, **GAMES[game])
    page = open_page(size, "de")
    page.goto(f"/t/{created['code']}?token={created['seats'][0]['token']}")
    assert wait_for_decision_or_end(page) == "decision"
    if game == "bus":
        page.locator(".bus-map [data-target]").first.wait_for()
    check_fits(page)
    if game == "bus":  # no empty band; the choice after a place; the map zoomed in (it scrolls in its frame only)
        assert_no_empty_band(page)
        page.locator("section.decision button[data-pick]").first.click()
        check_fits(page)
        page.get_by_role("button", name="Plan vergrößern").click()
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
        frame = page.locator(".bus-map").evaluate("el => [el.scrollWidth, el.clientWidth]")
        assert frame[0] > frame[1], "zoomed in, the map is wider than its frame"


EMPTY_BELOW = """() => [...document.querySelectorAll('.bus-map svg, .bus-panel svg')].map((svg) => {
  const group = svg.querySelector('g.map, g.panel');
  const box = group.getBBox();
  const m = group.transform.baseVal.consolidate().matrix;
  const [, y, , height] = svg.getAttribute('viewBox').split(/\\s+/).map(Number);
  const pixels = svg.getBoundingClientRect().height / height;
  return Math.round((y + height - (m.d * (box.y + box.height) + m.f)) * pixels);
})"""
EMPTY_PIXELS = 20


def assert_no_empty_band(page: Any) -> None:
    """Bus on a phone: the map and its side panel, drawn one below the other, each end with their
    drawing (each had the whole drawing's height, so the shorter one ended in an empty band)."""
    page.locator(".bus-panel svg").wait_for()
    below = page.evaluate(EMPTY_BELOW)
    assert len(below) == 2 and max(below) <= EMPTY_PIXELS, f"empty below the map and the panel: {below} px"


@pytest.mark.parametrize("size", ["phone", "small-phone"])
def test_the_lobby_and_the_seat_links_fit_a_phone(open_page: Any, size: str) -> None:
    page = open_page(size, "de")
    for game in ("Busfahrer", "Bus", "Busfaktor: 1"):
        create_table(page, game, ["human", "human"] if game != "Bus" else ["human", "human", "planer"])
        check_fits(page)
        page.get_by_role("button", name="QR-Code 1").click()
        check_fits(page)


@pytest.mark.slow
@pytest.mark.parametrize("options", [{"pyramid": "6-5-4-3-2-1"}, {"pyramid": "5-4-3-2-1", "ride": "american"}])
def test_a_whole_busfahrer_game_with_the_widest_layouts_fits_a_small_phone(
    open_page: Any, server: ServerProcess, options: dict[str, str]
) -> None:
    """Six pyramid rows with cards laid on them, the American ride, four players: every decision
    and the end fit 360 px."""
    bots = [{"bot": "kartenzaehler"}] * 3
    with server.http() as http:
        created = create_by_api(http, game="busfahrer", seed=5, options=options, seats=[{}, *bots])
    page = open_page("small-phone", "de")
    page.goto(f"/t/{created['code']}?token={created['seats'][0]['token']}")
    assert play_to_end(page, busfahrer_decide, check_fits) >= 4
    check_fits(page)
