"""Motion after refusals and bursts of versions (docs/web/motion.md): a refused move (a stale
copy, a move out of turn) never makes the next version animate the whole board; with bots that do
not think (versions close together) the last-move marks cover only what the last drawn version
changed; and when the page draws several versions at once (it missed one), nothing is marked."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from steps import version, wait_for_my_turn_or_end
from test_frame import GAMES, decide_with_a_pick_pending, route_doubles
from wire_frames import frame_of, messages_in

from support.server_harness import ServerProcess, create_table

MOST_MARKED = 6
"""The most pieces one Bus move marks (a line with its two buses and a neighbour's bus); the fault
marked every piece of the board (13-26)."""

RECORD = """() => {
  // After each drawing of a new version: which pieces are marked as the last move, and which
  // pieces really changed since the version drawn before it (new, other markup, or an HTML piece
  // moved within its frame: a data-motion-frame container, else the board), and any piece id
  // drawn twice (motion.js reads a piece by its id: one id at two places seems to jump between them).
  window.__draws = [];
  let last = null;
  const page = document.querySelector('.table-page');
  const frameOf = (el) => el.closest('[data-motion-frame]') || document.querySelector('.board');
  const read = () => {
    // where the pieces lie, not where a motion shows them now
    const running = document.querySelector('.board').getAnimations({subtree: true});
    const at = running.map((a) => a.currentTime);
    running.forEach((a) => { a.pause(); a.currentTime = a.effect.getComputedTiming().endTime; });
    const pieces = new Map();
    pieces.duplicates = [];
    for (const el of document.querySelectorAll('.board [data-piece]')) {
      if (pieces.has(el.dataset.piece)) pieces.duplicates.push(el.dataset.piece);
      const copy = el.cloneNode(true);
      [copy, ...copy.querySelectorAll('*')].forEach((c) => { c.removeAttribute('class'); c.removeAttribute('style'); });
      // an SVG piece lies where its attributes put it; an HTML piece, where it is in its frame
      const frame = frameOf(el);
      const svg = el instanceof SVGElement;
      const box = el.getBoundingClientRect(), corner = frame.getBoundingClientRect();
      const [x, y] = svg ? [0, 0] : [box.left - corner.left, box.top - corner.top];
      pieces.set(el.dataset.piece, {markup: copy.outerHTML, x, y});
    }
    running.forEach((a, i) => { a.currentTime = at[i]; a.play(); });
    return pieces;
  };
  new MutationObserver(() => {
    const version = Number(page.dataset.version);
    const now = read();
    if (last && last.version !== version) {
      const changed = [...now].filter(([id, p]) => {
        const was = last.pieces.get(id);
        return !was || was.markup !== p.markup || Math.abs(was.x - p.x) > 2 || Math.abs(was.y - p.y) > 2;
      }).map(([id]) => id);
      const marked = [...document.querySelectorAll('.board [data-piece].last-move')].map((el) => el.dataset.piece);
      window.__draws.push({from: last.version, version, pieces: now.size, changed, marked, duplicates: now.duplicates,
                           moving: document.querySelector('.board').getAnimations({subtree: true}).length});
    }
    last = {version, pieces: now};
  }).observe(page, {attributes: true, attributeFilter: ['data-version']});
}"""


def open_bus(open_page: Any, server: ServerProcess, think: float, route: Any) -> Any:
    with server.http() as http:
        created = create_table(http, game="bus", seed=5, think_seconds=think, **GAMES["bus"])
    page = open_page("laptop", "de", reduced_motion=False)
    route(page)
    page.goto(f"/t/{created['code']}?token={created['seats'][0]['token']}")
    page.locator(".table-page[data-version]").wait_for()
    page.evaluate(RECORD)
    return page


CONTROLS = (
    ".bus-city [data-target], .bus-decision [data-type-choice], .bus-board-area button[data-pick]:not([disabled])"
)


def decide(page: Any) -> None:
    """Click the first place or control the board offers until a new version comes (a line takes
    two picks; a bot's version may redraw the board under the click)."""
    before = version(page)
    for _ in range(6):
        try:
            page.locator(CONTROLS).first.click(timeout=3_000)
            page.wait_for_function(
                "v => Number(document.querySelector('.table-page').dataset.version) > v", arg=before, timeout=3_000
            )
            return
        except PlaywrightTimeoutError:
            continue
    raise AssertionError("no decision was made")


def play(page: Any, decisions: int) -> list[dict[str, Any]]:
    for _ in range(decisions):
        if wait_for_my_turn_or_end(page) != "turn":
            break
        decide(page)
    page.wait_for_timeout(1_000)
    draws: list[dict[str, Any]] = page.evaluate("window.__draws")
    return draws


def test_a_refused_move_does_not_animate_the_whole_board(open_page: Any, server: ServerProcess) -> None:
    """Every action is sent twice and once more out of turn (test_frame's route); the refusals are
    said on the board, which moves the map down, and the decision above the map comes and goes:
    the next version still animates and marks only the pieces that moved."""
    refusals: list[str] = []
    page = open_bus(open_page, server, 0.2, lambda page: route_doubles(page, refusals))
    draws = play(page, 8)
    assert {"table/stale_version", "table/foreign_seat"} <= set(refusals), refusals
    assert len(draws) >= 10, draws
    for draw in draws:
        assert draw["duplicates"] == [], draw
        assert set(draw["marked"]) <= set(draw["changed"]), draw
        assert draw["moving"] <= len(draw["changed"]) * 2, draw  # a piece's motion, at most one of its parts too
        assert len(draw["marked"]) <= MOST_MARKED, draw
    print("draws (marked/pieces):", [f"{len(d['marked'])}/{d['pieces']}" for d in draws])


def test_busfaktor_sections_shifting_on_a_phone_move_no_card(open_page: Any, server: ServerProcess) -> None:
    """Busfaktor on a phone: the decision, a pending event and the refusals above the hand, the
    stacks and the seats' areas come and go; a card is seen moving only if it moved within its
    section (data-motion-frame) or changed sections."""
    with server.http() as http:
        created = create_table(http, game="busfaktor", seed=5, think_seconds=0.2, **GAMES["busfaktor"])
    page = open_page("phone", "de", reduced_motion=False)
    route_doubles(page, [])
    page.goto(f"/t/{created['code']}?token={created['seats'][0]['token']}")
    page.locator(".table-page[data-version]").wait_for()
    page.evaluate(RECORD)
    for _ in range(8):
        if wait_for_my_turn_or_end(page) != "turn":
            break
        decide_with_a_pick_pending(page)
    page.wait_for_timeout(1_000)
    draws: list[dict[str, Any]] = page.evaluate("window.__draws")
    assert len(draws) >= 10, draws
    for draw in draws:
        assert draw["duplicates"] == [], draw  # a shared factor is drawn at both projects (§11)
        assert set(draw["marked"]) <= set(draw["changed"]), draw
        # a hand reordered may mark most cards, never the whole board (the fault: 11 of 11, 15 of 15)
        assert len(draw["marked"]) < draw["pieces"] or draw["pieces"] <= MOST_MARKED, draw
    print("draws (marked/pieces):", [f"{len(d['marked'])}/{d['pieces']}" for d in draws])


def test_with_bots_that_do_not_think_only_the_last_move_is_marked(open_page: Any, server: ServerProcess) -> None:
    """Bots answer at once: each version is drawn and marks only what it changed."""
    page = open_bus(open_page, server, 0, lambda page: None)
    draws = play(page, 8)
    assert len(draws) >= 10, draws
    for draw in draws:
        assert draw["version"] == draw["from"] + 1, draw
        assert draw["duplicates"] == [], draw
        assert set(draw["marked"]) <= set(draw["changed"]), draw
    assert sum(bool(draw["marked"]) for draw in draws) >= len(draws) // 2, "moves are marked"


def drop_one_delta(page: Any) -> None:
    """The page's WebSocket loses one delta after its own first move, one after which a bot is to
    move: the bot's delta does not fit, the page asks for the whole message again and draws two
    versions at once."""
    state: dict[str, Any] = {"acted": False, "dropped": False, "to_move": None}

    def handler(ws: Any) -> None:
        server = ws.connect_to_server()

        def from_page(message: str) -> None:
            if json.loads(message).get("type") == "action":
                state["acted"] = True
            server.send(message)

        def from_server(frame: str) -> None:
            kept = []
            for data in messages_in(frame):
                if data.get("type") == "table":
                    state["to_move"] = data["view"].get("to_move")
                elif data.get("type") == "delta" and isinstance(data.get("view"), dict) and "to_move" in data["view"]:
                    state["to_move"] = data["view"]["to_move"][0]
                lost = data.get("type") == "delta" and state["to_move"] != data.get("seat")
                if state["acted"] and not state["dropped"] and lost:
                    state["dropped"] = True
                    continue
                kept.append(data)
            if (rest := frame_of(kept)) is not None:
                ws.send(rest)

        ws.on_message(from_page)
        server.on_message(from_server)

    page.route_web_socket(re.compile(r"/ws\b"), handler)


def test_versions_drawn_at_once_are_animated_but_not_marked(open_page: Any, server: ServerProcess) -> None:
    page = open_bus(open_page, server, 0.3, drop_one_delta)
    draws = play(page, 3)
    skipped = [draw for draw in draws if draw["version"] > draw["from"] + 1]
    assert skipped, draws
    for draw in skipped:
        assert draw["marked"] == [], draw
    assert any(draw["changed"] and draw["moving"] for draw in skipped), "the changes were animated"
    for draw in draws:
        if draw not in skipped:
            assert set(draw["marked"]) <= set(draw["changed"]), draw
