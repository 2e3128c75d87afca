"""The new pages played as a newcomer (docs/web.md "Newcomer tasks (2026-12-05)"): each task starts
at the lobby and goes only by what the page shows (links, buttons, forms), at laptop and phone
size; the clicks (a click or a choice in a list; typing is not counted) and the bytes the page
transferred (HTTP bodies as sent, compressed, and WebSocket payloads both ways) are counted, and
a task needing more clicks than its bound fails. Each page's end is checked for sideways
scrolling and controls under 40 px on the phone (steps.check_fits)."""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from steps import check_fits

from support.server_harness import ONE_JOB_WORKER, ServerProcess, create_table, sqlite_server_process

pytestmark = pytest.mark.slow
PASSWORD = "newcomer-password-1"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The module's server, with one job worker for the workbench's balance run, and room for the
    eight accounts the tasks register from this one address (5 by default)."""
    settings = {**ONE_JOB_WORKER, "BUSBAHNHOF_REGISTRATIONS_PER_ADDRESS": "20"}
    yield from sqlite_server_process(tmp_path_factory.mktemp("newcomer"), settings)


class Meter:
    """A page with its clicks and the bytes it transferred counted (Chrome DevTools Protocol)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.clicks = 0
        self.http = 0
        self.ws = 0
        session = page.context.new_cdp_session(page)
        session.send("Network.enable")
        session.on("Network.loadingFinished", lambda event: self.add_http(event["encodedDataLength"]))
        session.on("Network.webSocketFrameReceived", lambda event: self.add_ws(event["response"]["payloadData"]))
        session.on("Network.webSocketFrameSent", lambda event: self.add_ws(event["response"]["payloadData"]))

    def add_http(self, size: float) -> None:
        self.http += int(size)

    def add_ws(self, payload: str) -> None:
        self.ws += len(payload.encode())

    def click(self, locator: Any) -> None:
        locator.click()
        self.clicks += 1

    def choose(self, locator: Any, value: str) -> None:
        locator.select_option(value)
        self.clicks += 1


def register(meter: Meter, user: str) -> None:
    """From the lobby: the account menu, its "log in or register" entry, the register form."""
    page = meter.page
    meter.click(page.locator("#account-button"))
    meter.click(page.locator("#account-menu a[href='#/account']"))
    form = page.locator("#register")
    form.get_by_label("Benutzername").fill(user)
    form.get_by_label("Passwort").fill(PASSWORD)
    meter.click(form.get_by_role("button", name="Konto anlegen"))
    page.locator("#my-page-link").wait_for()


def task_lesson(meter: Meter) -> None:
    """Lessons: find them, start the Busfahrer lesson, play it to its end on the ringed pieces."""
    page = meter.page
    meter.click(page.get_by_role("link", name=re.compile("Spiele lernen")))
    meter.click(page.locator(".lesson-card a").first)
    meter.click(page.get_by_role("button", name="Lektion starten"))
    panel = page.locator(".lesson-panel")
    for _ in range(40):
        page.locator(".lesson-done, .board .lesson-target").first.wait_for(timeout=40_000)
        if panel.locator(".lesson-done").count():
            break
        before = page.locator(".table-page").get_attribute("data-version")
        meter.click(page.locator(".board .lesson-target").first)
        page.wait_for_function(
            "v => document.querySelector('.table-page').dataset.version !== v"
            " || document.querySelector('.board .chosen, .lesson-done')",
            arg=before,
        )
    assert "Lektion geschafft" in panel.inner_text()


def task_account(meter: Meter) -> None:
    """Account: register, log out and in again, change the display name."""
    page = meter.page
    user = f"neu{random.randrange(10**6)}"
    register(meter, user)
    meter.click(page.locator("#logout"))
    login = page.locator("#login")
    login.get_by_label("Benutzername").fill(user)
    login.get_by_label("Passwort").fill(PASSWORD)
    meter.click(login.get_by_role("button", name="Anmelden"))
    rename = page.locator("#rename")
    rename.wait_for()
    rename.get_by_label("Anzeigename").fill("Neuling Nora")
    meter.click(rename.get_by_role("button", name="Speichern"))
    page.locator("#account-who-title", has_text="Neuling Nora").wait_for()


def task_player_page(meter: Meter) -> None:
    """The player page and a leaderboard, from the account menu (after registering)."""
    page = meter.page
    register(meter, f"seite{random.randrange(10**6)}")
    meter.click(page.locator("#account-button"))
    meter.click(page.locator("#menu-my-page"))
    page.locator("#player-name").wait_for()
    meter.click(page.locator("#account-button"))
    meter.click(page.locator("#menu-ratings"))
    page.locator("table, .leaderboard-empty, .empty").first.wait_for()


