"""The workbench in the browser (issue 28): a designer edits a card, sees the validator's problem at
its field with the rule, fixes it, saves two versions and compares them; opens a playtest table
whose two testers answer the feedback form after the game, and the version's summary shows it.
Screenshots (laptop, phone) of the editor, the diff and the feedback."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from support.server_harness import ONE_JOB_WORKER, Seat, ServerProcess, play_out_together, sqlite_server_process

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The module's server, with one job worker for the balance runs."""
    yield from sqlite_server_process(tmp_path_factory.mktemp("workbench"), ONE_JOB_WORKER)


def register(page: Any, user: str) -> None:
    """A new account, logged in in this page's browser context (the cookie)."""
    page.goto("/#/")
    status = page.evaluate(
        """async ([user, password]) => (await fetch('/api/accounts', {method: 'POST',
            headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({user_name: user, password})})).status""",
        [user, PASSWORD],
    )
    assert status == 201


def field(page: Any, path: str) -> Any:
    return page.locator(f'.wb-field[data-field="{path}"]')


def open_new_mini_deck(page: Any) -> None:
    page.goto("/#/workbench")
    page.click("#wb-new-mini")
    page.wait_for_selector(".wb-editor")
    page.wait_for_selector("[data-testid=wb-status]")


def test_a_designer_fixes_a_card_saves_versions_and_sees_the_diff(
    open_page: Callable[..., Any], screenshot: Callable[..., Path]
) -> None:
    page = open_page("laptop", "de")
    register(page, f"designer{random.randrange(10**6)}")
    open_new_mini_deck(page)
    assert page.inner_text("[data-testid=wb-status]").startswith("✓")
    points = field(page, "points").locator("input")
    points.fill("3")  # §4: points equal the number of requirements (2)
    error = field(page, "points").locator(".wb-problem")
    error.wait_for()
    assert "Die Punkte müssen der Zahl der Anforderungen entsprechen (2), nicht 3" in error.inner_text()
    assert error.locator("a.rule-link").get_attribute("href") == "#/rules/busfaktor/s-4"
    assert page.locator(".wb-card-item.wb-current .wb-problem-count").inner_text() == "⚠ 1"
    assert "nicht gespeichert" in page.inner_text("[data-testid=wb-save-status]")
    screenshot(page, "workbench-problem-laptop", part=".wb-editor")
    points.fill("2")
    page.locator(".wb-field.wb-invalid").wait_for(state="detached")
    field(page, "goal").locator("textarea").fill("Zwei Datensätze sind mit DOI veröffentlicht.")
    page.fill("#wb-note", "Ziel geschärft")
    page.click("#wb-save")
    page.wait_for_function("() => location.hash.endsWith('/2')")
    page.wait_for_selector("text=Version 2, gespeichert")
    page.click('.wb-card-item[data-kind="factors"][data-index="0"]')
    field(page, "name").locator("input").fill("Team Alpha")
    page.click("#wb-duplicate")  # a copy gets a free name
    assert page.locator(".wb-card-item.wb-current .wb-card-name").inner_text() == "Team Alpha (2)"
    page.click("#wb-save")
    page.wait_for_function("() => location.hash.endsWith('/3')")
    page.wait_for_selector(".wb-version-list li >> nth=2")
    page.select_option("#wb-diff-old", "2")
    page.select_option("#wb-diff-new", "3")
    page.click("#wb-diff-button")
    diff = page.locator("[data-testid=wb-diff]")
    diff.wait_for()
    assert "Team Alpha (2)" in diff.locator(".wb-added").inner_text()
    changed = diff.locator(".wb-changed").inner_text()
    assert "Team Alpha" in changed and "Team A" in changed and "name" in changed
    screenshot(page, "workbench-diff-laptop", part=".wb-versions")
    page.select_option("#wb-diff-old", "1")
    page.select_option("#wb-diff-new", "2")
    page.click("#wb-diff-button")
    page.wait_for_selector("text=Zwei Datensätze sind mit DOI veröffentlicht.")
    screenshot(page, "workbench-editor-laptop")


def test_the_editor_fits_a_phone_and_filters_cards(
    open_page: Callable[..., Any], screenshot: Callable[..., Path]
) -> None:
    page = open_page("phone", "en")
    register(page, f"phone{random.randrange(10**6)}")
    open_new_mini_deck(page)
    page.select_option("#wb-filter-kind", "events")
    assert page.locator(".wb-card-item").count() == 8
    page.fill("#wb-search", "Absicherung")
    assert page.locator(".wb-card-item").count() == 1
    page.locator(".wb-card-item").first.click()
    assert page.locator('.wb-field[data-field="blocks"]').count() == 1  # E8's parameters
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways: {width}px"
    screenshot(page, "workbench-editor-phone")


