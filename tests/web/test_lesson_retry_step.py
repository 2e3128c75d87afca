"""Trying a lesson's step again, in Chromium: a learner who chose otherwise at step 2 of the
Busfahrer lesson clicks "Schritt 2 noch einmal versuchen" and is at a fresh table in the same
position (the same version, their step expected again), follows the lesson from there, and the
lesson goes on; the route refuses a learner who never left the lesson."""

from __future__ import annotations

import time
from typing import Any

from steps import check_fits
from test_lessons import PROGRESS, decide, learner_turn, start

from busbahnhof.learn.lessons import lessons
from support.server_harness import ServerProcess


def test_a_learner_who_chose_otherwise_tries_that_step_again(open_page: Any, screenshot: Any) -> None:
    page = open_page("laptop", "de")
    lesson = next(one for one in lessons() if one.game == "busfahrer")
    start(page, "busfahrer", lesson.id)
    decide(page, learner_turn(page), "guess red")
    before = learner_turn(page)
    assert before["step"] == 1 and before["expected"]
    decide(page, before, "guess lower")
    page.locator(".lesson-off").wait_for()
    assert f"Schritt 2 von {len(lesson.steps)}" in page.locator(".lesson-count").inner_text()
    screenshot(page, "lesson-retry-step-laptop")
    first_table = page.url

    clicked = time.monotonic()
    page.get_by_role("button", name="Schritt 2 noch einmal versuchen").click()
    page.wait_for_function("(before) => location.href !== before", arg=first_table)
    again = learner_turn(page)
    print(f"back at step 2 (version {again['version']}) {time.monotonic() - clicked:.2f} s after the click")
    assert (again["step"], again["off"], again["version"]) == (1, None, before["version"])
    assert again["expected"] == before["expected"], "the same position: the same decision is asked for"
    panel = page.locator(".lesson-panel")
    panel.locator(".lesson-count", has_text=f"Schritt 2 von {len(lesson.steps)}").wait_for()
    assert lesson.steps[1].text["de"] in panel.inner_text()
    screenshot(page, "lesson-retried-step-laptop")

    decide(page, again, again["expected"][0])
    after = learner_turn(page)
    assert after["step"] == 2 and after["off"] is None
    assert page.evaluate(PROGRESS)["off"] is None


def test_the_three_ways_on_fit_a_small_phone(open_page: Any, screenshot: Any) -> None:
    page = open_page("small-phone", "de")
    start(page, "busfahrer", next(one for one in lessons() if one.game == "busfahrer").id)
    decide(page, learner_turn(page), "guess red")
    decide(page, learner_turn(page), "guess lower")
    page.locator(".lesson-off").wait_for()
    page.get_by_role("button", name="Schritt 2 noch einmal versuchen").wait_for()
    check_fits(page)
    screenshot(page, "lesson-retry-step-phone")


def test_the_retry_route_refuses_a_learner_on_the_lessons_path(server: ServerProcess) -> None:
    http = server.http()
    lesson = next(one for one in lessons() if one.game == "busfahrer")
    started = http.post(f"/api/lessons/busfahrer/{lesson.id}/tables").json()
    path = f"/api/lessons/busfahrer/{lesson.id}/tables/{started['table_id']}/retry"
    assert http.post(path, json={"token": "not-a-seat"}).status_code == 403
    refused = http.post(path, json={"token": started["token"]})
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "server/lesson_on_track"
