"""The table's frame, the same for every game: a panel per seat with the turn timer, "your turn" in the
title and a notification when the tab is hidden, the motion of a new version and its switch, a
refused move that leaves nothing behind, and names that stay text."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from steps import busfahrer_decide, check_fits, version, wait_for_decision_or_end, wait_for_my_turn_or_end
from wire_frames import messages_in

from support.server_harness import ServerProcess, create_table

GAMES = {
    "busfahrer": {"seats": [{"name": "Anna"}, {"bot": "kartenzaehler"}, {"bot": "kartenzaehler"}]},
    "bus": {"seats": [{"name": "Anna"}, {"bot": "planer"}, {"bot": "planer"}]},
    "busfaktor": {"seats": [{"name": "Anna"}, {"bot": "heuristik"}, {"bot": "heuristik"}], "options": {"deck": "mini"}},
}

HIDDEN_TAB = """
(() => {
  // Headless Chromium shows every page; this page can be hidden as a background tab is.
  let hidden = false;
  Object.defineProperty(Document.prototype, "visibilityState", {
    configurable: true, get: () => (hidden ? "hidden" : "visible"),
  });
  Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => hidden });
  window.__setHidden = (value) => { hidden = value; document.dispatchEvent(new Event("visibilitychange")); };
  // Every notification the page shows (the real one: the test grants the permission).
  window.__notes = [];
  const Real = window.Notification;
  window.Notification = class extends Real {
    constructor(title, options) {
      super(title, options);
      window.__notes.push({ title, body: options && options.body });
    }
  };
})();
"""


def open_table(
    open_page: Any, server: ServerProcess, game: str, size: str = "laptop", **extra: Any
) -> tuple[Any, dict[str, Any]]:
    with server.http() as http:
        created = create_table(http, game=game, seed=5, **{**GAMES[game], **extra})
    page = open_page(size, "de")
    page.goto(f"/t/{created['code']}?token={created['seats'][0]['token']}")
    return page, created


@pytest.mark.parametrize("game", list(GAMES))
def test_a_panel_per_seat_shows_who_it_is_and_the_turn_timer(open_page: Any, server: ServerProcess, game: str) -> None:
    page, _ = open_table(open_page, server, game, turn_seconds=90)
    assert wait_for_my_turn_or_end(page) == "turn"
    panels = page.locator(".seats .seat-panel")
    assert panels.count() == 3
    mine = panels.nth(0)
    assert "Anna" in mine.inner_text() and "(du)" in mine.inner_text()
    assert mine.get_attribute("aria-current") == "true", "the seat to move is marked"
    assert "am Zug" in mine.inner_text()
    timer = mine.get_by_role("timer")
    first = timer.inner_text()
    assert re.fullmatch(r"◷ noch \d+ s", first), first
    page.wait_for_function("t => document.querySelector('.seat-clock').textContent !== t", arg=first, timeout=3_000)
    assert re.fullmatch(r"noch \d+ Sekunden", timer.get_attribute("aria-label") or "")
    for other in (panels.nth(1), panels.nth(2)):
        assert other.get_attribute("aria-current") is None
        assert not other.get_by_role("timer").count()
    # each seat's facts, from the game's seatFacts: a number, in the singular for one
    facts = page.locator(".seat-points, .seat-cards").all_inner_texts()
    assert all(re.match(r"−?\d+ \w", text) for text in facts), facts
    assert not [text for text in facts if re.fullmatch(r"−?1 (Punkte|Karten|Strafpunkte|Handkarten)\b.*", text)], facts


def test_the_panels_fit_a_phone(open_page: Any, server: ServerProcess) -> None:
    page, _ = open_table(open_page, server, "busfaktor", size="small-phone", turn_seconds=90)
    assert wait_for_my_turn_or_end(page) == "turn"
    check_fits(page)
    assert page.locator(".seats").bounding_box()["height"] < 120, "a compact row on a phone"


def test_your_turn_in_the_title_and_a_notification_while_the_tab_is_hidden(
    open_page: Any, server: ServerProcess
) -> None:
    page, _ = open_table(open_page, server, "busfahrer", think_seconds=1.0)
    page.context.grant_permissions(["notifications"])
    page.add_init_script(HIDDEN_TAB)
    page.reload()
    assert wait_for_decision_or_end(page) == "decision"
    assert page.title() == f"{page.locator('.table-title').inner_text()} – Busbahnhof"

    # not allowed yet: the title says it, no notification
    busfahrer_decide(page)
    page.evaluate("window.__setHidden(true)")
    page.wait_for_function("() => document.title === '● Du bist dran – Busbahnhof'", timeout=20_000)
    assert page.evaluate("window.__notes") == []
    page.evaluate("window.__setHidden(false)")
    assert page.title().startswith("Busfahrer · Raum ")

    # the player switches notifications on (the browser's permission is asked; granted here)
    switch = page.get_by_role("button", name="Benachrichtigen: aus")
    switch.click()
    page.get_by_role("button", name="Benachrichtigen: an").wait_for()
    assert wait_for_decision_or_end(page) == "decision"
    busfahrer_decide(page)
    page.evaluate("window.__setHidden(true)")
    page.wait_for_function("() => window.__notes.length === 1", timeout=20_000)
    note = page.evaluate("window.__notes[0]")
    assert note["title"] == "Du bist dran" and note["body"].startswith("Busfahrer · Raum ")
    assert page.title() == "● Du bist dran – Busbahnhof"
    page.evaluate("window.__setHidden(false)")
    assert not page.title().startswith("●")


def test_moves_are_animated_marked_and_the_switch_turns_motion_off(
    open_page: Any, server: ServerProcess, browser: Any
) -> None:
    with server.http() as http:
        created = create_table(http, game="busfahrer", seed=5, think_seconds=0.6, **GAMES["busfahrer"])
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE", base_url=server.url)
    try:
        page = context.new_page()
        page.goto(f"/t/{created['code']}?token={created['seats'][0]['token']}")
        assert wait_for_decision_or_end(page) == "decision"
        assert page.get_by_role("button", name="Animationen: an").is_visible()
        # the next versions (the bots' answers) animate: the fresh log line slides in
        seen = version(page)
        page.evaluate(
            """() => { window.__animated = []; new MutationObserver(() => {
                 const running = document.getAnimations().filter((a) => a.playState === 'running').length;
                 if (running) window.__animated.push(running);
               }).observe(document.querySelector('.board'), {childList: true, subtree: true}); }"""
        )
        busfahrer_decide(page)
        page.wait_for_function("v => Number(document.querySelector('.table-page').dataset.version) > v + 1", arg=seen)
        page.wait_for_function("() => window.__animated.length > 0", timeout=5_000)
        assert page.locator(".log-lines li.fresh").count() >= 1
        # switched off: remembered, and no motion on the next versions
        page.get_by_role("button", name="Animationen: an").click()
        page.get_by_role("button", name="Animationen: aus").wait_for()
        assert page.evaluate("document.documentElement.classList.contains('no-motion')")
        page.reload()
        page.get_by_role("button", name="Animationen: aus").wait_for()
        assert wait_for_decision_or_end(page) == "decision"
        page.evaluate(
            """() => { window.__animated = []; new MutationObserver(() => {
                 const running = document.getAnimations().length;
                 if (running) window.__animated.push(running);
               }).observe(document.querySelector('.table-body'), {childList: true, subtree: true}); }"""
        )
        busfahrer_decide(page)
        assert wait_for_decision_or_end(page) in ("decision", "end")
        assert page.evaluate("window.__animated") == []
    finally:
        context.close()


def test_the_motion_switch_respects_reduced_motion(open_page: Any, server: ServerProcess) -> None:
    page, _ = open_table(open_page, server, "busfahrer")  # the fixture's pages ask for reduced motion
    assert wait_for_decision_or_end(page) == "decision"
    switch = page.get_by_role("button", name="Animationen: aus")
    assert switch.is_disabled()
    assert "weniger Bewegung" in (switch.get_attribute("title") or "")


def route_doubles(page: Any, refusals: list[str]) -> None:
    """The page's WebSocket goes through this route: every action is sent twice (a double send), so
    the second copy is refused as stale; and once the table has moved on to another seat, the last
    action is sent again with the current version, refused as not this seat's turn. The page gets
    both refusals; their codes are collected in ``refusals``."""
    last: dict[str, Any] = {}

    def handler(ws: Any) -> None:
        server = ws.connect_to_server()

        def from_page(message: str) -> None:
            server.send(message)
            data = json.loads(message)
            if data.get("type") == "action":
                server.send(message)  # the stale copy
                last["action"] = data["action"]

        def from_server(frame: str) -> None:
            for data in messages_in(frame):
                if data.get("type") == "result" and data.get("ok") is False:
                    refusals.append(data["error"]["code"])
                # whose turn it is: from a whole message's view, or a delta's patch of it ({"to_move": [seat]})
                if data.get("type") == "table":
                    last["to_move"] = data["view"].get("to_move")
                elif data.get("type") == "delta" and isinstance(data.get("view"), dict) and "to_move" in data["view"]:
                    last["to_move"] = data["view"]["to_move"][0]
                to_move = last.get("to_move")
                if data.get("type") in ("table", "delta") and "action" in last and to_move != data.get("seat"):
                    out_of_turn = {"type": "action", "version": data["version"], "action": last.pop("action")}
                    server.send(json.dumps(out_of_turn))
            ws.send(frame)

        ws.on_message(from_page)
        server.on_message(from_server)

    page.route_web_socket(re.compile(r"/ws\b"), handler)


BOARD_NOW = """() => {
  const board = document.querySelector('.board').cloneNode(true);
  // the marks of the last move (the frame's last-move, a game's own) depend on what the page saw before
  board.querySelectorAll('[class*="last"]').forEach((el) => [...el.classList].filter((c) => /(^|-)last(-|$)/.test(c))
    .forEach((c) => el.classList.remove(c)));
  board.querySelectorAll('[style]').forEach((el) => el.removeAttribute('style'));
  return board.innerHTML;
}"""


@pytest.mark.parametrize("game", list(GAMES))
def test_a_refused_move_leaves_the_page_on_the_servers_state(open_page: Any, server: ServerProcess, game: str) -> None:
    """Stale versions and a move out of turn are refused; the page ends on the server's state: its
    version and board are those of a page opened afresh at the same seat, no pick is left chosen,
    no animation runs, and the refusal is said (linking its rule, if it cites one)."""
    with server.http() as http:
        created = create_table(http, game=game, seed=5, think_seconds=0.2, **GAMES[game])
    url = f"/t/{created['code']}?token={created['seats'][0]['token']}"
    page = open_page("laptop", "de", reduced_motion=False)
    refusals: list[str] = []
    route_doubles(page, refusals)
    page.goto(url)
    page.locator(".table-page[data-version]").wait_for()
    page.evaluate(SAID)
    kinds = {"table/stale_version", "table/foreign_seat"}
    for _ in range(12):
        if kinds <= set(refusals) or wait_for_my_turn_or_end(page) != "turn":
            break
        decide_with_a_pick_pending(page)
    assert kinds <= set(refusals), refusals
    said = page.evaluate("window.__said")
    assert said, "the refusals were shown"
    # the table comes to rest at this seat's decision (a resent copy may still be on its way and
    # be answered, bots following it), and the motion of the last version ends (0.45 s)
    settle(page)
    assert wait_for_my_turn_or_end(page) == "turn"
    page.wait_for_function(f"() => {MOVES_ANIMATING} === 0", timeout=10_000)
    assert not page.locator(".board .chosen, .board [aria-pressed='true']").count(), "no pick left chosen"
    shown = version(page), page.evaluate(BOARD_NOW)
    fresh = open_page("laptop", "de")
    fresh.goto(url)  # (it takes the seat over from `page`)
    assert wait_for_my_turn_or_end(fresh) == "turn"
    assert version(fresh) == shown[0], "the page shows the server's version"
    assert fresh.evaluate(BOARD_NOW) == shown[1], "and the board the server's state"
    print(game, "refusals:", refusals)


def settle(page: Any, quiet_ms: int = 1_500, limit: float = 30.0) -> None:
    """Wait until the page has shown no new version for ``quiet_ms`` (bots think 0.2 s here)."""
    deadline = time.monotonic() + limit
    seen = version(page)
    while True:
        page.wait_for_timeout(quiet_ms)
        now = version(page)
        if now == seen:
            return
        assert time.monotonic() < deadline, "the table never came to rest"
        seen = now


SAID = """() => {
  window.__said = [];
  new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach((node) => {
    if (!node.classList?.contains('refusal')) return;
    window.__said.push({text: node.textContent, link: node.querySelector('a')?.getAttribute('href') || null});
  }))).observe(document.body, {childList: true, subtree: true});
}"""


MOVES_ANIMATING = """document.getAnimations().filter((a) => {
  // a move's motion (0.3-0.6 s); not a countdown or a pulse that is part of the state
  const timing = a.effect.getTiming();
  return a.playState === 'running' && timing.iterations !== Infinity && Number(timing.duration) <= 1000;
}).length"""


def decide_with_a_pick_pending(page: Any) -> None:
    """Pick something on the board if it offers a pick (a card, a place: a selection is pending),
    then send the first action of the list of all actions."""
    before = version(page)
    target = page.locator(".board [data-target], .board button.playable").first
    if target.count():
        click_unless_replaced(target)
    if version(page) == before:
        summary = page.locator(".action-list summary")
        if not page.locator(".action-list").evaluate("el => el.open"):
            summary.click()
        click_unless_replaced(page.locator(".action-list button.action").first)
    page.wait_for_function(
        "v => Number(document.querySelector('.table-page').dataset.version) > v", arg=before, timeout=30_000
    )


def click_unless_replaced(target: Any) -> None:
    """Click `target`; a bot's version that arrives meanwhile may redraw the board without it (the
    pick is gone: it is no longer this seat's decision), which is no failure of the page."""
    try:
        target.click(timeout=5_000)
    except PlaywrightTimeoutError:
        if target.count():
            raise


