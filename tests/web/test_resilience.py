"""A table survives what happens to browsers and servers: a reload mid-game, a server restart
mid-game (back within 2 s of the server answering; locked meanwhile, so no tap is queued), a dead
link (said plainly, with the lobby offered); and a finished game can be replayed move by move."""

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


RECONNECT_SECONDS = 2.0
"""After a restart the page is back this soon after the server answers (issue 24)."""
OFFLINE = "document.querySelector('.table-page').classList.contains('offline')"


def wait_until_back(page: Any, timeout: float = 10_000) -> float:
    """Wait until the table is connected again; the seconds it took."""
    started = time.monotonic()
    page.wait_for_function(f"() => !{OFFLINE}", timeout=timeout, polling=20)
    return time.monotonic() - started


def assert_locked(page: Any) -> None:
    """Not connected: the page says it reconnects, and the table cannot be used: its controls are
    inert, and a real click on the decision does nothing (nothing is kept to be sent later)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.get_by_text(re.compile("verbinde neu")).wait_for()
    assert page.locator(".table-body").evaluate("el => el.inert")
    answer = page.locator("section.decision button.answer").first
    with pytest.raises(PlaywrightTimeout):
        answer.click(timeout=800)
    box = answer.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


@pytest.mark.slow
def test_restart_the_server_mid_game_and_continue(open_page: Any, server: ServerProcess) -> None:
    """A killed server: the table is locked under "reconnecting" (a tap is impossible, not queued);
    the restarted server (same port and file) has the page back within RECONNECT_SECONDS of
    answering, nothing acknowledged lost, nothing sent that was tapped meanwhile."""
    page = open_page("laptop", "de")
    start_busfahrer(page, server)
    busfahrer_decide(page)
    wait_for_decision_or_end(page)
    seen = version(page)
    server.kill()
    assert_locked(page)
    page.wait_for_timeout(3_000)  # the retries have backed off to their longest wait
    server.start()  # returns once /healthz answers
    seconds = wait_until_back(page)
    print(f"reconnected {seconds:.2f} s after the restarted server answered")
    assert seconds < RECONNECT_SECONDS
    assert not page.get_by_text(re.compile("verbinde neu")).is_visible()
    assert wait_for_decision_or_end(page) == "decision"
    assert version(page) == seen, "nothing acknowledged was lost, and the tap while locked was not sent"
    busfahrer_decide(page)


def test_a_server_that_accepts_but_does_not_answer_keeps_the_table_locked(
    open_page: Any, server: ServerProcess
) -> None:
    """The server is back, but paused (SIGSTOP: the kernel accepts the connection, nobody answers):
    the page stays locked and says so, a tap does nothing; once the server answers, the page is
    back (a hanging handshake is given up and tried again) and the tap works."""
    page = open_page("laptop", "de")
    start_busfahrer(page, server)
    seen = version(page)
    reconnecting = page.get_by_text(re.compile("verbinde neu"))
    for _ in range(3):
        server.kill()
        reconnecting.wait_for()
        server.start()
        server.pause()
        if reconnecting.is_visible():
            break
        # the page's quick retry reached the server between its start and the pause: again
        server.resume()
        wait_until_back(page)
    else:
        pytest.fail("the page was back before the server could be paused, three times")
    try:
        page.wait_for_timeout(1_500)
        assert_locked(page)
    finally:
        server.resume()
    wait_until_back(page)
    assert version(page) == seen
    busfahrer_decide(page)
    assert version(page) > seen


def test_a_dead_link_says_so_and_offers_the_lobby(open_page: Any, server: ServerProcess) -> None:
    """An unknown table, a wrong or re-issued seat token, an unknown room code: the page says what
    is wrong and offers the lobby, and does not try to reconnect for ever."""
    with server.http() as http:
        created = create_table(http, game="busfahrer", seats=[{}, {"bot": "kartenzaehler"}])
        table_id, old_token = created["table_id"], created["seats"][0]["token"]
        page = open_page("phone", "de")
        page.goto(f"/t/{created['code']}?token={old_token}")
        assert wait_for_decision_or_end(page) == "decision"
        reissued = http.post(f"/api/tables/{table_id}/seats/0/token", json={"creator_token": created["creator_token"]})
        assert reissued.status_code == 200, reissued.text
    cases = [
        (f"/#/t/no-such-table/{old_token}", "Diesen Tisch gibt es nicht", None),
        (f"/#/t/{table_id}/not-a-token", "Dieser Platz-Link gilt nicht mehr", "Zuschauen"),
        (f"/#/t/{table_id}/{old_token}", "Dieser Platz-Link gilt nicht mehr", "Zuschauen"),
        ("/t/ZZZZZ?token=abc", "Diesen Tisch gibt es nicht", None),
    ]
    for url, title, extra in cases:
        page = open_page("phone", "de")
        page.goto(url)
        page.get_by_role("heading", name=title).wait_for()
        assert page.get_by_role("link", name="Zur Lobby").is_visible()
        if extra:
            assert page.get_by_role("link", name=extra).is_visible()
        page.wait_for_timeout(1_000)
        assert not page.get_by_text(re.compile("[Vv]erbinde")).count(), url
        assert not page.locator(".table-page").count()
    page.get_by_role("link", name="Zur Lobby").click()
    page.wait_for_url(re.compile("#/$"))


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
    step = page.get_by_label("Zug", exact=True)
    step.wait_for()
    last = int(step.get_attribute("max"))
    assert last > 10
    assert page.get_by_text("Startwert (Seed): 11").is_visible()
    assert page.get_by_text(re.compile("^Gewonnen: ")).is_visible()
    page.get_by_role("button", name=re.compile("Anfang")).click()
    assert page.get_by_text(re.compile(r"^Startstellung \(\d+ Züge\)$")).is_visible()
    page.get_by_role("button", name=re.compile("Weiter")).click()
    page.get_by_text(re.compile(rf"^Zug 1 von {last}: \S")).wait_for()  # the move in words (its log line)
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
    page.locator(".seat-panel.to-move").get_by_role("timer").get_by_text(re.compile(r"noch \d s")).wait_for()
    back = page.get_by_role("button", name="Ich bin zurück")
    back.wait_for(timeout=15_000)
    assert page.get_by_text(re.compile("^Deine Zeit ist abgelaufen")).is_visible()
    back.click()
    back.wait_for(state="detached", timeout=2_500)
