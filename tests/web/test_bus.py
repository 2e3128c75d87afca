"""Bus in the browser: the map drawn by the client (no drawing fetched), played on the map and the
action board only (never the folded list of all actions), whole games at laptop and phone size
with the clicks per decision counted, a refused double tap, pan and zoom on a phone."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import statistics
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from steps import check_fits, double_tap, version

from support.server_harness import ServerProcess
from support.server_harness import create_table as create_by_api

SEED = 5
MIDGAME = 25
CHOICES_SEED = 11
"""The player's random choices (with the table's SEED: a game in which this seat delivers by choice)."""
KINDS = {
    "take": "marker",
    "pass": "pass",
    "clock": "clock",
    "line": "line",
    "build": "building",
    "passenger": "passenger",
    "deliver": "deliver",
}
PREFERENCE = {"a:line": 4, "a:vrroomm": 4, "a:passengers": 2, "a:buses": 2, "pass": 2}
"""How much more often the player picks these controls than others (a game with lines and deliveries)."""
WASTED = 0.1
"""How much less often a marker the board says is wasted."""
CONTROLS = (
    ".bus-city [data-target], .bus-city [data-type-choice], .bus-decision [data-type-choice],"
    " .bus-board-area button[data-pick]:not([disabled])"
)
SIGNATURE = """() => [document.querySelector('.table-page')?.dataset.version,
  document.querySelectorAll('.bus-city .chosen').length,
  document.querySelectorAll('.bus-city [data-target], [data-type-choice]').length,
  document.querySelectorAll('.bus-board-area button[data-pick]').length].join('|')"""
WAIT_TURN = f"""() => document.querySelector('section.end:not([hidden])')
  || (document.querySelector('.turn.mine') && document.querySelector('{CONTROLS}'))"""


def open_seat(
    open_page: Any, server: ServerProcess, size: str, lang: str = "de", seed: int = SEED
) -> tuple[Any, list[str]]:
    """A 3-player Bus table (the page's seat first, two planer bots), opened at ``size``; returns
    the page and the list the actions it sends are recorded in."""
    with server.http() as http:
        created = create_by_api(http, game="bus", seed=seed, seats=[{}, {"bot": "planer"}, {"bot": "planer"}])
    page = open_page(size, lang)
    sent: list[str] = []
    drawings: list[str] = []
    page.on("request", lambda request: "/drawing" in request.url and drawings.append(request.url))
    page.on(
        "websocket",
        lambda socket: socket.on("framesent", lambda payload: record_action(sent, payload)),
    )
    page.goto(f"/t/{created['code']}?token={created['seats'][0]['token']}")
    page.locator(".bus-city").wait_for()
    assert not drawings, "no drawing is fetched: the client draws the map"
    return page, sent


def record_action(sent: list[str], payload: Any) -> None:
    message = json.loads(payload) if isinstance(payload, str) else {}
    if message.get("type") == "action":
        sent.append(message["action"])


def decide(page: Any, sent: list[str], chooser: random.Random) -> tuple[str, int]:
    """One decision made by clicking the map or the action board as a player would (a control
    among those offered, chosen at random with ``PREFERENCE``); returns its kind and the clicks."""
    before, actions = version(page), len(sent)
    clicks = 0
    while len(sent) == actions:
        controls = page.locator(CONTROLS)
        found = controls.evaluate_all(
            "els => els.map((el) => [el.dataset.pick || el.dataset.target || 't:' + el.dataset.typeChoice,"
            " el.classList.contains('waste')])"
        )
        assert found, "a decision with nothing to click on the map or the board"
        signature = page.evaluate(SIGNATURE)
        weights = [PREFERENCE.get(key, 1) * (WASTED if waste else 1) for key, waste in found]
        choice = chooser.choices(range(len(found)), weights=weights)[0]
        controls.nth(choice).click()
        clicks += 1
        assert clicks <= 5, "a decision that does not end"
        page.wait_for_function(f"s => ({SIGNATURE})() !== s", arg=signature, timeout=20_000, polling=50)
    page.wait_for_function("v => Number(document.querySelector('.table-page').dataset.version) > v", arg=before)
    return KINDS[sent[-1].split(" ")[0]], clicks


def play_whole_game(page: Any, sent: list[str], midgame: Any = None, seed: int = CHOICES_SEED) -> dict[str, list[int]]:
    """Every decision of the page's seat until the end; the clicks per decision by kind.
    ``midgame(page)`` is called once, at the first decision on the map after MIDGAME decisions."""
    chooser = random.Random(seed)
    clicks: dict[str, list[int]] = defaultdict(list)
    decisions = 0
    while True:
        page.wait_for_function(WAIT_TURN, timeout=60_000, polling=100)
        if page.locator("section.end:not([hidden])").count():
            return clicks
        if midgame and decisions >= MIDGAME and page.locator(".bus-decision").count():
            midgame(page)
            midgame = None
        kind, count = decide(page, sent, chooser)
        decisions += 1
        clicks[kind].append(count)
        assert not page.locator("details.action-list[open]").count(), "the folded list stays folded"


def save_element(element: Any, name: str, folder: Path) -> None:
    """A screenshot of one element (the map and the board below the end screen), kept like the
    ``screenshot`` fixture's: in the test's folder and in $BUSBAHNHOF_SCREENSHOTS if set."""
    path = folder / f"{name}.png"
    element.screenshot(path=str(path))
    target = os.environ.get("BUSBAHNHOF_SCREENSHOTS")
    if target:
        shutil.copy(path, Path(target) / path.name)


def report(size: str, clicks: dict[str, list[int]]) -> list[int]:
    every = [count for counts in clicks.values() for count in counts]
    rows = [
        f"{kind}: {len(counts)} decisions, clicks mean {statistics.mean(counts):.2f},"
        f" median {statistics.median(counts)}, max {max(counts)}"
        for kind, counts in sorted(clicks.items())
    ]
    print(
        f"\n{size}: {len(every)} decisions, median {statistics.median(every)}, max {max(every)}\n  " + "\n  ".join(rows)
    )
    return every


@pytest.mark.slow
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_a_whole_game_on_the_map_and_the_board(
    open_page: Any, server: ServerProcess, size: str, screenshot: Any, tmp_path: Path
) -> None:
    page, sent = open_seat(open_page, server, size)
    clicks = play_whole_game(page, sent, lambda page: screenshot(page, f"bus-mid-{size}"))
    every = report(size, clicks)
    assert {"marker", "line", "building", "passenger", "deliver", "pass"} <= set(clicks), clicks
    assert statistics.median(every) <= 1.3, clicks
    assert max(every) <= 3, clicks
    page.locator("section.end:not([hidden])").wait_for()
    if size == "phone":
        check_fits(page)
    screenshot(page, f"bus-end-{size}")
    save_element(page.locator(".bus"), f"bus-end-map-{size}", tmp_path)


def test_the_map_shows_the_pieces_and_a_line_is_chosen_end_then_intersection(
    open_page: Any, server: ServerProcess, screenshot: Any
) -> None:
    page, sent = open_seat(open_page, server, "laptop")
    chooser = random.Random(1)
    map_group = page.get_by_role("group", name="Stadtplan")
    assert map_group.locator("[data-piece^=building-]").count() == 2, "the bots' start buildings"
    assert map_group.locator(".passenger").count() == 4, "four start passengers around the park"
    assert map_group.get_by_text("Bahnhof 10").count() and map_group.get_by_text("Bahnhof 25").count()
    page.locator(".bus-decision").get_by_role("button", name="Büro").click()
    assert "Gebäude (Büro)" in page.locator(".bus-hint").inner_text(), "another type first, then the lot"
    page.keyboard.press("Escape")
    assert "Anderer Typ" in page.locator(".bus-hint").inner_text(), "Escape cancels the first pick"
    lot = page.get_by_role("button", name=re.compile(r"^Bauplatz \d+ \(Kreuzung \d+, Zone 1\)$")).first
    number = re.search(r"\d+", lot.get_attribute("aria-label") or "")
    before = version(page)
    lot.focus()
    page.keyboard.press("Enter")  # the map's places are buttons for the keyboard too
    page.wait_for_function("v => Number(document.querySelector('.table-page').dataset.version) > v", arg=before)
    built = map_group.locator(f"[data-piece=building-{number.group() if number else ''}]")
    assert built.get_attribute("data-type") == "house", "one tap builds the clock's type"
    while True:
        page.wait_for_function(WAIT_TURN, timeout=60_000)
        hint = page.locator(".bus-decision .bus-hint")
        if hint.count() and hint.inner_text().startswith("Linienausbau"):
            break
        decide(page, sent, chooser)
    preview = page.locator(".bus-city .preview")
    targets = page.locator(".bus-city [data-target]")
    direct = [
        i for i in range(targets.count()) if targets.nth(i).hover() or preview.get_attribute("visibility") == "visible"
    ]
    if not direct:  # both ends reach every marked intersection: the end first
        targets.first.click()
        page.locator(".bus-city .chosen:not(.implied)").wait_for()
        direct = [0]
    target = targets.nth(direct[0])
    target.hover()
    assert preview.get_attribute("visibility") == "visible", "the new street as a preview"
    segments = page.locator(".bus-city .line-segment.seat-0").count()
    before = version(page)
    target.click()
    page.wait_for_function("v => Number(document.querySelector('.table-page').dataset.version) > v", arg=before)
    assert page.locator(".bus-city .line-segment.seat-0").count() == segments + 1
    assert page.locator(".bus-city [data-piece^=bus-0-]").count() == 2, "a bus token at each end of the line"
    screenshot(page, "bus-laptop")


def test_a_refused_double_tap_and_the_phone_map(open_page: Any, server: ServerProcess, screenshot: Any) -> None:
    page, _sent = open_seat(open_page, server, "phone")
    page.wait_for_function(WAIT_TURN)
    check_fits(page)
    start = version(page)
    double_tap(page, ".bus-decision .places button[data-pick]")
    refusal = page.locator(".refusal[role=alert]")
    refusal.wait_for()
    assert version(page) > start
    svg = page.locator(".bus-map svg.bus-city")
    page.get_by_role("button", name="Ganzen Plan zeigen").click()
    whole = float(svg.get_attribute("viewBox").split()[2])
    page.get_by_role("button", name="Plan vergrößern").click()
    zoomed = float(svg.get_attribute("viewBox").split()[2])
    assert zoomed < whole / 1.5, "zoomed in"
    box = svg.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 80, box["y"] + box["height"] / 2 + 40, steps=5)
    page.mouse.up()
    assert svg.get_attribute("viewBox") != f"{zoomed}", "dragged"
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    page.wait_for_function(WAIT_TURN)
    check_fits(page)
    screenshot(page, "bus-phone")
