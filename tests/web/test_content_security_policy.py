"""The web client works under the server's Content-Security-Policy: a lobby visit with a seat link's
QR code, and a few moves at each game's table (animations on), without one violation report."""

from __future__ import annotations

from typing import Any

import pytest
from steps import busfahrer_decide, create_table, pick_decide, wait_for_decision_or_end

from support.server_harness import ServerProcess
from support.server_harness import create_table as create_table_by_api

MOVES = 3
GAMES = {
    "busfahrer": ({"seats": [{"name": "Anna"}, {"bot": "kartenzaehler"}, {"bot": "kartenzaehler"}]}, busfahrer_decide),
    "bus": ({"seats": [{"name": "Anna"}, {"bot": "planer"}, {"bot": "planer"}]}, pick_decide),
    "busfaktor": (
        {"seats": [{"name": "Anna"}, {"bot": "heuristik"}, {"bot": "heuristik"}], "options": {"deck": "mini"}},
        pick_decide,
    ),
}
RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


def watched_page(open_page: Any, size: str) -> tuple[Any, list[str]]:
    """A page (animations on) whose CSP reports from the console are collected."""
    page = open_page(size, "de", reduced_motion=False)
    page.add_init_script(RECORD_VIOLATIONS)
    reports: list[str] = []

    def keep(message: Any) -> None:
        if "Content Security Policy" in message.text:
            reports.append(message.text)

    page.on("console", keep)
    return page, reports


def violations(page: Any, reports: list[str]) -> list[str]:
    return [*reports, *page.evaluate("window.cspViolations")]


def test_the_lobby_and_a_seat_links_qr_code_need_nothing_the_policy_refuses(open_page: Any) -> None:
    page, reports = watched_page(open_page, "phone")
    create_table(page, "Busfahrer", ["human", "human", "kartenzaehler"])
    page.get_by_role("button", name="QR-Code 2").click()
    page.get_by_role("img", name="QR-Code des Links für Spieler 2").evaluate("image => image.decode()")
    page.goto("/#/rules/busfahrer")
    page.locator("main h1, main h2").first.wait_for()
    assert violations(page, reports) == []


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_moves_at_each_games_table_need_nothing_the_policy_refuses(
    open_page: Any, server: ServerProcess, game: str
) -> None:
    body, decide = GAMES[game]
    with server.http() as http:
        created = create_table_by_api(http, game=game, seed=5, **body)
    page, reports = watched_page(open_page, "laptop")
    page.goto(f"/t/{created['code']}?token={created['seats'][0]['token']}")
    for _ in range(MOVES):
        state = wait_for_decision_or_end(page)
        if state == "end":
            break
        if state == "cover":
            page.locator(".cover button").click()
            continue
        decide(page)
    page.wait_for_timeout(700)  # the last move's animations run under the policy, too
    assert violations(page, reports) == []
