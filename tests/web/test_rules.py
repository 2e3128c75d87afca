"""The in-app rules pages in Chromium: a section link lands on its section and highlights it, the
contents and the language switch keep the reader where they are, a refused move at a real table
links to the rule it breaks and the way back leads to the table, Busfaktor's §19 credit is shown in
both languages, and every page fits a 360 px phone."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from steps import check_fits, wait_for_decision_or_end

from support.server_harness import ServerProcess, create_table

GAMES = ("busfaktor", "bus", "busfahrer")
IN_VIEW = """(id) => { const box = document.getElementById(id).getBoundingClientRect();
  return box.top >= 0 && box.top < innerHeight / 2; }"""
KEEP_SOCKETS = """window.__sockets = [];
const NativeSocket = window.WebSocket;
window.WebSocket = class extends NativeSocket {
  constructor(...args) { super(...args); window.__sockets.push(this); }
};"""
SEND_ON_THE_PAGES_SOCKET = """(action) => {
  const socket = window.__sockets.filter((s) => s.readyState === WebSocket.OPEN).pop();
  const version = Number(document.querySelector('.table-page').dataset.version);
  socket.send(JSON.stringify({type: 'action', version, action}));
}"""


def landed_on(page: Any, anchor: str) -> None:
    """The page shows the section ``anchor`` highlighted (and only it) near the top of the screen."""
    target = page.locator(".rules-target")
    target.wait_for()
    assert target.count() == 1
    assert target.get_attribute("id") == anchor
    assert page.evaluate(IN_VIEW, anchor), f"#{anchor} is not in view"


def keep_screenshot(page: Any, tmp_path: Path, name: str) -> None:
    """The screen as the player sees it (not scrolled to the top), kept in $BUSBAHNHOF_SCREENSHOTS if set."""
    folder = Path(os.environ.get("BUSBAHNHOF_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"))


def open_busfaktor_seat(page: Any, server: ServerProcess) -> None:
    """A Busfaktor table of the mini deck where player 1 draws first, opened at player 1's seat."""
    with server.http() as http:
        created = create_table(
            http, game="busfaktor", seed=3, options={"deck": "mini"}, seats=[{}, {"bot": "heuristik"}]
        )
    page.goto(f"/t/{created['code']}?token={created['seats'][0]['token']}")
    assert wait_for_decision_or_end(page) == "decision"


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_a_section_link_lands_on_the_section_and_the_way_back_leads_to_the_table(
    open_page: Any, server: ServerProcess, tmp_path: Path, size: str
) -> None:
    """From a table, a tooltip's rule link opens §8.3; the contents and the language switch keep the
    reader on one page (one history entry), and "back to the table" returns to the seat."""
    page = open_page(size, "de")
    open_busfaktor_seat(page, server)
    page.evaluate("location.hash = '#/rules/busfaktor/s-8-3'")
    landed_on(page, "s-8-3")
    assert page.locator(".rules-target > h3").inner_text() == "8.3 Ein Ereignis spielen"
    assert page.title() == "Busfaktor: 1 – Spielregeln"
    keep_screenshot(page, tmp_path, f"rules-busfaktor-{size}")

    contents = page.locator("nav.rules-toc")
    if not contents.locator("details").evaluate("details => details.open"):
        contents.locator("summary").click()
    contents.get_by_role("link", name="16. Wertung", exact=True).click()
    landed_on(page, "s-16")
    assert page.evaluate("location.hash") == "#/rules/busfaktor/s-16"

    page.get_by_role("button", name="English").click()
    page.get_by_role("heading", name="16. Scoring").wait_for()
    landed_on(page, "s-16")
    assert page.title() == "Busfaktor: 1 – Rules"

    page.get_by_role("link", name="Back to the table").click()
    assert wait_for_decision_or_end(page) == "decision"
    assert page.evaluate("location.hash").startswith("#/t/")


def test_the_way_back_survives_the_browsers_own_back_button(open_page: Any, server: ServerProcess) -> None:
    """Table -> §8.3 -> (another rule link) §13 E5 -> browser back to §8.3: "back to the table"
    still goes back exactly to the table, not past it."""
    page = open_page("phone", "de")
    open_busfaktor_seat(page, server)
    table = page.evaluate("location.hash")
    page.evaluate("location.hash = '#/rules/busfaktor/s-8-3'")
    landed_on(page, "s-8-3")
    page.evaluate("location.hash = '#/rules/busfaktor/s-13-e5'")
    landed_on(page, "s-13-e5")
    page.go_back()
    landed_on(page, "s-8-3")
    page.get_by_role("link", name="Zurück zum Tisch").click()
    assert wait_for_decision_or_end(page) == "decision"
    assert page.evaluate("location.hash") == table


def test_an_unknown_section_shows_the_whole_page_and_says_so(open_page: Any) -> None:
    page = open_page("phone", "en")
    page.goto("/#/rules/busfahrer/no-such-section")
    page.get_by_role("status").filter(has_text="no-such-section").wait_for()
    assert page.locator(".rules-target").count() == 0
    page.goto("/#/rules/no-such-game")
    page.get_by_role("alert").filter(has_text="no-such-game").wait_for()
    assert page.locator(".rules-nav").get_by_role("link", name="Lobby").is_visible()


def test_a_refused_move_links_to_its_rule_and_back_to_the_table(open_page: Any, server: ServerProcess) -> None:
    """A Busfaktor table of the mini deck where player 1 draws first: a project started before
    drawing is refused (§7); its rule link opens §7, and "back to the table" returns to the seat."""
    page = open_page("laptop", "de")
    page.add_init_script(KEEP_SOCKETS)
    open_busfaktor_seat(page, server)
    page.evaluate(SEND_ON_THE_PAGES_SOCKET, "beginne 0")
    refusal = page.locator(".refusal[role=alert]")
    refusal.wait_for()
    link = refusal.locator("a[href^='#/rules/']")
    assert link.get_attribute("href") == "#/rules/busfaktor/s-7", refusal.inner_text()
    link.click()
    landed_on(page, "s-7")
    assert re.match(r"7\. Phase 1", page.locator(".rules-target > h2").inner_text())
    page.get_by_role("link", name="Zurück zum Tisch").click()
    assert wait_for_decision_or_end(page) == "decision"
    assert page.evaluate("location.hash").startswith("#/t/")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_credit_of_section_19_is_shown(open_page: Any, lang: str) -> None:
    page = open_page("phone", lang)
    page.goto("/#/rules/busfaktor/s-19")
    landed_on(page, "s-19")
    credit = page.locator("#s-19 .rules-credit")
    assert "Sydney Ang, Genevieve Leduc-Robert, Lu Li, and Sam MacKinnon." in credit.inner_text()
    assert "CC BY-SA 4.0" in credit.inner_text()
    assert credit.get_by_role("link", name="phylogame.org/licenses").get_attribute("href") == (
        "https://phylogame.org/licenses/"
    )


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_each_rules_page_fits_a_small_phone(open_page: Any, game: str, lang: str) -> None:
    page = open_page("small-phone", lang)
    page.goto(f"/#/rules/{game}")
    page.locator("article.rules nav.rules-toc details").wait_for()
    check_fits(page)
    page.locator("nav.rules-toc summary").click()
    check_fits(page)