def test_a_playtest_table_and_two_testers_feedback(
    open_page: Callable[..., Any], server: ServerProcess, screenshot: Callable[..., Path]
) -> None:
    page = open_page("laptop", "de")
    register(page, f"host{random.randrange(10**6)}")
    open_new_mini_deck(page)
    page.select_option("#wb-players", "2")
    page.select_option("#wb-bots", "0")
    page.click("#wb-playtest")
    page.wait_for_selector("[data-testid=wb-room-code]")
    links = page.locator(".wb-feedback-links a")
    assert links.count() == 2
    hrefs = [links.nth(i).get_attribute("href") for i in range(2)]
    table_id = hrefs[0].split("/")[3]
    tokens = [href.split("/")[4] for href in hrefs]
    seats = [Seat(server, f"table={table_id}&token={token}&lang=de") for token in tokens]
    play_out_together(seats)
    for seat in seats:
        seat.close()
    for number, (href, fun, length) in enumerate(((hrefs[0], "4", "right"), (hrefs[1], "2", "too_long"))):
        tester = open_page("phone" if number else "laptop", "de")
        if number:
            tester.goto(f"/{href}")
        else:  # the first tester comes from the finished table, which offers the form
            tester.goto(f"/#/t/{table_id}/{tokens[0]}")
            tester.click("#wb-give-feedback")
        tester.check(f'input[name=fun][value="{fun}"]')
        tester.check(f'input[name=length][value="{length}"]')
        if number:
            tester.check('input[name=confusing][value="Joker-Faktor"]')
            tester.fill("#wb-comment", "Der Joker war unklar <b>fett?</b>")
            screenshot(tester, "workbench-feedback-form-phone")
        tester.click("#wb-send-feedback")
        tester.wait_for_selector("[data-testid=wb-thanks]")
    page.reload()
    summary = page.locator("[data-testid=wb-feedback]")
    summary.wait_for()
    text = summary.inner_text()
    assert "2 Rückmeldungen von 1 Testtischen" in text and "3 von 5" in text
    assert "Joker-Faktor (1)" in text and "Der Joker war unklar <b>fett?</b>" in text  # escaped, shown as text
    screenshot(page, "workbench-playtest-laptop", part=".wb-playtest")


def test_a_designer_simulates_two_versions_and_compares_them(
    open_page: Callable[..., Any], screenshot: Callable[..., Path]
) -> None:
    page = open_page("laptop", "en")
    register(page, f"balance{random.randrange(10**6)}")
    open_new_mini_deck(page)
    page.fill("#wb-games", "20")
    page.click("#wb-simulate")
    first = page.locator(".wb-run").first
    first.wait_for()
    page.locator('.wb-run[data-status="done"]').first.wait_for(timeout=60_000)
    findings = page.locator("[data-testid=wb-findings]").first.inner_text()
    assert "Start person: wins" in findings and "decisions per game" in findings
    page.click('.wb-card-item[data-kind="projects"][data-index="4"]')
    page.click("#wb-delete")
    page.click("#wb-save")
    page.wait_for_function("() => location.hash.endsWith('/2')")
    page.fill("#wb-games", "20")
    page.click("#wb-simulate")
    page.wait_for_function(
        "() => document.querySelectorAll('.wb-run[data-status=\"done\"]').length === 2", timeout=60_000
    )
    boxes = page.locator(".wb-pick-run")
    boxes.nth(0).check()
    page.locator(".wb-pick-run").nth(1).check()
    compare = page.locator("#wb-compare-runs")
    href = compare.get_attribute("href")
    assert href.startswith("/api/workbench/compare?first=")
    page.locator(".wb-show-report").first.click()
    inline = page.locator(".wb-report main").first  # inside the shadow root, with its own stylesheet
    inline.wait_for()
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('.wb-report').shadowRoot.querySelector('main')).maxWidth"
        " === '980px'"
    )
    page.locator(".wb-report nav a").last.click()  # the report's contents scroll, the page stays
    assert "#/workbench/deck/" in page.url
    screenshot(page, "workbench-balance-laptop", part=".wb-balance")
    report = page.context.new_page()  # the designer's own session opens the comparison
    report.goto(href)
    assert report.locator("h1").first.inner_text()
    assert (
        report.evaluate("getComputedStyle(document.querySelector('main')).maxWidth") == "980px"
    )  # its stylesheet applies
    screenshot(report, "workbench-compare-laptop")
