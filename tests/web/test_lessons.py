"""Lessons in Chromium (docs/lessons.md): each lesson of each game played to its end at its real
table, the asked-for pieces highlighted, the step counted ("Schritt 3 von 8"); a decision other
than the lesson's is explained and the lesson restarts; the end offers a first game against easy
bots; every step's rule reference lands on a section of the rules page in both languages; the
routes refuse unknown lessons and foreign tokens."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from steps import check_fits
from test_rule_anchors import ANCHORS, outline

from busbahnhof.learn.lessons import Lesson, lessons
from support.server_harness import ServerProcess, create_table

PROGRESS = """async () => {
  const [, , game, lesson, table, token] = location.hash.split('/');
  const answer = await fetch(`/api/lessons/${game}/${lesson}/tables/${table}/progress`, {method: 'POST',
    headers: {'Content-Type': 'application/json'}, body: JSON.stringify({token: decodeURIComponent(token)})});
  return answer.json();
}"""
CLICK = """(action) => document.querySelector(`.all-actions [data-action="${action}"]`).click()"""
SCREENSHOT_STEP = {"erste-partie": 2, "erste-runde": 5, "erstes-projekt": 5, "reaktionsfenster": 6}
"""The step each lesson is photographed at (docs/screenshots/lesson-<game>[-<lesson>]-<size>.png;
a game's first lesson goes without its id)."""


def start(page: Any, game: str, lesson: str, button: str = "Lektion starten") -> None:
    page.goto(f"/#/learn/{game}/{lesson}")
    page.get_by_role("button", name=button).click()
    page.locator(".lesson-panel .lesson-head").wait_for()


def learner_turn(page: Any, timeout: float = 40) -> dict[str, Any]:
    """Wait until the learner decides (or the lesson ends or left its path) and the panel says so;
    the progress then (asked as the page asks it)."""
    deadline = time.monotonic() + timeout
    while True:
        progress: dict[str, Any] = page.evaluate(PROGRESS)
        if progress["expected"] or progress["done"] or progress["off"] is not None:
            break
        assert time.monotonic() < deadline, f"the learner's turn did not come: {progress}"
        page.wait_for_timeout(200)
    page.wait_for_function(f"() => document.querySelector('.table-page')?.dataset.version == {progress['version']}")
    page.locator(".lesson-who.mine, .lesson-done, .lesson-off").first.wait_for(state="attached")
    return progress


def decide(page: Any, progress: dict[str, Any], action: str) -> None:
    """Play ``action`` (from the table's list of every legal action) and wait for the table's next version."""
    page.evaluate(CLICK, action)
    page.wait_for_function(
        "(v) => Number(document.querySelector('.table-page')?.dataset.version) > v", arg=progress["version"]
    )


def play_lesson(page: Any, lesson: Lesson, screenshot: Any = None, size: str = "laptop") -> None:
    game = lesson.game
    start(page, game, lesson.id)
    total = len(lesson.steps)
    while True:
        progress = learner_turn(page)
        if progress["done"]:
            break
        assert progress["off"] is None, progress
        number = progress["step"] + 1
        panel = page.locator(".lesson-panel")
        panel.locator(".lesson-count", has_text=f"Schritt {number} von {total}").wait_for()
        step = lesson.steps[progress["step"]]
        assert step.text["de"] in panel.inner_text()
        assert panel.get_by_role("link").first.get_attribute("href").startswith(f"#/rules/{game}")
        if step.highlight:
            assert page.locator(".board .lesson-target").count() > 0, f"step {number}: nothing highlighted"
        if screenshot and number == SCREENSHOT_STEP[lesson.id]:
            first = lesson.order == 1
            screenshot(page, f"lesson-{game}-{size}" if first else f"lesson-{game}-{lesson.id}-{size}")
        decide(page, progress, progress["expected"][0])
    panel = page.locator(".lesson-panel")
    panel.locator(".lesson-done").wait_for()
    assert "Lektion geschafft" in panel.inner_text()
    assert lesson.outro["de"] in panel.inner_text()


@pytest.mark.slow
@pytest.mark.parametrize("lesson", lessons(), ids=lambda lesson: f"{lesson.game}/{lesson.id}")
def test_each_lesson_is_played_to_its_end_at_its_table(open_page: Any, screenshot: Any, lesson: Lesson) -> None:
    page = open_page("laptop", "de")
    play_lesson(page, lesson, screenshot)


@pytest.mark.slow
def test_the_end_of_a_lesson_opens_a_first_game_against_easy_bots_on_a_phone(
    open_page: Any, server: ServerProcess, screenshot: Any
) -> None:
    page = open_page("phone", "de")
    play_lesson(page, next(one for one in lessons() if one.game == "busfahrer"), screenshot, "phone")
    check_fits(page)
    page.get_by_role("button", name="Erste Partie gegen leichte Bots").click()
    page.wait_for_url(re.compile(r"#/t/[0-9a-f]+/"))
    page.locator(".table-page[data-version]").wait_for()
    table_id = page.url.split("#/t/")[1].split("/")[0]
    seats = server.http().get(f"/api/tables/{table_id}").json()["seats"]
    assert [seat["bot"] for seat in seats] == [None, "leicht", "leicht"]


def test_a_decision_other_than_the_lessons_is_explained_and_the_lesson_restarts(open_page: Any) -> None:
    page = open_page("laptop", "de")
    lesson = next(one for one in lessons() if one.game == "busfahrer")
    start(page, "busfahrer", lesson.id)
    decide(page, learner_turn(page), "guess red")
    progress = learner_turn(page)
    assert progress["step"] == 1
    decide(page, progress, "guess lower")
    off = page.locator(".lesson-off")
    off.wait_for()
    assert "Anders als in der Lektion" in off.inner_text()
    assert lesson.steps[1].otherwise["de"] in off.inner_text()
    said = page.evaluate(PROGRESS)
    assert said["off"] == 1 and said["chosen"] == "guess lower"
    assert f"Du hast gewählt: {said['chosen_label']}." in off.inner_text()
    first_table = page.url
    page.get_by_role("button", name="Lektion neu starten").click()
    page.wait_for_function("(before) => location.href !== before", arg=first_table)
    page.locator(".lesson-who.mine").wait_for()
    assert f"Schritt 1 von {len(lesson.steps)}" in page.locator(".lesson-panel").inner_text()


def test_english_lessons_are_listed_and_introduced(open_page: Any) -> None:
    page = open_page("laptop", "en")
    page.goto("/#/")
    page.get_by_role("link", name=re.compile("Learn the games")).click()
    page.get_by_role("heading", name="Learn at the table").wait_for()
    for lesson in lessons():
        assert page.get_by_role("link", name=lesson.title["en"]).count() == 1
    bus = next(one for one in lessons() if one.game == "bus")
    page.get_by_role("link", name=bus.title["en"]).click()
    page.get_by_role("button", name="Start the lesson").click()
    panel = page.locator(".lesson-panel")
    panel.locator(".lesson-count", has_text=f"Step 1 of {len(bus.steps)}").wait_for()
    assert bus.steps[0].text["en"] in panel.inner_text()
    assert "Rule: Bus: Erste Gebäude" in panel.inner_text()


def test_a_rules_page_leads_to_its_games_lessons_which_fit_a_small_phone(open_page: Any) -> None:
    page = open_page("small-phone", "de")
    page.goto("/#/rules/busfaktor")
    page.get_by_role("link", name=re.compile("Lektion am Tisch")).click()
    page.get_by_role("heading", name="Lernen am Tisch").wait_for()
    titles = page.locator(".lesson-card h2").all_inner_texts()
    assert titles == [one.title["de"] for one in lessons() if one.game == "busfaktor"]
    check_fits(page)
    page.get_by_role("link", name=titles[0]).click()
    page.get_by_role("button", name="Lektion starten").wait_for()
    check_fits(page)


def test_every_steps_rule_lands_on_a_section_in_both_languages(open_page: Any) -> None:
    page = open_page("laptop", "de")
    page.goto("/rules/busfaktor.de.html")  # a page without the app: rules.js alone
    for lesson in lessons():
        rules = [step.rule for step in lesson.steps]
        anchors = page.evaluate(ANCHORS, rules)
        for lang in ("de", "en"):
            ids = set(outline(lesson.game, lang).ids)
            missing = [rule for rule, anchor in zip(rules, anchors, strict=True) if not anchor or anchor not in ids]
            assert not missing, f"{lesson.game}/{lesson.id} ({lang}): {missing}"


def test_the_routes_refuse_unknown_lessons_and_other_tokens(server: ServerProcess) -> None:
    http = server.http()
    unknown = http.get("/api/lessons/bus/no-such-lesson?lang=de")
    assert unknown.status_code == 404
    assert unknown.json()["error"]["text"] == "Es gibt keine Lektion „no-such-lesson“ für bus."
    assert http.post("/api/lessons/bus/no-such-lesson/tables").status_code == 404
    lesson = next(one for one in lessons() if one.game == "busfahrer")
    started = http.post(f"/api/lessons/busfahrer/{lesson.id}/tables").json()
    path = f"/api/lessons/busfahrer/{lesson.id}/tables/{started['table_id']}/progress"
    assert http.post(path, json={"token": "not-a-seat"}).status_code == 403
    assert http.post(path, json={"token": started["token"]}).json()["steps"] == len(lesson.steps)
    other = create_table(http, game="busfahrer", seats=[{}, {"bot": "leicht"}, {"bot": "leicht"}], seed=1)
    refused = http.post(
        f"/api/lessons/busfahrer/{lesson.id}/tables/{other['table_id']}/progress",
        json={"token": other["seats"][0]["token"]},
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "server/not_lesson_table"
    assert refused.json()["error"]["text"] == "Dieser Tisch gehört nicht zu dieser Lektion."
