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
    if game == "bus":  # the choice after a place; the map zoomed in (it pans in its frame only)
        page.locator("section.decision button[data-pick]").first.click()
        check_fits(page)
        shown = page.locator(".bus-map svg.bus-city")
        before = float(shown.get_attribute("viewBox").split()[2])
        page.get_by_role("button", name="Plan vergrößern").click()
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
        assert float(shown.get_attribute("viewBox").split()[2]) < before, "zoomed in within the map's frame"


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