def task_quick_match(meter: Meter) -> None:
    """Quick match: from the lobby's form, the shortest wait, to a seat at a table."""
    page = meter.page
    wait = page.get_by_label("Auf Menschen warten")
    meter.choose(wait, wait.locator("option").first.get_attribute("value") or "")
    meter.click(page.get_by_role("button", name="Schnell spielen"))
    page.locator(".table-page[data-version]").wait_for(timeout=60_000)


def task_public_table(meter: Meter) -> None:
    """The public lobby: a stranger's waiting table (Dan's, opened by API) joined from its row."""
    page = meter.page
    row = page.locator(".public-table", has_text="Dan").last
    meter.click(row.get_by_role("button", name=re.compile("^Mitspielen")))
    page.locator(".table-page[data-seat]").wait_for()
    page.locator(".seat-panel", has_text="Dan").first.wait_for()


def task_turns(meter: Meter) -> None:
    """The "your turn" list: a quick match seat, then back to the lobby and the account menu's entry
    (the seat is listed if it is to move: a quick match may seat the newcomer at a table another
    task opened, where someone else moves first)."""
    task_quick_match(meter)
    page = meter.page
    page.locator(".seat-panel[aria-current='true']").first.wait_for()
    mine = page.locator(".turn.mine").count() > 0
    meter.click(page.locator("#home-link"))
    meter.click(page.locator("#account-button"))
    meter.click(page.locator("#account-menu").get_by_text("Du bist dran"))
    page.get_by_text("1 Tisch wartet auf dich" if mine else "Kein Tisch wartet auf dich").wait_for()


def task_workbench(meter: Meter) -> None:
    """Workbench: open a deck, change a card, run a balance job, read its findings."""
    page = meter.page
    register(meter, f"deck{random.randrange(10**6)}")
    meter.click(page.locator("#home-link"))
    meter.click(page.get_by_role("link", name=re.compile("Decks gestalten")))
    meter.click(page.locator("#wb-new-mini"))
    page.locator(".wb-editor").wait_for()
    meter.click(page.locator(".wb-card-item").nth(1))
    goal = page.locator('.wb-field[data-field="goal"] textarea')
    goal.fill("Zwei Datensätze sind veröffentlicht.")
    meter.click(page.locator("#wb-save"))
    page.wait_for_function("() => location.hash.endsWith('/2')")
    page.fill("#wb-games", "20")
    meter.click(page.locator("#wb-simulate"))
    page.locator('.wb-run[data-status="done"]').first.wait_for(timeout=90_000)
    assert page.locator("[data-testid=wb-findings]").first.inner_text()


def task_workshop(meter: Meter) -> None:
    """Workshop: open a session (two tables of bots), start, pause all, debrief."""
    page = meter.page
    meter.click(page.get_by_role("link", name=re.compile("Workshop")))
    opening = page.locator("form.ws-open")
    meter.choose(opening.locator("select[name=deck]"), "mini")
    meter.choose(opening.locator("select[name=bot]"), "heuristik")
    meter.click(opening.locator("button[type=submit]"))
    meter.click(page.locator(".ws-start"))
    page.locator(".ws-table").first.wait_for()
    meter.click(page.locator(".ws-pause"))
    page.locator(".ws-table.paused").first.wait_for()
    meter.click(page.locator(".ws-debrief-link"))
    page.locator(".ws-need").wait_for()


TASKS: dict[str, tuple[Callable[[Meter], None], int]] = {
    "lesson": (task_lesson, 17),
    "account": (task_account, 6),
    "player_page": (task_player_page, 7),
    "public_table": (task_public_table, 1),
    "quick_match": (task_quick_match, 2),
    "turns": (task_turns, 5),
    "workbench": (task_workbench, 9),
    "workshop": (task_workshop, 7),
}
"""Each task and the most clicks it may take (the figures of 2026-12-05 and a little room)."""


@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize("task", list(TASKS))
def test_a_newcomer_task(open_page: Any, server: ServerProcess, screenshot: Any, task: str, size: str) -> None:
    run, most = TASKS[task]
    if task == "public_table":  # a stranger's public table with one seat free for the newcomer
        with server.http() as http:
            seats = [{"name": "Dan"}, {}, {"bot": "heuristik"}]
            create_table(http, game="busfaktor", public=True, seats=seats, options={"deck": "mini"})
    page = open_page(size, "de")
    meter = Meter(page)
    page.goto("/#/")
    page.locator(".lobby, main h1, main h2").first.wait_for()
    run(meter)
    page.wait_for_timeout(300)
    if size == "phone":
        check_fits(page)
    screenshot(page, f"newcomer-{task}-{size}")
    figures = {"task": task, "size": size, "clicks": meter.clicks, "http": meter.http, "ws": meter.ws}
    print(json.dumps(figures))
    if os.environ.get("BUSBAHNHOF_NEWCOMER_FIGURES"):
        with Path(os.environ["BUSBAHNHOF_NEWCOMER_FIGURES"]).open("a") as out:
            out.write(json.dumps(figures) + "\n")
    assert meter.clicks <= most, figures
