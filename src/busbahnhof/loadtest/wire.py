"""The bytes a phone receives over one whole game: ``busbahnhof loadtest --wire GAME --url URL``.

A table with one human seat and bots is created on a running server; a phone-sized headless
Chromium opens the human seat's page and a script plays that seat through the page's own
WebSocket (a seeded random legal action after ``--human-think`` seconds; the bots think as long;
a second connection of the seat would take it over from the page).  The browser's traffic is
read from the DevTools protocol: every HTTP response as the wire carried it
(``encodedDataLength``: compressed body and headers) and every WebSocket frame received (text
length; the server's permessage-deflate is off by default, docs/server.md), with the messages in
it (the page asks for batch frames: one frame may carry several, a JSON array): the page's first
table message whole, the deltas after it.  It needs Playwright
and Chromium (the test extras); docs/web/wire.md has the figures and how they were taken.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import httpx

if TYPE_CHECKING:
    from playwright.sync_api import Page, ViewportSize

CHROMIUM = "/usr/bin/chromium"
PHONE: ViewportSize = {"width": 390, "height": 844}
SETTLE_SECONDS = 3.0
TIMEOUT_SECONDS = 600.0
# Keeps the page's table socket and what the script acts on: the version, the seat's legal actions
# and whether the game is over, from the whole first message and every delta after it (a delta
# carries `legal` when it changed; `is_over` comes in the view's patch: {"is_over": [true]}). A frame
# is one message or, batched (`batch=1`, as the page asks), an array of them in order.
SEAT_SOCKET = """
const Native = window.WebSocket;
const seen = (message) => {
  if (message.type === "table") {
    window.__lastTable = { version: message.version, legal: message.legal, over: message.view.is_over };
  } else if (message.type === "delta" && window.__lastTable) {
    const last = window.__lastTable;
    const patch = message.view;
    const over = Array.isArray(patch) ? [patch[0].is_over] : patch?.is_over;
    last.version = message.version;
    if (message.legal) last.legal = message.legal;
    if (over) last.over = over[0];
  }
};
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    window.__seatSocket = this;
    this.addEventListener("message", (event) => [].concat(JSON.parse(event.data)).forEach(seen));
  }
};
"""


@dataclass
class Traffic:
    """What the browser received: WebSocket frame sizes and the number of messages in them, and HTTP
    bytes by kind as the wire carried them (``http``) and as the page got them, uncompressed
    (``decoded``)."""

    frames: list[int] = field(default_factory=list)
    messages: int = 0
    http: dict[str, int] = field(default_factory=dict)
    decoded: dict[str, int] = field(default_factory=dict)
    requests: dict[str, int] = field(default_factory=dict)
    urls: dict[str, str] = field(default_factory=dict)

    def frame(self, event: dict[str, Any]) -> None:
        response = event["response"]
        if response.get("opcode") == 1:
            payload = response["payloadData"]
            self.frames.append(len(payload.encode("utf-8")))
            decoded = json.loads(payload)
            self.messages += len(decoded) if isinstance(decoded, list) else 1

    def request(self, event: dict[str, Any]) -> None:
        self.urls[event["requestId"]] = event["request"]["url"]

    def data(self, event: dict[str, Any]) -> None:
        kind = http_kind(self.urls.get(event["requestId"], ""))
        self.decoded[kind] = self.decoded.get(kind, 0) + int(event["dataLength"])

    def finished(self, event: dict[str, Any]) -> None:
        url = self.urls.get(event["requestId"], "")
        kind = http_kind(url)
        self.http[kind] = self.http.get(kind, 0) + int(event["encodedDataLength"])
        self.requests[kind] = self.requests.get(kind, 0) + 1

    def report(self) -> dict[str, Any]:
        sizes = self.frames or [0]
        return {
            "ws_frames": len(self.frames),
            "ws_messages": self.messages,
            "ws_bytes": sum(self.frames),
            "ws_median": int(statistics.median(sizes)),
            "ws_largest": max(sizes),
            "http_bytes": dict(sorted(self.http.items())),
            "http_requests": dict(sorted(self.requests.items())),
            "http_total": sum(self.http.values()),
            "http_uncompressed": sum(self.decoded.values()),
            "total": sum(self.frames) + sum(self.http.values()),
        }


def http_kind(url: str) -> str:
    """A response's kind: drawing, catalog (client and game texts), api (other API answers), static."""
    path = urlsplit(url).path
    if path.endswith("/drawing"):
        return "drawing"
    if "/locales/" in path or path.endswith("/messages"):
        return "catalog"
    if path.startswith("/api/"):
        return "api"
    return "static"


def play_seat(page: Page, seed: int, pace: float) -> int:
    """Play the page's seat to the end of the game through the page's socket; returns the last version."""
    chooser = random.Random(seed)
    acted = -1
    deadline = time.monotonic() + TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        message = page.evaluate("window.__lastTable || null")
        if message is None:
            page.wait_for_timeout(pace * 1000)
            continue
        version = message["version"]
        if message["over"]:
            return int(version)
        if message["legal"] and version != acted:  # a version comes again when a client joins
            acted = version
            page.wait_for_timeout(pace * 1000)
            action = chooser.choice(message["legal"])["notation"]
            command = json.dumps({"type": "action", "version": version, "action": action})
            page.evaluate("(text) => window.__seatSocket.send(text)", command)
        else:
            page.wait_for_timeout(min(pace, 0.05) * 1000)
    raise TimeoutError(f"the game did not end within {TIMEOUT_SECONDS:g} s")


def measure(url: str, game: str, bot: str, seed: int, pace: float, lang: str) -> dict[str, Any]:
    """Create the table, watch the human seat from a phone-sized browser while a script plays it."""
    from playwright.sync_api import sync_playwright

    body = {"game": game, "seats": [{}, {"bot": bot}, {"bot": bot}], "seed": seed, "think_seconds": pace}
    created = httpx.post(f"{url}/api/tables", json=body, timeout=30).raise_for_status().json()
    table, token = created["table_id"], created["seats"][0]["token"]
    traffic = Traffic()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(viewport=PHONE, locale=lang, is_mobile=True, has_touch=True)
        page = context.new_page()
        page.add_init_script(f"localStorage.setItem('busbahnhof.lang', '{lang}')")
        page.add_init_script(SEAT_SOCKET)
        devtools = context.new_cdp_session(page)
        devtools.send("Network.enable")
        devtools.on("Network.requestWillBeSent", traffic.request)
        devtools.on("Network.dataReceived", traffic.data)
        devtools.on("Network.loadingFinished", traffic.finished)
        devtools.on("Network.webSocketFrameReceived", traffic.frame)
        page.goto(f"{url}/#/t/{table}/{token}")
        page.locator(".table-page[data-version]").wait_for(timeout=60_000)
        started = time.monotonic()
        play_seat(page, seed, pace)
        page.wait_for_timeout(SETTLE_SECONDS * 1000)
        seconds = time.monotonic() - started
        versions = int(page.locator(".table-page").get_attribute("data-version") or 0)
        browser.close()
    return {"game": game, "bot": bot, "seed": seed, "versions": versions, "seconds": round(seconds), **traffic.report()}
