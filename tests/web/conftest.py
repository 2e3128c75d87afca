"""Browser tests: Debian's headless Chromium driven by Playwright against a real ``busbahnhof serve``.

Nothing is downloaded: Playwright launches ``/usr/bin/chromium`` (``.ci/run`` installs it with
apt-get).  Without Playwright or Chromium the tests are skipped, except in CI (``CI=true``),
where they fail: CI must run them.  Screenshots go to the test's temporary folder, and to
``$BUSBAHNHOF_SCREENSHOTS`` (e.g. ``docs/screenshots``) when that is set.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from support.server_harness import ServerProcess

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "small-phone": SMALL_PHONE, "laptop": LAPTOP}


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must run the browser tests: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium per test module, ended with the module.

    Not one per session: for as long as Playwright's synchronous API is open it marks its event
    loop as running in the main thread (between its calls, too), so every ``asyncio.run()`` of a
    later test in the same process (the table, store and server tests) would refuse to start
    while a session-wide browser lived on.  A module's browser is closed before the next
    module's tests run, whatever the order (``-p randomly``, ``-n``).  Starting Playwright and
    Chromium costs about 1 s of CPU per module.
    """
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright package is not installed (pip install -e '.[test]')")
    if not Path(CHROMIUM).exists():
        _missing(f"{CHROMIUM} is missing (apt-get install chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def server(shared_server: ServerProcess) -> ServerProcess:
    """The server the pages open: the module's ``busbahnhof serve`` (a module that restarts its
    server overrides this with ``sqlite_server``)."""
    return shared_server


@pytest.fixture
def open_page(browser: Any, server: ServerProcess) -> Iterator[Callable[..., Any]]:
    """``open_page(size="laptop", lang="de")``: a page in a fresh browser context (own storage)."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(size: str = "laptop", lang: str = "de", reduced_motion: bool = True) -> Any:
        context = browser.new_context(
            viewport=SIZES[size],
            locale="de-DE" if lang == "de" else "en-GB",
            reduced_motion="reduce" if reduced_motion else "no-preference",
            base_url=server.url,
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"script errors in the page: {errors}"


@pytest.fixture
def screenshot(tmp_path: Path) -> Callable[..., Path]:
    """``screenshot(page, "bus-phone")``: the top of the page as a PNG, copied to $BUSBAHNHOF_SCREENSHOTS
    if set; ``in_view=selector``: the screen with that element scrolled into view instead;
    ``part=selector``: that element alone."""

    def take(page: Any, name: str, *, in_view: str | None = None, part: str | None = None) -> Path:
        path = tmp_path / f"{name}.png"
        if part:
            page.locator(part).first.screenshot(path=str(path))
        else:
            if in_view:
                page.locator(in_view).first.scroll_into_view_if_needed()
            else:
                page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(path), full_page=False)
        target = os.environ.get("BUSBAHNHOF_SCREENSHOTS")
        if target:
            Path(target).mkdir(parents=True, exist_ok=True)
            shutil.copy(path, Path(target) / path.name)
        return path

    return take
