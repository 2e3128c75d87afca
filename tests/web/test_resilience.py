"""A table survives what happens to browsers and servers: a reload mid-game, a server restart
mid-game; and a finished game can be replayed move by move."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from steps import busfahrer_decide, version, wait_for_decision_or_end

from support.server_harness import ServerProcess, create_table


@pytest.fixture
def server(sqlite_server: ServerProcess) -> ServerProcess:
    """A server of this test's own (the restart test stops and starts it)."""
    return sqlite_server


def start_busfahrer(page: Any, server: ServerProcess) -> None:
    with server.http() as http:
        created = create_table(http, game="busfahrer", seats=[{}, {"bot": "kartenzaehler"}])
    page.goto(f"/t/{created['code']}?token={created['seats'][0]['token']}")
    assert wait_for_decision_or_end(page) == "decision"


def test_reload_mid_game_and_continue(open_page: Any, server: ServerProcess) -> None:
    page = open_page("phone", "de")
    start_busfahrer(page, server)
    busfahrer_decide(page)
    seen = version(page)
    page.reload()
    page.locator(".table-page[data-version]").wait_for()
    assert version(page) >= seen
    assert wait_for_decision_or_end(page) == "decision"
    busfahrer_decide(page)


def test_restart_the_server_mid_game_and_continue(open_page: Any, server: ServerProcess) -> None:
    page = open_page("laptop", "de")
    start_busfahrer(page, server)
    busfahrer_decide(page)
    wait_for_decision_or_end(page)
    seen = version(page)
    server.kill()
    page.get_by_text(re.compile("Verbindung verloren")).wait_for()
    server.start()
    page.get_by_text(re.compile("Verbindung verloren")).wait_for(state="detached")
    assert wait_for_decision_or_end(page) == "decision"
    assert version(page) == seen, "nothing acknowledged was lost"
    busfahrer_decide(page)


def test_a_click_while_the_page_reconnects_is_sent_once_it_is_connected(open_page: Any, server: ServerProcess) -> None:
    """The server is back, but has not answered the page's new connection yet (it is paused): the
    page says it is connecting and still shows the decision; a click on it goes out as soon as the
    connection is open, instead of being dropped (the restart test above lost its first click
    about once in 20 runs under load)."""
    page = open_page("laptop", "de")
    start_busfahrer(page, server)
    seen = version(page)
    server.kill()
    page.get_by_text(re.compile("Verbindung verloren")).wait_for()
    server.start()
    server.pause()
    try:
        # the next attempt ("Verbinde…"; the retries back off), or, rarely, one that got through
        # before the pause (then the click simply goes out)
        page.wait_for_function(
            "() => !document.querySelector('.connection').textContent.startsWith('Verbindung verloren')",
            timeout=30_000,
        )
        page.locator("section.decision button.answer").first.click()
    finally:
        server.resume()
    page.wait_for_function(
        "v => Number(document.querySelector('.table-page').dataset.version) > v", arg=seen, timeout=30_000
    )


def test_replay_a_finished_game_move_by_move(open_page: Any, server: ServerProcess) -> None:
    with server.http() as http:
        created = create_table(http, game="busfahrer", seed=11, seats=[{"bot": "random"}, {"bot": "random"}])
        deadline = time.monotonic() + 60
        while http.get(f"/api/tables/{created['table_id']}").json()["status"] == "open":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.2)
    page = open_page("laptop", "de")
    page.goto("/")
    page.get_by_role("link", name="Wiederholung").first.click()
    step = page.get_by_label("Zug")
    step.wait_for()
    last = int(step.get_attribute("max"))
    assert last > 10
    assert page.get_by_text("Startwert (Seed): 11").is_visible()
    assert page.get_by_text(re.compile("^Gewonnen: ")).is_visible()
    page.get_by_role("button", name=re.compile("Anfang")).click()
    assert page.get_by_text(re.compile(r"^Startstellung \(\d+ Züge\)$")).is_visible()
    page.get_by_role("button", name=re.compile("Weiter")).click()
    assert page.get_by_text(re.compile(rf"^Zug 1 von {last}: guess ")).is_visible()
    page.get_by_role("button", name="Abspielen").click()
    page.get_by_text(re.compile(rf"^Zug 3 von {last}")).wait_for()
    page.get_by_role("button", name="Pause").click()
    page.get_by_role("button", name=re.compile("Ende")).click()
    assert page.get_by_text(re.compile(rf"^Zug {last} von {last}")).is_visible()


def test_a_timed_out_player_sees_the_bot_playing_and_comes_back(open_page: Any, server: ServerProcess) -> None:
    with server.http() as http:
        created = create_table(http, game="busfahrer", turn_seconds=3, seats=[{}, {"bot": "kartenzaehler"}])
    page = open_page("laptop", "de")
    page.goto(f"/t/{created['code']}?token={created['seats'][0]['token']}")
    page.get_by_role("timer").get_by_text(re.compile(r"noch \d s")).wait_for()
    back = page.get_by_role("button", name="Ich bin zurück")
    back.wait_for(timeout=15_000)
    assert page.get_by_text(re.compile("^Deine Zeit ist abgelaufen")).is_visible()
    back.click()
    back.wait_for(state="detached", timeout=2_500)