XSS = '<img src=x onerror="window.__xss=1">'


def test_a_name_with_markup_stays_text_everywhere(open_page: Any, server: ServerProcess) -> None:
    """A seat named like HTML appears as that text in the seat panels, the log, the tooltip and the
    end screen; nothing of it runs."""
    with server.http() as http:
        created = create_table(
            http, game="busfahrer", seed=3, think_seconds=0.0, seats=[{"name": XSS, "bot": "random"}, {"bot": "random"}]
        )
    page = open_page("laptop", "de")
    page.goto(f"/#/t/{created['table_id']}")
    page.locator("section.end:not([hidden])").wait_for(timeout=90_000)
    panel = page.locator(".seat-panel").nth(0)
    assert panel.locator(".seat-name").inner_text() == XSS
    assert XSS in page.locator(".log-lines").inner_text()
    assert XSS in page.locator("section.end").inner_text()
    tip = page.locator("[title]").evaluate_all("els => els.map((el) => el.getAttribute('title'))")
    panel.dispatch_event("contextmenu")
    assert XSS in page.locator(".tip").inner_text()
    assert page.locator("img").count() == 0, "no element was made of the name"
    assert page.evaluate("window.__xss") is None
    assert all("<img" not in text or XSS in text for text in tip)


def test_a_refusal_links_the_rule_it_cites(open_page: Any, server: ServerProcess) -> None:
    """An action the rules refuse (here an answer to the wrong question, put on the wire in place
    of the player's) is shown with its rule as a link to the rules page's section."""
    page, _ = open_table(open_page, server, "busfahrer")

    def handler(ws: Any) -> None:
        server_side = ws.connect_to_server()

        def from_page(message: str) -> None:
            data = json.loads(message)
            if data.get("type") == "action" and data["action"].startswith("guess "):
                data["action"] = "guess higher"
            server_side.send(json.dumps(data))

        ws.on_message(from_page)
        server_side.on_message(lambda message: ws.send(message))

    page.route_web_socket(re.compile(r"/ws\b"), handler)
    page.reload()
    assert wait_for_decision_or_end(page) == "decision"
    page.locator("section.decision button.answer").first.click()
    refusal = page.locator(".refusal")
    refusal.wait_for()
    link = refusal.get_by_role("link", name=re.compile("^Busfahrer: Phase 1"))
    assert (link.get_attribute("href") or "").startswith("#/rules/busfahrer/")
    assert not page.locator(".board .chosen").count()


@pytest.mark.parametrize("game", list(GAMES))
def test_the_rules_are_one_click_away_from_every_table(open_page: Any, server: ServerProcess, game: str) -> None:
    """The table's header links the game's rules page; it opens with its contents and leads back."""
    page, _ = open_table(open_page, server, game)
    link = page.locator(".table-head").get_by_role("link", name="Regeln")
    link.wait_for()
    assert link.get_attribute("href") == f"#/rules/{game}"
    link.click()
    page.locator(f'article.rules[data-game="{game}"]').wait_for()
    back = "Zurück zum Tisch"
    page.get_by_role("button", name=back).or_(page.get_by_role("link", name=back)).first.click()
    page.locator(".table-head").wait_for()
